import { Hono, type Context } from 'hono';
import { TRUSTED_HEADERS } from '../agents/members';
import { workspaceOf } from '../agents/project-lifecycle';
import { workspaceMember } from '../db/queries/cofounder';
import { isTrustedOrigin } from '../middleware/csrf';
import { requireUser, type SignedInEnv } from '../services/sessions';

const PROJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOT_FOUND = { error: 'Project not found.' } as const;

/**
 * The only requests that reach a project's co-founder object (docs/security.md §23): the
 * workspace's WebSocket and the history the chat hook reads when it opens. Everything else under
 * /api/projects/:projectId/cofounder is a 404 here, before any membership check or object is
 * touched: the Agents SDK serves more than the app uses (sub-agents under `/sub/{class}/{name}`,
 * RPC, its own HTTP routes), and each of those would be a way into the object. Adding a path means
 * adding it here and to the list in docs/security.md, with a test in tests/api/workspace-routing.test.ts.
 */
export const FORWARDED_PATHS = [
  { method: 'GET', suffix: '', upgrade: true },
  { method: 'GET', suffix: '/get-messages', upgrade: false },
] as const;

async function forwardToWorkspace(c: Context<SignedInEnv>, upgrade: boolean) {
  // The socket path is only a socket: a plain GET of it would reach the SDK's HTTP handler.
  if (upgrade && c.req.header('Upgrade')?.toLowerCase() !== 'websocket') return c.json({ error: 'Not found.' }, 404);
  const projectId = c.req.param('projectId') ?? '';
  if (!PROJECT_ID.test(projectId)) return c.json(NOT_FOUND, 404);
  const member = await workspaceMember(c.env.DB, projectId, c.var.userId);
  if (!member) return c.json(NOT_FOUND, 404);

  // Browsers send cookies with cross-site WebSocket handshakes too: only our own pages connect,
  // by the same Origin rule as every unsafe API request.
  const origin = c.req.header('Origin');
  if (origin !== undefined && !isTrustedOrigin(origin, c.env, c.req.raw)) return c.json({ error: 'Cross-site requests are not allowed.' }, 403);

  const headers = new Headers(c.req.raw.headers);
  // Only the Worker names the member and the session; the SDK's own routing headers are not the browser's either.
  for (const name of [...headers.keys()]) if (/^x-(launchmate|partykit|agents)-/i.test(name)) headers.delete(name);
  headers.set(TRUSTED_HEADERS.userId, c.var.userId);
  headers.set(TRUSTED_HEADERS.name, encodeURIComponent(member.name));
  headers.set(TRUSTED_HEADERS.role, member.role);
  headers.set(TRUSTED_HEADERS.sessionFamily, c.var.sessionFamily);

  const workspace = await workspaceOf(c.env, projectId);
  const response = await workspace.fetch(new Request(c.req.raw, { headers }));
  // A 101 carries the socket and must go back untouched; other answers get mutable headers so the
  // security headers can be added.
  return response.status === 101 ? response : new Response(response.body, response);
}

const cofounderRoutes = new Hono<SignedInEnv>();
for (const path of FORWARDED_PATHS) {
  cofounderRoutes.on(path.method, `/:projectId/cofounder${path.suffix}`, requireUser, (c) => forwardToWorkspace(c, path.upgrade));
}
cofounderRoutes.all('/:projectId/cofounder', (c) => c.json({ error: 'Not found.' }, 404));
cofounderRoutes.all('/:projectId/cofounder/*', (c) => c.json({ error: 'Not found.' }, 404));

export const cofounder = cofounderRoutes;
