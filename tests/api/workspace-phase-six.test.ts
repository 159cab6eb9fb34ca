import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BuildPlanContentSchema, MvpScopeContentSchema, type PlanProposal, type Task, type TeamMember } from '#contracts/phases/build-plan';
import { reviewFlagsOf, staleUpstreams } from '#contracts/phases/registry';
import type { MemoryEntry } from '#contracts/workspace';
import { BUILD_PLAN_DEMO } from '../../worker/agents/phases/build-plan/demo';
import { db, request } from '../utils';
import { demoContext, demoText, demoWords } from './demo-context';
import {
  addCollaborator,
  answerEnd,
  ask,
  currentOrNextState,
  lane,
  openSocket,
  ownerWithProject,
  PERSONA,
  requestResult,
  send,
  sendFrame,
  storedMessages,
  type TestSocket,
  toolResultsIn,
} from './workspace-support';

/**
 * Phase 6 in the workspace, through the object with the fake model: the MVP scope whose items
 * deliver the value map's pain relievers; a build plan whose references add up and whose owners
 * are members, named by name; members moving tasks at once, all landing; a re-plan proposed
 * beside the plan and applied only when a member accepts it, keeping the statuses; a member's
 * edit checked for its owners; stale flags; the proposal through an eviction; Free; the demo.
 */

type PlanEntry = Extract<MemoryEntry, { kind: 'build_plan' }>;
type State = { phases: { done: number[]; current: number }; memory: MemoryEntry[]; planProposal: PlanProposal | null; teamMembers: TeamMember[] };

const waitForState = currentOrNextState<State>;
const planOf = (state: State) => state.memory.find((entry): entry is PlanEntry => entry.kind === 'build_plan');
const toolOutput = async (projectId: string, jar: Parameters<typeof storedMessages>[1], name: string) =>
  (await storedMessages(projectId, jar)).flatMap((message) => message.parts).findLast((part) => part.type === `tool-${name}`)?.output as Record<
    string,
    unknown
  >;

const OWNER_NAME = 'Ana Ruiz';
const COLLABORATOR_NAME = 'Ben Okafor';

/** A Pro project whose owner (and collaborator) have names; their sockets open once the members are read. */
async function team(withCollaborator: boolean) {
  const owner = await ownerWithProject();
  await db().prepare("UPDATE users SET plan = 'pro', name = ? WHERE email = ?").bind(OWNER_NAME, owner.email).run();
  const collaborator = withCollaborator ? await addCollaborator(owner.jar, owner.projectId) : null;
  if (collaborator) await db().prepare('UPDATE users SET name = ? WHERE email = ?').bind(COLLABORATOR_NAME, collaborator.email).run();
  const socket = await openSocket(owner.projectId, owner.jar);
  const state = await waitForState(socket, (candidate) => candidate.teamMembers.length === (collaborator ? 2 : 1), 'the members read');
  const members = state.teamMembers;
  const other = collaborator ? await openSocket(owner.projectId, collaborator.jar) : null;
  return { owner, collaborator, socket, other, members, ana: members.find((member) => member.name === OWNER_NAME)! };
}

const RELIEVER = 'Offers a cancelled slot to the whole waiting list by text at once.';
const SECOND_RELIEVER = 'Books the first patient who replies, with no phone call.';
const ANSWERS = { persona: 'Dana Whitfield', text: PERSONA.pains[0]!.text };
const VALUE_MAP = {
  kind: 'value_map',
  title: 'Slots refilled by text',
  valueMap: {
    products: ['Texts to the waiting list'],
    relievers: [
      { text: RELIEVER, answers: ANSWERS },
      { text: SECOND_RELIEVER, answers: ANSWERS },
    ],
    creators: [],
  },
};
/** A reliever a member wrote that answers no pain: the value map flags it. */
const LOYALTY = 'Patients get a loyalty sticker for their file.';
const STICKER = 'A loyalty sticker for the patient file';
const VALUE_MAP_WITH_LOYALTY = {
  ...VALUE_MAP,
  valueMap: { ...VALUE_MAP.valueMap, relievers: [...VALUE_MAP.valueMap.relievers, { text: LOYALTY, answers: null }] },
};
const PITCH = {
  kind: 'pitch',
  title: 'Refill a cancelled slot by text',
  pitch: {
    problem: 'Dana’s 9 o’clock cancels at 8:15; she phones down a paper list for 40 minutes and the chair stays empty.',
    appetite: '2 weeks',
    elements: [{ name: 'The offer text', description: 'A text to every patient on the list when a slot frees up.' }],
    flows: ['Dana marks a slot cancelled → the list gets a text → the first reply is booked.'],
    rabbitHoles: [],
    noGos: ['Payments'],
  },
};
const SCOPE = {
  kind: 'mvp_scope',
  title: 'The first version',
  scope: { in: [{ item: 'Text the waiting list when a slot frees up', delivers: RELIEVER }], out: ['Online payments'], later: [] },
};

