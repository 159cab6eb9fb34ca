import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { EmailSchema } from '#contracts/auth';
import { AuthBackLink, AuthLayout, useFocusOnViewChange } from '../../components/AuthLayout';
import { FormAlert, TextField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { api } from '../../lib/api';
import { fieldError, GENERIC_ERROR } from '../../lib/forms';

/** Spec section 8: the same answer whether or not the address has an account. */
export const RESET_LINK_SENT = 'If an account with that email exists, a password reset link has been sent.';

export function Component() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingRef = useFocusOnViewChange(sent ? 'sent' : 'form');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = fieldError(EmailSchema, email);
    flushSync(() => setError(invalid));
    if (invalid) {
      inputRef.current?.focus();
      return;
    }
    setFormError(null);
    setSubmitting(true);
    try {
      const response = await api.auth['forgot-password'].$post({ json: { email: email.trim() } });
      if (!response.ok) throw new Error(`Forgot password answered ${response.status}`);
      setSent(true);
    } catch (failure) {
      console.error('Asking for a reset link failed', failure);
      setFormError(GENERIC_ERROR);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout>
      <h1 ref={headingRef} tabIndex={-1} className="auth-heading">
        Forgot your password?
      </h1>
      {sent ? (
        <div className="auth-success" role="status">
          <p>{RESET_LINK_SENT}</p>
          <p>The link works for one hour. Check your spam folder if it does not arrive.</p>
        </div>
      ) : (
        <>
          <p className="auth-lead">Enter your email and we'll send you a link to set a new one.</p>
          <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
            {formError && <FormAlert>{formError}</FormAlert>}
            <fieldset disabled={submitting}>
              <TextField
                ref={inputRef}
                label="Email"
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                spellCheck={false}
                autoCapitalize="off"
                required
                value={email}
                error={error}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setError(null);
                }}
              />
              <button type="submit" className="button">
                {submitting && <Spinner />}
                Send reset link
              </button>
            </fieldset>
          </form>
        </>
      )}
      <AuthBackLink to="/signin">Back to sign in</AuthBackLink>
    </AuthLayout>
  );
}
