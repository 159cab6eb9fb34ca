/**
 * Bad bodies on every route that changes something (docs/security.md §14, "Bad input and faults
 * every endpoint is tried with"): malformed JSON, a top-level array, `null`, a string, a number and
 * unknown fields are each a 400 with `{ error }`, no cookie is set, and nothing the route would
 * change has changed. Routes that take no body are held to the same rule (an empty schema).
 *
 * The table is checked against the Worker's own list of routes: a new POST, PUT, PATCH or DELETE
 * under /api fails this file until it has a row here.
 */
import { describe, expect, it } from 'vitest';
import app from '../../worker/ssr/entry';
import { CookieJar, db, freshEmail, latestLink, postJson, request, signedInUser, tokenOf } from '../utils';
import { approvedAffiliate, userIdOf } from './payments-support';

const BAD_BODIES: [name: string, body: string][] = [
  ['malformed JSON', '{"x":'],
  ['a top-level array', '[]'],
  ['null', 'null'],
  ['a string', '"text"'],
  ['a number', '42'],
  ['unknown fields', '{"role":"owner","__proto__":{"admin":true}}'],
];

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Arranged {
  /** The address, with real ids where the route acts on something. */
  path: string;
  jar?: CookieJar;
  env?: Partial<Cloudflare.Env>;
  /** What the route would change, read from D1; equal before and after the bad bodies. */
  state?: () => Promise<unknown>;
  /**
   * For a route that takes no body: the status of the same request without one, the handler's own
   * answer. Where the row has a `state`, that request must change it: the check is seen to notice.
   */
  acts?: number;
}

interface Row {
  route: `${Method} /api/${string}`;
  arrange: () => Promise<Arranged>;
  /** Bad bodies of this route alone, with their content type. */
  moreBadBodies?: [name: string, type: string, body: string][];
}

const rows = async (sql: string, ...values: unknown[]) =>
  (
    await db()
      .prepare(sql)
      .bind(...values)
      .all()
  ).results;
const UNKNOWN_TOKEN = 'x'.repeat(43);

async function ownerWithProject() {
  const owner = await signedInUser();
  const created = await postJson('/api/project', { name: 'Bad input' }, {}, { jar: owner.jar });
  const { project } = await created.json<{ project: { id: string } }>();
  return { ...owner, userId: await userIdOf(owner.email), projectId: project.id };
}

/** An invitation to the project for a fresh account: its link's token and the invitee's session. */
async function invitation(ownerJar: CookieJar, projectId: string) {
  const invitee = await signedInUser();
  const invited = await postJson(`/api/project/${projectId}/invitations`, { email: invitee.email }, {}, { jar: ownerJar });
  const { link } = await invited.json<{ link: string }>();
  return { invitee, token: tokenOf(link) };
}

async function withCollaborator() {
  const owner = await ownerWithProject();
  const { invitee, token } = await invitation(owner.jar, owner.projectId);
  expect((await request(`/api/project/invitations/${token}/accept`, { method: 'POST' }, { jar: invitee.jar })).status).toBe(200);
  return { owner, collaborator: { ...invitee, userId: await userIdOf(invitee.email) } };
}

async function researchPage(owner: { jar: CookieJar; projectId: string }) {
  const created = await postJson(
    `/api/research/projects/${owner.projectId}/pages`,
    { title: 'Interviews', questions: [{ text: 'What slows you down?', type: 'text' }] },
    {},
    { jar: owner.jar },
  );
  expect(created.status).toBe(201);
  return (await created.json<{ page: { url_key: string } }>()).page.url_key;
}

/** An unsubscribe link of a fresh address, e-mailed with an invitation. */
async function unsubscribeLink() {
  const owner = await ownerWithProject();
  const invitee = freshEmail('reader');
  await postJson(`/api/project/${owner.projectId}/invitations`, { email: invitee }, {}, { jar: owner.jar });
  return { email: invitee, token: tokenOf(await latestLink(invitee, '/unsubscribe/')) };
}

