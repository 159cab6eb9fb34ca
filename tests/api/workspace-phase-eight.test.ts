import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import {
  ChannelRankingContentSchema,
  dayAfter,
  ExperimentContentSchema,
  innerRingOf,
  isoWeek,
  TRACTION_CHANNELS,
  type GrowState,
  type Tested,
  type TractionChannel,
} from '#contracts/phases/grow';
import { outlineOf, reviewFlagsOf } from '#contracts/phases/registry';
import { CANVAS_FIELDS } from '#contracts/phases/shape-solution';
import type { MemoryEntry } from '#contracts/workspace';
import { GROW_DEMO } from '../../worker/agents/phases/grow/demo';
import { checkInIntervalMs } from '../../worker/agents/phases/grow/weekly-check-in';
import type { DemoStep } from '../../worker/agents/phases/types';
import { db, outboxFor, request } from '../utils';
import { demoContext, demoText, demoWords } from './demo-context';
import {
  addCollaborator,
  answerEnd,
  ask,
  currentOrNextState,
  lane,
  openSocket,
  ownerWithProject,
  send,
  storedMessages,
  type TestSocket,
  toolResultsIn,
} from './workspace-support';

/**
 * Phase 8 in the workspace, through the object with the fake model: the channels ranked with the
 * inner ring left to the founders, experiments on inner-ring channels only, verdicts judged against
 * the threshold only; members' inner ring and results; the weekly check-in, every
 * CHECK_IN_INTERVAL_SECONDS (a week) and once per ISO week, after an eviction too, skipped when the allowance is spent, e-mailed (only a link under privacy mode);
 * contradictions flagged; accepting the ranking completes the phase; Free.
 */

type State = { phases: { done: number[]; current: number }; memory: MemoryEntry[] } & GrowState;
type RankingEntry = Extract<MemoryEntry, { kind: 'channel_ranking' }>;
type ExperimentEntry = Extract<MemoryEntry, { kind: 'experiment' }>;

const waitForState = currentOrNextState<State>;
const rankingOf = (state: State) => state.memory.find((entry): entry is RankingEntry => entry.kind === 'channel_ranking');
const experimentsOf = (state: State) => state.memory.filter((entry): entry is ExperimentEntry => entry.kind === 'experiment');

const CHANNELS = Object.keys(TRACTION_CHANNELS) as TractionChannel[];
const PROMISING: TractionChannel[] = ['content_marketing', 'sales', 'community_building', 'existing_platforms'];
const ideas = (channels = CHANNELS) =>
  channels.map((channel) => ({ channel, idea: `An idea for ${TRACTION_CHANNELS[channel]}.`, ring: PROMISING.includes(channel) ? 'promising' : 'possible' }));
/** The ranking with `inner` in the inner ring (each channel in one ring). */
const rankingContent = (inner: TractionChannel[] = []) => ({
  kind: 'channel_ranking',
  title: 'Channels',
  ranking: { ideas: ideas().map((idea) => (inner.includes(idea.channel) ? { ...idea, ring: 'inner' } : idea)) },
});
const ASSUMPTION = 'Clinics lose several slots a week.';
const today = () => new Date().toISOString().slice(0, 10);
const THRESHOLD = { metric: 'sign-ups from the posts', comparison: 'at_least', value: 10 } as const;
const experimentInput = (channel: TractionChannel, tests: object | null = null) => ({
  channel,
  hypothesis: 'Posts on cancellations bring practice managers to the waiting list.',
  budget: 0,
  startedOn: today(),
  threshold: { ...THRESHOLD, by: dayAfter(today(), 14) },
  tests,
});
const experimentContent = (
  title: string,
  channel: TractionChannel,
  results: { on: string; value: number; note: string; by: string }[] = [],
  tests: Tested | null = null,
) => ({
  kind: 'experiment',
  title,
  experiment: { ...experimentInput(channel, tests), results, verdict: null },
});
const FIRST_ASSUMPTION: Tested = { kind: 'assumption', number: 1, label: `Assumption 1: ${ASSUMPTION}` };
const RISKS = {
  kind: 'riskiest_assumptions',
  title: 'Risks',
  risks: [ASSUMPTION, 'Practice managers read forums weekly.', 'Clinics pay for a refilled slot.'].map((assumption) => ({
    assumption,
    whyRisky: 'Everything rests on it.',
    test: 'Ask ten clinics.',
    cost: '2 days, $0',
    researchQuestion: null,
  })),
};
const CANVAS = {
  kind: 'lean_canvas',
  title: 'Clinic canvas',
  canvas: Object.fromEntries(
    Object.keys(CANVAS_FIELDS).map((field) => [
      field,
      { text: field === 'channels' ? 'Practice-manager forums and dental trade newsletters.' : `The ${field} of the clinic idea.`, source: 'assumption' },
    ]),
  ),
};

