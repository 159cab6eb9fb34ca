import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MemoryEntry } from '#contracts/workspace';
import { registerPhaseNineContract, type BallotState } from '../fixtures/phase-nine/contract';
import { COUNT_STEP_MS, membersChangedIn, REMINDER_TEXT, registerPhaseNineModule } from '../fixtures/phase-nine/worker';
import { db, request } from '../utils';
import {
  addCollaborator,
  answerEnd,
  lane,
  openSocket,
  ownerWithProject,
  send,
  storedMessages,
  type ModelRequestBody,
  type TestSocket,
} from './workspace-support';

/**
 * A phase plugs in without an edit of any engine file (docs/architecture.md, "Adding a phase"):
 * a throw-away phase nine (tests/fixtures/phase-nine/), registered at test time, has an artifact,
 * a tool, member actions, a state slice and a job, and each works through the workspace object
 * as the phases of the product do.
 */

type State = { phases: { done: number[]; current: number; unlocked: number[] }; memory: MemoryEntry[] } & BallotState;
type Tally = { kind: 'vote_tally'; id: string; version: number; acceptedAt?: number; tally: { question: string; votesFor: number } };

let undo: (() => void)[] = [];
beforeAll(() => {
  undo = [registerPhaseNineContract(), registerPhaseNineModule()];
});
afterAll(() => {
  for (const undoOne of undo.reverse()) undoOne();
});

let counter = 0;
function frame(socket: TestSocket, body: Record<string, unknown>) {
  const requestId = `nine${++counter}`;
  socket.send({ ...body, requestId });
  return requestId;
}
const result = (socket: TestSocket, requestId: string) =>
  socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === requestId, { what: `the answer to ${requestId}` });
const waitForState = (socket: TestSocket, test: (state: State) => boolean, what: string, timeoutMs = 8000) =>
  socket.waitFor((frame) => frame.type === 'cf_agent_state' && test(frame.state as State), { what, timeoutMs }).then((frame) => frame.state as State);
const tallyOf = (state: State) => state.memory.find((entry) => entry.kind === ('vote_tally' as string)) as unknown as Tally | undefined;

