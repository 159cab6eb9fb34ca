import { Hono } from 'hono';
import { INVITATION_REFUSED } from '#contracts/projects';
import { invitationPreview } from '../db/queries/projects';
import type { AppEnv } from '../env';
import { TOKEN_SHAPE } from '../lib/tokens';

/**
 * An invitation link, read before its holder has an account: sign-up shows what they were invited
 * to and fills in the invited address. Accepting needs a session (POST /api/project/invitations/:token/accept).
 */
export const invitations = new Hono<AppEnv>().get('/:token', async (c) => {
  const token = c.req.param('token');
  const preview = TOKEN_SHAPE.test(token) ? await invitationPreview(c.env.DB, token) : null;
  c.header('Cache-Control', 'no-store');
  if (!preview) return c.json({ error: INVITATION_REFUSED.invalid }, 404);
  return c.json({ invitation: preview }, 200);
});
