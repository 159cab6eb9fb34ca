import { describe, expect, it } from 'vitest';
import { TRACTION_CHANNELS } from '#contracts/phases/grow';
import { PHASES, registerPhase, staleUpstreams } from '#contracts/phases/registry';
import type { MemoryEntry } from '#contracts/workspace';
import { db } from '../utils';
import { addCollaborator, answerEnd, ask, lane, openSocket, ownerWithProject, send, type ModelRequestBody, type TestSocket } from './workspace-support';

/**
 * The phase engine: the prompt and tools of the phase the founders work in, phases opened by the
 * members, the plan read from D1 on each turn, accepted artifacts with stale flags and their history.
 */

type Phases = { done: number[]; current: number; unlocked: number[] };
type State = { phases: Phases; memory: MemoryEntry[] };

const systemText = (body: ModelRequestBody) =>
  body.messages
    .filter((message) => message.role === 'system')
    .map((message) => String(message.content))
    .join('\n');
const toolNames = (body: ModelRequestBody) => (body.tools ?? []).map((tool) => tool.function.name).sort();
const waitForState = (socket: TestSocket, test: (state: State) => boolean, what = 'a state') =>
  socket.waitFor((frame) => frame.type === 'cf_agent_state' && test(frame.state as State), { what }).then((frame) => frame.state as State);
const setPlan = (email: string, plan: 'free' | 'pro') => db().prepare('UPDATE users SET plan = ? WHERE email = ?').bind(plan, email).run();

let requestCounter = 0;
async function openPhase(socket: TestSocket, phase: unknown) {
  const requestId = `open-${++requestCounter}`;
  socket.send({ type: 'phase_open', requestId, phase });
  return socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === requestId, { what: `the answer to opening phase ${String(phase)}` });
}

const IDEA = {
  title: 'Waiting-list filler for clinics',
  problem: 'Cancelled appointments leave chairs empty.',
  whoHasIt: 'Practice managers of small dental clinics.',
  proposedSolution: 'Texts the waiting list when a slot frees up.',
  whyNow: 'Patients expect to rebook by text.',
  riskiestAssumption: 'Clinics will trust automated messages to patients.',
  openQuestions: [],
};
const ESTIMATE = {
  segments: ['Independent dental clinics'],
  topDown: { unit: 'clinics', steps: [{ operation: 'start', value: 200000, label: 'dental clinics in the US', source: 'assumption' }] },
  bottomUp: { unit: 'clinics a year', steps: [{ operation: 'start', value: 600, label: 'demos a year', source: 'assumption' }] },
  frequency: 'Weekly.',
  pain: 'Two hours of calls a week.',
  currentAlternatives: 'A paper waiting list.',
  confidence: 'low',
  confidenceReasons: 'Only assumptions.',
  evidence: [],
};

describe('the prompt and tools of each turn', () => {
  it('hold the guide of the phase the founders work in only, one line per other phase, and the tools of unlocked phases', async () => {
    const model = await lane({ replies: [{ content: 'Phase 1 answer.' }, { content: 'Phase 2 answer.' }] });
    const { jar, projectId } = await ownerWithProject();
    const socket = await openSocket(projectId, jar);
    await answerEnd(socket, send(socket, `Hello ${model.tag}`).requestId);
    expect((await openPhase(socket, 2)).ok).toBe(true);
    await waitForState(socket, (state) => state.phases.current === 2);
    await answerEnd(socket, send(socket, `Size it ${model.tag}`).requestId);
    const [first, second] = await model.bodies();

    const phaseOne = systemText(first!);
    expect(phaseOne).toContain('Brainstorming from scratch');
    expect(phaseOne).not.toContain('Call search_discussions with 2 to 4 short phrases');
    const phaseTwo = systemText(second!);
    expect(phaseTwo).toContain('Call search_discussions with 2 to 4 short phrases');
    expect(phaseTwo).not.toContain('Brainstorming from scratch');
    for (const system of [phaseOne, phaseTwo]) {
      for (const phase of PHASES) expect(system.match(new RegExp(`^- Phase ${phase.number}, "`, 'gm'))).toHaveLength(1);
      expect(system).toContain('- Phase 3, "Research competitors and gaps" (needs the Pro plan)');
    }
    // Each answer records the phase it was written in.
    const messages = (await (
      await import('../utils')
    )
      .request(`/api/projects/${projectId}/cofounder/get-messages`, {}, { jar })
      .then((response) => response.json())) as { role: string; metadata: { phase?: number } }[];
    expect(messages.filter((message) => message.role === 'assistant').map((message) => message.metadata.phase)).toEqual([1, 2]);
    // The tools of the unlocked phases (1 and 2 on Free) and the common ones, in both phases.
    const expected = [
      'ask_multiple_choice',
      'draft_research_page',
      'place_canvas_notes',
      'read_research_responses',
      'save_chosen_idea',
      'save_scale_estimate',
      'search_discussions',
      'update_memory',
      'write_memory',
    ];
    expect(toolNames(first!)).toEqual(expected);
    expect(toolNames(second!)).toEqual(expected);
    socket.close();
  });
});

