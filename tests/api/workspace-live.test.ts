import { describe, expect, it } from 'vitest';
import { addCollaborator, answerEnd, lane, openSocket, ownerWithProject, send, storedMessages, textOf, type TestSocket } from './workspace-support';

type MemoryState = { memory: { id: string; title: string; version: number; author: { kind: string; name?: string } }[]; presence: { userId: string }[] };

function streamedText(socket: TestSocket, requestId: string) {
  return socket.frames
    .filter((frame) => frame.type === 'cf_agent_use_chat_response' && frame.id === requestId && typeof frame.body === 'string' && frame.body)
    .map((frame) => JSON.parse(frame.body as string) as { type: string; delta?: string })
    .filter((chunk) => chunk.type === 'text-delta')
    .map((chunk) => chunk.delta)
    .join('');
}

describe('the shared memory', () => {
  it('creates, updates and deletes entries live for every member, refusing a stale edit with the current entry', async () => {
    const { jar, projectId } = await ownerWithProject();
    const collaborator = await addCollaborator(jar, projectId);
    const owner = await openSocket(projectId, jar);
    const other = await openSocket(projectId, collaborator.jar);
    const memoryOf = (socket: TestSocket) => socket.latestState<MemoryState>()!.memory;

    owner.send({ type: 'memory_create', requestId: 'c1', content: { kind: 'assumption', title: '<script>alert(1)</script>', body: 'Clinics pay monthly.' } });
    const created = await owner.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'c1');
    expect(created).toMatchObject({ ok: true, value: { kind: 'assumption', title: '<script>alert(1)</script>', version: 1, author: { kind: 'member' } } });
    const id = (created.value as { id: string }).id;
    await other.waitFor((frame) => frame.type === 'cf_agent_state' && (frame.state as MemoryState).memory.length === 1);

    // Both start editing version 1; the first save wins, the second is refused with what is there now.
    other.send({
      type: 'memory_update',
      requestId: 'u1',
      id,
      baseVersion: 1,
      content: { kind: 'assumption', title: 'Pricing', body: 'Clinics pay per booking.' },
    });
    expect(await other.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'u1')).toMatchObject({ ok: true, value: { version: 2 } });
    owner.send({ type: 'memory_update', requestId: 'u2', id, baseVersion: 1, content: { kind: 'assumption', title: 'Mine', body: 'Clinics pay yearly.' } });
    expect(await owner.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'u2')).toMatchObject({
      ok: false,
      reason: 'stale',
      current: { version: 2, title: 'Pricing', body: 'Clinics pay per booking.' },
    });
    await owner.waitFor((frame) => frame.type === 'cf_agent_state' && (frame.state as MemoryState).memory[0]?.version === 2);

    owner.send({ type: 'memory_delete', requestId: 'd1', id, baseVersion: 1 });
    expect(await owner.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'd1')).toMatchObject({ ok: false, reason: 'stale' });
    owner.send({ type: 'memory_delete', requestId: 'd2', id, baseVersion: 2 });
    expect(await owner.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'd2')).toMatchObject({ ok: true, value: null });
    await other.waitFor((frame) => frame.type === 'cf_agent_state' && (frame.state as MemoryState).memory.length === 0);
    expect(memoryOf(other)).toEqual([]);
    owner.close();
    other.close();
  });

  it('refuses invalid entries with a clear error and changes nothing', async () => {
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    socket.send({ type: 'memory_create', requestId: 'bad1', content: { kind: 'assumption', title: '   ', body: 'x' } });
    socket.send({ type: 'memory_create', requestId: 'bad2', content: { kind: 'secret', title: 'x', body: 'x' } });
    socket.send({ type: 'memory_create', requestId: 'bad3', content: { kind: 'note', title: 'x', body: 'y'.repeat(2001) } });
    for (const requestId of ['bad1', 'bad2', 'bad3']) {
      const result = await socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === requestId);
      expect(result).toMatchObject({ ok: false, reason: 'invalid' });
      expect(typeof result.error).toBe('string');
    }
    expect(socket.latestState<MemoryState>()!.memory).toEqual([]);
    socket.close();
  });
});

describe('presence and streams', () => {
  it('shows who is here, once per member, and updates when they leave', async () => {
    const { jar, projectId } = await ownerWithProject();
    const collaborator = await addCollaborator(jar, projectId);
    const owner = await openSocket(projectId, jar);
    const secondTab = await openSocket(projectId, jar);
    const other = await openSocket(projectId, collaborator.jar);
    await owner.waitFor((frame) => frame.type === 'cf_agent_state' && (frame.state as MemoryState).presence.length === 2);
    other.close();
    await owner.waitFor((frame) => frame.type === 'cf_agent_state' && (frame.state as MemoryState).presence.length === 1, { from: owner.frames.length - 1 });
    secondTab.close();
    owner.close();
  });

  it('gives a member who connects mid-answer the stream from the start, then live', async () => {
    const answer = 'One token at a time, the answer arrives for everyone who is watching.';
    const model = await lane({ replies: [{ content: answer, tokensPerSecond: 25 }] });
    const { jar, projectId } = await ownerWithProject();
    const collaborator = await addCollaborator(jar, projectId);
    const owner = await openSocket(projectId, jar);
    const sent = send(owner, `Go ${model.tag}`);
    // Some text has streamed before the second member arrives.
    await owner.waitFor((frame) => frame.type === 'cf_agent_use_chat_response' && typeof frame.body === 'string' && frame.body.includes('text-delta'));

    const late = await openSocket(projectId, collaborator.jar);
    const resuming = await late.waitFor((frame) => frame.type === 'cf_agent_stream_resuming');
    expect(resuming.id).toBe(sent.requestId);
    late.send({ type: 'cf_agent_stream_resume_ack', id: sent.requestId });
    await answerEnd(late, sent.requestId);
    expect(streamedText(late, sent.requestId)).toBe(answer);
    owner.close();
    late.close();
  });

  it('keeps answering when a watching member closes their tab, and stops the model call on Stop', async () => {
    const model = await lane({ replies: [{ content: 'A long and careful answer. '.repeat(20), tokensPerSecond: 30 }] });
    const { jar, projectId } = await ownerWithProject();
    const collaborator = await addCollaborator(jar, projectId);
    const owner = await openSocket(projectId, jar);
    const viewer = await openSocket(projectId, collaborator.jar);
    const sent = send(owner, `Explain ${model.tag}`);
    await viewer.waitFor((frame) => frame.type === 'cf_agent_use_chat_response' && typeof frame.body === 'string' && frame.body.includes('text-delta'));
    viewer.close();
    // Still streaming to the owner after the viewer left.
    const count = owner.frames.length;
    await owner.waitFor((frame) => frame.type === 'cf_agent_use_chat_response' && typeof frame.body === 'string' && frame.body.includes('text-delta'), {
      from: count,
    });

    owner.send({ type: 'cf_agent_chat_request_cancel', id: sent.requestId });
    await answerEnd(owner, sent.requestId);
    const stored = await storedMessages(projectId, jar);
    const answer = stored.at(-1)!;
    expect(answer.metadata!.status).toBe('stopped');
    expect(textOf(answer).length).toBeGreaterThan(0);
    // The model call itself was cancelled, not just hidden.
    await expect.poll(async () => (await model.requests())[0]!.aborted).toBe(true);
    owner.close();
  });
});
