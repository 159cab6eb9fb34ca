import { describe, expect, it } from 'vitest';
import { hashToken } from '../../worker/lib/tokens';
import { currentOrNextState, openSocket } from './workspace-support';
import { CookieJar, db, freshEmail, latestLink, outboxFor, postJson, request, signedInUser, tokenOf } from '../utils';

const createProject = (jar: CookieJar, name = '') => postJson('/api/project/', { name }, {}, { jar });
const invite = (jar: CookieJar, projectId: string, email: string) => postJson(`/api/project/${projectId}/invitations`, { email }, {}, { jar });
const accept = (jar: CookieJar, token: string) => request(`/api/project/invitations/${token}/accept`, { method: 'POST' }, { jar });

describe('projects', () => {
  it('are created with an empty name (as /signin?newProject=true does), listed, and renamed', async () => {
    const { jar } = await signedInUser();
    const created = await createProject(jar);
    expect(created.status).toBe(201);
    const { project } = await created.json<{ project: { id: string; name: string; role: string } }>();
    expect(project).toMatchObject({ name: '', role: 'owner' });

    const second = await signedInUser();
    expect((await postJson('/api/project', { name: 'No trailing slash' }, {}, { jar: second.jar })).status).toBe(201);
    const renamed = await request(
      `/api/project/${project.id}`,
      { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: '  Pet sitter marketplace ' }) },
      { jar },
    );
    expect(await renamed.json()).toEqual({ project: { id: project.id, name: 'Pet sitter marketplace' } });

    const list = await (await request('/api/project/', {}, { jar })).json<{ projects: { id: string; name: string }[] }>();
    expect(list.projects.map((item) => item.name)).toEqual(['Pet sitter marketplace']);
  });

  it('need a session', async () => {
    expect((await createProject(new CookieJar())).status).toBe(401);
    expect((await request('/api/project/', {}, { jar: new CookieJar() })).status).toBe(401);
  });

  it("are invisible to other users: renaming or inviting to someone else's project is a 404", async () => {
    const owner = await signedInUser();
    const stranger = await signedInUser();
    const { project } = await (await createProject(owner.jar, 'Mine')).json<{ project: { id: string } }>();
    const rename = await request(
      `/api/project/${project.id}`,
      { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{"name":"Theirs"}' },
      { jar: stranger.jar },
    );
    expect(rename.status).toBe(404);
    expect((await invite(stranger.jar, project.id, freshEmail())).status).toBe(404);
    const list = await (await request('/api/project/', {}, { jar: stranger.jar })).json<{ projects: unknown[] }>();
    expect(list.projects).toEqual([]);
  });

  it('refuse names over 100 characters, control characters and unknown fields', async () => {
    const { jar } = await signedInUser();
    expect((await createProject(jar, 'n'.repeat(101))).status).toBe(400);
    expect((await createProject(jar, 'bad\u0007name')).status).toBe(400);
    expect((await postJson('/api/project/', { name: 'x', ownerId: 'someone' }, {}, { jar })).status).toBe(400);
  });
});

