import { describe, expect, it } from 'vitest';
import type { TeamMember } from '#contracts/phases/build-plan';
import {
  type ChecklistItem,
  dueDay,
  LandingCopyContentSchema,
  LaunchEmailContentSchema,
  LaunchPlanContentSchema,
  PRODUCT_HUNT_TIME_ZONE,
  ProductHuntKitContentSchema,
  ShowHnPostContentSchema,
} from '#contracts/phases/launch';
import { outlineOf, reviewFlagsOf, staleUpstreams } from '#contracts/phases/registry';
import { CANVAS_FIELDS } from '#contracts/phases/shape-solution';
import type { MemoryEntry } from '#contracts/workspace';
import { LAUNCH_DEMO } from '../../worker/agents/phases/launch/demo';
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
  type TestSocket,
  toolResultsIn,
} from './workspace-support';

/**
 * Phase 7 in the workspace, through the object with the fake model: a launch plan whose channels
 * cite the memory and whose owners are members named by name, at 00:01 Pacific unless told; the
 * four launch assets held to their communities' rules, each returning the figures no artifact of
 * the memory states; moving the launch date moves every due date; members moving checklist items
 * at once all land; a member's edit checked for its owners; accepting the plan completes the phase
 * and a build plan changed after marks it for review; Free; the offline demo.
 */

type LaunchEntry = Extract<MemoryEntry, { kind: 'launch_plan' }>;
type State = { phases: { done: number[]; current: number }; memory: MemoryEntry[]; teamMembers: TeamMember[] };

const waitForState = currentOrNextState<State>;
const launchOf = (state: State) => state.memory.find((entry): entry is LaunchEntry => entry.kind === 'launch_plan');
const entryOf = (state: State, kind: string) => state.memory.find((entry) => entry.kind === kind);

const OWNER_NAME = 'Ana Ruiz';
const COLLABORATOR_NAME = 'Ben Okafor';
const LAUNCH_KINDS = ['launch_plan', 'landing_copy', 'product_hunt_kit', 'show_hn_post', 'launch_email'];

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

async function create(socket: TestSocket, content: object) {
  const saved = await ask(socket, { type: 'memory_create', content });
  expect(saved).toMatchObject({ ok: true });
  return saved.value!;
}

/** A Lean Canvas stating how many slots clinics lose, and how long the calls take: the figures the copy may use. */
const CANVAS = {
  kind: 'lean_canvas',
  title: 'Clinic canvas',
  canvas: Object.fromEntries(
    Object.keys(CANVAS_FIELDS).map((field) => [
      field,
      {
        text:
          field === 'problem'
            ? 'Clinics lose 3 slots a week to late cancellations; refilling one takes 45 minutes of calls.'
            : field === 'channels'
              ? 'Practice-manager forums and dental trade newsletters.'
              : `The ${field} of the clinic idea.`,
        source: 'assumption',
      },
    ]),
  ),
};

const CHANNELS = [
  { name: 'Practice-manager forums', why: 'Where Dana asks for help.', source: 'persona: dana whitfield' },
  { name: 'Dental trade newsletters', why: 'The canvas names them.', source: 'Lean Canvas: Clinic canvas' },
  { name: 'Product Hunt', why: 'Early adopters.', source: 'assumption' },
];
/** An item as the co-founder writes it: its owner by name, its status left out. */
const modelItem = (id: string, part: 'before' | 'day' | 'after', offsetDays: number, owner: string | null = null) => ({
  id,
  title: `Item ${id}`,
  part,
  offsetDays,
  owner,
});
const modelLaunch = (checklist: object[], channels: object[] = CHANNELS) => ({ moment: { date: '2026-12-01' }, channels, checklist });