describe('opening a phase', () => {
  it('is live for every member, allows going back, and refuses locked, unbuilt and invalid phases', async () => {
    const owner = await ownerWithProject();
    const collaborator = await addCollaborator(owner.jar, owner.projectId);
    const ownerSocket = await openSocket(owner.projectId, owner.jar);
    const collaboratorSocket = await openSocket(owner.projectId, collaborator.jar);
    expect(ownerSocket.latestState<State>()!.phases).toEqual({ done: [], current: 1, unlocked: [1, 2] });

    expect(await openPhase(collaboratorSocket, 2)).toMatchObject({ ok: true });
    expect((await waitForState(ownerSocket, (state) => state.phases.current === 2)).phases.current).toBe(2);
    expect(await openPhase(ownerSocket, 1)).toMatchObject({ ok: true });
    await waitForState(collaboratorSocket, (state) => state.phases.current === 1);

    expect(await openPhase(ownerSocket, 3)).toMatchObject({
      ok: false,
      reason: 'invalid',
      error: 'Phase 3, "Research competitors and gaps", needs Pro.',
      current: null,
    });
    const before = ownerSocket.frames.length;
    for (const phase of [0, 9, '2', 1.5, null]) ownerSocket.send({ type: 'phase_open', requestId: 'bad', phase });
    ownerSocket.send({ type: 'phase_open', requestId: 'extra', phase: 2, role: 'owner' });
    // Invalid frames are dropped: nothing answers them and nothing changes.
    expect(await openPhase(ownerSocket, 1)).toMatchObject({ ok: true });
    expect(
      ownerSocket.frames.slice(before).filter((frame) => frame.type === 'request_result' && (frame.requestId === 'bad' || frame.requestId === 'extra')),
    ).toEqual([]);
    expect(ownerSocket.latestState<State>()!.phases.current).toBe(1);

    // Pro opens every phase; one listed as still to come cannot be worked in.
    await setPlan(owner.email, 'pro');
    expect(await openPhase(ownerSocket, 8)).toMatchObject({ ok: true });
    expect(ownerSocket.latestState<State>()!.phases.unlocked).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const unlist = registerPhase(
      { number: 9, title: 'Scale', summary: 'Still to come.', free: false, artifacts: [], doneWhenAccepted: null },
      {},
      { built: false },
    );
    try {
      expect(await openPhase(ownerSocket, 9)).toMatchObject({ ok: false, error: 'Phase 9, "Scale", is not available yet.' });
    } finally {
      unlist();
    }
    ownerSocket.close();
    collaboratorSocket.close();
  });

  it("follows the owner's plan from D1 on each turn, both ways", async () => {
    const model = await lane({ replies: [{ content: 'One.' }] });
    const owner = await ownerWithProject();
    const socket = await openSocket(owner.projectId, owner.jar);
    await setPlan(owner.email, 'pro');
    await answerEnd(socket, send(socket, `First ${model.tag}`).requestId);
    await waitForState(socket, (state) => state.phases.unlocked.length === 8, 'Pro phases unlocked');
    expect(systemText((await model.bodies())[0]!)).toContain('- Phase 3, "Research competitors and gaps" (open)');
    expect(toolNames((await model.bodies())[0]!)).toContain('find_competitors');
    await setPlan(owner.email, 'free');
    await answerEnd(socket, send(socket, `Second ${model.tag}`).requestId);
    await waitForState(socket, (state) => state.phases.unlocked.join() === '1,2', 'back to Free');
    expect(systemText((await model.bodies())[1]!)).toContain('- Phase 3, "Research competitors and gaps" (needs the Pro plan)');
    socket.close();
  });
});

