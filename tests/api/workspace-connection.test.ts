import { env } from 'cloudflare:workers';
import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { sessionSecret } from '../../worker/services/sessions';
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
    const { projectId, email } = await ownerWithProject();
    expect((await upgrade(projectId, null)).status).toBe(401);
    // The owner's own token, correctly signed, but past its expiry.
    const userId = (await db().prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: string }>())!.id;
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign(
      { sub: userId, jti: crypto.randomUUID(), iat: now - 3600, exp: now - 60 },
      sessionSecret(env, new Request(env.APP_URL)),
      'HS256',
    );
    expect((await upgrade(projectId, null, { Cookie: `__Host-lm_access=${expired}` })).status).toBe(401);
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
    const { memberLeft } = await import('../../worker/agents/project-lifecycle');
    const userId = (await db().prepare('SELECT id FROM users WHERE email = ?').bind(collaborator.email).first<{ id: string }>())!.id;
    await db().prepare('DELETE FROM project_members WHERE project_id = ? AND user_id = ?').bind(projectId, userId).run();
    await memberLeft(env, projectId, userId);
    expect((await socket.waitForClose()).code).toBe(4403);
    expect((await upgrade(projectId, collaborator.jar)).status).toBe(404);
  });

  it('refuses a WebSocket opened from another site', async () => {
    const { jar, projectId } = await ownerWithProject();
    expect((await upgrade(projectId, jar, { Origin: 'https://evil.example' })).status).toBe(403);
  });

  it('accepts locally a WebSocket from the loopback origin it was sent to, as the forms do', async () => {
    const { jar, projectId } = await ownerWithProject();
    const own = new URL(env.APP_URL);
    own.hostname = '127.0.0.1';
    const response = await request(`${own.origin}${workspacePath(projectId)}`, { headers: { Upgrade: 'websocket', Origin: own.origin } }, { jar });
    expect(response.status).toBe(101);
    response.webSocket!.accept();
    response.webSocket!.close(1000);
    const elsewhere = await request(`${own.origin}${workspacePath(projectId)}`, { headers: { Upgrade: 'websocket', Origin: 'http://127.0.0.1:1' } }, { jar });
    expect(elsewhere.status).toBe(403);
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
    const me = await db()
      .prepare('SELECT id FROM users u JOIN project_members m ON m.user_id = u.id WHERE m.project_id = ?')
      .bind(projectId)
      .first<{ id: string }>();
    expect(mine!.metadata!.author).toMatchObject({ kind: 'member', userId: me!.id });
    expect(textOf(mine)).toBe(`Hello ${model.tag}`);
    socket.close();
  });

  it('erases the conversation and closes every socket when the project is deleted', async () => {
    const model = await lane({ replies: [{ content: 'Soon gone.' }] });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const sent = send(socket, `Keep this ${model.tag}`);
    await answerEnd(socket, sent.requestId);
    // Whether any table of the object's SQLite still holds the conversation's text.
    const { runInDurableObject } = await import('cloudflare:test');
    const stub = env.COFOUNDER.get(env.COFOUNDER.idFromName(projectId));
    const holdsText = () =>
      runInDurableObject(stub, (_instance, state) =>
        [
          ...state.storage.sql.exec<{ name: string }>(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name NOT LIKE '\\_cf%' ESCAPE '\\'",
          ),
        ].some(({ name }) => JSON.stringify([...state.storage.sql.exec(`SELECT * FROM "${name}"`)]).includes(model.tag)),
      );
    expect(await holdsText()).toBe(true);
    const { deleteProjectConversation } = await import('../../worker/agents/project-lifecycle');
    await deleteProjectConversation(env, projectId);
    expect((await socket.waitForClose()).code).toBe(4404);
    expect(await holdsText()).toBe(false);
  });
});

describe('phase progress', () => {
  it('lists the phases each project has completed', async () => {
    const { jar, projectId } = await ownerWithProject();
    await db().prepare('INSERT INTO project_phases (project_id, phase, completed_at) VALUES (?, 1, ?)').bind(projectId, Date.now()).run();
    const list = await (await request('/api/project', {}, { jar })).json<{ projects: { id: string; phasesDone: number[] }[] }>();
    expect(list.projects).toEqual([expect.objectContaining({ id: projectId, phasesDone: [1] })]);
  });
});
