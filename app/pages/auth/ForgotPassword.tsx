import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { EmailSchema } from '#contracts/auth';
import { AuthBackLink, AuthLayout, useFocusOnViewChange } from '../../components/AuthLayout';
import { EmailField, FormAlert } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { api } from '../../lib/api';
import { fieldError, GENERIC_ERROR, useFormFields } from '../../lib/forms';

/** The same answer whether or not the address has an account (docs/security.md §3). */
export const RESET_LINK_SENT = 'If an account with that email exists, a password reset link has been sent.';

/** The address typed on the sign-in form, carried by its 'Forgot your password?' link. */
function carriedEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

export function Component() {
  const { state } = useLocation();
  const form = useFormFields({ email: carriedEmail(state) }, (values) => ({ email: fieldError(EmailSchema, values.email) }));
  const { email } = form.values;
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);
  const headingRef = useFocusOnViewChange(sent ? 'sent' : 'form');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.validate()) return;
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
              <EmailField required {...form.field('email')} />
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
