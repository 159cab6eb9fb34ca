import type { Bindings } from '../env';
import { deriveToken, sameSecret } from '../lib/tokens';
import { sessionSecret } from './sessions';

/**
 * The proof that an invitation link came out of the e-mail sent to the invited address
 * (docs/decisions/0059). The invitation's own link also goes back to whoever invited, to share
 * any way they like, so the link alone proves nothing about the address; only the e-mailed copy
 * carries this proof beside it. It is derived from the invitation's token with the server's
 * secret, so nothing more is stored, and it proves one invitation's address only.
 */
export const invitationProof = (env: Bindings, request: Request, token: string) => deriveToken(sessionSecret(env, request), 'invitation-address', token);

export async function isInvitationProof(env: Bindings, request: Request, token: string, proof: string): Promise<boolean> {
  return sameSecret(await invitationProof(env, request, token), proof);
}
