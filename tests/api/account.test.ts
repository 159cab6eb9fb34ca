import { describe, expect, it } from 'vitest';
import type { AccountExport } from '#contracts/user';
import { CookieJar, db, outboxFor, postJson, request, signedInUser, signedUpUser, tokenOf } from '../utils';

type Founder = Awaited<ReturnType<typeof signedInUser>>;

const json = (method: string, path: string, body: unknown, jar: CookieJar) =>
  request(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }, { jar });

async function createProject(jar: CookieJar, name: string): Promise<string> {
  const response = await postJson('/api/project/', { name }, {}, { jar });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json<{ project: { id: string } }>()).project.id;
}

async function userId(email: string): Promise<string> {
  return (await db().prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: string }>())!.id;
}

/** Adds `member` to the owner's project through an invitation, as the product does. */
async function join(owner: Founder, projectId: string, member: Founder) {
  const invited = await postJson(`/api/project/${projectId}/invitations`, { email: member.email }, {}, { jar: owner.jar });
  const { link } = await invited.json<{ link: string }>();
  const accepted = await request(`/api/project/invitations/${tokenOf(link)}/accept`, { method: 'POST' }, { jar: member.jar });
  expect(accepted.status).toBe(200);
}

/** A research page with one question and one response, in `projectId`. */
async function researchWithResponse(founder: Founder, projectId: string): Promise<string> {
  const created = await postJson(
    `/api/research/projects/${projectId}/pages`,
    { title: 'Interviews', questions: [{ text: 'What slows you down?', type: 'text' }] },
    {},
    { jar: founder.jar },
  );
  expect(created.status).toBe(201);
  const { page } = await created.json<{ page: { url_key: string } }>();
  const submitted = await postJson(`/api/research/${page.url_key}/submit`, {
    responses: [{ sequence: 1, question: 'What slows you down?', response: 'Invoices' }],
  });
  expect(submitted.status).toBe(200);
  return page.url_key;
}

/** A second browser of the same founder, signed in with the password. */
async function secondBrowser(founder: { email: string; password: string }): Promise<CookieJar> {
  const jar = new CookieJar();
  const signIn = await postJson('/api/auth/sign-in', { email: founder.email, password: founder.password }, { 'CF-Connecting-IP': '2001:db8:ffff::1' }, { jar });
  expect(signIn.status).toBe(200);
  return jar;
}

/** Whether a browser can still get a fresh access token from its refresh cookie. */
async function canRefresh(jar: CookieJar): Promise<boolean> {
  const copy = new CookieJar();
  for (const [name, value] of jar.cookies) if (name.includes('lm_refresh')) copy.cookies.set(name, value);
  return (await request('/api/auth/refresh', { method: 'POST' }, { jar: copy })).status === 200;
}

const count = async (sql: string, ...binds: unknown[]) =>
  (await db()
    .prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

describe('privacy mode', () => {
  it('is saved on the account and shown by check-auth; anything but a boolean is refused', async () => {
    const { jar } = await signedInUser();
    expect((await json('PUT', '/api/user/privacy-mode', { privacyMode: true }, jar)).status).toBe(200);
    expect((await (await request('/api/auth/check-auth', {}, { jar })).json<{ user: { privacyMode: boolean } }>()).user.privacyMode).toBe(true);
    expect((await json('PUT', '/api/user/privacy-mode', { privacyMode: 'yes' }, jar)).status).toBe(400);
    expect((await json('PUT', '/api/user/privacy-mode', { privacyMode: false }, jar)).status).toBe(200);
    expect((await (await request('/api/auth/check-auth', {}, { jar })).json<{ user: { privacyMode: boolean } }>()).user.privacyMode).toBe(false);
    expect((await json('PUT', '/api/user/privacy-mode', { privacyMode: true }, new CookieJar())).status).toBe(401);
  });
});

describe('changing the password', () => {
  it('needs the current password, keeps this browser signed in and signs every other one out', async () => {
    const founder = await signedInUser();
    const other = await secondBrowser(founder);

    const wrong = await json('PUT', '/api/user/password', { currentPassword: 'not my password', newPassword: 'a brand new password' }, founder.jar);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: 'Your current password is not correct.', field: 'currentPassword' });
    expect(await canRefresh(other)).toBe(true);
    expect((await json('PUT', '/api/user/password', { currentPassword: founder.password, newPassword: 'short' }, founder.jar)).status).toBe(400);

    const changed = await json('PUT', '/api/user/password', { currentPassword: founder.password, newPassword: 'a brand new password' }, founder.jar);
    expect(changed.status).toBe(200);
    expect(await canRefresh(founder.jar)).toBe(true);
    expect(await canRefresh(other)).toBe(false);
    expect((await outboxFor(founder.email)).at(-1)?.subject).toBe('Your Launchmate password was changed');

    const client = { 'CF-Connecting-IP': '2001:db8:ffff::2' };
    expect((await postJson('/api/auth/sign-in', { email: founder.email, password: founder.password }, client)).status).toBe(401);
    expect((await postJson('/api/auth/sign-in', { email: founder.email, password: 'a brand new password' }, client)).status).toBe(200);
  });
});