async function proProject() {
  const owner = await ownerWithProject();
  await db().prepare("UPDATE users SET plan = 'pro', name = 'Ana Ruiz' WHERE email = ?").bind(owner.email).run();
  const socket = await openSocket(owner.projectId, owner.jar);
  return { owner, socket };
}
async function create(socket: TestSocket, content: object) {
  const saved = await ask(socket, { type: 'memory_create', content });
  expect(saved).toMatchObject({ ok: true });
  return saved.value!;
}
const stub = (projectId: string) => env.COFOUNDER.get(env.COFOUNDER.idFromName(projectId));
/** Runs the weekly check-in's step now, as its schedule does. */
async function runCheckIn(projectId: string) {
  const { runInDurableObject } = await import('cloudflare:test');
  await runInDurableObject(stub(projectId), (instance) =>
    (instance as unknown as { runPhaseJob(payload: object): Promise<void> }).runPhaseJob({ phase: 8, job: 'weekly-check-in', input: {} }),
  );
}
const checkIns = async (projectId: string, jar: Parameters<typeof storedMessages>[1]) =>
  (await storedMessages(projectId, jar)).filter((message) => message.role === 'assistant' && JSON.stringify(message.parts).includes('Weekly check-in'));

describe("the co-founder's tools in phase 8", () => {
  it('ranks every channel, leaves the inner ring to the founders, tests inner-ring channels and judges against the threshold only (one lane)', async () => {
    const { socket } = await proProject();
    await create(socket, RISKS);
    const model = await lane({
      replies: [
        {
          toolCalls: [
            { name: 'save_channel_ranking', arguments: { title: 'Channels', ideas: ideas(CHANNELS.slice(1)) } },
            { name: 'save_experiment', arguments: { title: 'Posts', experiment: experimentInput('content_marketing') } },
            { name: 'save_channel_ranking', arguments: { title: 'Channels', ideas: ideas() } },
          ],
        },
        { content: 'Ranked.' },
        {
          toolCalls: [
            { name: 'save_experiment', arguments: { title: 'Ads', experiment: experimentInput('offline_ads') } },
            {
              name: 'save_experiment',
              arguments: { title: 'Posts', experiment: experimentInput('content_marketing', { kind: 'artifact', id: 'not-in-memory' }) },
            },
            { name: 'save_experiment', arguments: { title: 'Posts', experiment: experimentInput('content_marketing', { kind: 'assumption', number: 1 }) } },
            { name: 'judge_experiment', arguments: { title: 'Posts', recommendation: 'change', reasoning: 'Too early.' } },
          ],
        },
        { content: 'Designed.' },
        {
          toolCalls: [
            { name: 'judge_experiment', arguments: { title: 'posts', recommendation: 'focus', reasoning: 'It works.' } },
            { name: 'judge_experiment', arguments: { title: 'Posts', recommendation: 'change', reasoning: 'Five is half the threshold.' } },
          ],
        },
        { content: 'Judged.' },
        {
          toolCalls: [
            {
              name: 'save_experiment',
              arguments: { title: 'Posts', experiment: { ...experimentInput('content_marketing'), threshold: { ...THRESHOLD, by: dayAfter(today(), 21) } } },
            },
          ],
        },
        { content: 'Updated.' },
      ],
    });
    await answerEnd(socket, send(socket, `Rank the channels ${model.tag}`).requestId);
    let bodies = await model.bodies();
    let refusals = toolResultsIn(bodies[1]!);
    expect(refusals[0]).toContain('Give one idea for each of the 19 traction channels');
    expect(refusals[1]).toContain('There are no channels ranked yet');
    const ranked = rankingOf(await waitForState(socket, (state) => rankingOf(state) !== undefined, 'the ranking'))!;
    expect(innerRingOf(ranked.ranking)).toEqual([]);
    expect(ranked.ranking.ideas).toHaveLength(19);

    expect(await ask(socket, { type: 'grow_inner_ring', channels: ['content_marketing', 'sales', 'community_building'] })).toMatchObject({ ok: true });
    await answerEnd(socket, send(socket, `Design the experiments ${model.tag}`).requestId);
    bodies = await model.bodies();
    refusals = toolResultsIn(bodies[3]!).slice(-4);
    expect(refusals[0]).toContain("Offline ads is not in the founders' inner ring");
    expect(refusals[1]).toContain(
      `The artifact not-in-memory is not in the memory: an experiment tests one of “Assumption 1: ${ASSUMPTION.slice(0, -1)}”, “Assumption 2: Practice managers read forums weekly”, “Assumption 3: Clinics pay for a refilled slot”, or nothing.`,
    );
    expect(refusals[3]).toContain('has no result yet: nothing to judge');
    const [posts] = experimentsOf(await waitForState(socket, (state) => experimentsOf(state).length === 1, 'the experiment'));
    expect(posts!.experiment).toMatchObject({ channel: 'content_marketing', tests: FIRST_ASSUMPTION, results: [], verdict: null });

    expect(await ask(socket, { type: 'grow_result', id: posts!.id, value: 5, note: 'First week.' })).toMatchObject({ ok: true });
    await answerEnd(socket, send(socket, `Judge it ${model.tag}`).requestId);
    bodies = await model.bodies();
    refusals = toolResultsIn(bodies[5]!).slice(-2);
    expect(refusals[0]).toContain('The latest result, 5 on');
    expect(refusals[0]).toContain(`misses the threshold (at least 10 sign-ups from the posts by ${dayAfter(today(), 14)})`);
    expect(refusals[0]).toContain('Nothing was saved');
    expect(refusals[1]).toContain('"meetsThreshold":false');
    const judged = experimentsOf(await waitForState(socket, (state) => experimentsOf(state)[0]?.experiment.verdict !== null, 'the verdict'))[0]!;
    expect(judged.experiment.verdict).toMatchObject({ recommendation: 'change', reasoning: 'Five is half the threshold.' });

    // Saved again under its title: updated, its result kept, the verdict on the earlier design dropped.
    await answerEnd(socket, send(socket, `Make it longer ${model.tag}`).requestId);
    const updated = experimentsOf(await waitForState(socket, (state) => experimentsOf(state)[0]?.experiment.threshold.by === dayAfter(today(), 21), 'updated'));
    expect(updated).toHaveLength(1);
    expect(updated[0]!.experiment).toMatchObject({ results: [{ value: 5, note: 'First week.', by: 'Ana Ruiz', on: today() }], verdict: null, tests: null });
    socket.close();
  });
});

