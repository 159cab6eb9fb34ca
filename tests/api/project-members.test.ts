import { describe, expect, it } from 'vitest';
import { INVITATION_REFUSED } from '#contracts/projects';
import { createInvitation } from '../../worker/db/queries/projects';
import { hashToken } from '../../worker/lib/tokens';
import { CookieJar, db, freshEmail, postJson, request, signedInUser, tokenOf } from '../utils';

interface MembersAnswer {
  members: {
    userId: string;
    name: string | null;
    email: string;
    role: 'owner' | 'collaborator';
    joinedAt: number;
    invitation: { id: string; email: string; invitedBy: string | null; createdAt: number } | null;
  }[];
  invitations: { id: string; email: string; invitedBy: string | null; createdAt: number; expiresAt: number }[];
}

const createProject = async (jar: CookieJar, name = 'Team project') =>
  (await (await postJson('/api/project', { name }, {}, { jar })).json<{ project: { id: string } }>()).project.id;
const invite = async (jar: CookieJar, projectId: string, email = freshEmail('invitee')) =>
  (await (await postJson(`/api/project/${projectId}/invitations`, { email }, {}, { jar })).json<{ link: string }>()).link;
const accept = (jar: CookieJar, link: string) => request(`/api/project/invitations/${tokenOf(link)}/accept`, { method: 'POST' }, { jar });
const members = (jar: CookieJar, projectId: string) => request(`/api/project/${projectId}/members`, {}, { jar });
const removeMember = (jar: CookieJar, projectId: string, userId: string) =>
  request(`/api/project/${projectId}/members/${userId}`, { method: 'DELETE' }, { jar });
const withdraw = (jar: CookieJar, projectId: string, invitationId: string) =>
  request(`/api/project/${projectId}/invitations/${invitationId}`, { method: 'DELETE' }, { jar });
const userIdOf = async (jar: CookieJar) => (await (await request('/api/auth/check-auth', {}, { jar })).json<{ user: { id: string } }>()).user.id;

/** An owner with a project, and a collaborator who joined through an invitation sent to `invitedAs`. */
async function projectWithCollaborator() {
  const owner = await signedInUser();
  const projectId = await createProject(owner.jar);
  const invitedAs = freshEmail('invited');
  const link = await invite(owner.jar, projectId, invitedAs);
  const collaborator = await signedInUser();
  expect((await accept(collaborator.jar, link)).status).toBe(200);
  return { owner, projectId, collaborator, collaboratorId: await userIdOf(collaborator.jar), invitedAs, link };
}

describe('GET /api/project/:id/members', () => {
  it('shows the owner who joined, through which invitation, and what is still pending', async () => {
    const { owner, projectId, collaborator, collaboratorId, invitedAs, link } = await projectWithCollaborator();
    const pendingEmail = freshEmail('pending');
    const pendingLink = await invite(owner.jar, projectId, pendingEmail);
    // An expired invitation is not pending any more.
    const expiredLink = await invite(owner.jar, projectId, freshEmail('expired'));
    await db()
      .prepare('UPDATE invitations SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1, await hashToken(tokenOf(expiredLink)))
      .run();

    const response = await members(owner.jar, projectId);
    expect(response.status).toBe(200);
    const answer = await response.json<MembersAnswer>();
    expect(answer.members.map((member) => [member.email, member.role])).toEqual([
      [owner.email, 'owner'],
      [collaborator.email, 'collaborator'],
    ]);
    expect(answer.members[0]!.invitation).toBeNull();
    const joined = answer.members[1]!;
    expect(joined.userId).toBe(collaboratorId);
    expect(joined.joinedAt).toBeGreaterThan(Date.now() - 60_000);
    // The link was sent to one address and used by another account: the owner sees both.
    expect(joined.invitation).toMatchObject({ id: await hashToken(tokenOf(link)), email: invitedAs, invitedBy: owner.email });

    expect(answer.invitations).toHaveLength(1);
    expect(answer.invitations[0]).toMatchObject({ id: await hashToken(tokenOf(pendingLink)), email: pendingEmail, invitedBy: owner.email });
    // No token appears anywhere in the answer.
    expect(JSON.stringify(answer)).not.toContain(tokenOf(pendingLink));
  });

  it('is for the owner only: 403 for a collaborator, 404 for anyone else, 401 without a session', async () => {
    const { projectId, collaborator } = await projectWithCollaborator();
    const stranger = await signedInUser();
    const forbidden = await members(collaborator.jar, projectId);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: "Only the project's owner can manage its members." });
    expect((await members(stranger.jar, projectId)).status).toBe(404);
    expect((await members(new CookieJar(), projectId)).status).toBe(401);
  });
});

