import { env } from 'cloudflare:workers';
import { listDurableObjectIds, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FORWARDED_PATHS } from '../../worker/routes/cofounder';
import { TRUSTED_HEADERS } from '../../worker/agents/members';
import { workspaceNamespace } from '../../worker/agents/project-lifecycle';
import { db, freshClient, postJson, request, type CookieJar } from '../utils';
import {
  addCollaborator,
  answerEnd,
  lane,
  openSocket,
  ownerWithProject,
  send,
  TestSocket,
  type StoredMessage,
  textOf,
  upgrade,
  workspacePath,
  type Frame,
} from './workspace-support';

/**
 * The workspace keeps every project to its members (docs/security.md §23): only the socket and the
 * history reach a project's object, sockets end with the session that opened them, answers are
 * charged and stopped fairly, and every text field keeps one rule.
 */

const today = () => new Date().toISOString().slice(0, 10);
const usage = async (key: string) =>
  (await db().prepare('SELECT count FROM cofounder_usage WHERE day = ? AND key = ?').bind(today(), key).first<{ count: number }>())?.count ?? 0;
const userIdOf = async (email: string) => (await db().prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: string }>())!.id;
const stub = (projectId: string) => workspaceNamespace(env).get(workspaceNamespace(env).idFromName(projectId));

/** The sub-agents a project's object has ever made (the SDK's registry in its own SQLite). */
const subAgentsOf = (projectId: string) =>
  runInDurableObject(stub(projectId), async (_instance, state: DurableObjectState) => {
    const table = state.storage.sql.exec(`SELECT name FROM sqlite_master WHERE name = 'cf_agents_sub_agents'`).toArray();
    return table.length === 0 ? 0 : Number(state.storage.sql.exec('SELECT COUNT(*) AS n FROM cf_agents_sub_agents').one().n);
  });

async function secondSession(email: string, password: string): Promise<CookieJar> {
  const { CookieJar } = await import('../utils');
  const jar = new CookieJar();
  const signedIn = await postJson('/api/auth/sign-in', { email, password }, { 'CF-Connecting-IP': freshClient() }, { jar });
  if (signedIn.status !== 200) throw new Error(`Sign-in failed: ${signedIn.status}`);
  return jar;
}

const memoryResult = (socket: TestSocket, requestId: string) =>
  socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === requestId, { what: `the answer to ${requestId}` });