describe('the Bullseye', () => {
  it("holds each channel in one ring, for the co-founder's tool and for members' edits", async () => {
    const { owner, socket } = await proProject();
    const other = await openSocket(owner.projectId, (await addCollaborator(owner.jar, owner.projectId)).jar);
    // A member's edit: a fourth channel in the inner ring, or the inner ring as a second list beside the rings, is refused.
    const four = await ask(other, {
      type: 'memory_create',
      content: rankingContent(['content_marketing', 'sales', 'community_building', 'existing_platforms']),
    });
    expect(four).toMatchObject({ ok: false, reason: 'invalid', error: expect.stringContaining('The inner ring holds at most 3 channels') });
    const twoRings = { ...rankingContent(), ranking: { ...rankingContent().ranking, innerRing: ['sales'] } };
    expect(await ask(other, { type: 'memory_create', content: twoRings })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(rankingOf(socket.latestState<State>()!)).toBeUndefined();

    const model = await lane({
      replies: [
        { toolCalls: [{ name: 'save_channel_ranking', arguments: { title: 'Channels', ideas: ideas() } }] },
        { content: 'Ranked.' },
        {
          toolCalls: [
            {
              name: 'save_channel_ranking',
              arguments: { title: 'Channels', ideas: ideas().map((idea) => (idea.channel === 'sales' ? { ...idea, ring: 'inner' } : idea)) },
            },
            {
              name: 'save_channel_ranking',
              arguments: { title: 'Channels', ideas: ideas().map((idea) => (idea.channel === 'sales' ? { ...idea, ring: 'possible' } : idea)) },
            },
            { name: 'save_channel_ranking', arguments: { title: 'Channels again', ideas: ideas() } },
          ],
        },
        { content: 'Ranked again.' },
      ],
    });
    await answerEnd(socket, send(socket, `Rank them ${model.tag}`).requestId);
    await waitForState(socket, (state) => rankingOf(state) !== undefined, 'the ranking');
    // The members choose the inner ring: its channels leave the promising ring.
    expect(await ask(other, { type: 'grow_inner_ring', channels: ['sales', 'content_marketing'] })).toMatchObject({ ok: true });
    const chosen = rankingOf(await waitForState(socket, (state) => innerRingOf(rankingOf(state)!.ranking).length === 2, 'the inner ring'))!;
    const ringsOf = (ranking: RankingEntry) => Object.fromEntries(ranking.ranking.ideas.map((idea) => [idea.channel, idea.ring]));
    expect(ringsOf(chosen)).toMatchObject({ sales: 'inner', content_marketing: 'inner', community_building: 'promising', existing_platforms: 'promising' });

    // The co-founder cannot put a channel in the inner ring, nor demote one the founders chose; ranking again keeps their choice.
    await answerEnd(socket, send(socket, `Rank them again ${model.tag}`).requestId);
    const refusals = toolResultsIn((await model.bodies())[3]!).slice(-3);
    expect(refusals[0]).toMatch(/ring/);
    expect(refusals[0]).not.toContain('"saved"');
    expect(refusals[1]).toContain("Sales is in the founders' inner ring: keep it promising, or ask them to change their inner ring first. Nothing was saved.");
    const again = rankingOf(await waitForState(socket, (state) => rankingOf(state)!.title === 'Channels again', 'ranked again'))!;
    expect(ringsOf(again)).toEqual(ringsOf(chosen));
    // Read back, each channel is named once: in its one ring.
    const outline = outlineOf(again).sections;
    expect(outline.map((section) => section.label)).toEqual(['Inner ring', 'Promising', 'Possible', 'Long shot']);
    const named = outline.flatMap((section) => section.items ?? []).map((item) => item.split(':')[0]);
    expect(named).toHaveLength(19);
    expect(new Set(named).size).toBe(19);
    expect(outline[0]!.items).toEqual(['Content marketing: An idea for Content marketing.', 'Sales: An idea for Sales.']);
    socket.close();
    other.close();
  });
});

describe("members' actions in phase 8", () => {
  it('refuses a result without a number and an inner ring holding a channel not ranked promising, clearly and with nothing saved', async () => {
    const { socket } = await proProject();
    const ranking = (await create(socket, rankingContent(['sales']))) as RankingEntry;
    const experiment = (await create(socket, experimentContent('Calls', 'sales'))) as ExperimentEntry;
    for (const value of ['twelve', null]) {
      const refused = await ask(socket, { type: 'grow_result', id: experiment.id, value, note: '' });
      expect(refused).toMatchObject({ ok: false, reason: 'invalid', error: 'A result is a number: what the metric measured.' });
    }
    const ring = await ask(socket, { type: 'grow_inner_ring', channels: ['sales', 'offline_ads'] });
    expect(ring).toMatchObject({ ok: false, reason: 'invalid', error: 'Offline ads is not ranked promising: the inner ring holds promising channels.' });
    const state = socket.latestState<State>()!;
    expect(rankingOf(state)).toMatchObject({ version: ranking.version });
    expect(innerRingOf(rankingOf(state)!.ranking)).toEqual(['sales']);
    expect(experimentsOf(state)[0]!.experiment.results).toEqual([]);
    socket.close();
  });

  it('accepting the ranking completes phase 8 in D1', async () => {
    const { owner, socket } = await proProject();
    const ranking = await create(socket, rankingContent());
    expect(await ask(socket, { type: 'memory_accept', id: ranking.id, baseVersion: ranking.version })).toMatchObject({ ok: true });
    await waitForState(socket, (state) => state.phases.done.includes(8), 'phase 8 done');
    expect(await db().prepare('SELECT phase FROM project_phases WHERE project_id = ? AND phase = 8').bind(owner.projectId).first()).toEqual({ phase: 8 });
    socket.close();
  });
});

describe('the weekly check-in', () => {
  it('waits CHECK_IN_INTERVAL_SECONDS, a whole number of seconds above zero, read as milliseconds', () => {
    // wrangler.toml's value, which the tests keep: a week.
    expect(env.CHECK_IN_INTERVAL_SECONDS).toBe('604800');
    expect(checkInIntervalMs(env)).toBe(7 * 86_400_000);
    expect(checkInIntervalMs({ ...env, CHECK_IN_INTERVAL_SECONDS: '5' })).toBe(5000);
    for (const wrong of ['0', '-5', '1.5', 'soon', ''])
      expect(() => checkInIntervalMs({ ...env, CHECK_IN_INTERVAL_SECONDS: wrong }), wrong).toThrow(/CHECK_IN_INTERVAL_SECONDS/);
  });

  it('is scheduled a week after it is turned on, posts once a week even after an eviction, and e-mails those who asked', async () => {
    const { owner, socket } = await proProject();
    await create(socket, rankingContent(['sales']));
    await create(socket, experimentContent('Calls to clinics', 'sales'));
    const interval = checkInIntervalMs(env);
    const before = Date.now();
    expect(await ask(socket, { type: 'grow_check_in', enabled: true, email: true })).toMatchObject({ ok: true });
    const on = await waitForState(socket, (state) => state.checkIn.enabled && state.checkIn.nextAt !== null, 'turned on');
    // The first check-in one interval (the setting) after it was turned on.
    expect(on.checkIn.nextAt!).toBeGreaterThanOrEqual(before + interval);
    expect(on.checkIn.nextAt!).toBeLessThanOrEqual(Date.now() + interval);
    expect(on.checkIn.emailUserIds).toHaveLength(1);

    const ran = Date.now();
    await runCheckIn(owner.projectId);
    const [posted] = await checkIns(owner.projectId, owner.jar);
    expect(posted).toMatchObject({ role: 'assistant', metadata: { author: { kind: 'cofounder' }, phase: 8 } });
    const text = JSON.stringify(posted!.parts);
    expect(text).toContain(`Weekly check-in, ${isoWeek(Date.now())}`);
    expect(text).toContain('Changed in the memory in the last 7 days');
    expect(text).toContain('“Calls to clinics”');
    const [mail] = await outboxFor(owner.email);
    expect(mail).toMatchObject({ subject: 'Your weekly check-in' });
    expect(mail!.text).toContain('Your weekly check-in is in the workspace.');
    expect(mail!.text).toContain('Calls to clinics');
    expect(mail!.text).toContain(`/app/projects/${owner.projectId}`);
    const after = await waitForState(socket, (state) => state.checkIn.lastWeek !== null, 'the week recorded');
    expect(after.checkIn.lastWeek).toBe(isoWeek(Date.now()));
    // The next one, an interval after this one.
    expect(after.checkIn.nextAt!).toBeGreaterThanOrEqual(ran + interval);
    expect(after.checkIn.nextAt!).toBeLessThanOrEqual(Date.now() + interval);

    // Again the same week, and after an eviction: nothing more.
    await runCheckIn(owner.projectId);
    const { evictDurableObject } = await import('cloudflare:test');
    await evictDurableObject(stub(owner.projectId));
    await runCheckIn(owner.projectId);
    expect(await checkIns(owner.projectId, owner.jar)).toHaveLength(1);
    expect(await outboxFor(owner.email)).toHaveLength(1);

    // The clock moved on a week (the object runs in this isolate and reads the same clock): one more.
    const nextWeek = Date.now() + 7 * 86_400_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(nextWeek);
      await runCheckIn(owner.projectId);
      await runCheckIn(owner.projectId);
      // Read in the object: a week on, the test's own session has lapsed.
      const { runInDurableObject } = await import('cloudflare:test');
      const posts = await runInDurableObject(stub(owner.projectId), (instance) =>
        (instance as unknown as { messages: { role: string; parts: unknown[] }[] }).messages.filter(
          (message) => message.role === 'assistant' && JSON.stringify(message.parts).includes('Weekly check-in'),
        ),
      );
      expect(posts).toHaveLength(2);
      expect(JSON.stringify(posts[1]!.parts)).toContain(`Weekly check-in, ${isoWeek(nextWeek)}`);
      expect((await waitForState(socket, (state) => state.checkIn.lastWeek === isoWeek(nextWeek), 'the next week recorded')).checkIn.lastWeek).not.toBe(
        after.checkIn.lastWeek,
      );
    } finally {
      vi.useRealTimers();
    }
    socket.close();
  });

  it('skips a week whose allowance is spent, and under privacy mode e-mails only a link', async () => {
    const { owner, socket } = await proProject();
    await create(socket, rankingContent(['sales']));
    await create(socket, experimentContent('Calls to clinics', 'sales'));
    expect(await ask(socket, { type: 'grow_check_in', enabled: true, email: true })).toMatchObject({ ok: true });
    const cap = socket.latestState<{ limits: { messagesPerProjectPerDay: number } }>()!.limits.messagesPerProjectPerDay;
    const day = today();
    await db().prepare('INSERT INTO cofounder_usage (day, key, count, cap) VALUES (?, ?, ?, ?)').bind(day, `project:${owner.projectId}`, cap, cap).run();
    await runCheckIn(owner.projectId);
    expect(await checkIns(owner.projectId, owner.jar)).toHaveLength(0);
    expect(await outboxFor(owner.email)).toHaveLength(0);
    expect(socket.latestState<State>()!.checkIn.lastWeek).toBeNull();

    await db().prepare('DELETE FROM cofounder_usage WHERE day = ? AND key = ?').bind(day, `project:${owner.projectId}`).run();
    await db().prepare('UPDATE users SET privacy_mode = 1 WHERE email = ?').bind(owner.email).run();
    await runCheckIn(owner.projectId);
    expect(await checkIns(owner.projectId, owner.jar)).toHaveLength(1);
    const [mail] = await outboxFor(owner.email);
    expect(mail!.text).toContain('Your weekly check-in is in the workspace.');
    expect(mail!.text).not.toContain('Calls to clinics');
    expect(mail!.html).not.toContain('Calls to clinics');
    expect(mail!.text).not.toContain('Changed in the memory');
    socket.close();
  });

  it('e-mails no one who was removed, left or deleted their account: each is dropped from those who asked at once', async () => {
    const { owner, socket } = await proProject();
    const userId = async (email: string) => (await db().prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: string }>())!.id;
    expect(await ask(socket, { type: 'grow_check_in', enabled: true, email: true })).toMatchObject({ ok: true });
    const [removed, leaving, deleting] = [
      await addCollaborator(owner.jar, owner.projectId),
      await addCollaborator(owner.jar, owner.projectId),
      await addCollaborator(owner.jar, owner.projectId),
    ];
    for (const collaborator of [removed, leaving, deleting]) {
      const theirs = await openSocket(owner.projectId, collaborator.jar);
      expect(await ask(theirs, { type: 'grow_check_in', enabled: true, email: true })).toMatchObject({ ok: true });
      theirs.close();
    }
    const [ownerId, removedId, leavingId, deletingId] = await Promise.all([
      userId(owner.email),
      userId(removed.email),
      userId(leaving.email),
      userId(deleting.email),
    ]);
    const asked = (state: State) => state.checkIn.emailUserIds;
    expect(asked(await waitForState(socket, (state) => asked(state).length === 4, 'four asking'))).toEqual([ownerId, removedId, leavingId, deletingId]);

    const removal = await request(`/api/project/${owner.projectId}/members/${removedId}`, { method: 'DELETE' }, { jar: owner.jar });
    expect(removal.status).toBe(200);
    expect(asked(await waitForState(socket, (state) => !asked(state).includes(removedId), 'the removed member dropped'))).toEqual([
      ownerId,
      leavingId,
      deletingId,
    ]);

    expect((await request(`/api/project/${owner.projectId}/membership`, { method: 'DELETE' }, { jar: leaving.jar })).status).toBe(200);
    expect(asked(await waitForState(socket, (state) => !asked(state).includes(leavingId), 'the member who left dropped'))).toEqual([ownerId, deletingId]);

    const deletion = await request(
      '/api/user',
      { method: 'DELETE', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ confirmation: deleting.email }) },
      { jar: deleting.jar },
    );
    expect(deletion.status).toBe(200);
    expect(asked(await waitForState(socket, (state) => !asked(state).includes(deletingId), 'the deleted account dropped'))).toEqual([ownerId]);
    socket.close();
  });

  it('turned off, it posts nothing and leaves no step scheduled', async () => {
    const { owner, socket } = await proProject();
    expect(await ask(socket, { type: 'grow_check_in', enabled: true, email: false })).toMatchObject({ ok: true });
    expect(await ask(socket, { type: 'grow_check_in', enabled: false, email: false })).toMatchObject({ ok: true });
    expect(socket.latestState<State>()!.checkIn).toMatchObject({ enabled: false, nextAt: null, emailUserIds: [] });
    await runCheckIn(owner.projectId);
    expect(await checkIns(owner.projectId, owner.jar)).toHaveLength(0);
    const { runInDurableObject } = await import('cloudflare:test');
    const steps = await runInDurableObject(stub(owner.projectId), async (instance) =>
      (await (instance as unknown as { listSchedules(): Promise<{ callback: string }[]> }).listSchedules()).filter((step) => step.callback === 'runPhaseJob'),
    );
    expect(steps).toEqual([]);
    socket.close();
  });
});