const membersOf = (projectId: string) => rows('SELECT user_id, role FROM project_members WHERE project_id = ? ORDER BY user_id', projectId);
const sessionsOf = (userId: string) => rows('SELECT token_hash, used_at, revoked_at FROM refresh_tokens WHERE user_id = ? ORDER BY token_hash', userId);
const userRow = (userId: string) => rows('SELECT * FROM users WHERE id = ?', userId);
const subscriptionOf = (email: string) => rows('SELECT * FROM email_subscriptions WHERE email = ?', email);
const pageRow = (urlKey: string) => rows('SELECT * FROM research_pages WHERE url_key = ?', urlKey);

/** A route of a signed-in founder whose body is checked before anything is looked up. */
const signedIn = (path: string) => async () => ({ path, jar: (await signedInUser()).jar });
const anonymous = (path: string) => async () => ({ path });

const ROWS: Row[] = [
  // Accounts and sessions.
  { route: 'POST /api/auth/sign-up', arrange: anonymous('/api/auth/sign-up') },
  { route: 'POST /api/auth/resend-verification-email', arrange: anonymous('/api/auth/resend-verification-email') },
  {
    route: 'POST /api/auth/verify-email/:token',
    arrange: async () => {
      const email = freshEmail('unverified');
      expect((await postJson('/api/auth/sign-up', { email, password: 'a long enough password' })).status).toBe(200);
      const token = tokenOf(await latestLink(email, '/verify-email/'));
      return { path: `/api/auth/verify-email/${token}`, state: () => rows('SELECT email_verified_at FROM users WHERE email = ?', email), acts: 200 };
    },
  },
  { route: 'POST /api/auth/sign-in', arrange: anonymous('/api/auth/sign-in') },
  {
    route: 'POST /api/auth/refresh',
    arrange: async () => {
      const { jar, email } = await signedInUser();
      const userId = await userIdOf(email);
      return { path: '/api/auth/refresh', jar, state: () => sessionsOf(userId), acts: 200 };
    },
  },
  {
    route: 'POST /api/auth/sign-out',
    arrange: async () => {
      const { jar, email } = await signedInUser();
      const userId = await userIdOf(email);
      return { path: '/api/auth/sign-out', jar, state: () => sessionsOf(userId), acts: 200 };
    },
  },
  { route: 'POST /api/auth/forgot-password', arrange: anonymous('/api/auth/forgot-password') },
  { route: 'POST /api/auth/reset-password/:token', arrange: anonymous(`/api/auth/reset-password/${UNKNOWN_TOKEN}`) },
  { route: 'POST /api/auth/google/start', arrange: anonymous('/api/auth/google/start') },

  // The account.
  ...(['name', 'privacy-mode', 'password'] as const).map((setting): Row => ({
    route: `PUT /api/user/${setting}`,
    arrange: async () => {
      const { jar, email } = await signedInUser();
      const userId = await userIdOf(email);
      return { path: `/api/user/${setting}`, jar, state: () => userRow(userId) };
    },
  })),
  {
    route: 'PUT /api/user/email-preferences',
    arrange: async () => {
      const { jar, email } = await signedInUser();
      return { path: '/api/user/email-preferences', jar, state: () => subscriptionOf(email) };
    },
  },
  {
    route: 'POST /api/user/sign-out-everywhere',
    arrange: async () => {
      const { jar, email } = await signedInUser();
      const userId = await userIdOf(email);
      return { path: '/api/user/sign-out-everywhere', jar, state: () => sessionsOf(userId), acts: 200 };
    },
  },
  {
    route: 'DELETE /api/user',
    arrange: async () => {
      const { jar, email } = await signedInUser();
      const userId = await userIdOf(email);
      return { path: '/api/user', jar, state: () => userRow(userId) };
    },
  },
  {
    route: 'POST /api/user/pro-interest',
    arrange: async () => {
      const { jar, email } = await signedInUser();
      const userId = await userIdOf(email);
      return { path: '/api/user/pro-interest', jar, state: () => rows('SELECT email FROM pro_interest WHERE user_id = ?', userId), acts: 200 };
    },
  },
  {
    route: 'POST /api/user/unsubscribe/:token',
    arrange: async () => {
      const { email, token } = await unsubscribeLink();
      return { path: `/api/user/unsubscribe/${token}`, state: () => subscriptionOf(email), acts: 200 };
    },
    // Mail providers post a form (RFC 8058): only its one-click pair is taken.
    moreBadBodies: [
      ['another form value', 'application/x-www-form-urlencoded', 'List-Unsubscribe=Later'],
      ['a form with more fields', 'application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click&role=admin'],
      ['an empty form', 'application/x-www-form-urlencoded', 'x'],
      ['plain text', 'text/plain', 'List-Unsubscribe=One-Click'],
    ],
  },
  {
    route: 'POST /api/user/resubscribe/:token',
    arrange: async () => {
      const { email, token } = await unsubscribeLink();
      expect((await request(`/api/user/unsubscribe/${token}`, { method: 'POST' })).status).toBe(200);
      return { path: `/api/user/resubscribe/${token}`, state: () => subscriptionOf(email), acts: 200 };
    },
  },

  // Projects and their members.
  {
    route: 'POST /api/project',
    arrange: async () => {
      const owner = await ownerWithProject();
      return { path: '/api/project', jar: owner.jar, state: () => rows('SELECT id FROM projects WHERE owner_id = ?', owner.userId) };
    },
  },
  {
    route: 'PATCH /api/project/:id',
    arrange: async () => {
      const owner = await ownerWithProject();
      return { path: `/api/project/${owner.projectId}`, jar: owner.jar, state: () => rows('SELECT * FROM projects WHERE id = ?', owner.projectId) };
    },
  },
  {
    route: 'DELETE /api/project/:id',
    arrange: async () => {
      const owner = await ownerWithProject();
      return { path: `/api/project/${owner.projectId}`, jar: owner.jar, state: () => rows('SELECT * FROM projects WHERE id = ?', owner.projectId), acts: 200 };
    },
  },
  {
    route: 'POST /api/project/:id/invitations',
    arrange: async () => {
      const owner = await ownerWithProject();
      return {
        path: `/api/project/${owner.projectId}/invitations`,
        jar: owner.jar,
        state: () => rows('SELECT token_hash FROM invitations WHERE project_id = ?', owner.projectId),
      };
    },
  },
  {
    route: 'DELETE /api/project/:id/members/:userId',
    arrange: async () => {
      const { owner, collaborator } = await withCollaborator();
      return { path: `/api/project/${owner.projectId}/members/${collaborator.userId}`, jar: owner.jar, state: () => membersOf(owner.projectId), acts: 200 };
    },
  },
  {
    route: 'DELETE /api/project/:id/membership',
    arrange: async () => {
      const { owner, collaborator } = await withCollaborator();
      return { path: `/api/project/${owner.projectId}/membership`, jar: collaborator.jar, state: () => membersOf(owner.projectId), acts: 200 };
    },
  },
  {
    route: 'DELETE /api/project/:id/invitations/:invitationId',
    arrange: async () => {
      const owner = await ownerWithProject();
      await invitation(owner.jar, owner.projectId);
      const [pending] = await rows('SELECT token_hash FROM invitations WHERE project_id = ?', owner.projectId);
      const state = () => rows('SELECT token_hash, accepted_at FROM invitations WHERE project_id = ?', owner.projectId);
      return { path: `/api/project/${owner.projectId}/invitations/${String(pending!.token_hash)}`, jar: owner.jar, state, acts: 200 };
    },
  },
  {
    route: 'POST /api/project/invitations/:token/accept',
    arrange: async () => {
      const owner = await ownerWithProject();
      const { invitee, token } = await invitation(owner.jar, owner.projectId);
      return { path: `/api/project/invitations/${token}/accept`, jar: invitee.jar, state: () => membersOf(owner.projectId), acts: 200 };
    },
  },
  {
    route: 'POST /api/project/:id/export',
    arrange: async () => {
      const owner = await ownerWithProject();
      return { path: `/api/project/${owner.projectId}/export`, jar: owner.jar };
    },
  },

  // Research pages.
  {
    route: 'POST /api/research/:urlKey/submit',
    arrange: async () => {
      const owner = await ownerWithProject();
      const urlKey = await researchPage(owner);
      const state = () => rows('SELECT r.id FROM research_responses r JOIN research_pages p ON p.id = r.page_id WHERE p.url_key = ?', urlKey);
      return { path: `/api/research/${urlKey}/submit`, state };
    },
  },
  {
    route: 'POST /api/research/projects/:projectId/pages',
    arrange: async () => {
      const owner = await ownerWithProject();
      const state = () => rows('SELECT id FROM research_pages WHERE project_id = ?', owner.projectId);
      return { path: `/api/research/projects/${owner.projectId}/pages`, jar: owner.jar, state };
    },
  },
  {
    route: 'PUT /api/research/pages/:urlKey',
    arrange: async () => {
      const owner = await ownerWithProject();
      const urlKey = await researchPage(owner);
      return { path: `/api/research/pages/${urlKey}`, jar: owner.jar, state: () => pageRow(urlKey) };
    },
  },
  {
    route: 'POST /api/research/pages/:urlKey/close',
    arrange: async () => {
      const owner = await ownerWithProject();
      const urlKey = await researchPage(owner);
      return { path: `/api/research/pages/${urlKey}/close`, jar: owner.jar, state: () => pageRow(urlKey), acts: 200 };
    },
  },
  {
    route: 'POST /api/research/pages/:urlKey/reopen',
    arrange: async () => {
      const owner = await ownerWithProject();
      const urlKey = await researchPage(owner);
      expect((await request(`/api/research/pages/${urlKey}/close`, { method: 'POST' }, { jar: owner.jar })).status).toBe(200);
      return { path: `/api/research/pages/${urlKey}/reopen`, jar: owner.jar, state: () => pageRow(urlKey), acts: 200 };
    },
  },
  {
    // Its work is a model call: without answers to summarize, the handler answers 409, so the
    // 400s come before it.
    route: 'POST /api/research/pages/:urlKey/questions/:sequence/themes',
    arrange: async () => {
      const owner = await ownerWithProject();
      const urlKey = await researchPage(owner);
      return { path: `/api/research/pages/${urlKey}/questions/1/themes`, jar: owner.jar, acts: 409 };
    },
  },

  // Free tools, the affiliate program, payments, support, analytics and error reports.
  { route: 'POST /api/free-tools/business-ideas', arrange: anonymous('/api/free-tools/business-ideas') },
  { route: 'POST /api/free-tools/user-persona', arrange: anonymous('/api/free-tools/user-persona') },
  { route: 'POST /api/general/affiliate-application', arrange: signedIn('/api/general/affiliate-application') },
  {
    route: 'POST /api/affiliate/register-click/:via',
    arrange: async () => {
      const { code } = await approvedAffiliate();
      const state = () => rows('SELECT c.visitor_hash FROM affiliate_clicks c JOIN affiliates a ON a.id = c.affiliate_id WHERE a.referral_code = ?', code);
      return { path: `/api/affiliate/register-click/${code}`, state, acts: 200 };
    },
  },
  {
    route: 'POST /api/billing/checkout',
    arrange: async () => {
      const { jar, email } = await signedInUser();
      const userId = await userIdOf(email);
      // Without Stripe keys in production, 'Get Pro' records the wish: a row to watch.
      const withoutStripe = {
        ENVIRONMENT: 'production',
        STRIPE_SECRET_KEY: undefined,
        STRIPE_WEBHOOK_SECRET: undefined,
        SESSION_SECRET: 'development-only-session-secret-never-used-in-production',
      } as const;
      return {
        path: '/api/billing/checkout',
        jar,
        env: withoutStripe,
        state: () => rows('SELECT email FROM pro_interest WHERE user_id = ?', userId),
        acts: 200,
      };
    },
  },
  { route: 'POST /api/billing/test-checkout', arrange: signedIn('/api/billing/test-checkout') },
  // Stripe's webhook takes only a body signed by Stripe: every unsigned one is a 400 (§29).
  { route: 'POST /api/stripe/webhook', arrange: anonymous('/api/stripe/webhook') },
  { route: 'POST /api/support', arrange: signedIn('/api/support') },
  { route: 'POST /api/events', arrange: anonymous('/api/events') },
  { route: 'POST /api/errors/log-frontend-error', arrange: anonymous('/api/errors/log-frontend-error') },
];

