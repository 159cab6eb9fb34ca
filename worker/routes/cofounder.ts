import { getAgentByName } from 'agents';
import { Hono, type Context } from 'hono';
import { TRUSTED_HEADERS } from '../agents/cofounder';
import { workspaceMember } from '../db/queries/cofounder';
import { isTrustedOrigin } from '../middleware/csrf';
import { requireUser, type SignedInEnv } from '../services/sessions';

const PROJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOT_FOUND = { error: 'Project not found.' } as const;

/**
 * /api/projects/:projectId/cofounder and everything under it (the WebSocket and the history the
 * chat hook reads): the Worker authenticates the member and forwards to the project's object
 * with the member in trusted headers (docs/decisions/0025-cofounder-object.md). Non-members,
 * unknown and malformed ids all get the same 404.
 */
async function forwardToWorkspace(c: Context<SignedInEnv>) {
  const projectId = c.req.param('projectId') ?? '';
  if (!PROJECT_ID.test(projectId)) return c.json(NOT_FOUND, 404);
  const member = await workspaceMember(c.env.DB, projectId, c.var.userId);
  if (!member) return c.json(NOT_FOUND, 404);

  // Browsers send cookies with cross-site WebSocket handshakes too: only our own pages connect,
  // by the same Origin rule as every unsafe API request.
  const origin = c.req.header('Origin');
  if (origin !== undefined && !isTrustedOrigin(origin, c.env, c.req.raw)) return c.json({ error: 'Cross-site requests are not allowed.' }, 403);

  const headers = new Headers(c.req.raw.headers);
  for (const name of [...headers.keys()]) if (name.toLowerCase().startsWith('x-launchmate-')) headers.delete(name);
  headers.set(TRUSTED_HEADERS.userId, c.var.userId);
  headers.set(TRUSTED_HEADERS.name, encodeURIComponent(member.name));
  headers.set(TRUSTED_HEADERS.role, member.role);

  const workspace = await getAgentByName(c.env.COFOUNDER, projectId);
  const response = await workspace.fetch(new Request(c.req.raw, { headers }));
  // A 101 carries the socket and must go back untouched; other answers get mutable headers so the
  // security headers can be added.
  return response.status === 101 ? response : new Response(response.body, response);
}

export const cofounder = new Hono<SignedInEnv>()
  .use('*', requireUser)
  .all('/:projectId/cofounder', forwardToWorkspace)
  .all('/:projectId/cofounder/*', forwardToWorkspace);