describe('only the workspace paths reach a project object', () => {
  it('refuses the sub-agent path into another project: no socket, no object, no write, no read', async () => {
    const a = await ownerWithProject('Project A');
    const b = await ownerWithProject('Project B');
    // B has research answers and phase progress a stranger must never read or write.
    await db().prepare('INSERT INTO project_phases (project_id, phase, completed_at) VALUES (?1, 1, ?2)').bind(b.projectId, Date.now()).run();
    const phasesBefore = await db().prepare('SELECT phase FROM project_phases WHERE project_id = ?').bind(b.projectId).all();
    const model = await lane({ replies: [{ toolCalls: [{ name: 'read_research_responses', arguments: {} }] }, { content: 'Read.' }] });
    const idsBefore = (await listDurableObjectIds(env.COFOUNDER)).length;

    const viaPath = await request(`${workspacePath(a.projectId)}/sub/cofounder-agent/${b.projectId}`, { headers: { Upgrade: 'websocket' } }, { jar: a.jar });
    expect(viaPath.status).toBe(404);
    expect(viaPath.webSocket).toBeFalsy();

    const reads = await Promise.all(
      Array.from({ length: 50 }, () => request(`${workspacePath(a.projectId)}/sub/cofounder-agent/${crypto.randomUUID()}/get-messages`, {}, { jar: a.jar })),
    );
    expect(reads.map((response) => response.status)).toEqual(Array(50).fill(404));
    expect((await listDurableObjectIds(env.COFOUNDER)).length).toBe(idsBefore);
    expect(await model.requests()).toHaveLength(0);
    expect((await db().prepare('SELECT phase FROM project_phases WHERE project_id = ?').bind(b.projectId).all()).results).toEqual(phasesBefore.results);
  });

  it('refuses a sub-agent in the object too, when a request reaches it directly', async () => {
    const a = await ownerWithProject('Project A');
    const b = await ownerWithProject('Project B');
    const userId = await userIdOf(a.email);
    const headers = { [TRUSTED_HEADERS.userId]: userId, [TRUSTED_HEADERS.role]: 'owner', [TRUSTED_HEADERS.name]: 'a', [TRUSTED_HEADERS.sessionFamily]: 'f' };
    const direct = await stub(a.projectId).fetch(`https://workspace/api/projects/${a.projectId}/cofounder/sub/cofounder-agent/${b.projectId}/get-messages`, {
      headers,
    });
    expect(direct.status).toBe(404);
    // A socket is answered the SDK's way: accepted and closed at once, before any child exists.
    const upgraded = await stub(a.projectId).fetch(`https://workspace/api/projects/${a.projectId}/cofounder/sub/cofounder-agent/${b.projectId}`, {
      headers: { ...headers, Upgrade: 'websocket' },
    });
    const refused = new TestSocket(upgraded.webSocket!);
    expect((await refused.waitForClose(1000)).code).toBe(4404);
    expect(refused.frames).toEqual([]);
    expect(await subAgentsOf(a.projectId)).toBe(0);
    // The object names itself by the id the Worker addressed it with.
    expect(await runInDurableObject(stub(a.projectId), (instance: { name: string }) => instance.name)).toBe(a.projectId);
  });

  it('forwards exactly the socket and the history; every other path under the prefix is a 404', async () => {
    expect(FORWARDED_PATHS.map((path) => `${path.method} ${path.suffix || '/'}${path.upgrade ? ' (WebSocket)' : ''}`)).toEqual([
      'GET / (WebSocket)',
      'GET /get-messages',
    ]);
    const { jar, projectId } = await ownerWithProject();
    const socket = await upgrade(projectId, jar);
    expect(socket.status).toBe(101);
    socket.webSocket!.accept();
    socket.webSocket!.close(1000);
    expect((await request(`${workspacePath(projectId)}/get-messages`, {}, { jar })).status).toBe(200);

    const refused: [string, string, Record<string, string>?][] = [
      ['GET', '', {}],
      ['POST', '', { Upgrade: 'websocket' }],
      ['POST', '/get-messages'],
      ['GET', '/get-messages/more'],
      ['GET', '/sub/cofounder-agent/x'],
      ['GET', '/sub/cofounder-agent/x/get-messages'],
      ['GET', '/agents/cofounder-agent/x'],
      ['GET', '/anything'],
      ['PUT', '/get-messages'],
      ['DELETE', ''],
      ['GET', '/%2e%2e/get-messages'],
    ];
    for (const [method, suffix, headers] of refused) {
      const response = await request(`${workspacePath(projectId)}${suffix}`, { method, headers }, { jar });
      expect({ method, suffix, status: response.status }).toEqual({ method, suffix, status: 404 });
    }
  });
});