const PITCH = {
  kind: 'pitch',
  title: 'Refill a cancelled slot by text',
  pitch: {
    problem: 'Dana’s 9 o’clock cancels at 8:15; she phones down a paper list for 40 minutes.',
    appetite: '2 weeks',
    elements: [{ name: 'The offer text', description: 'A text to every patient on the list when a slot frees up.' }],
    flows: ['Dana marks a slot cancelled → the list gets a text → the first reply is booked.'],
    rabbitHoles: [],
    noGos: [],
  },
};
const flagsOn = (state: State, id: string) =>
  reviewFlagsOf(state.memory)
    .filter((flag) => flag.entryId === id)
    .map((flag) => flag.text);

describe('experiments short of their threshold', () => {
  it("flag the experiment, the assumption it tests and the pitch that rests on it, for every member, when a member logs a result that misses the threshold of the co-founder's experiment; the check-in and the next prompt say so", async () => {
    const { owner, socket } = await proProject();
    const collaborator = await addCollaborator(owner.jar, owner.projectId);
    const other = await openSocket(owner.projectId, collaborator.jar);
    const canvas = await create(socket, CANVAS);
    const risks = await create(socket, RISKS);
    const pitch = await create(socket, PITCH);
    await create(socket, rankingContent(['content_marketing']));
    const model = await lane({
      replies: [
        {
          toolCalls: [
            { name: 'save_experiment', arguments: { title: 'Posts', experiment: experimentInput('content_marketing', { kind: 'assumption', number: 1 }) } },
          ],
        },
        { content: 'Designed.' },
        { content: 'About that result.' },
      ],
    });
    await answerEnd(socket, send(socket, `Design it ${model.tag}`).requestId);
    expect(toolResultsIn((await model.bodies())[1]!)[0]).toContain(`"tests":"Assumption 1: ${ASSUMPTION}"`);
    const [posts] = experimentsOf(await waitForState(socket, (state) => experimentsOf(state).length === 1, 'the experiment'));
    expect(flagsOn(socket.latestState<State>()!, posts!.id)).toEqual(['No experiment tests the channel “dental trade newsletters” of the Lean Canvas.']);

    // A result of 2 against a threshold of at least 10, logged by the other member.
    expect(await ask(other, { type: 'grow_result', id: posts!.id, value: 2, note: 'Two sign-ups.' })).toMatchObject({ ok: true });
    const by = dayAfter(today(), 14);
    const measured = `it measured 2 sign-ups from the posts on ${today()}, short of its threshold of at least 10 by ${by}.`;
    for (const member of [socket, other]) {
      const state = await waitForState(member, (candidate) => flagsOn(candidate, risks.id).length > 0, 'the assumption flagged');
      expect(flagsOn(state, posts!.id)).toContain(
        `“Posts” measured 2 sign-ups from the posts on ${today()}, short of its threshold of at least 10 by ${by}. It contradicts the assumption it tests, “Clinics lose several slots a week”.`,
      );
      expect(flagsOn(state, risks.id)).toEqual([`The experiment “Posts” contradicts the assumption “Clinics lose several slots a week”: ${measured}`]);
      expect(flagsOn(state, pitch.id)).toEqual([
        `It rests on “Risks”, whose assumption “Clinics lose several slots a week” the experiment “Posts” contradicts: ${measured}`,
      ]);
      expect(flagsOn(state, canvas.id)).toEqual(['No experiment tests the channel “dental trade newsletters” of the Lean Canvas.']);
      expect(reviewFlagsOf(state.memory).some((flag) => flag.text.includes('.”.'))).toBe(false);
    }
    await answerEnd(socket, send(socket, 'And now?').requestId);
    expect(JSON.stringify((await model.bodies())[2]!.messages[0])).toContain(
      `flagged for review (say so to the founders and challenge it): The experiment “Posts” contradicts the assumption`,
    );
    expect(await ask(socket, { type: 'grow_check_in', enabled: true, email: false })).toMatchObject({ ok: true });
    await runCheckIn(owner.projectId);
    const text = JSON.stringify((await checkIns(owner.projectId, owner.jar))[0]!.parts);
    expect(text).toContain('To review: No experiment tests the channel “dental trade newsletters”');
    expect(text).toContain('To review: The experiment “Posts” contradicts the assumption');
    socket.close();
    other.close();
  });

  it("take what a member's experiment tests only as chosen from the memory, and flag a passed day with no result on it, what it tests and what rests on that; a miss with nothing linked flags the experiment alone", async () => {
    const { socket } = await proProject();
    const canvas = await create(socket, CANVAS);
    const risks = await create(socket, RISKS);
    await create(socket, rankingContent(['content_marketing', 'sales']));
    for (const [tests, error] of [
      [
        { kind: 'artifact', id: 'not-in-memory', label: 'Lean Canvas: Somewhere' },
        'The artifact not-in-memory is not in the memory: an experiment tests one of',
      ],
      [{ kind: 'assumption', number: 3, label: 'Assumption 3' }, null],
      [
        { kind: 'unlinked', text: 'Clinics lose a lot' },
        'Choose what the experiment tests from the list (an assumption of phase 5 or an artifact of the memory), or nothing.',
      ],
    ] as const) {
      const answer = await ask(socket, { type: 'memory_create', content: experimentContent('Try', 'sales', [], tests as Tested) });
      if (error) expect(answer).toMatchObject({ ok: false, reason: 'invalid', error: expect.stringContaining(error) });
      else {
        expect(answer).toMatchObject({ ok: true });
        expect(await ask(socket, { type: 'memory_delete', id: answer.value!.id, baseVersion: answer.value!.version })).toMatchObject({ ok: true });
      }
    }
    const started = dayAfter(today(), -30);
    const due = dayAfter(today(), -10);
    const old = {
      kind: 'experiment',
      title: 'Old posts',
      experiment: {
        ...experimentInput('content_marketing', { kind: 'artifact', id: canvas.id, label: 'Lean Canvas: Clinic canvas' }),
        startedOn: started,
        threshold: { ...THRESHOLD, by: due },
        results: [],
        verdict: null,
      },
    };
    const overdue = await create(socket, old);
    await create(socket, experimentContent('Calls', 'sales', [{ on: today(), value: 2, note: '', by: 'Ana Ruiz' }]));
    const state = await waitForState(socket, (candidate) => experimentsOf(candidate).length === 2, 'both experiments');
    const calls = experimentsOf(state).find((entry) => entry.title === 'Calls')!;
    const unproven = `it has no result logged, and its threshold of at least 10 sign-ups from the posts was due by ${due}.`;
    expect(flagsOn(state, overdue.id)).toContain(
      `“Old posts” has no result logged, and its threshold of at least 10 sign-ups from the posts was due by ${due}. It leaves unproven the artifact it tests, “Clinic canvas”.`,
    );
    expect(flagsOn(state, canvas.id)).toContain(`The experiment “Old posts” leaves unproven the artifact “Clinic canvas”: ${unproven}`);
    // The riskiest assumptions are built on the canvas.
    expect(flagsOn(state, risks.id)).toEqual([`It rests on “Clinic canvas”, whose claims the experiment “Old posts” leaves unproven: ${unproven}`]);
    expect(flagsOn(state, calls.id).filter((text) => !text.startsWith('No experiment tests'))).toEqual([
      `“Calls” measured 2 sign-ups from the posts on ${today()}, short of its threshold of at least 10 by ${dayAfter(today(), 14)}.`,
    ]);
    expect(reviewFlagsOf(state.memory).filter((flag) => flag.text.includes('“Calls”') && flag.entryId !== calls.id)).toEqual([]);
    socket.close();
  });

  it('stored in their earlier shapes, are upgraded when the object starts: one ring per channel, the threshold with its metric and day, the assumption linked or kept as written', async () => {
    const { owner, socket } = await proProject();
    await create(socket, RISKS);
    socket.close();
    const stored = (id: string, title: string, tests: string | null) => ({
      id,
      kind: 'experiment',
      title,
      version: 3,
      author: { kind: 'cofounder' },
      updatedAt: Date.now(),
      experiment: {
        channel: 'sales',
        hypothesis: 'Calls book demos.',
        metric: 'demos booked',
        budget: 0,
        durationDays: 14,
        startedOn: '2026-11-23',
        threshold: { comparison: 'at_least', value: 3 },
        tests,
        results: [{ on: '2026-11-30', value: 2, note: '', by: 'Ana Ruiz' }],
        verdict: null,
      },
    });
    const { runInDurableObject, evictDurableObject } = await import('cloudflare:test');
    await runInDurableObject(stub(owner.projectId), (instance) => {
      const agent = instance as unknown as { state: State; setState(state: State): void };
      const ranking = {
        id: 'ranking-old',
        kind: 'channel_ranking',
        title: 'Channels',
        version: 2,
        author: { kind: 'cofounder' },
        updatedAt: Date.now(),
        ranking: { ideas: ideas(), innerRing: ['sales', 'content_marketing'] },
      };
      const memory = [
        ...agent.state.memory,
        ranking,
        stored('linked', 'Calls', ' clinics lose SEVERAL slots a week. '),
        stored('unlinked', 'Visits', 'Clinics lose a lot'),
      ];
      agent.setState({ ...agent.state, memory: memory as never });
    });
    await evictDurableObject(stub(owner.projectId));
    const again = await openSocket(owner.projectId, owner.jar);
    const state = await waitForState(again, (candidate) => experimentsOf(candidate).length === 2, 'the upgraded memory');
    const ranking = rankingOf(state)!;
    expect(ChannelRankingContentSchema.safeParse({ kind: ranking.kind, title: ranking.title, ranking: ranking.ranking }).success).toBe(true);
    expect(ranking).toMatchObject({ id: 'ranking-old', version: 2 });
    expect(ranking.ranking.ideas.filter((idea) => idea.ring === 'inner').map((idea) => idea.channel)).toEqual(['content_marketing', 'sales']);
    expect(ranking.ranking.ideas.filter((idea) => idea.ring === 'promising').map((idea) => idea.channel)).toEqual(['existing_platforms', 'community_building']);
    const [linked, unlinked] = experimentsOf(state);
    for (const entry of [linked!, unlinked!])
      expect(ExperimentContentSchema.safeParse({ kind: entry.kind, title: entry.title, experiment: entry.experiment }).success, entry.title).toBe(true);
    expect(linked).toMatchObject({ id: 'linked', version: 3 });
    expect(linked!.experiment).toEqual({
      channel: 'sales',
      hypothesis: 'Calls book demos.',
      budget: 0,
      startedOn: '2026-11-23',
      threshold: { metric: 'demos booked', comparison: 'at_least', value: 3, by: '2026-12-07' },
      tests: FIRST_ASSUMPTION,
      results: [{ on: '2026-11-30', value: 2, note: '', by: 'Ana Ruiz' }],
      verdict: null,
    });
    expect(unlinked!.experiment.tests).toEqual({ kind: 'unlinked', text: 'Clinics lose a lot' });
    // The upgraded experiment is flagged as any other: its result misses the threshold, against the assumption it now links.
    expect(flagsOn(state, linked!.id)).toContain(
      '“Calls” measured 2 demos booked on 2026-11-30, short of its threshold of at least 3 by 2026-12-07. It contradicts the assumption it tests, “Clinics lose several slots a week”.',
    );
    again.close();
  });
});

