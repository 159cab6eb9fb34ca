import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthMessageLayout, AuthStatusIcon } from '../../components/AuthLayout';
import { api, send } from '../../lib/api';
import { logUnexpected } from '../../lib/forms';
import { once } from '../../lib/once';

/** Confirms the address with the single-use token from the e-mail; success signs the user in. */
function verify(token: string): Promise<boolean> {
  return once(`verify-email:${token}`, () =>
    send(() => api.auth['verify-email'][':token'].$post({ param: { token } })).then(
      () => true,
      (error: unknown) => {
        logUnexpected('Email verification failed', error);
        return false;
      },
    ),
  );
}

/** A resend replaces the earlier link: said on the failure view and after 'Resend email'. */
export const ONLY_NEWEST_LINK = 'If you asked us to resend the email, only the link in the newest one works.';

export function Component() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    void verify(token).then((verified) => {
      if (!current) return;
      if (verified) void navigate('/onboarding', { replace: true });
      else setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [token, navigate]);

  if (failed) {
    return (
      <AuthMessageLayout>
        <AuthStatusIcon kind="danger" />
        <h1 className="auth-heading">Verification failed</h1>
        <p className="auth-status-text">It seems like the verification link is invalid or expired. Please try to sign up again.</p>
        <p className="auth-status-text">{ONLY_NEWEST_LINK}</p>
        <Link to="/signup" className="button">
          Go to sign up
        </Link>
      </AuthMessageLayout>
    );
  }

  return (
    <AuthMessageLayout>
      <AuthStatusIcon kind="loading" />
      <h1 className="auth-heading">Verifying your email</h1>
      <p className="auth-status-text" role="status">
        One moment while we confirm your address.
      </p>
    </AuthMessageLayout>
  );
}