/** An item as a member saves it, its owner a member's id and name. */
const item = (id: string, rest: Partial<ChecklistItem> = {}): ChecklistItem => ({
  id,
  title: `Item ${id}`,
  part: 'before',
  offsetDays: -1,
  owner: null,
  status: 'todo',
  ...rest,
});
const launchContent = (checklist: ChecklistItem[], date = '2026-12-01') => ({
  kind: 'launch_plan',
  title: 'Launch on Product Hunt',
  launch: {
    moment: { date, time: '00:01', timeZone: PRODUCT_HUNT_TIME_ZONE },
    channels: [{ name: 'Product Hunt', why: 'Early adopters.', source: 'assumption' }],
    checklist,
  },
});

const KIT = {
  name: 'Refill',
  tagline: 'Texts your waiting list when a patient cancels',
  description: 'A cancelled slot goes to the whole waiting list by text; the first reply is booked.',
  makerComment: 'We built this after watching a practice manager phone down a paper list. It is rough: no calendar sync yet.',
  galleryIdeas: ['The cancel button', 'The text patients get'],
};
const POST = {
  title: 'Show HN: Refill – texts a clinic’s waiting list when a slot frees up',
  whatItDoes: 'A cancelled slot goes to the waiting list by text.',
  why: 'Practice managers phone down paper lists.',
  whatIsRough: 'No calendar sync; texts only in English.',
};
const EMAIL = { subject: 'Refill is live', body: 'You asked to hear when it was ready. It is. Try it on your next cancellation.' };
const copy = (benefitSource: string) => ({
  headline: 'Refill a cancelled slot without a phone call',
  subhead: 'For practice managers with a waiting list.',
  benefits: [
    { text: 'Save 5 hours a week on the phone.', source: benefitSource },
    { text: 'Refill 3 slots a week that stayed empty.', source: 'assumption' },
    { text: 'Patients book by replying to a text.', source: 'assumption' },
  ],
  callToAction: 'Try it free',
  faq: [{ question: 'Do patients need an app?', answer: 'No: a text.' }],
});