describe('on Free', () => {
  it('offers none of the tools of phase 8 and refuses its actions', async () => {
    const { owner, socket } = await proProject();
    const experiment = await create(socket, experimentContent('Calls', 'sales'));
    await create(socket, rankingContent(['sales']));
    await db().prepare("UPDATE users SET plan = 'free' WHERE email = ?").bind(owner.email).run();
    expect(await ask(socket, { type: 'grow_result', id: experiment.id, value: 3, note: '' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('needs Pro'),
    });
    expect(await ask(socket, { type: 'grow_inner_ring', channels: [] })).toMatchObject({ ok: false, error: expect.stringContaining('needs Pro') });
    expect(await ask(socket, { type: 'grow_check_in', enabled: true, email: true })).toMatchObject({
      ok: false,
      error: 'Phase 8, "Market and grow", needs Pro.',
    });
    const model = await lane({ replies: [{ content: 'Free.' }] });
    await answerEnd(socket, send(socket, `Grow ${model.tag}`).requestId);
    const offered = ((await model.bodies())[0]!.tools ?? []).map((offeredTool) => offeredTool.function.name);
    for (const name of ['save_channel_ranking', 'save_experiment', 'judge_experiment']) expect(offered).not.toContain(name);
    socket.close();
  });
});

describe('the offline demo in phase 8', () => {
  const words = demoWords('Waiting-list filler for clinics', 'Grow it');
  const textOf = (step: DemoStep, memory: readonly MemoryEntry[]) => demoText(step, { ...words, memory });

  it('ranks the 19 channels once, leaves the inner ring to the founders, and tests its first channel once; each answer says what it finds', async () => {
    const { context, memory } = demoContext();
    context.actions.writeMemory(RISKS as never);
    const [rank, experiment] = GROW_DEMO;
    expect(textOf(rank!, memory())).toMatch(/^\*Offline demo — not AI\.\* Here are the 19 traction channels ranked/);
    expect(await rank!.tool!(context, { toolCallId: 'demo-1', words })).toMatchObject({ name: 'save_channel_ranking' });
    const ranking = memory().find((entry): entry is RankingEntry => entry.kind === 'channel_ranking')!;
    expect(ChannelRankingContentSchema.safeParse({ kind: ranking.kind, title: ranking.title, ranking: ranking.ranking }).success).toBe(true);
    expect(ranking.ranking.ideas.map((idea) => idea.channel)).toEqual(CHANNELS);
    expect(ranking.ranking.ideas.every((idea) => idea.idea.startsWith('Assumption to test:') && idea.idea.includes('waiting-list filler'))).toBe(true);
    expect(innerRingOf(ranking.ranking)).toEqual([]);
    // Ranked once: a second turn changes nothing, and says so.
    expect(textOf(rank!, memory())).toMatch(/ranked already/);
    expect(await rank!.tool!(context, { toolCallId: 'demo-2', words })).toBeNull();

    // No inner ring yet: no experiment, and the answer says what to do first.
    expect(textOf(experiment!, memory())).toMatch(/there is no inner ring yet: choose its three channels under the ranking first\.$/);
    expect(await experiment!.tool!(context, { toolCallId: 'demo-3', words })).toBeNull();

    // The founders choose the ring; the demo tests its first channel, once.
    context.actions.updateMemory(ranking.id, {
      kind: 'channel_ranking',
      title: ranking.title,
      ranking: {
        ideas: ranking.ranking.ideas.map((idea) =>
          ['sales', 'content_marketing', 'community_building'].includes(idea.channel) ? { ...idea, ring: 'inner' as const } : idea,
        ),
      },
    });
    expect(textOf(experiment!, memory())).toMatch(/^\*Offline demo — not AI\.\* An experiment tests one channel of your inner ring: a hypothesis/);
    expect(await experiment!.tool!(context, { toolCallId: 'demo-4', words })).toMatchObject({ name: 'save_experiment' });
    const saved = memory().filter((entry): entry is ExperimentEntry => entry.kind === 'experiment');
    expect(saved).toHaveLength(1);
    expect(ExperimentContentSchema.safeParse({ kind: saved[0]!.kind, title: saved[0]!.title, experiment: saved[0]!.experiment }).success).toBe(true);
    // Its first channel in the book's order, testing phase 5's first assumption.
    expect(saved[0]!.experiment).toMatchObject({
      channel: 'content_marketing',
      threshold: { comparison: 'at_least', value: 10, by: dayAfter(today(), 14) },
      tests: FIRST_ASSUMPTION,
      results: [],
      verdict: null,
    });
    expect(textOf(experiment!, memory())).toMatch(/^\*Offline demo — not AI\.\* Content marketing already has its experiment: log each result under it/);
    expect(await experiment!.tool!(context, { toolCallId: 'demo-5', words })).toBeNull();
  });
});
