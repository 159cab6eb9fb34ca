import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { db, signedInUser } from '../utils';
import { addCollaborator, answerEnd, lane, openSocket, ownerWithProject, send, storedMessages, textOf, upgrade, workspacePath } from './workspace-support';
import { request } from '../utils';

describe('connecting to the workspace', () => {
  it('upgrades a member through the Worker (the security headers leave the 101 alone)', async () => {
    const { jar, projectId } = await ownerWithProject();
    const response = await upgrade(projectId, jar);
    expect(response.status).toBe(101);
    expect(response.webSocket).toBeTruthy();
    response.webSocket!.accept();
    response.webSocket!.close(1000);
  });

  it('refuses a visitor with no session or an expired one (401)', async () => {
    const { projectId } = await ownerWithProject();
    expect((await upgrade(projectId, null)).status).toBe(401);
    const expired = 'lm_access=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwiZXhwIjoxfQ.invalid';
    expect((await upgrade(projectId, null, { Cookie: `__Host-${expired}` })).status).toBe(401);
  });

  it('answers 404 to a non-member, a forged id and an unknown project, with nothing leaked', async () => {
    const { projectId } = await ownerWithProject();
    const stranger = await signedInUser();
    for (const id of [projectId, 'not-a-project', crypto.randomUUID()]) {
      const response = await upgrade(id, stranger.jar);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Project not found.' });
    }
    expect((await request(`${workspacePath(projectId)}/get-messages`, {}, { jar: stranger.jar })).status).toBe(404);
  });

  it('refuses a removed member, and closes their open socket at once', async () => {
    const { jar, projectId } = await ownerWithProject();
    const collaborator = await addCollaborator(jar, projectId);
    const socket = await openSocket(projectId, collaborator.jar);
    const { closeMemberConnections } = await import('../../worker/agents/project-lifecycle');
    const userId = (await db().prepare('SELECT id FROM users WHERE email = ?').bind(collaborator.email).first<{ id: string }>())!.id;
    await db().prepare('DELETE FROM project_members WHERE project_id = ? AND user_id = ?').bind(projectId, userId).run();
    await closeMemberConnections(env, projectId, userId);
    expect((await socket.waitForClose()).code).toBe(4403);
    expect((await upgrade(projectId, collaborator.jar)).status).toBe(404);
  });

  it('refuses a WebSocket opened from another site', async () => {
    const { jar, projectId } = await ownerWithProject();
    expect((await upgrade(projectId, jar, { Origin: 'https://evil.example' })).status).toBe(403);
  });

  it('ignores identity headers sent by the browser: messages carry the signed-in member', async () => {
    const model = await lane({ replies: [{ content: 'Noted.' }] });
    const { jar, projectId } = await ownerWithProject();
    const response = await upgrade(projectId, jar, { 'X-Launchmate-User-Id': 'someone-else', 'X-Launchmate-Role': 'owner' });
    const { TestSocket } = await import('./workspace-support');
    const socket = new TestSocket(response.webSocket!);
    const sent = send(socket, `Hello ${model.tag}`);
    await answerEnd(socket, sent.requestId);
    const [mine] = await storedMessages(projectId, jar);
    const me = await db().prepare('SELECT id FROM users u JOIN project_members m ON m.user_id = u.id WHERE m.project_id = ?').bind(projectId).first<{ id: string }>();
    expect(mine!.metadata!.author).toMatchObject({ kind: 'member', userId: me!.id });
    expect(textOf(mine)).toBe(`Hello ${model.tag}`);
    socket.close();
  });
});