describe('signing out of all devices', () => {
  it('ends every session of the account, this one included', async () => {
    const founder = await signedInUser();
    const other = await secondBrowser(founder);
    const response = await request('/api/user/sign-out-everywhere', { method: 'POST' }, { jar: founder.jar });
    expect(response.status).toBe(200);
    expect(founder.jar.get('__Host-lm_access')).toBeUndefined();
    expect(await canRefresh(other)).toBe(false);
    expect(await count('SELECT count(*) AS n FROM refresh_tokens WHERE user_id = ? AND revoked_at IS NULL', await userId(founder.email))).toBe(0);
  });
});

describe('exporting my data', () => {
  it('downloads the account, memberships, projects, research pages and responses, and no hash or token', async () => {
    // Signed up for real: the verification token's hash is one of the secrets it must not contain.
    const founder = await signedUpUser();
    const other = await signedInUser();
    const own = await createProject(founder.jar, 'Bakery tools');
    const urlKey = await researchWithResponse(founder, own);
    const shared = await createProject(other.jar, 'Shared with me');
    await join(other, shared, founder);

    const response = await request('/api/user/export', {}, { jar: founder.jar });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="launchmate-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await response.text();
    const data = JSON.parse(text) as AccountExport;
    expect(data.account).toMatchObject({ email: founder.email, plan: 'free', hasPassword: true, signsInWithGoogle: false, productEmails: true });
    expect(data.memberships.map((m) => [m.projectName, m.role])).toEqual([
      ['Bakery tools', 'owner'],
      ['Shared with me', 'collaborator'],
    ]);
    const bakery = data.projects.find((p) => p.id === own)!;
    expect(bakery.researchPages).toHaveLength(1);
    expect(bakery.researchPages[0]).toMatchObject({ urlKey, title: 'Interviews', questions: [{ sequence: 1, text: 'What slows you down?', type: 'text' }] });
    expect(bakery.researchPages[0]!.responses.map((r) => r.answers)).toEqual([[{ sequence: 1, question: 'What slows you down?', response: 'Invoices' }]]);

    // No secret of any kind: the stored hashes appear nowhere in the file.
    const hashes = await db()
      .prepare(
        `SELECT password_hash AS h FROM users WHERE email = ?1
         UNION ALL SELECT token_hash FROM refresh_tokens WHERE user_id = (SELECT id FROM users WHERE email = ?1)
         UNION ALL SELECT token_hash FROM email_tokens WHERE user_id = (SELECT id FROM users WHERE email = ?1)`,
      )
      .bind(founder.email)
      .all<{ h: string }>();
    expect(hashes.results.length).toBeGreaterThan(2);
    for (const { h } of hashes.results) expect(text).not.toContain(h);
    expect(text).not.toMatch(/password_?hash|token_?hash|scrypt\$/i);
  });

  it('needs a session', async () => {
    expect((await request('/api/user/export', {}, { jar: new CookieJar() })).status).toBe(401);
  });
});