const MILESTONES = [
  { id: 'texts-work', title: 'Texts refill a slot', week: 1 },
  { id: 'clinics-live', title: 'First clinics live', week: 2 },
];
const TECH = [{ choice: 'A texting API', reason: 'Texts reach every patient without an app.', risk: 'Each text costs money as clinics grow.' }];

/** A task as the co-founder writes it: its owner by name, its status left out. */
const modelTask = (
  id: string,
  title: string,
  rest: { estimateDays?: unknown; dependsOn?: string[]; owner?: string | null; milestone?: string; status?: string } = {},
) => ({
  id,
  title,
  estimateDays: 1,
  dependsOn: [],
  owner: null,
  milestone: 'texts-work',
  ...rest,
});
const modelPlan = (tasks: object[]) => ({ weeks: 2, milestones: MILESTONES, tractionGoal: 'First 10 paying clinics', tasks, techChoices: TECH });

/** A task as a member saves it, its owner a member's id and name. */
const task = (id: string, rest: Partial<Task> = {}): Task => ({
  id,
  title: `Task ${id}`,
  estimateDays: 1,
  dependsOn: [],
  owner: null,
  milestone: 'texts-work',
  status: 'todo',
  ...rest,
});
const planContent = (tasks: Task[]) => ({
  kind: 'build_plan',
  title: 'Two weeks to the first refilled slot',
  plan: { weeks: 2, milestones: MILESTONES, tractionGoal: 'First 10 paying clinics', tasks, techChoices: TECH },
});

async function create(socket: TestSocket, content: object) {
  const saved = await ask(socket, { type: 'memory_create', content });
  expect(saved).toMatchObject({ ok: true });
  return saved.value!;
}

const scopeFlags = (state: State) =>
  reviewFlagsOf(state.memory)
    .filter((flag) => flag.entryId === state.memory.find((entry) => entry.kind === 'mvp_scope')?.id)
    .map((flag) => flag.text);
const NEWSLETTER_FLAG =
  '“A monthly newsletter” is in the first version but delivers no pain reliever of the value map: which pain does it relieve? If none, move it out or to later.';
const STICKER_FLAG = `“${STICKER}” is in the first version but delivers the pain reliever “Patients get a loyalty sticker for their file”, which answers no pain of a persona: which pain does it relieve? If none, move it out or to later.`;