describe("phase 7's tools", () => {
  it('refuse a 61-character tagline, an owner who is not a member, a Show HN title not in its form and a channel or benefit the memory does not hold, saving nothing; then save the plan at 00:01 Pacific with owners resolved, return the unsupported figures, and keep statuses when saved again', async () => {
    const { socket, other, ana } = await team(true);
    await create(socket, { kind: 'persona', title: 'Dana Whitfield', persona: PERSONA });
    await create(socket, CANVAS);
    socket.send({ type: 'phase_open', requestId: 'open-7', phase: 7 });
    expect(await requestResult(socket, 'open-7')).toMatchObject({ ok: true });
    const tagline61 = `${'A'.repeat(60)}B`;
    expect(tagline61).toHaveLength(61);
    const good = modelLaunch([
      modelItem('landing', 'before', -7, 'ana ruiz'),
      modelItem('post-ph', 'day', 0, COLLABORATOR_NAME),
      modelItem('thanks', 'after', 1),
    ]);
    const model = await lane({
      replies: [
        {
          toolCalls: [
            { name: 'save_product_hunt_kit', arguments: { title: 'Kit', kit: { ...KIT, tagline: tagline61 } } },
            { name: 'save_launch_plan', arguments: { title: 'Owner', launch: modelLaunch([modelItem('landing', 'before', -7, 'Zed Nobody')]) } },
            { name: 'save_show_hn_post', arguments: { title: 'Post', post: { ...POST, title: 'Refill, the best waiting list ever' } } },
            {
              name: 'save_launch_plan',
              arguments: {
                title: 'Source',
                launch: modelLaunch([modelItem('landing', 'before', -7)], [{ name: 'Reddit', why: 'Big.', source: 'Persona: Nobody' }]),
              },
            },
            { name: 'save_landing_copy', arguments: { title: 'Copy', copy: copy('Lean Canvas: Clinic canvas') } },
            { name: 'save_launch_plan', arguments: { title: 'Side', launch: modelLaunch([modelItem('landing', 'after', -7)]) } },
          ],
        },
        { content: 'Refused.' },
        {
          toolCalls: [
            { name: 'save_launch_plan', arguments: { title: 'Launch on Product Hunt', launch: good } },
            { name: 'save_landing_copy', arguments: { title: 'Landing page', copy: copy('Persona: Dana Whitfield') } },
            { name: 'save_product_hunt_kit', arguments: { title: 'Product Hunt kit', kit: { ...KIT, tagline: 'A'.repeat(60) } } },
            { name: 'save_show_hn_post', arguments: { title: 'Show HN', post: POST } },
            { name: 'save_launch_email', arguments: { title: 'Launch e-mail', email: EMAIL } },
          ],
        },
        { content: 'Saved.' },
        {
          toolCalls: [
            {
              name: 'save_launch_plan',
              arguments: { title: 'Launch on Product Hunt', launch: { ...good, checklist: [...good.checklist, modelItem('recap', 'after', 7)] } },
            },
          ],
        },
        { content: 'Saved again.' },
      ],
    });
    await answerEnd(socket, send(socket, `Plan the launch ${model.tag}`).requestId);
    const [first, second] = await model.bodies();
    expect(JSON.stringify(first!.messages[0])).toContain('Phase 7, \\"Launch\\", plans the launch');
    const offered = JSON.stringify((first!.tools ?? []).find((offeredTool) => offeredTool.function.name === 'save_launch_plan'));
    expect(offered).toContain(`one of ${OWNER_NAME}, ${COLLABORATOR_NAME}`);
    const refusals = toolResultsIn(second!);
    expect(refusals).toHaveLength(6);
    expect(refusals[0]).toContain('tagline');
    expect(refusals[0]).toContain('to 60 characters or fewer');
    expect(refusals[1]).toContain(
      `"Zed Nobody" is not a member of this project. An item's owner is one of its members, by name: ${OWNER_NAME}, ${COLLABORATOR_NAME}; or null.`,
    );
    expect(refusals[2]).toContain('A Show HN title reads "Show HN: X – Y"');
    expect(refusals[3]).toContain('The channel "Reddit" cites "Persona: Nobody", which is not in the memory');
    expect(refusals[3]).toContain('"Persona: Dana Whitfield", "Lean Canvas: Clinic canvas", "assumption"');
    expect(refusals[4]).toContain('cites "Lean Canvas: Clinic canvas", which is no persona of the memory');
    expect(refusals[5]).toContain('"Item landing" is after the launch: it is due after the launch day');
    for (const kind of LAUNCH_KINDS) expect(entryOf(socket.latestState<State>()!, kind)).toBeUndefined();

    await answerEnd(socket, send(socket, 'Now good ones').requestId);
    const saved = await waitForState(socket, (state) => LAUNCH_KINDS.every((kind) => entryOf(state, kind) !== undefined), 'the plan and the four assets');
    const plan = launchOf(saved)!;
    expect(plan.launch.moment).toEqual({ date: '2026-12-01', time: '00:01', timeZone: 'America/Los_Angeles' });
    expect(plan.launch.channels.map((channel) => channel.source)).toEqual(['Persona: Dana Whitfield', 'Lean Canvas: Clinic canvas', 'assumption']);
    expect(plan.launch.checklist.map((candidate) => [candidate.id, candidate.owner, candidate.status])).toEqual([
      ['landing', { userId: ana.userId, name: OWNER_NAME }, 'todo'],
      ['post-ph', { userId: expect.any(String), name: COLLABORATOR_NAME }, 'todo'],
      ['thanks', null, 'todo'],
    ]);
    const outputs = toolResultsIn((await model.bodies())[3]!).slice(-5);
    // '5 hours a week' is in no artifact (the canvas's '45 minutes' does not state it); '3 slots a week' is.
    expect(outputs[1]).toContain('"unsupported":["5 hours a week"]');
    expect(outputs[1]).toContain('Name each to the founders as a claim no data shows ("no data shows that clinics save 5 hours a week")');
    for (const output of [outputs[2], outputs[3], outputs[4]]) expect(output).toContain('"unsupported":[]');
    expect(entryOf(saved, 'landing_copy')).toMatchObject({ copy: { benefits: [{ source: 'Persona: Dana Whitfield' }, {}, {}] } });
    expect(entryOf(saved, 'product_hunt_kit')).toMatchObject({ kit: { tagline: 'A'.repeat(60) } });

    // A member moves an item; the co-founder's next save keeps that status, and a new item starts 'todo'.
    expect(await ask(other!, { type: 'launch_item_status', itemId: 'post-ph', status: 'done' })).toMatchObject({ ok: true });
    await answerEnd(socket, send(socket, 'Add a recap').requestId);
    const again = launchOf(await waitForState(socket, (state) => launchOf(state)?.launch.checklist.length === 4, 'the plan saved again'))!;
    expect(again.launch.checklist.map((candidate) => [candidate.id, candidate.status])).toEqual([
      ['landing', 'todo'],
      ['post-ph', 'done'],
      ['thanks', 'todo'],
      ['recap', 'todo'],
    ]);
    socket.close();
    other!.close();
  });
});