describe('sockets end with the session that opened them', () => {
  it('closes every open workspace of the account at once on "Sign out of all devices", in every project', async () => {
    const owner = await ownerWithProject('Mine');
    const other = await ownerWithProject('Theirs');
    await db()
      .prepare(`INSERT INTO project_members (project_id, user_id, role, created_at) VALUES (?1, ?2, 'collaborator', ?3)`)
      .bind(other.projectId, await userIdOf(owner.email), Date.now())
      .run();
    const mine = await openSocket(owner.projectId, owner.jar);
    const theirs = await openSocket(other.projectId, owner.jar);
    const started = Date.now();
    expect((await postJson('/api/user/sign-out-everywhere', {}, {}, { jar: owner.jar })).status).toBe(200);
    const closes = await Promise.all([mine.waitForClose(1000), theirs.waitForClose(1000)]);
    expect(closes.map((close) => close.code)).toEqual([4401, 4401]);
    expect(closes[0]!.reason).toBe('You were signed out.');
    expect(Date.now() - started).toBeLessThan(1000);
    // The other founder's socket to their own project stays open.
    const otherSocket = await openSocket(other.projectId, other.jar);
    expect(otherSocket.closed).toBeNull();
    otherSocket.close();
  });

  it('closes the other devices on a password change and keeps this one', async () => {
    const owner = await ownerWithProject();
    const laptop = await secondSession(owner.email, owner.password);
    const here = await openSocket(owner.projectId, owner.jar);
    const there = await openSocket(owner.projectId, laptop);
    const changed = await request(
      '/api/user/password',
      {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ currentPassword: owner.password, newPassword: 'another long password' }),
      },
      { jar: owner.jar },
    );
    expect(changed.status).toBe(200);
    expect((await there.waitForClose(1000)).code).toBe(4401);
    const model = await lane({ replies: [{ content: 'Still here.' }] });
    const sent = send(here, `Still signed in ${model.tag}`);
    await answerEnd(here, sent.requestId);
    expect(here.closed).toBeNull();
    here.close();
  });

  it('closes only the signed-out browser on sign-out, and every browser on a password reset', async () => {
    const owner = await ownerWithProject();
    const laptop = await secondSession(owner.email, owner.password);
    const phone = await openSocket(owner.projectId, owner.jar);
    const desk = await openSocket(owner.projectId, laptop);
    expect((await request('/api/auth/sign-out', { method: 'POST' }, { jar: laptop })).status).toBe(200);
    expect((await desk.waitForClose(1000)).code).toBe(4401);
    expect(phone.closed).toBeNull();

    await postJson('/api/auth/forgot-password', { email: owner.email }, { 'CF-Connecting-IP': freshClient() });
    const { latestLink, tokenOf } = await import('../utils');
    const token = tokenOf(await latestLink(owner.email, '/reset-password/'));
    expect((await postJson(`/api/auth/reset-password/${token}`, { new_password: 'a brand new password' })).status).toBe(200);
    expect((await phone.waitForClose(1000)).code).toBe(4401);
  });

  it('refuses writes from a socket whose session was revoked with no news reaching the object', async () => {
    const owner = await ownerWithProject();
    const socket = await openSocket(owner.projectId, owner.jar);
    // Revoked straight in D1, as a crash between the revocation and the close would leave it.
    await db()
      .prepare('UPDATE refresh_tokens SET revoked_at = ?1 WHERE user_id = ?2')
      .bind(Date.now(), await userIdOf(owner.email))
      .run();
    const model = await lane({ replies: [{ content: 'Should never be asked.' }] });
    const before = await storedMessagesDirect(owner.projectId);
    send(socket, `After sign-out ${model.tag}`);
    socket.send({ type: 'memory_create', requestId: 'r1', content: { kind: 'note', title: 'Ghost', body: 'Written after sign-out.' } });
    expect((await socket.waitForClose(1000)).code).toBe(4401);
    expect(await storedMessagesDirect(owner.projectId)).toEqual(before);
    expect(await model.requests()).toHaveLength(0);
    const memory = await memoryOf(owner.projectId);
    expect(memory).toEqual([]);
  });

  it("closes a deleted account's sockets in projects that live on, and stores nothing under its old id", async () => {
    const owner = await ownerWithProject();
    const collaborator = await addCollaborator(owner.jar, owner.projectId);
    const theirs = await openSocket(owner.projectId, collaborator.jar);
    const watching = await openSocket(owner.projectId, owner.jar);
    const from = watching.frames.length;
    const deleted = await request(
      '/api/user',
      { method: 'DELETE', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ confirmation: collaborator.email }) },
      { jar: collaborator.jar },
    );
    expect(deleted.status).toBe(200);
    expect((await theirs.waitForClose(1000)).code).toBe(4401);
    // Presence no longer shows them.
    const presence = await watching.waitFor((frame) => frame.type === 'cf_agent_state' && (frame.state as { presence: unknown[] }).presence.length === 1, {
      from,
      what: 'presence without them',
    });
    expect((presence.state as { presence: { name: string }[] }).presence.map((member) => member.name)).not.toContain(collaborator.email.split('@')[0]);
    watching.close();
  });
});

