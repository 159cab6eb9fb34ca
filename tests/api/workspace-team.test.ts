import { describe, expect, it } from 'vitest';
import { db, request } from '../utils';
import {
  addCollaborator,
  answerEnd,
  chatRequest,
  lane,
  openSocket,
  ownerWithProject,
  send,
  storedMessages,
  textOf,
  type TestSocket,
} from './workspace-support';

/**
 * A team talks in the workspace (docs/decisions/0043-team-notes-and-turns.md): notes to each other
 * that the co-founder reads but does not answer or charge, answers that name the message they
 * answer, Regenerate that keeps the earlier version, and edits of one's own latest message that
 * ask again and show that they were edited.
 */

const today = () => new Date().toISOString().slice(0, 10);
const usage = async (email: string) => {
  const user = await db().prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: string }>();
  return (
    (await db().prepare('SELECT count FROM cofounder_usage WHERE day = ? AND key = ?').bind(today(), `member:${user!.id}`).first<{ count: number }>())?.count ??
    0
  );
};

/** Sends a chat request with an extra body, as useAgentChat does with sendMessage(message, { body }). */
function sendWithBody(socket: TestSocket, text: string, extra: object, messageId?: string) {
  const built = chatRequest(text, { messageId });
  const body = JSON.parse(built.frame.init.body) as object;
  socket.send({ ...built.frame, init: { method: 'POST', body: JSON.stringify({ ...body, ...extra }) } });
  return built;
}

describe('notes to the team', () => {
  it('stores a note for every member, asks the model nothing and charges nothing; the next answer reads it', async () => {
    const model = await lane({ replies: [{ content: 'With the clinic numbers from your note, here is the plan.' }] });
    const owner = await ownerWithProject();
    const collaborator = await addCollaborator(owner.jar, owner.projectId);
    const ownerSocket = await openSocket(owner.projectId, owner.jar);
    const theirSocket = await openSocket(owner.projectId, collaborator.jar);

    const note = sendWithBody(ownerSocket, `Hi, I'm here. Clinics lose 4 slots a week ${model.tag}`, { note: true });
    await answerEnd(ownerSocket, note.requestId);
    await theirSocket.waitFor((frame) => frame.type === 'cf_agent_chat_messages' && JSON.stringify(frame.messages).includes('Clinics lose 4 slots'));
    expect(await model.requests()).toHaveLength(0);
    expect(await usage(owner.email)).toBe(0);
    const [stored] = await storedMessages(owner.projectId, owner.jar);
    expect(stored!.metadata).toMatchObject({ note: true, author: { kind: 'member' } });

    const asked = send(theirSocket, `What next? ${model.tag}`);
    await answerEnd(theirSocket, asked.requestId);
    const [body] = await model.bodies();
    const sentToModel = JSON.stringify(body!.messages);
    expect(sentToModel).toContain('[note to the team]: Hi, I');
    const messages = await storedMessages(owner.projectId, owner.jar);
    expect(messages.map((message) => message.role)).toEqual(['user', 'user', 'assistant']);
    ownerSocket.close();
    theirSocket.close();
  });
});

describe('answers name their question', () => {
  it('ties each of two simultaneous questions to its own answer', async () => {
    const model = await lane({ replies: [{ content: 'First answer.' }, { content: 'Second answer.' }] });
    const owner = await ownerWithProject();
    const collaborator = await addCollaborator(owner.jar, owner.projectId);
    const ownerSocket = await openSocket(owner.projectId, owner.jar);
    const theirSocket = await openSocket(owner.projectId, collaborator.jar);
    const first = send(ownerSocket, `Owner asks ${model.tag}`);
    const second = send(theirSocket, `Collaborator asks ${model.tag}`);
    await answerEnd(ownerSocket, first.requestId);
    await answerEnd(theirSocket, second.requestId);
    const messages = await storedMessages(owner.projectId, owner.jar);
    const answers = messages.filter((message) => message.role === 'assistant');
    expect(answers.map((answer) => (answer.metadata as { answers?: string }).answers ?? '').sort()).toEqual([first.messageId, second.messageId].sort());
    ownerSocket.close();
    theirSocket.close();
  });
});

