import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate, useParams } from 'react-router';
import { ResetPasswordSchema } from '#contracts/auth';
import { AuthBackLink, AuthLayout, useFocusOnViewChange } from '../../components/AuthLayout';
import { FormAlert, PasswordField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { api, ApiError, send } from '../../lib/api';
import { errorMessage, fieldError, firstInvalid } from '../../lib/forms';

/** Spec section 9: the success message stays this long before sign-in opens. */
export const REDIRECT_AFTER_RESET_MS = 3000;
const PASSWORDS_DIFFER = 'Passwords do not match';

type Field = 'password' | 'confirm';
const FIELD_ORDER: readonly Field[] = ['password', 'confirm'];

export function Component() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const [formError, setFormError] = useState<{ message: string; linkRejected: boolean } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const inputs: Record<Field, RefObject<HTMLInputElement | null>> = {
    password: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  };
  const headingRef = useFocusOnViewChange(doneMessage === null ? 'form' : 'done');

  useEffect(() => {
    if (doneMessage === null) return;
    const timer = setTimeout(() => void navigate('/signin', { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [doneMessage, navigate]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      password: fieldError(ResetPasswordSchema.shape.new_password, password),
      confirm: confirm !== password ? PASSWORDS_DIFFER : null,
    };
    const invalid = firstInvalid(FIELD_ORDER, found);
    flushSync(() => setErrors(found));
    if (invalid) {
      inputs[invalid].current?.focus();
      return;
    }
    setFormError(null);
    setSubmitting(true);
    try {
      const response = await send(() =>
        api.auth['reset-password'][':token'].$post({ param: { token }, json: { new_password: password } }),
      );
      const { message } = await response.json();
      setPassword('');
      setConfirm('');
      setDoneMessage(message);
    } catch (error) {
      // A 400 means the link is used up or expired: the way on is a new link.
      setFormError({ message: errorMessage(error), linkRejected: error instanceof ApiError && error.status === 400 });
    } finally {
      setSubmitting(false);
    }
  }

  if (doneMessage !== null) {
    return (
      <AuthLayout>
        <h1 ref={headingRef} tabIndex={-1} className="auth-heading">
          Password updated
        </h1>
        <div className="auth-success" role="status">
          <p>{doneMessage}</p>
          <p>Taking you to sign in in 3 seconds…</p>
        </div>
        <p className="auth-switch">
          <Link to="/signin" replace>
            Sign in now
          </Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <h1 ref={headingRef} tabIndex={-1} className="auth-heading">
        Set a new password
      </h1>
      <p className="auth-lead">Choose a password of at least 8 characters.</p>
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        {formError && (
          <FormAlert>
            {formError.message}
            {formError.linkRejected && (
              <>
                {' '}
                <Link to="/forgot-password">Ask for a new link</Link>
              </>
            )}
          </FormAlert>
        )}
        <fieldset disabled={submitting}>
          <PasswordField
            ref={inputs.password}
            label="New password"
            name="new-password"
            autoComplete="new-password"
            required
            value={password}
            error={errors.password}
            onChange={(event) => {
              setPassword(event.target.value);
              setErrors((current) => ({ ...current, password: null }));
            }}
          />
          <PasswordField
            ref={inputs.confirm}
            label="Confirm new password"
            name="confirm-password"
            autoComplete="new-password"
            required
            value={confirm}
            error={errors.confirm}
            onChange={(event) => {
              setConfirm(event.target.value);
              setErrors((current) => ({ ...current, confirm: null }));
            }}
          />
          <button type="submit" className="button">
            {submitting && <Spinner />}
            Set new password
          </button>
        </fieldset>
      </form>
      <AuthBackLink to="/signin">Back to sign in</AuthBackLink>
    </AuthLayout>
  );
}