/**
 * Routes of every method: the middleware of a path (the body limit and Origin rule, sign-in and
 * session-secret checks) and the answers of 'not found'. None takes a body to act on.
 */
const ANY_METHOD_ROUTES = new Map<string, string>([
  ['/api/*', 'the body limit and the Origin rule; then "not found" for an unknown path'],
  ['/api/auth/verify-email/*', 'the session secret is set'],
  ['/api/auth/sign-in', 'the session secret is set'],
  ['/api/auth/refresh', 'the session secret is set'],
  ['/api/auth/google/callback', 'the session secret is set'],
  ['/api/project/*', 'signed in'],
  ['/api/affiliate/me/*', 'signed in'],
  ['/api/billing/*', 'signed in'],
  ['/api/support/*', 'signed in'],
  ['/api/projects/:projectId/cofounder', '"not found" for everything the workspace does not forward (§24)'],
  ['/api/projects/:projectId/cofounder/*', '"not found" for everything the workspace does not forward (§24)'],
]);

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function send(arranged: Arranged, method: string, body?: { type: string; text: string }) {
  const init: RequestInit = { method, ...(body ? { headers: { 'Content-Type': body.type }, body: body.text } : {}) };
  return request(arranged.path, init, { jar: arranged.jar, env: arranged.env });
}