describe('answers are charged and shown honestly', () => {
  it('completes and charges an answer in which a tool refused and the model corrected itself', async () => {
    const model = await lane({
      replies: [
        { toolCalls: [{ name: 'update_memory', arguments: { id: 'no-such-entry', title: 'Users', body: 'Dentists.' } }] },
        { content: 'That entry does not exist; I will add it instead.' },
      ],
    });
    const { jar, projectId, email } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const sent = send(socket, `Update the users ${model.tag}`);
    await answerEnd(socket, sent.requestId);
    const answer = (await storedMessagesDirect(projectId)).at(-1)!;
    expect(answer.metadata?.status).toBe('complete');
    expect(answer.metadata?.failure).toBeUndefined();
    expect(textOf(answer)).toContain('I will add it instead');
    const toolPart = answer.parts.find((part) => part.type === 'tool-update_memory') as { state: string; errorText?: string };
    expect(toolPart.state).toBe('output-error');
    expect(toolPart.errorText).toContain('No memory entry has the id no-such-entry');
    expect(await usage(`member:${await userIdOf(email)}`)).toBe(1);
    socket.close();
  });

  it("refuses another member's Stop, and lets the asker and the owner stop", async () => {
    const slow = { content: 'A long and careful answer. '.repeat(40), tokensPerSecond: 60 };
    const model = await lane({ replies: [slow] });
    const owner = await ownerWithProject();
    const collaborator = await addCollaborator(owner.jar, owner.projectId);
    const ownerSocket = await openSocket(owner.projectId, owner.jar);
    const theirSocket = await openSocket(owner.projectId, collaborator.jar);

    // The owner asks; the collaborator's Stop is refused and the answer completes.
    const asked = send(ownerSocket, `Owner question ${model.tag}`);
    await ownerSocket.waitFor((frame) => frame.type === 'cf_agent_use_chat_response' && frame.id === asked.requestId && frame.done === false);
    theirSocket.send({ type: 'cf_agent_chat_request_cancel', id: asked.requestId });
    await answerEnd(ownerSocket, asked.requestId, 20_000);
    expect((await storedMessagesDirect(owner.projectId)).at(-1)!.metadata?.status).toBe('complete');

    // The collaborator asks; the owner may stop it.
    const theirs = send(theirSocket, `Collaborator question ${model.tag}`);
    await theirSocket.waitFor((frame) => frame.type === 'cf_agent_use_chat_response' && frame.id === theirs.requestId && frame.done === false);
    ownerSocket.send({ type: 'cf_agent_chat_request_cancel', id: theirs.requestId });
    await answerEnd(theirSocket, theirs.requestId, 20_000);
    expect((await storedMessagesDirect(owner.projectId)).at(-1)!.metadata?.status).toBe('stopped');
    ownerSocket.close();
    theirSocket.close();
  });

  it('fails a model that sends its headers and then nothing after the stall time-out, not the step time-out', async () => {
    const model = await lane({ replies: [{ silentAfterHeaders: true }] });
    const { jar, projectId, email } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const started = Date.now();
    const sent = send(socket, `Silent model ${model.tag}`);
    await answerEnd(socket, sent.requestId, 10_000);
    // The stall time-out is 700 ms in tests, the step time-out 15 s.
    expect(Date.now() - started).toBeLessThan(5000);
    const answer = (await storedMessagesDirect(projectId)).at(-1)!;
    expect(answer.metadata).toMatchObject({ status: 'failed', failure: 'The co-founder took too long to answer. Please retry.' });
    expect(await usage(`member:${await userIdOf(email)}`)).toBe(0);
    socket.close();
  });

  it('says that queued sends hold the allowance, and frees it when they fail', async () => {
    // Every answer stalls and fails: each send holds its share until then.
    const model = await lane({ replies: [{ silentAfterHeaders: true }] });
    const { jar, projectId, email } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const sent = Array.from({ length: 6 }, (_, i) => send(socket, `Queued ${i} ${model.tag}`));
    const over = send(socket, `One too many ${model.tag}`);
    const refusal = await socket.waitFor((frame) => frame.type === 'send_refused' && frame.requestId === over.requestId);
    expect(refusal.limit).toBe('member_daily');
    expect(String(refusal.error)).toMatch(/still waiting for an answer/);
    expect(String(refusal.error)).toMatch(/any that fails is given back/);
    for (const each of sent) await answerEnd(socket, each.requestId, 20_000);
    expect(await usage(`member:${await userIdOf(email)}`)).toBe(0);
    const again = send(socket, `After the failures ${model.tag}`);
    const accepted = await socket.waitFor(
      (frame) =>
        (frame.type === 'send_refused' && frame.requestId === again.requestId) || (frame.type === 'cf_agent_use_chat_response' && frame.id === again.requestId),
    );
    expect(accepted.type).toBe('cf_agent_use_chat_response');
    await answerEnd(socket, again.requestId, 20_000);
    socket.close();
  }, 60_000);
});