describe('the MVP scope', () => {
  it('refuses an item delivering a pain reliever the value map does not hold, and saves an item delivering none, or a reliever that answers no pain, flagged for every member and for the co-founder to challenge by name', async () => {
    const { socket, other } = await team(true);
    await create(socket, { kind: 'persona', title: 'Dana Whitfield', persona: PERSONA });
    await create(socket, VALUE_MAP_WITH_LOYALTY);
    const model = await lane({
      replies: [
        {
          toolCalls: [
            {
              name: 'save_mvp_scope',
              arguments: { title: 'Invented', scope: { in: [{ item: 'Reminders', delivers: 'Sends reminders the day before.' }], out: [], later: [] } },
            },
          ],
        },
        { content: 'Refused.' },
        {
          toolCalls: [
            {
              name: 'save_mvp_scope',
              arguments: {
                title: 'The first version',
                scope: {
                  in: [
                    { item: 'Text the waiting list when a slot frees up', delivers: `  ${RELIEVER.toUpperCase()} ` },
                    { item: 'A monthly newsletter', delivers: null },
                    { item: STICKER, delivers: LOYALTY },
                  ],
                  out: ['Online payments'],
                  later: ['Calendar sync'],
                },
              },
            },
          ],
        },
        { content: 'Saved.' },
        { content: 'About the sticker.' },
      ],
    });
    await answerEnd(socket, send(socket, `Scope it ${model.tag}`).requestId);
    const [refused] = toolResultsIn((await model.bodies())[1]!);
    expect(refused).toContain('The value map has no pain reliever');
    expect(refused).toContain(RELIEVER);
    expect(socket.latestState<State>()!.memory.some((entry) => entry.kind === 'mvp_scope')).toBe(false);

    await answerEnd(socket, send(socket, 'Again').requestId);
    const saved = toolResultsIn((await model.bodies())[3]!).at(-1);
    expect(saved).toContain(`Saved, and flagged for review: ${NEWSLETTER_FLAG} ${STICKER_FLAG} Challenge each by name with the founders. Then plan the build.`);
    const state = await waitForState(socket, (candidate) => candidate.memory.some((entry) => entry.kind === 'mvp_scope'), 'the scope saved');
    const scope = state.memory.find((entry) => entry.kind === 'mvp_scope') as Extract<MemoryEntry, { kind: 'mvp_scope' }>;
    // Stored in the value map's own words, and only once.
    expect(scope.scope.in).toEqual([
      { item: 'Text the waiting list when a slot frees up', delivers: RELIEVER },
      { item: 'A monthly newsletter', delivers: null },
      { item: STICKER, delivers: LOYALTY },
    ]);
    // The same flags for every member, and in the co-founder's next prompt.
    for (const member of [socket, other!])
      expect(scopeFlags(await waitForState(member, (candidate) => scopeFlags(candidate).length > 0, 'the scope flagged'))).toEqual([
        NEWSLETTER_FLAG,
        STICKER_FLAG,
      ]);
    await answerEnd(socket, send(socket, 'What now?').requestId);
    expect(JSON.stringify((await model.bodies())[4]!.messages[0])).toContain(`flagged for review (say so to the founders and challenge it): ${STICKER_FLAG}`);
    expect(scope.version).toBe(1);
    expect(MvpScopeContentSchema.safeParse({ kind: scope.kind, title: scope.title, scope: scope.scope }).success).toBe(true);
    socket.close();
    other!.close();
  });

  it('flags an item a member puts in whose pain reliever answers no pain, for every member, until the value map answers a pain with it', async () => {
    const { socket, other } = await team(true);
    await create(socket, { kind: 'persona', title: 'Dana Whitfield', persona: PERSONA });
    const map = await create(socket, VALUE_MAP_WITH_LOYALTY);
    const scope = await create(other!, SCOPE);
    expect(scopeFlags(socket.latestState<State>()!)).toEqual([]);
    const withSticker = { ...SCOPE, scope: { ...SCOPE.scope, in: [...SCOPE.scope.in, { item: STICKER, delivers: LOYALTY }] } };
    expect(await ask(other!, { type: 'memory_update', id: scope.id, baseVersion: scope.version, content: withSticker })).toMatchObject({ ok: true });
    for (const member of [socket, other!])
      expect(scopeFlags(await waitForState(member, (state) => scopeFlags(state).length > 0, 'the scope flagged'))).toEqual([STICKER_FLAG]);
    // The map now says which pain the sticker relieves: the flag goes, for both.
    const answered = { ...VALUE_MAP, valueMap: { ...VALUE_MAP.valueMap, relievers: [...VALUE_MAP.valueMap.relievers, { text: LOYALTY, answers: ANSWERS }] } };
    expect(await ask(socket, { type: 'memory_update', id: map.id, baseVersion: map.version, content: answered })).toMatchObject({ ok: true });
    for (const member of [socket, other!]) await waitForState(member, (state) => scopeFlags(state).length === 0, 'the flag gone');
    socket.close();
    other!.close();
  });
});