describe('the checklist', () => {
  it('moved by two members at once all lands, and an unknown item is refused', async () => {
    const { socket, other } = await team(true);
    const items = Array.from({ length: 20 }, (_, index) => item(`i${index}`, { offsetDays: -1 - index }));
    const created = (await create(socket, launchContent(items))) as LaunchEntry;
    const requests = items.map((moved, index) => {
      const sender = index % 2 === 0 ? socket : other!;
      return { sender, requestId: sendFrame(sender, { type: 'launch_item_status', itemId: moved.id, status: index % 2 === 0 ? 'done' : 'doing' }) };
    });
    const answers = await Promise.all(requests.map(({ sender, requestId }) => requestResult(sender, requestId)));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    const moved = launchOf(await waitForState(socket, (state) => launchOf(state)!.version === created.version + 20, 'all 20 moves'))!;
    expect(moved.launch.checklist.map((candidate) => candidate.status)).toEqual(items.map((_, index) => (index % 2 === 0 ? 'done' : 'doing')));
    expect(
      new Set([moved.author, ...(moved.history ?? []).map((line) => line.author)].map((author) => (author.kind === 'member' ? author.name : null))),
    ).toEqual(new Set([OWNER_NAME, COLLABORATOR_NAME]));
    expect(await ask(other!, { type: 'launch_item_status', itemId: 'nope', status: 'done' })).toMatchObject({
      ok: false,
      reason: 'not_found',
      error: 'The launch checklist has no item "nope" any more: the plan may have been rewritten.',
    });
    socket.close();
    other!.close();
  });

  it('follows the launch date: a member moves the date and every due date moves with it, statuses kept', async () => {
    const { socket, ana } = await team(false);
    const items = [
      item('landing', { title: 'Landing page live', offsetDays: -7, owner: ana, status: 'done' }),
      item('post', { title: 'Post on Product Hunt', part: 'day', offsetDays: 0 }),
      item('recap', { title: 'Write the recap', part: 'after', offsetDays: 3 }),
    ];
    const created = (await create(socket, launchContent(items))) as LaunchEntry;
    const before = JSON.stringify(outlineOf(created));
    expect(before).toContain('Landing page live (due 2026-11-24, Ana Ruiz)');
    const moved = await ask(socket, { type: 'memory_update', id: created.id, baseVersion: created.version, content: launchContent(items, '2027-01-05') });
    expect(moved).toMatchObject({ ok: true });
    const after = launchOf(await waitForState(socket, (state) => launchOf(state)!.version > created.version, 'the date moved'))!;
    const outline = JSON.stringify(outlineOf(after));
    expect(outline).toContain('2027-01-05 00:01 (America/Los_Angeles)');
    expect(outline).toContain('[Done] Landing page live (due 2026-12-29, Ana Ruiz)');
    expect(outline).toContain('[To do] Post on Product Hunt (due 2027-01-05)');
    expect(outline).toContain('[To do] Write the recap (due 2027-01-08)');
    expect(after.launch.checklist.map((candidate) => dueDay(after.launch.moment.date, candidate.offsetDays))).toEqual([
      '2026-12-29',
      '2027-01-05',
      '2027-01-08',
    ]);
    socket.close();
  });
});