describe('one text rule for the memory, from members, tools and HTTP', () => {
  const BAD_TITLES = ['Line\nbreak', 'Tab\there', 'Right\u202Eto left', 'Zero\u200Bwidth', 'Lone \uD800 surrogate', 'Nul\u0000', 'Esc\u001B[31m'];

  it('refuses each refused character in a member frame, and keeps line breaks in a body', async () => {
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    for (const [index, title] of BAD_TITLES.entries()) {
      socket.send({ type: 'memory_create', requestId: `bad${index}`, content: { kind: 'note', title, body: 'Body' } });
      const result = await memoryResult(socket, `bad${index}`);
      expect({ title, ok: result.ok, reason: result.reason }).toEqual({ title, ok: false, reason: 'invalid' });
    }
    socket.send({ type: 'memory_create', requestId: 'body', content: { kind: 'note', title: 'Fine', body: 'Bad \u202E body' } });
    expect((await memoryResult(socket, 'body')).ok).toBe(false);
    socket.send({ type: 'memory_create', requestId: 'good', content: { kind: 'note', title: 'Café 🍰 Ș', body: 'Two lines\nand a\ttab' } });
    const good = await memoryResult(socket, 'good');
    expect(good.ok).toBe(true);
    expect((good.value as { body: string }).body).toBe('Two lines\nand a\ttab');
    socket.close();
  });

  it("refuses the model's NUL and ESC: the tool reports it and nothing is stored", async () => {
    const model = await lane({
      replies: [
        { toolCalls: [{ name: 'write_memory', arguments: { kind: 'note', title: 'Colours', body: 'Red \u001B[31m and \u0000 nul' } }] },
        { content: 'I could not save that.' },
      ],
    });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const sent = send(socket, `Remember this ${model.tag}`);
    await answerEnd(socket, sent.requestId);
    const memory = await memoryOf(projectId);
    expect(memory).toEqual([]);
    expect((await storedMessagesDirect(projectId)).at(-1)!.metadata?.status).toBe('complete');
    socket.close();
  });

  it('refuses the same characters in HTTP bodies (a project name, a research question)', async () => {
    const { jar, projectId } = await ownerWithProject();
    for (const name of ['Right\u202Eto left', 'Zero\u200Bwidth', 'Lone \uDC00 surrogate']) {
      const created = await request(
        `/api/project/${projectId}`,
        { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name }) },
        { jar },
      );
      expect({ name, status: created.status }).toEqual({ name, status: 400 });
    }
  });

  it('replaces the chosen idea in a full memory: replacing never needs a free slot', async () => {
    const idea = {
      title: 'Waiting-list filler',
      problem: 'Cancelled appointments leave chairs empty.',
      whoHasIt: 'Practice managers.',
      proposedSolution: 'Texts the waiting list.',
      whyNow: 'Patients rebook by text.',
      riskiestAssumption: 'Clinics trust automated messages.',
      openQuestions: [],
    };
    const model = await lane({
      replies: [
        { toolCalls: [{ name: 'save_chosen_idea', arguments: idea }] },
        { content: 'Saved.' },
        { toolCalls: [{ name: 'save_chosen_idea', arguments: { ...idea, title: 'Waiting-list filler, sharper' } }] },
        { content: 'Replaced.' },
      ],
    });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const first = send(socket, `Save the idea ${model.tag}`);
    await answerEnd(socket, first.requestId);
    // The phases' artifacts have their own limits: the memory's 100 entries are the notes beside them.
    for (let i = 0; i < 100; i++) socket.send({ type: 'memory_create', requestId: `fill${i}`, content: { kind: 'note', title: `Note ${i}`, body: 'Filler.' } });
    await memoryResult(socket, 'fill99');
    socket.send({ type: 'memory_create', requestId: 'full', content: { kind: 'note', title: 'One more', body: 'No room.' } });
    expect(await memoryResult(socket, 'full')).toMatchObject({ ok: false, reason: 'full' });
    const second = send(socket, `Sharpen the idea ${model.tag}`);
    await answerEnd(socket, second.requestId);
    const memory = await memoryOf(projectId);
    expect(memory).toHaveLength(101);
    expect(memory.find((entry) => entry.kind === 'chosen_idea')).toMatchObject({ title: 'Waiting-list filler, sharper', version: 2 });
    socket.close();
  }, 30_000);
});