describe('the build plan', () => {
  it('refuses a task depending on itself, a circle, an unknown task, an estimate that is not a number and an owner who is not a member, saving nothing; resolves owners by name, names the task most likely to slip, keeps the statuses members set, and once accepted changes only by a re-plan', async () => {
    const { socket, other, ana } = await team(true);
    socket.send({ type: 'phase_open', requestId: 'open-6', phase: 6 });
    expect(await requestResult(socket, 'open-6')).toMatchObject({ ok: true });
    const good = modelPlan([
      modelTask('sms', 'Send the offer by text', { estimateDays: 2, owner: 'ana ruiz' }),
      modelTask('pilot', 'Pilot with three clinics', { estimateDays: 5, dependsOn: ['sms'], milestone: 'clinics-live' }),
      modelTask('list', 'Import the waiting list', { owner: COLLABORATOR_NAME, status: 'todo' }),
    ]);
    const model = await lane({
      replies: [
        {
          toolCalls: [
            { name: 'save_build_plan', arguments: { title: 'Self', plan: modelPlan([modelTask('sms', 'Send the offer by text', { dependsOn: ['sms'] })]) } },
            {
              name: 'save_build_plan',
              arguments: {
                title: 'Circle',
                plan: modelPlan([
                  modelTask('sms', 'Send the offer by text', { dependsOn: ['list'] }),
                  modelTask('list', 'Import the list', { dependsOn: ['sms'] }),
                ]),
              },
            },
            {
              name: 'save_build_plan',
              arguments: { title: 'Unknown', plan: modelPlan([modelTask('sms', 'Send the offer by text', { dependsOn: ['design'] })]) },
            },
            {
              name: 'save_build_plan',
              arguments: { title: 'Days', plan: modelPlan([modelTask('sms', 'Send the offer by text', { estimateDays: '3 days' })]) },
            },
            { name: 'save_build_plan', arguments: { title: 'Owner', plan: modelPlan([modelTask('sms', 'Send the offer by text', { owner: 'Zed Nobody' })]) } },
            { name: 'propose_replan', arguments: { reason: 'The date moved.', plan: good } },
          ],
        },
        { content: 'Refused.' },
        { toolCalls: [{ name: 'save_build_plan', arguments: { title: 'Two weeks to the first refilled slot', plan: good } }] },
        { content: 'Saved.' },
        {
          toolCalls: [
            {
              name: 'save_build_plan',
              arguments: { title: 'Two weeks to the first refilled slot', plan: { ...good, tasks: [...good.tasks, modelTask('call', 'Call three clinics')] } },
            },
          ],
        },
        { content: 'Saved again.' },
        { toolCalls: [{ name: 'save_build_plan', arguments: { title: 'Rewritten', plan: good } }] },
        { content: 'Refused.' },
      ],
    });
    await answerEnd(socket, send(socket, `Plan it ${model.tag}`).requestId);
    const [first, second] = await model.bodies();
    // The guide of phase 6 is in the prompt, and the owner field names the members.
    expect(JSON.stringify(first!.messages[0])).toContain('Phase 6, \\"Plan the build\\", turns the pitch');
    const offered = JSON.stringify((first!.tools ?? []).find((offeredTool) => offeredTool.function.name === 'save_build_plan'));
    expect(offered).toContain(`one of ${OWNER_NAME}, ${COLLABORATOR_NAME}`);
    const results = toolResultsIn(second!);
    expect(results).toHaveLength(6);
    expect(results[0]).toContain('depends on itself');
    expect(results[1]).toContain('wait on each other in a circle: sms → list → sms');
    expect(results[2]).toContain('which is not a task');
    expect(results[3]).toContain('An estimate is a number of days');
    expect(results[4]).toContain(
      `is not a member of this project. A task's owner is one of its members, by name: ${OWNER_NAME}, ${COLLABORATOR_NAME}; or null.`,
    );
    expect(results[5]).toContain('There is no build plan to revise yet');
    expect(planOf(socket.latestState<State>()!)).toBeUndefined();
    expect(socket.latestState<State>()!.planProposal).toBeNull();

    // Owners resolved to members, statuses 'todo', and the task most likely to slip named with why.
    await answerEnd(socket, send(socket, 'Now a good one').requestId);
    const plan = planOf(await waitForState(socket, (state) => planOf(state) !== undefined, 'the plan saved'))!;
    expect(plan.plan.tasks.map((candidate) => [candidate.id, candidate.owner, candidate.status])).toEqual([
      ['sms', { userId: ana.userId, name: OWNER_NAME }, 'todo'],
      ['pilot', null, 'todo'],
      ['list', { userId: expect.any(String), name: COLLABORATOR_NAME }, 'todo'],
    ]);
    const slip = toolResultsIn((await model.bodies())[3]!).at(-1);
    expect(slip).toContain('The task most likely to slip is "Pilot with three clinics" (pilot)');
    expect(slip).toContain('longest chain of dependencies (sms → pilot, 7 working days)');
    expect(slip).toContain('nobody owns it');

    // A member moves a task; the co-founder's next save keeps that status, and a new task starts 'todo'.
    expect(await ask(other!, { type: 'plan_task_status', taskId: 'sms', status: 'done' })).toMatchObject({ ok: true });
    await answerEnd(socket, send(socket, 'Add a call').requestId);
    const again = planOf(await waitForState(socket, (state) => planOf(state)?.plan.tasks.length === 4, 'the plan saved again'))!;
    expect(again.plan.tasks.map((candidate) => [candidate.id, candidate.status])).toEqual([
      ['sms', 'done'],
      ['pilot', 'todo'],
      ['list', 'todo'],
      ['call', 'todo'],
    ]);

    // Accepted, the plan changes only through a re-plan.
    expect(await ask(socket, { type: 'memory_accept', id: again.id, baseVersion: again.version })).toMatchObject({ ok: true });
    await answerEnd(socket, send(socket, 'Rewrite it').requestId);
    expect(toolResultsIn((await model.bodies())[7]!).at(-1)).toContain('propose the change with propose_replan');
    expect(planOf(socket.latestState<State>()!)).toMatchObject({ title: 'Two weeks to the first refilled slot', version: again.version });
    socket.close();
    other!.close();
  });
});