describe('DELETE /api/project/:id/members/:userId', () => {
  it('removes a collaborator, whose next call for the project is a 404', async () => {
    const { owner, projectId, collaborator, collaboratorId } = await projectWithCollaborator();
    // Before: the collaborator works in the project.
    expect((await request(`/api/research/projects/${projectId}/pages`, {}, { jar: collaborator.jar })).status).toBe(200);

    const removed = await removeMember(owner.jar, projectId, collaboratorId);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ removed: true });

    const rename = await request(
      `/api/project/${projectId}`,
      { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{"name":"Mine now"}' },
      { jar: collaborator.jar },
    );
    expect(rename.status).toBe(404);
    expect((await request(`/api/research/projects/${projectId}/pages`, {}, { jar: collaborator.jar })).status).toBe(404);
    expect((await postJson(`/api/project/${projectId}/invitations`, { email: freshEmail() }, {}, { jar: collaborator.jar })).status).toBe(404);
    const list = await (await request('/api/project', {}, { jar: collaborator.jar })).json<{ projects: { id: string }[] }>();
    expect(list.projects.map((project) => project.id)).not.toContain(projectId);
    const after = await (await members(owner.jar, projectId)).json<MembersAnswer>();
    expect(after.members.map((member) => member.role)).toEqual(['owner']);
  });

  it('withdraws the invitations the removed member had sent, so they cannot walk back in', async () => {
    const { owner, projectId, collaborator, collaboratorId } = await projectWithCollaborator();
    const backdoor = await invite(collaborator.jar, projectId, freshEmail('friend'));
    const ownersOwn = await invite(owner.jar, projectId, freshEmail('kept'));
    expect((await removeMember(owner.jar, projectId, collaboratorId)).status).toBe(200);

    expect((await accept(collaborator.jar, backdoor)).status).toBe(400);
    const pending = (await (await members(owner.jar, projectId)).json<MembersAnswer>()).invitations;
    expect(pending.map((invitation) => invitation.id)).toEqual([await hashToken(tokenOf(ownersOwn))]);
  });

  it('refuses the owner removing themselves, collaborators removing anyone, and strangers', async () => {
    const { owner, projectId, collaborator, collaboratorId } = await projectWithCollaborator();
    const ownerId = await userIdOf(owner.jar);
    const self = await removeMember(owner.jar, projectId, ownerId);
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ error: 'You cannot remove yourself from your own project.' });
    expect((await removeMember(collaborator.jar, projectId, ownerId)).status).toBe(403);
    expect((await removeMember(collaborator.jar, projectId, collaboratorId)).status).toBe(403);
    const stranger = await signedInUser();
    expect((await removeMember(stranger.jar, projectId, collaboratorId)).status).toBe(404);
    expect((await removeMember(owner.jar, projectId, await userIdOf(stranger.jar))).status).toBe(404);
    // Nothing changed.
    const answer = await (await members(owner.jar, projectId)).json<MembersAnswer>();
    expect(answer.members.map((member) => member.role)).toEqual(['owner', 'collaborator']);
  });

  it('removes once under 50 simultaneous requests', async () => {
    const { owner, projectId, collaboratorId } = await projectWithCollaborator();
    const answers = await Promise.all(Array.from({ length: 50 }, () => removeMember(owner.jar, projectId, collaboratorId)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(49);
  });
});