describe('the account export carries the conversation and the memory', () => {
  it('exports every project the account belongs to with its messages, answers and memory history', async () => {
    const model = await lane({
      replies: [
        { toolCalls: [{ name: 'write_memory', arguments: { kind: 'decision', title: 'Start with dentists', body: 'Smallest clear niche.' } }] },
        { content: 'Noted.' },
      ],
    });
    const owner = await ownerWithProject('Exported');
    const collaborator = await addCollaborator(owner.jar, owner.projectId);
    const socket = await openSocket(owner.projectId, owner.jar);
    const sent = send(socket, `Decide the niche ${model.tag}`);
    await answerEnd(socket, sent.requestId);
    const entryId = (await memoryOf(owner.projectId))[0]!;
    socket.send({
      type: 'memory_update',
      requestId: 'edit',
      id: entryId.id,
      baseVersion: entryId.version,
      content: { kind: 'decision', title: 'Start with dental clinics', body: 'Smallest clear niche.' },
    });
    await memoryResult(socket, 'edit');
    socket.close();

    for (const jar of [owner.jar, collaborator.jar]) {
      const response = await request('/api/user/export', {}, { jar });
      expect(response.status).toBe(200);
      const data = await response.json<{
        projects: {
          id: string;
          workspace: { messages: Frame[]; memory: { entries: { title: string }[]; history: { action: string; by: { kind: string } }[] } };
        }[];
      }>();
      const project = data.projects.find((each) => each.id === owner.projectId)!;
      expect(project.workspace.messages.map((message) => [(message.author as { kind: string }).kind, message.status])).toEqual([
        ['member', null],
        ['cofounder', 'complete'],
      ]);
      expect(project.workspace.messages[0]!.text).toContain('Decide the niche');
      expect((project.workspace.messages[1]!.tools as { name: string }[]).map((tool) => tool.name)).toEqual(['write_memory']);
      expect(project.workspace.memory.entries.map((entry) => entry.title)).toEqual(['Start with dental clinics']);
      expect(project.workspace.memory.history.map((change) => [change.action, change.by.kind])).toEqual([
        ['created', 'cofounder'],
        ['updated', 'member'],
      ]);
    }
  });
});

/** The stored conversation read straight from the object, for sessions that can no longer read it. */
function memoryOf(projectId: string) {
  return runInDurableObject(
    stub(projectId),
    (instance) => (instance as unknown as { state: { memory: { id: string; kind: string; title: string; version: number }[] } }).state.memory,
  );
}

function storedMessagesDirect(projectId: string) {
  return runInDurableObject(stub(projectId), (instance) => (instance as unknown as { messages: StoredMessage[] }).messages);
}
