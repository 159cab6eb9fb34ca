/**
 * Display names: set with a strict one-line rule, shown instead of the address to teammates, in
 * the project's member list, in the invitation e-mail and on the invitation link at sign-up.
 */
import { describe, expect, it } from 'vitest';
import { CookieJar, db, freshEmail, outboxFor, postJson, rawRequest, request, signedInUser, tokenOf } from '../utils';

const setName = (jar: CookieJar, body: unknown) =>
  request('/api/user/name', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }, { jar });
const nameOf = async (jar: CookieJar) => (await (await request('/api/auth/check-auth', {}, { jar })).json<{ user: { name: string | null } }>()).user.name;
const createProject = async (jar: CookieJar, name: string) =>
  (await (await postJson('/api/project', { name }, {}, { jar })).json<{ project: { id: string } }>()).project.id;

/** Waits for the e-mail sent after the response (sendEmailLater). */
async function mailTo(address: string) {
  for (let i = 0; i < 50; i++) {
    const [message] = await outboxFor(address);
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No e-mail to ${address}`);
}

describe('PUT /api/user/name', () => {
  it('sets a trimmed one-line name, and null clears it', async () => {
    const { jar } = await signedInUser();
    const response = await setName(jar, { name: '  Maya Chen ' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: 'Maya Chen' });
    expect(await nameOf(jar)).toBe('Maya Chen');
    expect((await setName(jar, { name: null })).status).toBe(200);
    expect(await nameOf(jar)).toBeNull();
  });

  it.each([
    ['an empty name', { name: '   ' }, 'Please write something'],
    ['two lines', { name: 'Maya\nChen' }, 'Please keep it on one line, without control characters'],
    ['a control character', { name: 'Maya\u0000' }, 'Please keep it on one line, without control characters'],
    ['61 characters', { name: 'm'.repeat(61) }, 'Please keep it to 60 characters or fewer'],
    ['a number', { name: 42 }, null],
    ['an unknown field', { name: 'Maya', email: 'x@example.com' }, 'Unknown field: email.'],
  ])('refuses %s and changes nothing', async (_label, body, message) => {
    const { jar } = await signedInUser();
    await setName(jar, { name: 'Before' });
    const response = await setName(jar, body);
    expect(response.status).toBe(400);
    if (message) expect(JSON.stringify(await response.json())).toContain(message);
    expect(await nameOf(jar)).toBe('Before');
  });

  it('needs a session and the Origin check', async () => {
    expect((await request('/api/user/name', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{"name":"X"}' })).status).toBe(401);
    const { jar } = await signedInUser();
    const crossSite = await rawRequest(
      '/api/user/name',
      { method: 'PUT', headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' }, body: '{"name":"X"}' },
      { jar },
    );
    expect(crossSite.status).toBe(403);
    expect(await nameOf(jar)).toBeNull();
  });
});

describe('names in invitations', () => {
  it("the e-mail, the link's preview and the member list name the inviter by name", async () => {
    const owner = await signedInUser();
    await setName(owner.jar, { name: 'Maya Chen' });
    const projectId = await createProject(owner.jar, 'Clinic reminders');
    const invitee = freshEmail('invitee');
    const { link } = await (await postJson(`/api/project/${projectId}/invitations`, { email: invitee }, {}, { jar: owner.jar })).json<{ link: string }>();

    const mail = await mailTo(invitee);
    expect(mail.subject).toBe('Maya Chen invited you to a project on Launchmate');
    expect(mail.text).toContain(`Maya Chen (${owner.email}) invited you to work together on "Clinic reminders"`);

    const preview = await request(`/api/invitations/${tokenOf(link)}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('Cache-Control')).toBe('no-store');
    expect(await preview.json()).toEqual({ invitation: { email: invitee, projectName: 'Clinic reminders', invitedBy: 'Maya Chen' } });

    const { invitations } = await (await request(`/api/project/${projectId}/members`, {}, { jar: owner.jar })).json<{ invitations: { invitedBy: string }[] }>();
    expect(invitations[0]!.invitedBy).toBe('Maya Chen');
  });

  it('without a name, the address stands in', async () => {
    const owner = await signedInUser();
    const projectId = await createProject(owner.jar, 'Nameless');
    const invitee = freshEmail('invitee');
    const { link } = await (await postJson(`/api/project/${projectId}/invitations`, { email: invitee }, {}, { jar: owner.jar })).json<{ link: string }>();
    expect((await mailTo(invitee)).subject).toBe(`${owner.email} invited you to a project on Launchmate`);
    expect(((await (await request(`/api/invitations/${tokenOf(link)}`)).json()) as { invitation: { invitedBy: string } }).invitation.invitedBy).toBe(
      owner.email,
    );
  });

  it('a used, expired, unknown or malformed link shows nothing', async () => {
    const owner = await signedInUser();
    const projectId = await createProject(owner.jar, 'Closed doors');
    const invite = async () =>
      (await (await postJson(`/api/project/${projectId}/invitations`, { email: freshEmail('x') }, {}, { jar: owner.jar })).json<{ link: string }>()).link;
    const used = await invite();
    const joiner = await signedInUser();
    expect((await request(`/api/project/invitations/${tokenOf(used)}/accept`, { method: 'POST' }, { jar: joiner.jar })).status).toBe(200);
    const expired = await invite();
    await db().prepare('UPDATE invitations SET expires_at = 1 WHERE project_id = ? AND accepted_at IS NULL').bind(projectId).run();
    for (const token of [tokenOf(used), tokenOf(expired), 'A'.repeat(43), '../x']) {
      const response = await request(`/api/invitations/${encodeURIComponent(token)}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: 'This invitation is invalid, expired, withdrawn or already used. Ask a member of the project for a new link.',
      });
    }
  });
});
