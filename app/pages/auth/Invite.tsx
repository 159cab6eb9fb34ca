import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AuthMessageLayout, AuthStatusIcon } from '../../components/AuthLayout';
import { api, withSession } from '../../lib/api';
import { writeJsonSetting, writeSetting } from '../../lib/local-settings';

/**
 * The link from an invitation e-mail. The token is kept as a pending invitation; the signed-in
 * area accepts it once the visitor is in, whether they are already signed in or sign up first.
 * The e-mailed link also carries a proof, kept for sign-up: with the invited address, it
 * confirms that address at once (docs/decisions/0059). The link shared by the inviter has none.
 */
export function Component() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const proof = params.get('proof');
  const navigate = useNavigate();

  useEffect(() => {
    if (token) writeSetting('pendingInvitation', token);
    if (token && proof) writeJsonSetting('invitationProof', { token, proof });
    else writeSetting('invitationProof', null);
    let current = true;
    withSession(() => api.auth['check-auth'].$get()).then(
      () => current && void navigate('/dashboard', { replace: true }),
      () => current && void navigate('/signup', { replace: true }),
    );
    return () => {
      current = false;
    };
  }, [token, proof, navigate]);

  return (
    <AuthMessageLayout>
      <AuthStatusIcon kind="loading" />
      <h1 className="auth-heading">Joining the project</h1>
      <p className="auth-status-text" role="status">
        One moment while we check your invitation.
      </p>
    </AuthMessageLayout>
  );
}