describe("a member's edit of the launch plan", () => {
  it('is refused when an item is owned by someone who is not a member, naming the item', async () => {
    const { socket, ana } = await team(false);
    const stranger = { userId: crypto.randomUUID(), name: 'Zed Nobody' };
    const refused = await ask(socket, {
      type: 'memory_create',
      content: launchContent([item('ph', { title: 'Post on Product Hunt', part: 'day', offsetDays: 0, owner: stranger })]),
    });
    expect(refused).toMatchObject({
      ok: false,
      reason: 'invalid',
      error: '"Post on Product Hunt" is owned by Zed Nobody, who is not a member of this project: choose a member, or no owner.',
    });
    expect(launchOf(socket.latestState<State>()!)).toBeUndefined();
    const saved = (await create(socket, launchContent([item('ph', { title: 'Post on Product Hunt', part: 'day', offsetDays: 0, owner: ana })]))) as LaunchEntry;
    const update = await ask(socket, {
      type: 'memory_update',
      id: saved.id,
      baseVersion: saved.version,
      content: launchContent([item('ph', { title: 'Post on Product Hunt', part: 'day', offsetDays: 0, owner: stranger })]),
    });
    expect(update).toMatchObject({ ok: false, reason: 'invalid', error: expect.stringContaining('Zed Nobody, who is not a member') });
    expect(launchOf(socket.latestState<State>()!)).toMatchObject({ version: saved.version, launch: { checklist: [{ owner: ana }] } });
    socket.close();
  });

  it('is refused, on a socket opened before the removal, when it makes a removed member an item’s owner; the team sent to it drops them', async () => {
    const { owner, socket, other, members, ana } = await team(true);
    const ben = members.find((member) => member.name === COLLABORATOR_NAME)!;
    const post = (who: TeamMember) => launchContent([item('ph', { title: 'Post on Product Hunt', part: 'day', offsetDays: 0, owner: who })]);
    const saved = (await create(socket, post(ana))) as LaunchEntry;
    const removed = await request(`/api/project/${owner.projectId}/members/${ben.userId}`, { method: 'DELETE' }, { jar: owner.jar });
    expect(removed.status).toBe(200);

    const update = await ask(socket, { type: 'memory_update', id: saved.id, baseVersion: saved.version, content: post(ben) });
    expect(update).toMatchObject({
      ok: false,
      reason: 'invalid',
      error: `"Post on Product Hunt" is owned by ${COLLABORATOR_NAME}, who is not a member of this project: choose a member, or no owner.`,
    });
    expect(launchOf(socket.latestState<State>()!)).toMatchObject({ version: saved.version, launch: { checklist: [{ owner: ana }] } });
    expect((await other!.waitForClose()).code).toBe(4403);
    const after = await waitForState(socket, (state) => state.teamMembers.length === 1, 'the team without the removed member');
    expect(after.teamMembers).toEqual([ana]);
    socket.close();
  });
});

/** The claims of the bike-repair Product Hunt description: a figure, a claim about every bike, a time, a percentage, a comparison with every shop, a guarantee. */
const BOLD = 'Trusted by 10,000 commuters. Fixes any bike in 15 minutes, 50% cheaper than any shop, guaranteed.';
const BOLD_CLAIMS = '“10,000 commuters”, “any bike”, “15 minutes”, “50%”, “cheaper than any shop”, “guaranteed”';
const flagsOn = (state: State, kind: string) =>
  reviewFlagsOf(state.memory)
    .filter((flag) => flag.entryId === entryOf(state, kind)?.id)
    .map((flag) => flag.text);