describe('Regenerate and edit', () => {
  it('regenerates a complete latest answer, charged, keeping the earlier version', async () => {
    const model = await lane({ replies: [{ content: 'The first take.' }, { content: 'A second take.' }] });
    const { jar, projectId, email } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const asked = send(socket, `Give me a take ${model.tag}`);
    await answerEnd(socket, asked.requestId);
    const again = chatRequest('', { trigger: 'regenerate-message' });
    socket.send(again.frame);
    await answerEnd(socket, again.requestId);
    const messages = await storedMessages(projectId, jar);
    expect(messages).toHaveLength(2);
    const answer = messages[1]!;
    expect(textOf(answer)).toBe('A second take.');
    expect(answer.metadata).toMatchObject({ status: 'complete', answers: asked.messageId, previousVersions: [{ text: 'The first take.' }] });
    expect(await usage(email)).toBe(2);
    socket.close();
  });

  it("edits the member's own latest message and asks again; the edit shows what it said before", async () => {
    const model = await lane({ replies: [{ content: 'About dentists.' }, { content: 'About vets.' }] });
    const owner = await ownerWithProject();
    const collaborator = await addCollaborator(owner.jar, owner.projectId);
    const socket = await openSocket(owner.projectId, owner.jar);
    const theirSocket = await openSocket(owner.projectId, collaborator.jar);
    const asked = send(socket, `Idea for dentists ${model.tag}`);
    await answerEnd(socket, asked.requestId);

    // Another member cannot edit it.
    const theirs = sendWithBody(theirSocket, `Idea for cats ${model.tag}`, { edits: asked.messageId }, asked.messageId);
    const refused = await theirSocket.waitFor((frame) => frame.type === 'send_refused' && frame.requestId === theirs.requestId);
    expect(refused.error).toBe('You can only edit your own messages.');

    const edit = sendWithBody(socket, `Idea for vets ${model.tag}`, { edits: asked.messageId }, asked.messageId);
    await answerEnd(socket, edit.requestId);
    const messages = await storedMessages(owner.projectId, owner.jar);
    expect(messages).toHaveLength(2);
    expect(textOf(messages[0])).toBe(`Idea for vets ${model.tag}`);
    expect(messages[0]!.metadata).toMatchObject({ edited: { previousText: `Idea for dentists ${model.tag}` } });
    expect(textOf(messages[1])).toBe('About vets.');
    expect(messages[1]!.metadata).toMatchObject({ answers: asked.messageId, previousVersions: [{ text: 'About dentists.' }] });

    // Once someone else has written, it is no longer the latest: no more edits.
    const later = send(theirSocket, `A later message ${model.tag}`);
    await answerEnd(theirSocket, later.requestId);
    const late = sendWithBody(socket, `Idea for horses ${model.tag}`, { edits: asked.messageId }, asked.messageId);
    const lateRefusal = await socket.waitFor((frame) => frame.type === 'send_refused' && frame.requestId === late.requestId);
    expect(lateRefusal.error).toMatch(/Only your latest message can be edited/);
    socket.close();
    theirSocket.close();
  });

  it('edits a note without asking the model or charging', async () => {
    const model = await lane({ replies: [{ content: 'Should not be asked.' }] });
    const { jar, projectId, email } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const note = sendWithBody(socket, `Call the clinic at 9 ${model.tag}`, { note: true });
    await answerEnd(socket, note.requestId);
    const edit = sendWithBody(socket, `Call the clinic at 10 ${model.tag}`, { edits: note.messageId }, note.messageId);
    await answerEnd(socket, edit.requestId);
    const messages = await storedMessages(projectId, jar);
    expect(messages.map(textOf)).toEqual([`Call the clinic at 10 ${model.tag}`]);
    expect(messages[0]!.metadata).toMatchObject({ note: true, edited: { previousText: `Call the clinic at 9 ${model.tag}` } });
    expect(await model.requests()).toHaveLength(0);
    expect(await usage(email)).toBe(0);
    socket.close();
  });
});

describe('deleting what completed a phase', () => {
  it("reopens the phase in D1 and in every member's panel when the chosen idea is deleted", async () => {
    const idea = {
      title: 'Waiting-list filler',
      problem: 'Cancelled appointments leave chairs empty.',
      whoHasIt: 'Practice managers.',
      proposedSolution: 'Texts the waiting list.',
      whyNow: 'Patients rebook by text.',
      riskiestAssumption: 'Clinics trust automated messages.',
      openQuestions: [],
    };
    const model = await lane({ replies: [{ toolCalls: [{ name: 'save_chosen_idea', arguments: idea }] }, { content: 'Saved.' }] });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const sent = send(socket, `Save it ${model.tag}`);
    await answerEnd(socket, sent.requestId);
    const phaseRows = () => db().prepare('SELECT phase FROM project_phases WHERE project_id = ?').bind(projectId).all<{ phase: number }>();
    expect((await phaseRows()).results.map((row) => row.phase)).toEqual([1]);
    const chosen = socket.latestState<{ memory: { id: string; kind: string; version: number }[] }>()!.memory.find((entry) => entry.kind === 'chosen_idea')!;

    const from = socket.frames.length;
    socket.send({ type: 'memory_delete', requestId: 'del', id: chosen.id, baseVersion: chosen.version });
    const result = await socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'del');
    expect(result.ok).toBe(true);
    expect((await phaseRows()).results).toEqual([]);
    const state = await socket.waitFor((frame) => frame.type === 'cf_agent_state' && !(frame.state as { phases: { done: number[] } }).phases.done.includes(1), {
      from,
    });
    expect((state.state as { memory: unknown[] }).memory).toEqual([]);
    // The dashboard reads the same D1 rows.
    const list = await (await request('/api/project', {}, { jar })).json<{ projects: { id: string; phasesDone: number[] }[] }>();
    expect(list.projects.find((project) => project.id === projectId)!.phasesDone).toEqual([]);
    socket.close();
  });
});