describe('DELETE /api/project/:id/invitations/:invitationId', () => {
  it('withdraws a pending invitation: its link stops working', async () => {
    const owner = await signedInUser();
    const projectId = await createProject(owner.jar);
    const link = await invite(owner.jar, projectId);
    const id = await hashToken(tokenOf(link));
    const withdrawn = await withdraw(owner.jar, projectId, id);
    expect(withdrawn.status).toBe(200);
    expect(await withdrawn.json()).toEqual({ withdrawn: true });
    const latecomer = await signedInUser();
    expect((await accept(latecomer.jar, link)).status).toBe(400);
    expect((await (await members(owner.jar, projectId)).json<MembersAnswer>()).invitations).toEqual([]);
    expect((await withdraw(owner.jar, projectId, id)).status).toBe(404);
  });

  it('is for the owner only, and only for pending invitations of that project', async () => {
    const { owner, projectId, collaborator, link: accepted } = await projectWithCollaborator();
    const pending = await hashToken(tokenOf(await invite(owner.jar, projectId)));
    expect((await withdraw(collaborator.jar, projectId, pending)).status).toBe(403);
    expect((await withdraw((await signedInUser()).jar, projectId, pending)).status).toBe(404);
    // Already accepted: nothing to withdraw (remove the member instead).
    expect((await withdraw(owner.jar, projectId, await hashToken(tokenOf(accepted)))).status).toBe(404);
    // Another project of the same owner (on Pro, which allows a second one) does not reach it.
    await db().prepare("UPDATE users SET plan = 'pro' WHERE email = ?").bind(owner.email).run();
    const otherProject = await createProject(owner.jar, 'Other');
    expect((await withdraw(owner.jar, otherProject, pending)).status).toBe(404);
    expect((await withdraw(owner.jar, projectId, 'not-an-id')).status).toBe(404);
    // Still pending after all that.
    const answer = await (await members(owner.jar, projectId)).json<MembersAnswer>();
    expect(answer.invitations.map((invitation) => invitation.id)).toEqual([pending]);
  });
});