describe('deleting my account', () => {
  it('removes every row of the user and their owned projects, keeps a handed-over project, ends sessions and e-mails a confirmation', async () => {
    const founder = await signedInUser();
    const pro = founder.email;
    await db().prepare(`UPDATE users SET plan = 'pro' WHERE email = ?`).bind(pro).run();
    const member = await signedInUser();
    const neighbour = await signedInUser();
    const other = await secondBrowser(founder);
    const id = await userId(founder.email);

    const deletedProject = await createProject(founder.jar, 'Goes away');
    await researchWithResponse(founder, deletedProject);
    await join(founder, deletedProject, member);
    const keptProject = await createProject(founder.jar, 'Lives on');
    const keptKey = await researchWithResponse(founder, keptProject);
    await join(founder, keptProject, member);
    const theirs = await createProject(neighbour.jar, 'Not mine');
    await join(neighbour, theirs, founder);
    await json('PUT', '/api/user/email-preferences', { subscribed: false }, founder.jar);
    await request('/api/user/pro-interest', { method: 'POST' }, { jar: founder.jar });
    const memberId = await userId(member.email);
    const owned = await (await request('/api/user/owned-projects', {}, { jar: founder.jar })).json<{ projects: unknown[] }>();
    expect(owned.projects).toEqual([
      { id: keptProject, name: 'Lives on', members: [{ id: memberId, email: member.email }] },
      { id: deletedProject, name: 'Goes away', members: [{ id: memberId, email: member.email }] },
    ]);

    const refused = await json('DELETE', '/api/user', { confirmation: 'someone@else.com' }, founder.jar);
    expect(refused.status).toBe(400);
    const wrongHeir = await json(
      'DELETE',
      '/api/user',
      { confirmation: founder.email, handOver: [{ projectId: keptProject, newOwnerId: await userId(neighbour.email) }] },
      founder.jar,
    );
    expect(wrongHeir.status).toBe(400);
    expect(await count('SELECT count(*) AS n FROM users WHERE id = ?', id)).toBe(1);

    const response = await json(
      'DELETE',
      '/api/user',
      { confirmation: ` ${founder.email.toUpperCase()} `, handOver: [{ projectId: keptProject, newOwnerId: memberId }] },
      founder.jar,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true, deletedProjects: 1, handedOver: 1 });
    expect(founder.jar.get('__Host-lm_access')).toBeUndefined();
    expect(await canRefresh(other)).toBe(false);

    // Nothing of the user is left in any table.
    const rowsOfUser: [string, unknown[]][] = [
      ['SELECT count(*) AS n FROM users WHERE id = ?1 OR email = ?2', [id, founder.email]],
      ['SELECT count(*) AS n FROM refresh_tokens WHERE user_id = ?1', [id]],
      ['SELECT count(*) AS n FROM email_tokens WHERE user_id = ?1', [id]],
      ['SELECT count(*) AS n FROM project_members WHERE user_id = ?1', [id]],
      ['SELECT count(*) AS n FROM projects WHERE owner_id = ?1', [id]],
      ['SELECT count(*) AS n FROM invitations WHERE invited_by = ?1', [id]],
      ['SELECT count(*) AS n FROM pro_interest WHERE user_id = ?1', [id]],
      ['SELECT count(*) AS n FROM email_subscriptions WHERE email = ?1', [founder.email]],
      ['SELECT count(*) AS n FROM unsubscribe_tokens WHERE email = ?1', [founder.email]],
      ['SELECT count(*) AS n FROM mail_locks WHERE key LIKE ?1', [`%:${founder.email}`]],
    ];
    for (const [sql, binds] of rowsOfUser) expect(await count(sql, ...binds), sql).toBe(0);

    // The deleted project went with everything in it.
    for (const table of ['research_pages', 'invitations', 'project_members']) {
      expect(await count(`SELECT count(*) AS n FROM ${table} WHERE project_id = ?`, deletedProject), table).toBe(0);
    }
    expect(await count('SELECT count(*) AS n FROM projects WHERE id = ?', deletedProject)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM research_responses r LEFT JOIN research_pages p ON p.id = r.page_id WHERE p.id IS NULL')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM research_questions q LEFT JOIN research_pages p ON p.id = q.page_id WHERE p.id IS NULL')).toBe(0);

    // The handed-over project is the member's now, with its research; the neighbour's is untouched.
    const kept = await (await request('/api/project/', {}, { jar: member.jar })).json<{ projects: { id: string; role: string }[] }>();
    expect(kept.projects).toEqual([expect.objectContaining({ id: keptProject, role: 'owner' })]);
    expect((await request(`/api/research/${keptKey}`)).status).toBe(200);
    expect(await count('SELECT count(*) AS n FROM projects WHERE id = ?', theirs)).toBe(1);

    const mail = (await outboxFor(founder.email)).at(-1);
    expect(mail?.subject).toBe('Your Launchmate account was deleted');
    expect(mail?.text).toContain('1 project you owned was deleted');
    expect(mail?.text).toContain('1 project was handed to the member you chose');

    // The old access token finds no account; signing in fails.
    expect((await request('/api/auth/check-auth', {}, { jar: other })).status).toBe(401);
    expect((await postJson('/api/auth/sign-in', { email: founder.email, password: founder.password }, { 'CF-Connecting-IP': '2001:db8:ffff::3' })).status).toBe(
      401,
    );
  });

  it('refuses to hand a project to someone who is not its member, or a project that is not mine, and changes nothing', async () => {
    const founder = await signedInUser();
    const stranger = await signedInUser();
    const mine = await createProject(founder.jar, 'Mine');
    const theirs = await createProject(stranger.jar, 'Theirs');
    await join(stranger, theirs, founder);
    const strangerId = await userId(stranger.email);
    for (const handOver of [[{ projectId: mine, newOwnerId: strangerId }], [{ projectId: theirs, newOwnerId: strangerId }]]) {
      const response = await json('DELETE', '/api/user', { confirmation: founder.email, handOver }, founder.jar);
      expect(response.status).toBe(400);
    }
    expect(await count('SELECT count(*) AS n FROM projects WHERE id IN (?, ?)', mine, theirs)).toBe(2);
    expect((await request('/api/auth/check-auth', {}, { jar: founder.jar })).status).toBe(200);
  });
});