describe('claims no artifact backs, in every launch asset', () => {
  it("are returned by the co-founder's tool and flagged on the asset for every member, and the co-founder's next turn is told to challenge them", async () => {
    const { socket, other } = await team(true);
    await create(socket, CANVAS);
    const model = await lane({
      replies: [
        { toolCalls: [{ name: 'save_product_hunt_kit', arguments: { title: 'Product Hunt kit', kit: { ...KIT, description: BOLD } } }] },
        { content: 'Saved.' },
        { content: 'About those claims.' },
      ],
    });
    await answerEnd(socket, send(socket, `Draft the kit ${model.tag}`).requestId);
    const output = toolResultsIn((await model.bodies())[1]!)[0]!;
    expect(output).toContain('"unsupported":["10,000 commuters","any bike","15 minutes","50%","cheaper than any shop","guaranteed"]');
    expect(output).toContain('the asset is flagged for review until it is backed or cut');
    for (const member of [socket, other!]) {
      const state = await waitForState(member, (candidate) => entryOf(candidate, 'product_hunt_kit') !== undefined, 'the kit');
      expect(flagsOn(state, 'product_hunt_kit')).toEqual([
        `These words need evidence that no earlier artifact of the memory gives: ${BOLD_CLAIMS}. Back each with evidence, or cut it.`,
      ]);
    }
    await answerEnd(socket, send(socket, 'What do you think?').requestId);
    expect(JSON.stringify((await model.bodies())[2]!.messages[0])).toContain(
      `flagged for review (say so to the founders and challenge it): These words need evidence that no earlier artifact of the memory gives: ${BOLD_CLAIMS}`,
    );
    socket.close();
    other!.close();
  });

  it('are flagged the same when a member writes them, in the Product Hunt kit, the landing copy, the Show HN post and the launch e-mail, until the evidence backs them', async () => {
    const { socket, other } = await team(true);
    const canvas = await create(socket, CANVAS);
    const kit = await create(other!, { kind: 'product_hunt_kit', title: 'Product Hunt kit', kit: KIT });
    expect(flagsOn(socket.latestState<State>()!, 'product_hunt_kit')).toEqual([]);
    // Saved (a member's words are theirs), and flagged at both members.
    const edited = await ask(other!, {
      type: 'memory_update',
      id: kit.id,
      baseVersion: kit.version,
      content: { kind: 'product_hunt_kit', title: 'Product Hunt kit', kit: { ...KIT, description: BOLD } },
    });
    expect(edited).toMatchObject({ ok: true });
    for (const member of [socket, other!]) {
      const state = await waitForState(member, (candidate) => flagsOn(candidate, 'product_hunt_kit').length > 0, 'the kit flagged');
      expect(flagsOn(state, 'product_hunt_kit')).toEqual([
        `These words need evidence that no earlier artifact of the memory gives: ${BOLD_CLAIMS}. Back each with evidence, or cut it.`,
      ]);
    }
    await create(other!, { kind: 'landing_copy', title: 'Landing page', copy: { ...copy('assumption'), headline: 'The best way to refill a slot' } });
    await create(other!, { kind: 'show_hn_post', title: 'Show HN', post: { ...POST, whatItDoes: 'Refills any slot within the hour, guaranteed.' } });
    await create(other!, { kind: 'launch_email', title: 'Launch e-mail', email: { ...EMAIL, body: 'Join 500 clinics already on it.' } });
    const all = await waitForState(socket, (state) => ['landing_copy', 'show_hn_post', 'launch_email'].every((kind) => entryOf(state, kind)), 'the assets');
    expect(flagsOn(all, 'landing_copy')).toEqual([expect.stringContaining('“best”, “5 hours a week”. Back each')]);
    expect(flagsOn(all, 'show_hn_post')).toEqual([expect.stringContaining('“any slot”, “guaranteed”. Back each')]);
    expect(flagsOn(all, 'launch_email')).toEqual([expect.stringContaining('“500 clinics”. Back each')]);
    // An earlier artifact that states the figure backs it: the e-mail's flag goes.
    const withFigure = { ...CANVAS, canvas: { ...CANVAS.canvas, customerSegments: { text: '500 clinics signed the waiting list.', source: 'assumption' } } };
    expect(await ask(socket, { type: 'memory_update', id: canvas.id, baseVersion: canvas.version, content: withFigure })).toMatchObject({ ok: true });
    const backed = await waitForState(other!, (state) => flagsOn(state, 'launch_email').length === 0, 'the e-mail backed');
    expect(flagsOn(backed, 'show_hn_post')).toHaveLength(1);
    socket.close();
    other!.close();
  });
});