describe('the table of routes', () => {
  it('has one row for every route under /api that changes something, and no other', () => {
    const routes = new Set(
      app.routes.filter((route) => UNSAFE_METHODS.has(route.method) && route.path.startsWith('/api/')).map((route) => `${route.method} ${route.path}`),
    );
    expect(ROWS.map((row) => row.route).sort()).toEqual([...routes].sort());
  });

  it('knows every route of any method under /api: middleware and "not found" only', async () => {
    const anyMethod = new Set(app.routes.filter((route) => route.method === 'ALL' && route.path.startsWith('/api/')).map((route) => route.path));
    expect([...anyMethod].sort()).toEqual([...ANY_METHOD_ROUTES.keys()].sort());
    const projectId = crypto.randomUUID();
    for (const path of ['/api/nothing-here', `/api/projects/${projectId}/cofounder`, `/api/projects/${projectId}/cofounder/sub/x/y`]) {
      const response = await request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"x":' });
      expect(response.status, path).toBe(404);
    }
  });
});

describe('bad bodies are refused with 400 and change nothing', () => {
  for (const row of ROWS) {
    it(row.route, async () => {
      const method = row.route.split(' ')[0]!;
      const arranged = await row.arrange();
      const before = await arranged.state?.();
      const bodies = [
        ...BAD_BODIES.map(([name, text]) => ({ name, type: 'application/json', text })),
        ...(row.moreBadBodies ?? []).map(([name, type, text]) => ({ name, type, text })),
      ];
      for (const body of bodies) {
        const response = await send(arranged, method, body);
        expect(response.status, body.name).toBe(400);
        expect(await response.json(), body.name).toMatchObject({ error: expect.any(String) });
        expect(response.headers.getSetCookie(), body.name).toEqual([]);
      }
      if (arranged.state) expect(await arranged.state()).toEqual(before);
      if (arranged.acts === undefined) return;
      // The same request without a body reaches the handler, which does its work.
      expect((await send(arranged, method)).status).toBe(arranged.acts);
      if (arranged.state) expect(await arranged.state()).not.toEqual(before);
    });
  }

  it('a route that takes no body accepts an empty JSON object, as well as no body at all', async () => {
    const { jar, email } = await signedInUser();
    const response = await request('/api/user/pro-interest', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }, { jar });
    expect(response.status).toBe(200);
    expect(await rows('SELECT email FROM pro_interest WHERE user_id = ?', await userIdOf(email))).toEqual([{ email }]);
  });
});