describe('artifacts', () => {
  it('flag an accepted estimate as based on an earlier chosen idea after a member edits the idea, until it is accepted again', async () => {
    const model = await lane({
      replies: [
        { toolCalls: [{ name: 'save_chosen_idea', arguments: IDEA }] },
        { toolCalls: [{ name: 'save_scale_estimate', arguments: { title: 'Empty chairs', estimate: ESTIMATE } }] },
        { content: 'Saved both.' },
        { content: 'Noted.' },
      ],
    });
    const owner = await ownerWithProject();
    const collaborator = await addCollaborator(owner.jar, owner.projectId);
    const socket = await openSocket(owner.projectId, owner.jar);
    const other = await openSocket(owner.projectId, collaborator.jar);
    await answerEnd(socket, send(socket, `Pick and size ${model.tag}`).requestId);
    const saved = await waitForState(socket, (state) => state.memory.length === 2);
    const idea = saved.memory.find((entry) => entry.kind === 'chosen_idea')!;
    const estimate = saved.memory.find((entry) => entry.kind === 'scale_estimate')!;
    // Choosing the idea accepted it; the estimate waits for the founders.
    expect(idea.acceptedAt).toEqual(expect.any(Number));
    expect(estimate.acceptedAt).toBeUndefined();

    socket.send({ type: 'memory_accept', requestId: 'accept', id: estimate.id, baseVersion: 1 });
    expect(await socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'accept')).toMatchObject({
      ok: true,
      value: { basedOn: [{ id: idea.id, kind: 'chosen_idea', version: 1 }] },
    });
    const accepted = await waitForState(socket, (state) => state.phases.done.includes(2));
    expect(
      staleUpstreams(
        accepted.memory.find((entry) => entry.id === estimate.id)!,
        accepted.memory,
      ),
    ).toEqual([]);

    // A collaborator rewrites the chosen idea: every member sees the estimate flagged, with who changed the idea.
    const rewritten = { kind: 'chosen_idea', title: IDEA.title, idea: { ...IDEA_FIELDS, problem: 'Clinics lose a chair-hour a day.' } };
    other.send({ type: 'memory_update', requestId: 'edit', id: idea.id, baseVersion: 1, content: rewritten });
    expect(await other.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'edit')).toMatchObject({ ok: true, value: { version: 2 } });
    const edited = await waitForState(socket, (state) => state.memory.some((entry) => entry.id === idea.id && entry.version === 2));
    const newIdea = edited.memory.find((entry) => entry.id === idea.id)!;
    expect(newIdea.author).toMatchObject({ kind: 'member', name: collaborator.email.split('@')[0] });
    expect(newIdea.history).toEqual([{ version: 1, author: { kind: 'cofounder' }, updatedAt: idea.updatedAt }]);
    expect(
      staleUpstreams(
        edited.memory.find((entry) => entry.id === estimate.id)!,
        edited.memory,
      ).map((entry) => entry.id),
    ).toEqual([idea.id]);

    // The co-founder is told too.
    await answerEnd(socket, send(socket, `What changed? ${model.tag}`).requestId);
    expect(systemText((await model.bodies()).at(-1)!)).toContain('accepted, but based on an earlier version of Waiting-list filler for clinics: to review');

    // Accepting it again records the new version and clears the flag.
    socket.send({ type: 'memory_accept', requestId: 'again', id: estimate.id, baseVersion: 1 });
    expect(await socket.waitFor((frame) => frame.type === 'request_result' && frame.requestId === 'again')).toMatchObject({
      ok: true,
      value: { basedOn: [{ id: idea.id, version: 2 }] },
    });
    const cleared = await waitForState(other, (state) => state.memory.some((entry) => entry.id === estimate.id && entry.basedOn?.[0]?.version === 2));
    expect(
      staleUpstreams(
        cleared.memory.find((entry) => entry.id === estimate.id)!,
        cleared.memory,
      ),
    ).toEqual([]);
    socket.close();
    other.close();
  });
});