describe('a phase registered at test time plugs into the workspace object', () => {
  it('its state slice starts as declared, and it opens as any built phase', async () => {
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const state = socket.latestState<State>()!;
    expect(state.ballot).toEqual({ for: 0, against: 0, status: 'open', counted: 0, steps: 3 });
    expect(state.phases.unlocked).toContain(9);
    const opened = frame(socket, { type: 'phase_open', phase: 9 });
    expect(await result(socket, opened)).toMatchObject({ ok: true });
    expect((await waitForState(socket, (next) => next.phases.current === 9, 'phase 9 opened')).phases.current).toBe(9);
    socket.close();
  });

  it('its artifact is checked by its own schema, and accepting it completes phase 9 in D1', async () => {
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const invalid = frame(socket, { type: 'memory_create', content: { kind: 'vote_tally', title: 'Vote', tally: { question: ' ', votesFor: 1 } } });
    expect(await result(socket, invalid)).toMatchObject({ ok: false, reason: 'invalid', error: 'Say what was voted on' });
    const created = frame(socket, {
      type: 'memory_create',
      content: { kind: 'vote_tally', title: 'Vote', tally: { question: 'Ship on Friday?', votesFor: 2 } },
    });
    const saved = (await result(socket, created)) as unknown as { ok: boolean; value: Tally };
    expect(saved).toMatchObject({ ok: true, value: { kind: 'vote_tally', tally: { question: 'Ship on Friday?', votesFor: 2 } } });
    const accepted = frame(socket, { type: 'memory_accept', id: saved.value.id, baseVersion: saved.value.version });
    expect(await result(socket, accepted)).toMatchObject({ ok: true });
    expect((await waitForState(socket, (state) => state.phases.done.includes(9), 'phase 9 done')).phases.done).toContain(9);
    const row = await db().prepare('SELECT phase FROM project_phases WHERE project_id = ? AND phase = 9').bind(projectId).first();
    expect(row).toEqual({ phase: 9 });
    socket.close();
  });

  it('its tool is offered to the model, and what it saves is the artifact, seen by every member', async () => {
    const model = await lane({
      replies: [{ toolCalls: [{ name: 'tally_votes', arguments: { question: 'Ship on Friday?' } }] }, { content: 'Tallied.' }],
    });
    const owner = await ownerWithProject();
    const socket = await openSocket(owner.projectId, owner.jar);
    const vote = frame(socket, { type: 'vote_cast', choice: 'for' });
    expect(await result(socket, vote)).toMatchObject({ ok: true });
    await answerEnd(socket, send(socket, `Count the votes ${model.tag}`).requestId);
    const [first, second] = (await model.bodies()) as ModelRequestBody[];
    expect((first!.tools ?? []).map((offered) => offered.function.name)).toContain('tally_votes');
    // The phase's reminder reaches the prompt once votes were cast.
    expect(JSON.stringify(first!.messages[0])).toContain('Votes were cast in phase 9.');
    expect(JSON.stringify(second!.messages.filter((message) => message.role === 'tool'))).toContain('votesFor');
    const tally = tallyOf(await waitForState(socket, (state) => tallyOf(state) !== undefined, 'the tally saved'));
    expect(tally).toMatchObject({ tally: { question: 'Ship on Friday?', votesFor: 1 } });
    const stored = await storedMessages(owner.projectId, owner.jar);
    expect(stored.at(-1)!.parts.some((part) => part.type === 'tool-tally_votes' && part.state === 'output-available')).toBe(true);
    socket.close();
  });

  it('its member actions are parsed by their schema, sent only by whom they name, and change its slice for every member', async () => {
    const owner = await ownerWithProject();
    const collaborator = await addCollaborator(owner.jar, owner.projectId);
    const mine = await openSocket(owner.projectId, owner.jar);
    const theirs = await openSocket(owner.projectId, collaborator.jar);
    // Not the schema's: dropped unanswered, the state unchanged.
    mine.send({ type: 'vote_cast', requestId: 'bad', choice: 'maybe' });
    const votes = await Promise.all(
      [mine, theirs, theirs].map(async (socket, index) => result(socket, frame(socket, { type: 'vote_cast', choice: index === 2 ? 'against' : 'for' }))),
    );
    expect(votes.every((vote) => vote.ok === true)).toBe(true);
    const tallied = await waitForState(mine, (state) => state.ballot.for === 2 && state.ballot.against === 1, 'three votes, seen by the owner');
    expect(tallied.ballot).toMatchObject({ for: 2, against: 1, status: 'open' });
    expect(mine.frames.some((received) => received.requestId === 'bad')).toBe(false);
    // Counting is the owner's: the collaborator is refused, and nothing starts.
    const refused = frame(theirs, { type: 'vote_count', question: 'Ship on Friday?' });
    expect(await result(theirs, refused)).toMatchObject({ ok: false, error: 'Only the project owner can do this.' });
    expect(theirs.latestState<State>()!.ballot.status).toBe('open');
    mine.close();
    theirs.close();
  });

  it('its job counts one step at a time and carries on after its object is evicted', async () => {
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    await result(socket, frame(socket, { type: 'vote_cast', choice: 'for' }));
    const started = frame(socket, { type: 'vote_count', question: 'Ship on Friday?' });
    expect(await result(socket, started)).toMatchObject({ ok: true });
    await waitForState(socket, (state) => state.ballot.counted >= 1, 'the first step counted', 4 * COUNT_STEP_MS + 4000);
    const { evictDurableObject } = await import('cloudflare:test');
    await evictDurableObject(env.COFOUNDER.get(env.COFOUNDER.idFromName(projectId)));
    // A member reconnecting wakes it; the count goes on from where it was, once.
    const back = await openSocket(projectId, jar);
    const counted = await waitForState(
      back,
      (state) => state.ballot.status === 'counted' && tallyOf(state) !== undefined,
      'the count done after eviction',
      20_000,
    );
    expect(counted.ballot).toMatchObject({ counted: 3, steps: 3, for: 1 });
    expect(tallyOf(counted)).toMatchObject({ tally: { question: 'Ship on Friday?', votesFor: 1 } });
    expect(counted.memory.filter((entry) => entry.kind === ('vote_tally' as string))).toHaveLength(1);
    back.close();
  });

  it("its own check of a member's edit, against the workspace as it is, refuses with its sentence and saves nothing", async () => {
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    const tally = { kind: 'vote_tally', title: 'Vote', tally: { question: 'Ship on Friday?', votesFor: 1 } };
    await result(socket, frame(socket, { type: 'vote_cast', choice: 'for' }));
    expect(await result(socket, frame(socket, { type: 'vote_count', question: 'Ship on Friday?' }))).toMatchObject({ ok: true });
    const during = frame(socket, { type: 'memory_create', content: tally });
    expect(await result(socket, during)).toMatchObject({ ok: false, reason: 'invalid', error: 'The votes are being counted: edit the tally once they are.' });
    expect(tallyOf(socket.latestState<State>()!)).toBeUndefined();
    // Once counted, the same edit is the phase's to take.
    await waitForState(socket, (state) => state.ballot.status === 'counted', 'the count done', 20_000);
    expect(await result(socket, frame(socket, { type: 'memory_create', content: tally }))).toMatchObject({ ok: true });
    socket.close();
  });

  it('hears that a member left (removed, left, account deleted) before the removal is answered', async () => {
    const { jar, projectId } = await ownerWithProject();
    const [removed, leaving, deleting] = [await addCollaborator(jar, projectId), await addCollaborator(jar, projectId), await addCollaborator(jar, projectId)];
    const heard = () => membersChangedIn.filter((id) => id === projectId).length;
    const { id: removedId } = (await db().prepare('SELECT id FROM users WHERE email = ?').bind(removed.email).first<{ id: string }>())!;
    expect(heard()).toBe(0);
    expect((await request(`/api/project/${projectId}/members/${removedId}`, { method: 'DELETE' }, { jar })).status).toBe(200);
    expect(heard()).toBe(1);
    expect((await request(`/api/project/${projectId}/membership`, { method: 'DELETE' }, { jar: leaving.jar })).status).toBe(200);
    expect(heard()).toBe(2);
    const deletion = { method: 'DELETE', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ confirmation: deleting.email }) };
    expect((await request('/api/user', deletion, { jar: deleting.jar })).status).toBe(200);
    expect(heard()).toBe(3);
  });

  describe('a job step set at a time, cancelled, posting as the co-founder and charged to the project', () => {
    const usage = (key: string) =>
      db()
        .prepare('SELECT count FROM cofounder_usage WHERE day = ? AND key = ?')
        .bind(new Date().toISOString().slice(0, 10), key)
        .first<{ count: number }>()
        .then((row) => row?.count ?? 0);
    const reminders = async (projectId: string, jar: Parameters<typeof storedMessages>[1]) =>
      (await storedMessages(projectId, jar)).filter((message) => message.role === 'assistant' && JSON.stringify(message.parts).includes(REMINDER_TEXT));
    const pendingSteps = (projectId: string) =>
      import('cloudflare:test').then(({ runInDurableObject }) =>
        runInDurableObject(env.COFOUNDER.get(env.COFOUNDER.idFromName(projectId)), async (instance) =>
          (await (instance as unknown as { listSchedules(): Promise<{ callback: string; time: number; payload: unknown }[]> }).listSchedules()).filter(
            (schedule) => schedule.callback === 'runPhaseJob',
          ),
        ),
      );

    it('runs at its time, not before; posts a co-founder message every member gets; charges the project, not a member', async () => {
      const owner = await ownerWithProject();
      const socket = await openSocket(owner.projectId, owner.jar);
      const at = Date.now() + 1500;
      expect(await result(socket, frame(socket, { type: 'vote_remind', at }))).toMatchObject({ ok: true });
      const [step] = await pendingSteps(owner.projectId);
      expect(step).toMatchObject({ payload: { phase: 9, job: 'remind' }, time: Math.floor(at / 1000) });
      expect(await reminders(owner.projectId, owner.jar)).toHaveLength(0);
      const broadcast = await socket.waitFor((received) => received.type === 'cf_agent_chat_messages' && JSON.stringify(received).includes(REMINDER_TEXT), {
        what: 'the reminder broadcast',
        timeoutMs: 8000,
      });
      expect(broadcast).toBeDefined();
      const [posted] = await reminders(owner.projectId, owner.jar);
      // The SDK keeps a schedule's time in whole seconds.
      expect((posted!.metadata as { createdAt: number }).createdAt).toBeGreaterThanOrEqual(Math.floor(at / 1000) * 1000);
      expect(posted).toMatchObject({ role: 'assistant', metadata: { author: { kind: 'cofounder' }, status: 'complete', phase: 9, unprompted: true } });
      // It answers no member's message: there is nothing to write again, and it stays.
      const stored = await storedMessages(owner.projectId, owner.jar);
      const again = send(socket, '', { trigger: 'regenerate-message', history: stored });
      expect(await socket.waitFor((received) => received.type === 'send_refused' && received.requestId === again.requestId)).toMatchObject({
        reason: 'invalid',
      });
      expect(await storedMessages(owner.projectId, owner.jar)).toEqual(stored);
      expect(await usage(`project:${owner.projectId}`)).toBe(1);
      const { id: userId } = (await db().prepare('SELECT id FROM users WHERE email = ?').bind(owner.email).first<{ id: string }>())!;
      expect(await usage(`member:${userId}`)).toBe(0);
      expect(await pendingSteps(owner.projectId)).toEqual([]);
      socket.close();
    });

    it('a cancelled step never runs', async () => {
      const owner = await ownerWithProject();
      const socket = await openSocket(owner.projectId, owner.jar);
      expect(await result(socket, frame(socket, { type: 'vote_remind', at: Date.now() + 1000 }))).toMatchObject({ ok: true });
      expect(await pendingSteps(owner.projectId)).toHaveLength(1);
      expect(await result(socket, frame(socket, { type: 'vote_remind', at: null }))).toMatchObject({ ok: true });
      expect(await pendingSteps(owner.projectId)).toEqual([]);
      // Past its time, the object's alarm runs whatever is due (the object reads this isolate's clock): nothing.
      const { runDurableObjectAlarm } = await import('cloudflare:test');
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 5000);
        await runDurableObjectAlarm(env.COFOUNDER.get(env.COFOUNDER.idFromName(owner.projectId)));
      } finally {
        vi.useRealTimers();
      }
      expect(await reminders(owner.projectId, owner.jar)).toHaveLength(0);
      socket.close();
    });

    it("when the project's allowance is spent, the charge is refused and nothing is posted", async () => {
      const owner = await ownerWithProject();
      const socket = await openSocket(owner.projectId, owner.jar);
      const cap = socket.latestState<{ limits: { messagesPerProjectPerDay: number } }>()!.limits.messagesPerProjectPerDay;
      await db()
        .prepare('INSERT INTO cofounder_usage (day, key, count, cap) VALUES (?, ?, ?, ?)')
        .bind(new Date().toISOString().slice(0, 10), `project:${owner.projectId}`, cap, cap)
        .run();
      expect(await result(socket, frame(socket, { type: 'vote_remind', at: Date.now() + 300 }))).toMatchObject({ ok: true });
      for (let waited = 0; waited < 8000 && (await pendingSteps(owner.projectId)).length > 0; waited += 200)
        await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await pendingSteps(owner.projectId)).toEqual([]);
      expect(await reminders(owner.projectId, owner.jar)).toHaveLength(0);
      expect(await usage(`project:${owner.projectId}`)).toBe(cap);
      socket.close();
    });
  });
});