describe('a re-plan', () => {
  it('is proposed beside the plan, changes nothing until a member accepts its difference, keeps the statuses, and refuses a stale answer', async () => {
    const { owner, socket, other, ana } = await team(true);
    const created = (await create(
      socket,
      planContent([
        task('sms', { title: 'Send the offer by text', estimateDays: 2, owner: ana }),
        task('reply', { title: 'Book the first reply', dependsOn: ['sms'] }),
        task('report', { title: 'Weekly report', milestone: 'clinics-live' }),
      ]),
    )) as PlanEntry;
    expect(await ask(socket, { type: 'plan_task_status', taskId: 'sms', status: 'done' })).toMatchObject({ ok: true });
    const before = planOf(await waitForState(socket, (state) => planOf(state)?.version === created.version + 1, 'the status moved'))!;

    const revised = modelPlan([
      modelTask('sms', 'Send the offer by text', { estimateDays: 2, owner: OWNER_NAME }),
      modelTask('reply', 'Book the first reply'),
      modelTask('call', 'Call the first three clinics', { owner: COLLABORATOR_NAME, milestone: 'clinics-live' }),
    ]);
    const model = await lane({
      replies: [
        { toolCalls: [{ name: 'propose_replan', arguments: { reason: 'The first clinics start a week earlier.', plan: revised } }] },
        { content: 'Proposed.' },
        { toolCalls: [{ name: 'propose_replan', arguments: { reason: 'Drop the report after all.', plan: revised } }] },
        { content: 'Proposed again.' },
      ],
    });
    await answerEnd(socket, send(socket, `The date moved ${model.tag}`).requestId);
    const output = await toolOutput(owner.projectId, owner.jar, 'propose_replan');
    // 'call' added, 'report' removed, 'reply' starts at once instead of after 'sms'.
    expect(output).toMatchObject({ entryId: created.id, difference: { added: 1, removed: 1, moved: 1, changed: 0 } });
    const proposed = await waitForState(socket, (state) => state.planProposal !== null, 'the proposal shown');
    expect(proposed.planProposal).toMatchObject({ entryId: created.id, baseVersion: before.version, reason: 'The first clinics start a week earlier.' });
    expect(proposed.planProposal!.proposedAt).toBe(output.proposedAt);
    // Nothing in the memory changed.
    expect(planOf(proposed)).toEqual(before);

    // Work goes on meanwhile; a member who read an older proposal is refused.
    expect(await ask(other!, { type: 'plan_task_status', taskId: 'reply', status: 'doing' })).toMatchObject({ ok: true });
    const proposedAt = proposed.planProposal!.proposedAt;
    expect(await ask(other!, { type: 'plan_replan_accept', proposedAt: proposedAt - 1 })).toMatchObject({ ok: false, reason: 'stale' });

    const accepted = await ask(other!, { type: 'plan_replan_accept', proposedAt });
    expect(accepted).toMatchObject({ ok: true, value: { kind: 'build_plan', version: before.version + 2 } });
    const after = await waitForState(socket, (state) => state.planProposal === null && planOf(state)?.version === before.version + 2, 'the re-plan applied');
    const plan = planOf(after)!;
    expect(plan.plan.tasks.map((candidate) => [candidate.id, candidate.status])).toEqual([
      ['sms', 'done'],
      ['reply', 'doing'],
      ['call', 'todo'],
    ]);
    expect(plan.author).toMatchObject({ kind: 'member', name: COLLABORATOR_NAME });
    expect(plan.plan.tasks[2]!.owner).toMatchObject({ name: COLLABORATOR_NAME });
    // Answered once: the owner's answer to the same proposal is refused.
    expect(await ask(socket, { type: 'plan_replan_accept', proposedAt })).toMatchObject({ ok: false, reason: 'stale' });

    // Proposed again and dismissed: the plan stays as it is.
    await answerEnd(socket, send(socket, 'Drop the report').requestId);
    const again = await waitForState(socket, (state) => state.planProposal !== null, 'the second proposal');
    expect(again.planProposal!.proposedAt).toBeGreaterThan(proposedAt);
    expect(await ask(socket, { type: 'plan_replan_dismiss', proposedAt: again.planProposal!.proposedAt })).toMatchObject({ ok: true });
    const dismissed = await waitForState(socket, (state) => state.planProposal === null, 'the proposal dismissed');
    expect(planOf(dismissed)).toEqual(plan);
    expect(await ask(other!, { type: 'plan_replan_dismiss', proposedAt: again.planProposal!.proposedAt })).toMatchObject({ ok: false, reason: 'stale' });
    socket.close();
    other!.close();
  });

  it('survives the eviction of the object, kept in its SQLite, and is accepted after it', async () => {
    const { owner, socket } = await team(false);
    const created = (await create(socket, planContent([task('sms'), task('reply', { dependsOn: ['sms'] })]))) as PlanEntry;
    const model = await lane({
      replies: [
        {
          toolCalls: [
            {
              name: 'propose_replan',
              arguments: { reason: 'A week less.', plan: { ...modelPlan([modelTask('sms', 'Task sms')]), weeks: 1, milestones: [MILESTONES[0]] } },
            },
          ],
        },
        { content: 'Proposed.' },
      ],
    });
    await answerEnd(socket, send(socket, `Shorter ${model.tag}`).requestId);
    const proposal = (await waitForState(socket, (state) => state.planProposal !== null, 'the proposal')).planProposal!;
    socket.close();

    const { evictDurableObject, runInDurableObject } = await import('cloudflare:test');
    const stub = env.COFOUNDER.get(env.COFOUNDER.idFromName(owner.projectId));
    await evictDurableObject(stub);
    const back = await openSocket(owner.projectId, owner.jar);
    expect(back.latestState<State>()!.planProposal).toEqual(proposal);
    const rows = await runInDurableObject(stub, (_instance, state) => state.storage.sql.exec('SELECT proposal FROM build_plan_proposal').toArray());
    expect(rows.map((row) => JSON.parse(String(row.proposal)))).toEqual([proposal]);

    expect(await ask(back, { type: 'plan_replan_accept', proposedAt: proposal.proposedAt })).toMatchObject({ ok: true });
    const after = await waitForState(back, (state) => state.planProposal === null && planOf(state)!.version > created.version, 'accepted after eviction');
    expect(planOf(after)!.plan).toMatchObject({ weeks: 1, tasks: [{ id: 'sms' }] });
    back.close();
  });
});

