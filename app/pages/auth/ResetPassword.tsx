import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ResetPasswordSchema } from '#contracts/auth';
import { AuthBackLink, AuthLayout, useFocusOnViewChange } from '../../components/AuthLayout';
import { FormAlert, PasswordField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { api, ApiError, send, toApiError } from '../../lib/api';
import { errorMessage, fieldError, useFormFields } from '../../lib/forms';

/** The success message stays this long before sign-in opens. */
export const REDIRECT_AFTER_RESET_MS = 3000;
const PASSWORDS_DIFFER = 'Passwords do not match';

export function Component() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const form = useFormFields({ password: '', confirm: '' }, (values) => ({
    password: fieldError(ResetPasswordSchema.shape.new_password, values.password),
    confirm: values.confirm !== values.password ? PASSWORDS_DIFFER : null,
  }));
  const [formError, setFormError] = useState<{ message: string; linkRejected: boolean } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  // A used or expired link says so when the page opens, not after the password was typed twice.
  const [rejectedLink, setRejectedLink] = useState<string | null>(null);
  const headingRef = useFocusOnViewChange(doneMessage !== null ? 'done' : rejectedLink !== null ? 'rejected' : 'form');

  useEffect(() => {
    let current = true;
    api.auth['reset-password'][':token']
      .$get({ param: { token } })
      .then(async (response) => {
        if (current && response.status === 400) setRejectedLink(errorMessage(await toApiError(response)));
      })
      // Offline or a server fault: the form stays, and sending it gives the answer.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [token]);

  useEffect(() => {
    if (doneMessage === null) return;
    const timer = setTimeout(() => void navigate('/signin', { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [doneMessage, navigate]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.validate()) return;
    const { password } = form.values;
    setFormError(null);
    setSubmitting(true);
    try {
      const response = await send(() => api.auth['reset-password'][':token'].$post({ param: { token }, json: { new_password: password } }));
      const { message } = await response.json();
      form.setValues({ password: '', confirm: '' });
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

  if (rejectedLink !== null) {
    return (
      <AuthLayout>
        <h1 ref={headingRef} tabIndex={-1} className="auth-heading">
          This link no longer works
        </h1>
        <FormAlert>{rejectedLink}</FormAlert>
        <p className="auth-switch">
          <Link to="/forgot-password">Ask for a new link</Link>
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
          <PasswordField label="New password" autoComplete="new-password" required {...form.field('password')} name="new-password" />
          <PasswordField label="Confirm new password" autoComplete="new-password" required {...form.field('confirm')} name="confirm-password" />
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