describe("an invitation dies with its maker's membership", () => {
  const leave = (jar: CookieJar, projectId: string) => request(`/api/project/${projectId}/membership`, { method: 'DELETE' }, { jar });
  const pendingMadeBy = async (projectId: string, userId: string) =>
    (await db()
      .prepare('SELECT count(*) AS n FROM invitations WHERE project_id = ?1 AND invited_by = ?2 AND accepted_at IS NULL')
      .bind(projectId, userId)
      .first<{ n: number }>())!.n;

  /** Staggers the racing requests: a start time, not a wait for a condition. */
  const startIn = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  // The 16 creations start 2 ms apart and the removal this many milliseconds after the first, so
  // it lands before, among and after them.
  it.each([0, 8, 16, 40])('leaves no working link when 16 creations race a removal %i ms in', async (offsetMs) => {
    const { owner, projectId, collaborator, collaboratorId } = await projectWithCollaborator();
    const creations = Array.from({ length: 16 }, async (_, n) => {
      await startIn(n * 2);
      return postJson(`/api/project/${projectId}/invitations`, { email: freshEmail(`race${n}`) }, {}, { jar: collaborator.jar });
    });
    await startIn(offsetMs);
    expect((await removeMember(owner.jar, projectId, collaboratorId)).status).toBe(200);
    const answers = await Promise.all(creations);
    const links: string[] = [];
    for (const answer of answers) {
      expect([201, 404]).toContain(answer.status);
      if (answer.status === 201) links.push((await answer.json<{ link: string }>()).link);
    }

    expect(await pendingMadeBy(projectId, collaboratorId)).toBe(0);
    // Neither the removed member nor anyone else gets in through any of them.
    const outsider = await signedInUser();
    for (const link of links) {
      const rejoin = await accept(collaborator.jar, link);
      expect(rejoin.status).toBe(400);
      expect(await rejoin.json()).toEqual({ error: INVITATION_REFUSED.invalid });
      expect((await accept(outsider.jar, link)).status).toBe(400);
    }
    expect((await request(`/api/projects/${projectId}/cofounder/get-messages`, {}, { jar: collaborator.jar })).status).toBe(404);
    const after = await (await members(owner.jar, projectId)).json<MembersAnswer>();
    expect(after.members.map((member) => member.role)).toEqual(['owner']);
  });

  it('creates an invitation only while its maker is a member, checked in the insert itself', async () => {
    const { owner, projectId, collaboratorId } = await projectWithCollaborator();
    expect((await removeMember(owner.jar, projectId, collaboratorId)).status).toBe(200);
    // The route's membership check has passed for a request that is still on its way: the
    // insert alone decides.
    expect(await createInvitation(db(), projectId, freshEmail('late'), collaboratorId)).toBeNull();
    expect(await pendingMadeBy(projectId, collaboratorId)).toBe(0);
    expect(await createInvitation(db(), projectId, freshEmail('owner'), await userIdOf(owner.jar))).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('refuses a link whose maker is no longer a member, checked in the acceptance itself', async () => {
    const { owner, projectId, collaborator, collaboratorId } = await projectWithCollaborator();
    const link = await invite(collaborator.jar, projectId, freshEmail('friend'));
    // The membership ends without the removal's own withdrawal: acceptance still refuses it.
    await db().prepare('DELETE FROM project_members WHERE project_id = ?1 AND user_id = ?2').bind(projectId, collaboratorId).run();
    const friend = await signedInUser();
    const refused = await accept(friend.jar, link);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: INVITATION_REFUSED.makerLeft });
    expect((await request(`/api/invitations/${tokenOf(link)}`)).status).toBe(404);
    const after = await (await members(owner.jar, projectId)).json<MembersAnswer>();
    expect(after.members.map((member) => member.role)).toEqual(['owner']);
  });

  it('lets a collaborator leave, which withdraws their links; the owner cannot leave', async () => {
    const { owner, projectId, collaborator, collaboratorId } = await projectWithCollaborator();
    const link = await invite(collaborator.jar, projectId, freshEmail('friend'));
    const ownersOwn = await invite(owner.jar, projectId, freshEmail('kept'));
    const ownerLeaving = await leave(owner.jar, projectId);
    expect(ownerLeaving.status).toBe(400);
    expect((await leave(collaborator.jar, projectId)).status).toBe(200);
    expect((await leave(collaborator.jar, projectId)).status).toBe(404);
    expect(await pendingMadeBy(projectId, collaboratorId)).toBe(0);
    const friend = await signedInUser();
    expect((await accept(friend.jar, link)).status).toBe(400);
    // The owner's own invitations are untouched.
    expect((await accept(friend.jar, ownersOwn)).status).toBe(200);
  });

  it('lets a collaborator leave once under 50 simultaneous requests', async () => {
    const { owner, projectId, collaborator } = await projectWithCollaborator();
    const statuses = (await Promise.all(Array.from({ length: 50 }, () => leave(collaborator.jar, projectId)))).map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(49);
    const after = await (await members(owner.jar, projectId)).json<MembersAnswer>();
    expect(after.members.map((member) => member.role)).toEqual(['owner']);
  });

  it("withdraws a deleted account's links with the account", async () => {
    const { projectId, collaborator, collaboratorId } = await projectWithCollaborator();
    const link = await invite(collaborator.jar, projectId, freshEmail('friend'));
    expect(
      (
        await request(
          '/api/user',
          { method: 'DELETE', body: JSON.stringify({ confirmation: collaborator.email }), headers: { 'Content-Type': 'application/json' } },
          { jar: collaborator.jar },
        )
      ).status,
    ).toBe(200);
    expect(await pendingMadeBy(projectId, collaboratorId)).toBe(0);
    const friend = await signedInUser();
    expect((await accept(friend.jar, link)).status).toBe(400);
  });
});