describe('task statuses', () => {
  it('moved by two members at once all land, and one task moved by both ends as one of them with every move counted', async () => {
    const { socket, other } = await team(true);
    const tasks = Array.from({ length: 50 }, (_, index) => task(`t${index}`, { estimateDays: 0.5 }));
    const created = (await create(socket, planContent(tasks))) as PlanEntry;
    const requests = tasks.map((moved, index) => {
      const sender = index % 2 === 0 ? socket : other!;
      return { sender, requestId: sendFrame(sender, { type: 'plan_task_status', taskId: moved.id, status: index % 2 === 0 ? 'done' : 'doing' }) };
    });
    const answers = await Promise.all(requests.map(({ sender, requestId }) => requestResult(sender, requestId)));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    const moved = planOf(await waitForState(socket, (state) => planOf(state)!.version === created.version + 50, 'all 50 moves'))!;
    expect(moved.plan.tasks.map((candidate) => candidate.status)).toEqual(tasks.map((_, index) => (index % 2 === 0 ? 'done' : 'doing')));
    // The member who moved it last is the plan's latest author; both members are in its history.
    expect(
      new Set([moved.author, ...(moved.history ?? []).map((line) => line.author)].map((author) => (author.kind === 'member' ? author.name : null))),
    ).toEqual(new Set([OWNER_NAME, COLLABORATOR_NAME]));

    const [mine, theirs] = [
      sendFrame(socket, { type: 'plan_task_status', taskId: 't0', status: 'doing' }),
      sendFrame(other!, { type: 'plan_task_status', taskId: 't0', status: 'todo' }),
    ];
    expect([await requestResult(socket, mine), await requestResult(other!, theirs)].map((answer) => answer.ok)).toEqual([true, true]);
    const raced = planOf(await waitForState(socket, (state) => planOf(state)!.version === created.version + 52, 'both moves of t0'))!;
    expect(['doing', 'todo']).toContain(raced.plan.tasks[0]!.status);
    expect(raced.plan.tasks.slice(1).map((candidate) => candidate.status)).toEqual(moved.plan.tasks.slice(1).map((candidate) => candidate.status));

    expect(await ask(other!, { type: 'plan_task_status', taskId: 'nope', status: 'done' })).toMatchObject({
      ok: false,
      reason: 'not_found',
      error: 'The build plan has no task "nope" any more: a re-plan may have removed it.',
    });
    socket.close();
    other!.close();
  });
});