describe('invitations', () => {
  it('e-mail a 7-day link with one-click unsubscribe headers, and return it to the inviter', async () => {
    const { jar, email: inviter } = await signedInUser();
    const { project } = await (await createProject(jar, 'Pet sitters')).json<{ project: { id: string } }>();
    const invitee = freshEmail('invitee');
    const response = await invite(jar, project.id, invitee);
    expect(response.status).toBe(201);
    const { link, emailed } = await response.json<{ link: string; emailed: boolean }>();
    expect(emailed).toBe(true);
    expect(link).toMatch(/^http:\/\/localhost:8787\/invite\/[A-Za-z0-9_-]{43}$/);

    const [mail] = await outboxFor(invitee);
    expect(mail?.subject).toBe(`${inviter} invited you to a project on Launchmate`);
    expect(mail?.text).toContain(link);
    expect(mail?.text).toContain('"Pet sitters"');
    const headers = JSON.parse(mail?.headers ?? '{}') as Record<string, string>;
    expect(headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:8787\/api\/user\/unsubscribe\/[A-Za-z0-9_-]{43}>$/);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.text).toMatch(/Unsubscribe: http:\/\/localhost:8787\/unsubscribe\/[A-Za-z0-9_-]{43}/);

    const row = await db()
      .prepare('SELECT expires_at - created_at AS lifetime FROM invitations WHERE token_hash = ?')
      .bind(await hashToken(tokenOf(link)))
      .first<{ lifetime: number }>();
    expect(Math.round((row?.lifetime ?? 0) / 1000)).toBe(7 * 24 * 3600);
  });

  it('join the project once accepted, exactly once', async () => {
    const owner = await signedInUser();
    const { project } = await (await createProject(owner.jar, 'Shared')).json<{ project: { id: string } }>();
    const { link } = await (await invite(owner.jar, project.id, freshEmail())).json<{ link: string }>();
    const collaborator = await signedInUser();
    const second = await signedInUser();

    const answers = await Promise.all([accept(collaborator.jar, tokenOf(link)), accept(second.jar, tokenOf(link))]);
    expect(answers.map((answer) => answer.status).sort((a, b) => a - b)).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? collaborator : second;
    const list = await (await request('/api/project/', {}, { jar: winner.jar })).json<{ projects: { id: string; role: string }[] }>();
    expect(list.projects).toEqual([expect.objectContaining({ id: project.id, role: 'collaborator' })]);
  });

  it('are not spent by someone who is already a member (the owner trying their own link)', async () => {
    const owner = await signedInUser();
    const { project } = await (await createProject(owner.jar)).json<{ project: { id: string } }>();
    const { link } = await (await invite(owner.jar, project.id, freshEmail())).json<{ link: string }>();
    const own = await accept(owner.jar, tokenOf(link));
    expect(own.status).toBe(409);
    expect(await own.json()).toEqual({ error: "You're already a member of this project.", projectId: project.id });
    const collaborator = await signedInUser();
    expect((await accept(collaborator.jar, tokenOf(link))).status).toBe(200);
  });

  it('refuse an expired invitation', async () => {
    const owner = await signedInUser();
    const { project } = await (await createProject(owner.jar)).json<{ project: { id: string } }>();
    const { link } = await (await invite(owner.jar, project.id, freshEmail())).json<{ link: string }>();
    await db()
      .prepare('UPDATE invitations SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1000, await hashToken(tokenOf(link)))
      .run();
    const collaborator = await signedInUser();
    const response = await accept(collaborator.jar, tokenOf(link));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'This invitation is invalid, expired, withdrawn or already used. Ask a member of the project for a new link.',
    });
  });

  it('are not e-mailed to an address that unsubscribed, but the link still works', async () => {
    const owner = await signedInUser();
    const { project } = await (await createProject(owner.jar)).json<{ project: { id: string } }>();
    const invitee = freshEmail('quiet');
    await invite(owner.jar, project.id, invitee);
    const unsubscribe = tokenOf(await latestLink(invitee, '/unsubscribe/'));
    expect((await request(`/api/user/unsubscribe/${unsubscribe}`, { method: 'POST' }, { noOrigin: true })).status).toBe(200);
    const again = await (await invite(owner.jar, project.id, invitee)).json<{ emailed: boolean; link: string }>();
    expect(again.emailed).toBe(false);
    expect(await outboxFor(invitee)).toHaveLength(1);
    expect(again.link).toMatch(/\/invite\//);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  async function unsubscribeToken() {
    const owner = await signedInUser();
    const { project } = await (await createProject(owner.jar)).json<{ project: { id: string } }>();
    const invitee = freshEmail('reader');
    await invite(owner.jar, project.id, invitee);
    return { invitee, token: tokenOf(await latestLink(invitee, '/unsubscribe/')) };
  }
  const subscription = (email: string) =>
    db().prepare('SELECT unsubscribed_at FROM email_subscriptions WHERE email = ?').bind(email).first<{ unsubscribed_at: number | null }>();

  it('accepts the provider POST: cross-site, no cookie, form body; 200 without redirect; idempotent', async () => {
    const { invitee, token } = await unsubscribeToken();
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await request(`/api/user/unsubscribe/${token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://mail.provider.example' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('Location')).toBeNull();
    }
    expect((await subscription(invitee))?.unsubscribed_at).toBeGreaterThan(0);
  });

  it('never changes anything on GET (mail scanners prefetch links)', async () => {
    const { invitee, token } = await unsubscribeToken();
    expect((await request(`/api/user/unsubscribe/${token}`)).status).toBe(404);
    expect(await subscription(invitee)).toBeNull();
  });

  it('resubscribes from the same link, from the product page only', async () => {
    const { invitee, token } = await unsubscribeToken();
    await request(`/api/user/unsubscribe/${token}`, { method: 'POST' });
    expect((await request(`/api/user/resubscribe/${token}`, { method: 'POST', headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect((await request(`/api/user/resubscribe/${token}`, { method: 'POST' })).status).toBe(200);
    expect((await subscription(invitee))?.unsubscribed_at).toBeNull();
  });

  it('answers an unknown or malformed token with 404', async () => {
    for (const token of ['x'.repeat(43), 'short']) {
      expect((await request(`/api/user/unsubscribe/${token}`, { method: 'POST' })).status).toBe(404);
      expect((await request(`/api/user/resubscribe/${token}`, { method: 'POST' })).status).toBe(404);
    }
  });
});

describe('signed-in preferences', () => {
  it('turn privacy mode on and off', async () => {
    const { jar } = await signedInUser();
    const put = (privacyMode: unknown) =>
      request('/api/user/privacy-mode', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ privacyMode }) }, { jar });
    expect((await put(true)).status).toBe(200);
    expect((await (await request('/api/auth/check-auth', {}, { jar })).json<{ user: { privacyMode: boolean } }>()).user.privacyMode).toBe(true);
    expect((await put('yes')).status).toBe(400);
    expect(
      (await request('/api/user/privacy-mode', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{"privacyMode":true}' })).status,
    ).toBe(401);
  });

  it('share the subscription that unsubscribe links change', async () => {
    const { jar, email } = await signedInUser();
    const put = (subscribed: boolean) =>
      request('/api/user/email-preferences', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ subscribed }) }, { jar });
    expect((await put(false)).status).toBe(200);
    expect((await (await request('/api/auth/check-auth', {}, { jar })).json<{ user: { subscribed: boolean } }>()).user.subscribed).toBe(false);
    const row = await db().prepare('SELECT unsubscribed_at FROM email_subscriptions WHERE email = ?').bind(email).first<{ unsubscribed_at: number }>();
    expect(row?.unsubscribed_at).toBeGreaterThan(0);
    await put(true);
    expect((await (await request('/api/auth/check-auth', {}, { jar })).json<{ user: { subscribed: boolean } }>()).user.subscribed).toBe(true);
  });
});

describe("a project's path", () => {
  it('lists each phase done with the day it was done, in the phases’ order, to the project’s members only', async () => {
    const { jar } = await signedInUser();
    const { project } = await (await createProject(jar, 'Clinic refills')).json<{ project: { id: string } }>();
    const at = (day: number) => Date.UTC(2026, 10, day, 12);
    for (const [phase, day] of [
      [2, 5],
      [1, 3],
      [3, 9],
    ] as const)
      await db().prepare('INSERT INTO project_phases (project_id, phase, completed_at) VALUES (?, ?, ?)').bind(project.id, phase, at(day)).run();
    const list = await (await request('/api/project/', {}, { jar })).json<{ projects: { id: string; phasesDone: number[]; phasesCompleted: unknown }[] }>();
    expect(list.projects).toEqual([
      expect.objectContaining({
        id: project.id,
        phasesDone: [1, 2, 3],
        phasesCompleted: [
          { phase: 1, completedAt: at(3) },
          { phase: 2, completedAt: at(5) },
          { phase: 3, completedAt: at(9) },
        ],
      }),
    ]);

    const other = await signedInUser();
    await createProject(other.jar, 'Another');
    const theirs = await (await request('/api/project/', {}, { jar: other.jar })).json<{ projects: { phasesCompleted: unknown }[] }>();
    expect(theirs.projects).toEqual([expect.objectContaining({ phasesCompleted: [] })]);
  });
});

describe("a project's open phases", () => {
  type Listed = { projects: { id: string; unlockedPhases: number[] }[] };
  const openPhasesOf = async (jar: CookieJar, id: string) =>
    (await (await request('/api/project/', {}, { jar })).json<Listed>()).projects.find((p) => p.id === id)!.unlockedPhases;
  /** The phases the workspace opens, as its shared state says when a member connects. */
  async function workspaceOpens(jar: CookieJar, id: string, expected: number[]) {
    const socket = await openSocket(id, jar);
    try {
      const state = await currentOrNextState<{ phases: { unlocked: number[] } }>(
        socket,
        (next) => next.phases.unlocked.join() === expected.join(),
        'the phases open',
      );
      return state.phases.unlocked;
    } finally {
      socket.close();
    }
  }

  it("follow the owner's plan, as the workspace reads it, for every member whatever their own plan", async () => {
    const owner = await signedInUser();
    const created = await (await createProject(owner.jar, 'Bike repairs')).json<{ project: { id: string; unlockedPhases: number[] } }>();
    expect(created.project.unlockedPhases).toEqual([1, 2]);
    const member = await signedInUser();
    const { link } = await (await invite(owner.jar, created.project.id, member.email)).json<{ link: string }>();
    expect((await accept(member.jar, tokenOf(link))).status).toBe(200);
    // A member with Pro of their own does not open a Free owner's project.
    await db().prepare("UPDATE users SET plan = 'pro' WHERE email = ?").bind(member.email).run();
    expect(await openPhasesOf(member.jar, created.project.id)).toEqual([1, 2]);
    expect(await workspaceOpens(member.jar, created.project.id, [1, 2])).toEqual([1, 2]);

    await db().prepare("UPDATE users SET plan = 'pro' WHERE email = ?").bind(owner.email).run();
    const all = [1, 2, 3, 4, 5, 6, 7, 8];
    for (const jar of [owner.jar, member.jar]) {
      expect(await openPhasesOf(jar, created.project.id)).toEqual(all);
      expect(await workspaceOpens(jar, created.project.id, all)).toEqual(all);
    }
    const second = await (await createProject(owner.jar, 'Second')).json<{ project: { id: string; unlockedPhases: number[] } }>();
    expect(second.project.unlockedPhases).toEqual(all);
    expect(await openPhasesOf(owner.jar, second.project.id)).toEqual(all);
  });
});