describe('deleting a project', () => {
  it('is for its owner only, and takes its research with it', async () => {
    const owner = await signedInUser();
    const collaborator = await signedInUser();
    const stranger = await signedInUser();
    const projectId = await createProject(owner.jar, 'Short-lived');
    const urlKey = await researchWithResponse(owner, projectId);
    await join(owner, projectId, collaborator);

    expect((await request(`/api/project/${projectId}`, { method: 'DELETE' }, { jar: stranger.jar })).status).toBe(404);
    const byCollaborator = await request(`/api/project/${projectId}`, { method: 'DELETE' }, { jar: collaborator.jar });
    expect(byCollaborator.status).toBe(403);
    expect(await byCollaborator.json()).toEqual({ error: "Only the project's owner can delete it." });

    expect((await request(`/api/project/${projectId}`, { method: 'DELETE' }, { jar: owner.jar })).status).toBe(200);
    expect((await request(`/api/research/${urlKey}`)).status).toBe(404);
    for (const table of ['research_pages', 'project_members', 'invitations']) {
      expect(await count(`SELECT count(*) AS n FROM ${table} WHERE project_id = ?`, projectId), table).toBe(0);
    }
    expect((await (await request('/api/project/', {}, { jar: collaborator.jar })).json<{ projects: unknown[] }>()).projects).toEqual([]);
    // The Free plan's one project can be started again.
    await createProject(owner.jar, 'Second try');
  });
});

describe('plans', () => {
  const attempts = (jar: CookieJar, n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => postJson('/api/project/', { name: `Idea ${i}` }, {}, { jar })));

  it('Free: exactly 1 own project under 10 simultaneous creations; the rest get a 403 pointing to /pricing', async () => {
    const { jar, email } = await signedInUser();
    const answers = await attempts(jar, 10);
    expect(answers.map((a) => a.status).sort((a, b) => a - b)).toEqual([201, ...Array<number>(9).fill(403)]);
    const refused = await answers.find((a) => a.status === 403)!.json<{ error: string; upgrade: string }>();
    expect(refused.error).toMatch(/^The Free plan includes 1 project of your own\. Pro includes 5/);
    expect(refused.upgrade).toBe('/pricing');
    expect(await count('SELECT count(*) AS n FROM projects WHERE owner_id = ?', await userId(email))).toBe(1);
    expect(await count('SELECT count(*) AS n FROM project_members WHERE user_id = ?', await userId(email))).toBe(1);
  });

  it('Pro: exactly 5 own projects under 10 simultaneous creations', async () => {
    const { jar, email } = await signedInUser();
    await db().prepare(`UPDATE users SET plan = 'pro' WHERE email = ?`).bind(email).run();
    const answers = await attempts(jar, 10);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(5);
    expect(await count('SELECT count(*) AS n FROM projects WHERE owner_id = ?', await userId(email))).toBe(5);
    expect((await (await request('/api/auth/check-auth', {}, { jar })).json<{ user: { plan: string } }>()).user.plan).toBe('pro');
  });

  it("membership of others' projects does not count", async () => {
    const founder = await signedInUser();
    for (let i = 0; i < 2; i++) {
      const other = await signedInUser();
      await join(other, await createProject(other.jar, `Theirs ${i}`), founder);
    }
    await createProject(founder.jar, 'My own');
    const list = await (await request('/api/project/', {}, { jar: founder.jar })).json<{ projects: unknown[] }>();
    expect(list.projects).toHaveLength(3);
  });

  it('a session whose account is gone gets a 401, not an error', async () => {
    const founder = await signedInUser();
    const kept = new CookieJar();
    for (const [name, value] of founder.jar.cookies) kept.cookies.set(name, value);
    expect((await json('DELETE', '/api/user', { confirmation: founder.email }, founder.jar)).status).toBe(200);
    expect((await postJson('/api/project/', { name: 'Ghost' }, {}, { jar: kept })).status).toBe(401);
  });
});

describe('Pro interest', () => {
  it('is recorded once per account, with the address to notify', async () => {
    const { jar, email } = await signedInUser();
    expect(await (await request('/api/user/pro-interest', {}, { jar })).json()).toEqual({ interested: false, email: null });
    const answers = await Promise.all(Array.from({ length: 5 }, () => request('/api/user/pro-interest', { method: 'POST' }, { jar })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await (await request('/api/user/pro-interest', {}, { jar })).json()).toEqual({ interested: true, email });
    expect(await count('SELECT count(*) AS n FROM pro_interest WHERE email = ?', email)).toBe(1);
    expect((await request('/api/user/pro-interest', { method: 'POST' }, { jar: new CookieJar() })).status).toBe(401);
  });
});