describe("a member's edit of the plan", () => {
  it('is refused when a task is owned by someone who is not a member, naming the task', async () => {
    const { socket, ana } = await team(false);
    const stranger = { userId: crypto.randomUUID(), name: 'Zed Nobody' };
    const refused = await ask(socket, { type: 'memory_create', content: planContent([task('pilot', { title: 'Pilot with three clinics', owner: stranger })]) });
    expect(refused).toMatchObject({
      ok: false,
      reason: 'invalid',
      error: '"Pilot with three clinics" is owned by Zed Nobody, who is not a member of this project: choose a member, or no owner.',
    });
    expect(planOf(socket.latestState<State>()!)).toBeUndefined();

    const saved = (await create(socket, planContent([task('pilot', { title: 'Pilot with three clinics', owner: ana })]))) as PlanEntry;
    const update = await ask(socket, {
      type: 'memory_update',
      id: saved.id,
      baseVersion: saved.version,
      content: planContent([task('pilot', { title: 'Pilot with three clinics', owner: stranger })]),
    });
    expect(update).toMatchObject({ ok: false, reason: 'invalid', error: expect.stringContaining('Zed Nobody, who is not a member') });
    expect(planOf(socket.latestState<State>()!)).toMatchObject({ version: saved.version, plan: { tasks: [{ owner: ana }] } });
    socket.close();
  });

  it('is refused, on a socket opened before the removal, when it makes a removed member a task’s owner; the team sent to it drops them', async () => {
    const { owner, socket, other, members, ana } = await team(true);
    const ben = members.find((member) => member.name === COLLABORATOR_NAME)!;
    const saved = (await create(socket, planContent([task('pilot', { title: 'Pilot with three clinics', owner: ana })]))) as PlanEntry;
    const removed = await request(`/api/project/${owner.projectId}/members/${ben.userId}`, { method: 'DELETE' }, { jar: owner.jar });
    expect(removed.status).toBe(200);

    const update = await ask(socket, {
      type: 'memory_update',
      id: saved.id,
      baseVersion: saved.version,
      content: planContent([task('pilot', { title: 'Pilot with three clinics', owner: ben })]),
    });
    expect(update).toMatchObject({
      ok: false,
      reason: 'invalid',
      error: `"Pilot with three clinics" is owned by ${COLLABORATOR_NAME}, who is not a member of this project: choose a member, or no owner.`,
    });
    expect(planOf(socket.latestState<State>()!)).toMatchObject({ version: saved.version, plan: { tasks: [{ owner: ana }] } });
    expect((await other!.waitForClose()).code).toBe(4403);
    const after = await waitForState(socket, (state) => state.teamMembers.length === 1, 'the team without the removed member');
    expect(after.teamMembers).toEqual([ana]);
    socket.close();
  });

  it('keeps the rest of the plan editable after a removal: a task the removed member already owned keeps them until someone else takes it', async () => {
    const { owner, socket, members, ana } = await team(true);
    const ben = members.find((member) => member.name === COLLABORATOR_NAME)!;
    const saved = (await create(socket, planContent([task('pilot', { title: 'Pilot with three clinics', owner: ben })]))) as PlanEntry;
    expect((await request(`/api/project/${owner.projectId}/members/${ben.userId}`, { method: 'DELETE' }, { jar: owner.jar })).status).toBe(200);
    await waitForState(socket, (state) => state.teamMembers.length === 1, 'the team without the removed member');

    const renamed = await ask(socket, {
      type: 'memory_update',
      id: saved.id,
      baseVersion: saved.version,
      content: planContent([task('pilot', { title: 'Pilot with four clinics', owner: ben })]),
    });
    expect(renamed, JSON.stringify(renamed)).toMatchObject({ ok: true, value: { version: saved.version + 1 } });
    const reassigned = await ask(socket, {
      type: 'memory_update',
      id: saved.id,
      baseVersion: saved.version + 1,
      content: planContent([task('pilot', { title: 'Pilot with four clinics', owner: ana })]),
    });
    expect(reassigned).toMatchObject({ ok: true });
    // Once given to a member, the task cannot be given back to the one who left.
    const back = await ask(socket, {
      type: 'memory_update',
      id: saved.id,
      baseVersion: saved.version + 2,
      content: planContent([task('pilot', { title: 'Pilot with four clinics', owner: ben })]),
    });
    expect(back).toMatchObject({ ok: false, reason: 'invalid' });
    socket.close();
  });
});

describe('accepting the plan', () => {
  it('completes phase 6 in D1, and the plan is flagged stale when the pitch or the scope changes after', async () => {
    const { owner, socket } = await team(false);
    const pitch = await create(socket, PITCH);
    const scope = await create(socket, SCOPE);
    await create(socket, VALUE_MAP);
    const plan = (await create(socket, planContent([task('sms')]))) as PlanEntry;
    expect(await ask(socket, { type: 'memory_accept', id: plan.id, baseVersion: plan.version })).toMatchObject({ ok: true });
    const done = await waitForState(socket, (state) => state.phases.done.includes(6), 'phase 6 done');
    const phases = await db().prepare('SELECT phase FROM project_phases WHERE project_id = ?').bind(owner.projectId).all<{ phase: number }>();
    expect(phases.results.map((row) => row.phase)).toContain(6);
    expect(staleUpstreams(planOf(done)!, done.memory)).toEqual([]);

    const editPitch = await ask(socket, {
      type: 'memory_update',
      id: pitch.id,
      baseVersion: pitch.version,
      content: { ...PITCH, pitch: { ...PITCH.pitch, appetite: '6 weeks' } },
    });
    expect(editPitch).toMatchObject({ ok: true });
    const afterPitch = await waitForState(socket, (state) => state.memory.find((entry) => entry.id === pitch.id)!.version > pitch.version, 'the pitch edited');
    expect(staleUpstreams(planOf(afterPitch)!, afterPitch.memory).map((upstream) => upstream.kind)).toEqual(['pitch']);

    const current = planOf(afterPitch)!;
    expect(await ask(socket, { type: 'memory_accept', id: current.id, baseVersion: current.version })).toMatchObject({ ok: true });
    const editScope = await ask(socket, {
      type: 'memory_update',
      id: scope.id,
      baseVersion: scope.version,
      content: { ...SCOPE, scope: { ...SCOPE.scope, later: ['Calendar sync'] } },
    });
    expect(editScope).toMatchObject({ ok: true });
    const afterScope = await waitForState(socket, (state) => state.memory.find((entry) => entry.id === scope.id)!.version > scope.version, 'the scope edited');
    expect(staleUpstreams(planOf(afterScope)!, afterScope.memory).map((upstream) => upstream.kind)).toEqual(['mvp_scope']);
    socket.close();
  });
});