describe('accepting the launch plan', () => {
  it('completes phase 7 in D1, and the plan is flagged stale when the build plan changes after', async () => {
    const { owner, socket } = await team(false);
    const task = { id: 'sms', title: 'Send the offer', estimateDays: 1, dependsOn: [], owner: null, milestone: 'works', status: 'todo' };
    const buildPlan = {
      kind: 'build_plan',
      title: 'Two weeks',
      plan: { weeks: 2, milestones: [{ id: 'works', title: 'It works', week: 2 }], tractionGoal: 'First 10 paying clinics', tasks: [task], techChoices: [] },
    };
    const built = await create(socket, buildPlan);
    const plan = (await create(socket, launchContent([item('landing')]))) as LaunchEntry;
    expect(await ask(socket, { type: 'memory_accept', id: plan.id, baseVersion: plan.version })).toMatchObject({ ok: true });
    const done = await waitForState(socket, (state) => state.phases.done.includes(7), 'phase 7 done');
    const phases = await db().prepare('SELECT phase FROM project_phases WHERE project_id = ?').bind(owner.projectId).all<{ phase: number }>();
    expect(phases.results.map((row) => row.phase)).toContain(7);
    expect(staleUpstreams(launchOf(done)!, done.memory)).toEqual([]);

    const edited = await ask(socket, {
      type: 'memory_update',
      id: built.id,
      baseVersion: built.version,
      content: { ...buildPlan, plan: { ...buildPlan.plan, tasks: [{ ...task, status: 'done' }] } },
    });
    expect(edited).toMatchObject({ ok: true });
    const after = await waitForState(socket, (state) => state.memory.find((entry) => entry.id === built.id)!.version > built.version, 'the build plan edited');
    expect(staleUpstreams(launchOf(after)!, after.memory).map((upstream) => upstream.kind)).toEqual(['build_plan']);
    socket.close();
  });
});

describe('on Free', () => {
  it('offers none of the tools of phase 7 and refuses moving a checklist item, the plan staying readable', async () => {
    const { owner, socket } = await team(false);
    const plan = (await create(socket, launchContent([item('landing')]))) as LaunchEntry;
    await db().prepare("UPDATE users SET plan = 'free' WHERE email = ?").bind(owner.email).run();
    expect(await ask(socket, { type: 'launch_item_status', itemId: 'landing', status: 'done' })).toMatchObject({
      ok: false,
      error: 'Phase 7, "Launch", needs Pro: its results stay readable.',
    });
    const model = await lane({ replies: [{ content: 'Free.' }] });
    await answerEnd(socket, send(socket, `Launch ${model.tag}`).requestId);
    const offered = ((await model.bodies())[0]!.tools ?? []).map((offeredTool) => offeredTool.function.name);
    for (const name of ['save_launch_plan', 'save_landing_copy', 'save_product_hunt_kit', 'save_show_hn_post', 'save_launch_email'])
      expect(offered).not.toContain(name);
    expect(launchOf(socket.latestState<State>()!)).toMatchObject({ version: plan.version, launch: { checklist: [{ status: 'todo' }] } });
    socket.close();
  });
});