const { title: _title, ...IDEA_FIELDS } = IDEA;

describe('a phase done by accepting its artifact, when D1 fails or answers', () => {
  /** The 19 channels ranked (phase 8's artifact, which a member may write), nothing chosen yet. */
  const RANKING = {
    kind: 'channel_ranking',
    title: 'Channels',
    ranking: {
      ideas: Object.keys(TRACTION_CHANNELS).map((channel) => ({ channel, idea: `An idea for ${channel}.`, ring: 'possible' })),
    },
  };
  /** Until dropped, D1 refuses this project's writes to the phases done, as a failing database would. */
  async function refusePhaseWrites(projectId: string, on: 'INSERT' | 'DELETE') {
    const name = `refuse_${on.toLowerCase()}_${projectId.replace(/\W/g, '')}`;
    const row = on === 'INSERT' ? 'NEW' : 'OLD';
    await db()
      .prepare(
        `CREATE TRIGGER ${name} BEFORE ${on} ON project_phases WHEN ${row}.project_id = '${projectId}' BEGIN SELECT RAISE(ABORT, 'D1 is unavailable'); END`,
      )
      .run();
    return () => db().prepare(`DROP TRIGGER ${name}`).run();
  }
  const phasesInD1 = async (projectId: string) =>
    (await db().prepare('SELECT phase FROM project_phases WHERE project_id = ?').bind(projectId).all<{ phase: number }>()).results.map((row) => row.phase);
  /** Every state sent: in none is the ranking accepted while phase 8 is not done, or the other way round. */
  const consistent = (socket: TestSocket) =>
    socket.frames
      .filter((frame) => frame.type === 'cf_agent_state')
      .map((frame) => frame.state as State)
      .every((state) => {
        const ranking = state.memory.find((entry) => entry.kind === 'channel_ranking');
        return (ranking?.acceptedAt !== undefined) === state.phases.done.includes(8);
      });

  it('refuses the acceptance and the deletion with a clear sentence and changes nothing; once D1 answers, the memory and the phases change in one state', async () => {
    const { email, jar, projectId } = await ownerWithProject();
    await setPlan(email, 'pro');
    const socket = await openSocket(projectId, jar);
    const created = await ask(socket, { type: 'memory_create', content: RANKING });
    expect(created).toMatchObject({ ok: true });
    const ranking = created.value!;

    const allowInsert = await refusePhaseWrites(projectId, 'INSERT');
    try {
      expect(await ask(socket, { type: 'memory_accept', id: ranking.id, baseVersion: ranking.version })).toMatchObject({
        ok: false,
        error: 'This could not be accepted just now. Please try again.',
      });
    } finally {
      await allowInsert();
    }
    expect(socket.latestState<State>()!.memory.find((entry) => entry.id === ranking.id)!.acceptedAt).toBeUndefined();
    expect(socket.latestState<State>()!.phases.done).not.toContain(8);
    expect(await phasesInD1(projectId)).toEqual([]);

    expect(await ask(socket, { type: 'memory_accept', id: ranking.id, baseVersion: ranking.version })).toMatchObject({ ok: true });
    await waitForState(socket, (state) => state.phases.done.includes(8), 'phase 8 done');
    expect(await phasesInD1(projectId)).toEqual([8]);

    const allowDelete = await refusePhaseWrites(projectId, 'DELETE');
    try {
      expect(await ask(socket, { type: 'memory_delete', id: ranking.id, baseVersion: ranking.version })).toMatchObject({
        ok: false,
        error: 'This could not be deleted just now. Please try again.',
      });
    } finally {
      await allowDelete();
    }
    expect(socket.latestState<State>()!.memory.some((entry) => entry.id === ranking.id)).toBe(true);
    expect(await phasesInD1(projectId)).toEqual([8]);

    expect(await ask(socket, { type: 'memory_delete', id: ranking.id, baseVersion: ranking.version })).toMatchObject({ ok: true });
    await waitForState(socket, (state) => !state.phases.done.includes(8), 'phase 8 reopened');
    expect(await phasesInD1(projectId)).toEqual([]);
    expect(consistent(socket)).toBe(true);
    socket.close();
  });
});