describe('on Free', () => {
  it('offers none of the tools of phase 6 and refuses moving a task, the plan staying readable', async () => {
    const { owner, socket } = await team(false);
    const plan = (await create(socket, planContent([task('sms')]))) as PlanEntry;
    await db().prepare("UPDATE users SET plan = 'free' WHERE email = ?").bind(owner.email).run();
    expect(await ask(socket, { type: 'plan_task_status', taskId: 'sms', status: 'done' })).toMatchObject({
      ok: false,
      error: 'Phase 6, "Plan the build", needs Pro: its results stay readable.',
    });
    expect(await ask(socket, { type: 'plan_replan_accept', proposedAt: 1 })).toMatchObject({ ok: false, error: expect.stringContaining('needs Pro') });
    const model = await lane({ replies: [{ content: 'Free.' }] });
    await answerEnd(socket, send(socket, `Plan ${model.tag}`).requestId);
    const offered = ((await model.bodies())[0]!.tools ?? []).map((offeredTool) => offeredTool.function.name);
    for (const name of ['save_mvp_scope', 'save_build_plan', 'propose_replan']) expect(offered).not.toContain(name);
    expect(planOf(socket.latestState<State>()!)).toMatchObject({ version: plan.version, plan: { tasks: [{ status: 'todo' }] } });
    socket.close();
  });
});

describe('the offline demo in phase 6', () => {
  const words = demoWords('Waiting-list filler for clinics', 'Plan it');

  it('calls no tool without a value map, and scopes the relievers of one; then plans inside the pitch’s appetite with the first member as an owner', async () => {
    const empty = demoContext([]);
    expect(await BUILD_PLAN_DEMO[0]!.tool!(empty.context, { toolCallId: 'demo-1', words })).toBeNull();
    const scopeText = (memory: readonly MemoryEntry[]) => demoText(BUILD_PLAN_DEMO[0]!, { ...words, memory });
    expect(scopeText(empty.memory())).toMatch(/holds no value map with pain relievers yet/);

    const { context, memory } = demoContext([{ userId: 'u1', name: OWNER_NAME }]);
    context.actions.writeMemory(VALUE_MAP as never);
    context.actions.writeMemory(PITCH as never);
    const scoped = await BUILD_PLAN_DEMO[0]!.tool!(context, { toolCallId: 'demo-1', words });
    expect(scoped).toMatchObject({ name: 'save_mvp_scope' });
    const scope = memory().find((entry) => entry.kind === 'mvp_scope') as Extract<MemoryEntry, { kind: 'mvp_scope' }>;
    expect(scope.scope.in.map((item) => item.delivers)).toEqual([RELIEVER, SECOND_RELIEVER]);
    expect(scopeText(memory())).toMatch(/each item below names the one it delivers, and everything else is out or later\.$/);

    const planned = await BUILD_PLAN_DEMO[1]!.tool!(context, { toolCallId: 'demo-2', words });
    expect(String((planned!.output as { next: string }).next)).toMatch(/^The task most likely to slip is "/);
    const plan = memory().find((entry): entry is PlanEntry => entry.kind === 'build_plan')!;
    expect(BuildPlanContentSchema.safeParse({ kind: plan.kind, title: plan.title, plan: plan.plan }).success).toBe(true);
    expect(plan.plan).toMatchObject({ weeks: 2, tractionGoal: 'First 10 paying customers' });
    expect(plan.title).toBe('The first version of waiting-list filler, step by step');
    expect(plan.plan.milestones).toHaveLength(2);
    expect(plan.plan.tasks).toHaveLength(6);
    expect(new Set(plan.plan.tasks.map((candidate) => candidate.owner?.name ?? null))).toEqual(new Set([OWNER_NAME, null]));
    for (const step of BUILD_PLAN_DEMO) expect(demoText(step, { ...words, memory: memory() })).toMatch(/^\*Offline demo — not AI\.\*/);
  });
});