describe('the offline demo in phase 7', () => {
  const words = demoWords('Waiting-list filler for clinics', 'Launch it');

  it('plans a launch two weeks out at 00:01 Pacific from the persona’s channel, then drafts the four assets with no unsupported figure', async () => {
    const { context, memory } = demoContext([{ userId: 'u1', name: OWNER_NAME }]);
    context.actions.writeMemory({
      kind: 'persona',
      title: 'Dana Whitfield',
      persona: { ...PERSONA, reachAt: [{ name: 'Practice-manager forums', url: 'https://example.com/forums' }] },
    } as never);
    const calls = [];
    for (const [index, step] of LAUNCH_DEMO.entries()) {
      expect(demoText(step, { ...words, memory: memory() })).toMatch(/^\*Offline demo — not AI\.\*/);
      calls.push(await step.tool!(context, { toolCallId: `demo-${index}`, words }));
    }
    expect(calls.map((call) => call!.name)).toEqual([
      'save_launch_plan',
      'save_landing_copy',
      'save_product_hunt_kit',
      'save_show_hn_post',
      'save_launch_email',
    ]);
    for (const call of calls.slice(1)) expect((call!.output as { unsupported: string[] }).unsupported).toEqual([]);

    const plan = memory().find((entry): entry is LaunchEntry => entry.kind === 'launch_plan')!;
    expect(LaunchPlanContentSchema.safeParse({ kind: plan.kind, title: plan.title, launch: plan.launch }).success).toBe(true);
    expect(plan.launch.moment).toEqual({ date: dueDay(new Date().toISOString().slice(0, 10), 14), time: '00:01', timeZone: 'America/Los_Angeles' });
    expect(plan.launch.channels[0]).toMatchObject({ name: 'Practice-manager forums', source: 'Persona: Dana Whitfield' });
    expect(plan.launch.channels.slice(1).every((channel) => channel.source === 'assumption')).toBe(true);
    expect(plan.launch.checklist).toHaveLength(8);
    expect(new Set(plan.launch.checklist.map((candidate) => candidate.part))).toEqual(new Set(['before', 'day', 'after']));
    expect(new Set(plan.launch.checklist.map((candidate) => candidate.owner?.name ?? null))).toEqual(new Set([OWNER_NAME, null]));

    const schemas = {
      landing_copy: LandingCopyContentSchema,
      product_hunt_kit: ProductHuntKitContentSchema,
      show_hn_post: ShowHnPostContentSchema,
      launch_email: LaunchEmailContentSchema,
    };
    for (const [kind, schema] of Object.entries(schemas)) {
      const {
        id: _id,
        version: _version,
        author: _author,
        history: _history,
        createdAt: _createdAt,
        updatedAt: _updatedAt,
        ...content
      } = memory().find((entry) => entry.kind === kind) as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(content).filter(([key]) => ['kind', 'title', 'copy', 'kit', 'post', 'email'].includes(key)));
      expect(schema.safeParse(fields).success, kind).toBe(true);
    }
    const copyEntry = memory().find((entry) => entry.kind === 'landing_copy') as Extract<MemoryEntry, { kind: 'landing_copy' }>;
    expect(copyEntry.copy.benefits.every((benefit) => benefit.source === 'assumption')).toBe(true);
  });

  it('takes its channel from the Lean Canvas when no persona names one, and calls each a guess when the memory holds neither', async () => {
    const empty = demoContext([]);
    await LAUNCH_DEMO[0]!.tool!(empty.context, { toolCallId: 'demo-0', words });
    const bare = empty.memory().find((entry): entry is LaunchEntry => entry.kind === 'launch_plan')!;
    expect(bare.launch.channels.every((channel) => channel.source === 'assumption')).toBe(true);
    expect(bare.launch.checklist.every((candidate) => candidate.owner === null)).toBe(true);

    const { context, memory } = demoContext([]);
    context.actions.writeMemory(CANVAS as never);
    await LAUNCH_DEMO[0]!.tool!(context, { toolCallId: 'demo-0', words });
    const plan = memory().find((entry): entry is LaunchEntry => entry.kind === 'launch_plan')!;
    expect(plan.launch.channels[0]).toMatchObject({ name: 'Practice-manager forums and dental trade newsletters.', source: 'Lean Canvas: Clinic canvas' });
  });
});
