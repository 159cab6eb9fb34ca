/**
 * Phases 5 and 6 in Chromium, against the fake model: a Pro project's co-founder saves the chosen
 * idea and a persona (labelled assumptions), accepted → phase 5: a value map whose reliever answers
 * the persona's pain, to which a second member adds one answering nothing, flagged for both; the
 * Lean Canvas, one box of which the second member edits while the first watches; the riskiest
 * assumptions and a 2-week pitch, accepted → phase 6: the MVP scope, to which the second member
 * adds an item delivering the reliever that answers nothing, flagged for both, and a build plan whose tasks
 * the two members own by name and move to done, each seeing the other's move live → a member says
 * the date moved, the co-founder proposes a re-plan, its difference is read and accepted, the
 * statuses done are kept → the tasks downloaded as CSV and read back → the plan accepted. Desktop
 * and phone, screenshots saved. (A Free project sees every Pro phase locked with Get Pro:
 * workspace-phase-one.test.ts.)
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectNoProblems, newAccount, newPage, operator, queryD1, screenshot, sqlText, withBrowser, type Viewport } from './support';
import { createProject, joinAsCollaborator, openWorkspace, scriptCofounder, sendMessage, waitForAnswer, waitForWorkspace } from './workspace-support';

withBrowser();

const IDEA = {
  title: 'Waiting-list filler for clinics',
  problem: 'Last-minute cancellations leave dental chairs empty.',
  whoHasIt: 'Practice managers of small dental clinics.',
  proposedSolution: 'Texts the waiting list when a slot frees up.',
  whyNow: 'Patients expect to rebook by text.',
  riskiestAssumption: 'Clinics lose several slots a week.',
  openQuestions: [],
};

const PAIN = 'Cancellations eat hours of staff time every week.';
const GAIN = 'A slot refilled without a phone call.';
const PERSONA = {
  role: 'Practice manager',
  age: 44,
  situation: 'Runs the schedule of a four-chair clinic between patients.',
  jobs: { functional: ['Keep every chair booked'], social: ['Be seen as on top of the schedule'], emotional: ['Stop dreading the morning calls'] },
  pains: [{ text: PAIN, source: 'assumption' }],
  gains: [{ text: GAIN, source: 'assumption' }],
  usesToday: ['Phone and a paper list'],
  reachAt: [],
  jobStories: ['When a patient cancels the same morning, I want to offer the slot to the waiting list at once, so I can keep the chair busy.'],
  earlyAdopter: 'Clinics that already keep a waiting list and lose several slots a week.',
  quotes: [],
  confidence: 'low',
  confidenceReasons: 'All of it is assumption, to check with clinics.',
};

const RELIEVER = 'Offers a cancelled slot to the whole waiting list by text at once.';
const UNANSWERED = 'A monthly newsletter for patients.';
/** What a member puts in the first version, delivering the reliever that answers no pain. */
const STICKER = 'A loyalty sticker for the patient file';
const VALUE_MAP_TITLE = 'Slots refilled by text';
const VALUE_MAP = {
  products: ['Texts to the waiting list', 'A one-tap booking link'],
  relievers: [{ text: RELIEVER, answers: { persona: 'Dana Whitfield', text: PAIN } }],
  creators: [{ text: 'The first patient to reply gets the slot, with no call.', answers: { persona: 'Dana Whitfield', text: GAIN } }],
};

const CANVAS_TITLE = 'Waiting-list filler canvas';
const assumed = (text: string) => ({ text, source: 'assumption' });
const CANVAS = {
  problem: { text: 'Same-day cancellations leave chairs empty and staff on the phone.', source: 'Persona: Dana Whitfield' },
  existingAlternatives: assumed('A paper list and a receptionist who phones down it.'),
  solution: { text: 'Text the waiting list the moment a slot frees up; the first reply books it.', source: `Value map: ${VALUE_MAP_TITLE}` },
  keyMetrics: assumed('Slots refilled per week per clinic.'),
  uniqueValueProposition: assumed('Every cancelled slot offered to the waiting list within a minute, with no calls.'),
  unfairAdvantage: assumed('None yet.'),
  channels: assumed('Dental practice-manager groups and the suppliers they buy from.'),
  customerSegments: { text: 'Small dental clinics with a waiting list.', source: `Chosen idea: ${IDEA.title}` },
  earlyAdopters: assumed('Four-chair clinics losing several slots a week.'),
  costStructure: assumed('Text messages, hosting, one part-time developer.'),
  revenueStreams: assumed('A monthly fee per clinic, per chair.'),
};
const EDITED_ADVANTAGE = 'Two clinics already share their waiting lists with us.';

const RISKS = [
  {
    assumption: 'Clinics lose several slots a week to same-day cancellations.',
    whyRisky: 'Nobody has counted yet; if it is one a month there is nothing to sell.',
    test: 'Ask five practice managers for last month’s cancellation count; fewer than four a week disproves it.',
    cost: '2 days, $0',
    researchQuestion: 'How many same-day cancellations did your clinic have last month?',
  },
  {
    assumption: 'Patients on a waiting list answer a text within the hour.',
    whyRisky: 'If they do not, the slot stays empty anyway.',
    test: 'Text ten waiting patients by hand for one clinic; fewer than three replies in an hour disproves it.',
    cost: '3 days, $20',
    researchQuestion: null,
  },
  {
    assumption: 'Practice managers will let a tool text their patients.',
    whyRisky: 'Privacy worries could stop every clinic at the door.',
    test: 'Show the flow to five managers; two refusals on privacy disprove it.',
    cost: '2 days, $0',
    researchQuestion: null,
  },
];

const PITCH_TITLE = 'Refill a cancelled slot by text';
const PITCH = {
  problem: 'Dana’s 9 o’clock cancels at 8:15; she phones down a paper list for 40 minutes and the chair stays empty.',
  appetite: '2 weeks',
  elements: [
    { name: 'The waiting list', description: 'Patients a clinic adds by hand or imports from a sheet.' },
    { name: 'The offer text', description: 'A text to every patient on the list when a slot frees up.' },
    { name: 'First reply books', description: 'The first yes gets the slot; the others hear it is taken.' },
  ],
  flows: ['Dana marks a slot cancelled → the list gets a text → the first reply is booked → Dana sees it on her screen.'],
  rabbitHoles: ['Two-way sync with every practice system: we read none, Dana marks the slot herself.'],
  noGos: ['Payments', 'Reminders for ordinary appointments'],
};

const SCOPE = {
  in: [
    { item: 'Text the waiting list when a slot frees up', delivers: RELIEVER },
    { item: 'A clinic’s waiting list, added by hand', delivers: RELIEVER },
  ],
  out: ['Online payments'],
  later: ['Calendar sync with practice systems'],
};

const PLAN_TITLE = 'Two weeks to the first refilled slot';
const MILESTONES = [
  { id: 'texts-work', title: 'Texts refill a slot', week: 1 },
  { id: 'clinics-live', title: 'First clinics live', week: 2 },
];
const TITLES = {
  sms: 'Send the offer by text',
  list: 'Import the waiting list',
  reply: 'Book the first reply',
  pilot: 'Pilot with three clinics',
  report: 'Weekly report of slots refilled',
  call: 'Call the first three clinics',
} as const;

/** The build plan as the co-founder writes it: task owners named by the members' names. */
function planOf(ownerName: string, colleagueName: string) {
  const task = (id: keyof typeof TITLES, rest: { estimateDays: number; milestone: string; owner: string | null; dependsOn?: string[] }) => ({
    id,
    title: TITLES[id],
    dependsOn: [],
    status: 'todo',
    ...rest,
  });
  return {
    weeks: 2,
    milestones: MILESTONES,
    tractionGoal: 'First 3 clinics refilling slots by text',
    tasks: [
      task('sms', { estimateDays: 2, milestone: 'texts-work', owner: ownerName }),
      task('list', { estimateDays: 1, milestone: 'texts-work', owner: colleagueName }),
      task('reply', { estimateDays: 2, milestone: 'texts-work', owner: ownerName, dependsOn: ['sms'] }),
      task('pilot', { estimateDays: 3, milestone: 'clinics-live', owner: colleagueName, dependsOn: ['reply', 'list'] }),
      task('report', { estimateDays: 2, milestone: 'clinics-live', owner: null }),
    ],
    techChoices: [{ choice: 'A texting API', reason: 'Texts reach every patient without an app.', risk: 'Each text costs money as clinics grow.' }],
  };
}

/**
 * The revised plan after the date moved: the weekly report removed, a call to the first clinics
 * added, the first reply no longer waits on the texts (so it and the pilot start earlier). Every
 * status is 'todo' as written: the statuses the members moved must be kept all the same.
 */
function replanOf(ownerName: string, colleagueName: string) {
  const plan = planOf(ownerName, colleagueName);
  return {
    ...plan,
    tasks: [
      ...plan.tasks
        .filter((task) => task.id !== 'report')
        .map((task) => (task.id === 'reply' ? { ...task, dependsOn: [] } : task.id === 'pilot' ? { ...task, dependsOn: ['reply'] } : task)),
      { id: 'call', title: TITLES.call, estimateDays: 1, dependsOn: [], owner: colleagueName, milestone: 'texts-work', status: 'todo' },
    ],
  };
}

const REPLAN_REASON = 'The first clinics start a week earlier, so the pilot comes sooner and the report waits.';

function script(ownerName: string, colleagueName: string) {
  return scriptCofounder([
    {
      toolCalls: [
        { name: 'save_chosen_idea', arguments: IDEA },
        { name: 'save_persona', arguments: { name: 'Dana Whitfield', persona: PERSONA } },
      ],
    },
    { content: 'The idea and Dana are in the memory.' },
    { toolCalls: [{ name: 'save_value_map', arguments: { title: VALUE_MAP_TITLE, valueMap: VALUE_MAP } }] },
    { content: 'The value map is in the memory.' },
    { toolCalls: [{ name: 'save_lean_canvas', arguments: { title: CANVAS_TITLE, canvas: CANVAS } }] },
    { content: 'The Lean Canvas is in the memory.' },
    {
      toolCalls: [
        { name: 'save_riskiest_assumptions', arguments: { title: 'What could sink it', risks: RISKS } },
        { name: 'save_pitch', arguments: { title: PITCH_TITLE, pitch: PITCH } },
      ],
    },
    { content: 'The riskiest assumptions and the pitch are in the memory.' },
    {
      toolCalls: [
        { name: 'save_mvp_scope', arguments: { title: 'The first version', scope: SCOPE } },
        { name: 'save_build_plan', arguments: { title: PLAN_TITLE, plan: planOf(ownerName, colleagueName) } },
      ],
    },
    { content: 'The scope and the plan are in the memory.' },
    { toolCalls: [{ name: 'propose_replan', arguments: { reason: REPLAN_REASON, plan: replanOf(ownerName, colleagueName) } }] },
    { content: 'I propose a revised plan: read the difference under the plan.' },
  ]);
}

const memory = (page: Page) => page.getByRole('region', { name: 'Project memory' });
const openSheet = async (page: Page, viewport: Viewport, name: 'Phases' | 'Memory') => {
  if (viewport === 'phone') await page.getByRole('button', { name, exact: true }).click();
};
const closeSheet = async (page: Page, viewport: Viewport, region: Locator) => {
  if (viewport === 'phone') await region.locator('xpath=..').getByRole('button', { name: 'Close' }).click();
};

async function openPhase(page: Page, viewport: Viewport, number: number, title: string) {
  await openSheet(page, viewport, 'Phases');
  const nav = page.getByRole('navigation', { name: 'Phases' });
  await nav.getByRole('button', { name: `Work on this: phase ${number}, ${title}` }).click();
  await expect.poll(async () => nav.locator('[aria-current="step"]').textContent()).toContain(title);
  await closeSheet(page, viewport, nav);
}

/** Brings an entry to the top of what its panel shows, for a picture. */
const toTop = (locator: Locator) => locator.evaluate((element) => element.scrollIntoView({ block: 'start' }));

const status = (scope: Locator, task: keyof typeof TITLES) => scope.getByRole('combobox', { name: `Status of ${TITLES[task]}` });

/** A CSV text (RFC 4180) as rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const character = text[at]!;
    if (quoted) {
      if (character === '"' && text[at + 1] === '"') {
        field += '"';
        at++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\r' && text[at + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      at++;
    } else field += character;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

async function walk(viewport: Viewport) {
  const [owner, colleague] = await Promise.all([newAccount(`phase5-${viewport}`), newAccount(`phase5-colleague-${viewport}`)]);
  // Pro set by the operator's command (README: npm run plan), as the purchase's own tests cover buying it.
  await operator('plan.ts', 'set', owner.email, 'pro');
  // New accounts have no name: a member is named by their address's local part.
  const ownerName = owner.email.split('@')[0]!;
  const colleagueName = colleague.email.split('@')[0]!;
  const lane = await script(ownerName, colleagueName);
  const page = await newPage(viewport, { storageState: owner.storageState });
  const name = `Solution ${viewport}`;
  const projectId = await createProject(page, name);
  await openWorkspace(page, projectId, name);
  await sendMessage(page, `We pick the clinic idea, for practice managers like Dana. Ref ${lane.tag}`);
  await waitForAnswer(page, 'The idea and Dana are in the memory.');

  // A second member, on a desktop, works beside the first.
  const other = await joinAsCollaborator(page, projectId, name, colleague, 'desktop');

  // Phase 4 accepted: the persona, all assumptions.
  await openSheet(page, viewport, 'Memory');
  const dana = memory(page).getByRole('listitem', { name: 'Persona: Dana Whitfield' });
  await dana.getByRole('button', { name: 'Accept this persona' }).click();
  await dana.getByText('Accepted: phase 4 is done.').waitFor();
  await closeSheet(page, viewport, memory(page));

  // Phase 5: the value map, its reliever answering Dana's pain; the one answering nothing is flagged.
  await openPhase(page, viewport, 5, 'Shape the solution');
  await sendMessage(page, `What do we offer against Dana's pains? Ref ${lane.tag}`);
  await waitForAnswer(page, 'The value map is in the memory.');
  await openSheet(page, viewport, 'Memory');
  const valueMap = memory(page).getByRole('listitem', { name: `Value map: ${VALUE_MAP_TITLE}` });
  const answered = valueMap.locator('.shape-solution-map__fit').filter({ hasText: RELIEVER });
  expect(await answered.locator('.shape-solution-map__answers').textContent()).toBe(`Answers Dana Whitfield’s pain: ${PAIN}`);
  expect(await valueMap.locator('.shape-solution-map__fit--unanswered').count()).toBe(0);
  // The second member sees the same map, and adds a reliever that answers nothing: the first sees it flagged.
  const theirMap = other.getByRole('listitem', { name: `Value map: ${VALUE_MAP_TITLE}` });
  await theirMap.getByText(RELIEVER).waitFor();
  await theirMap.getByRole('button', { name: `Edit ${VALUE_MAP_TITLE}` }).click();
  const mapForm = other.getByRole('form', { name: `Edit ${VALUE_MAP_TITLE}` });
  await mapForm.getByRole('button', { name: 'Add a pain reliever' }).click();
  const second = mapForm.getByRole('listitem', { name: 'Pain reliever 2' });
  await second.getByRole('textbox', { name: 'How it relieves the pain' }).fill(UNANSWERED);
  expect(await second.getByRole('combobox', { name: 'What it answers' }).inputValue()).toBe('none');
  await mapForm.getByRole('button', { name: 'Save' }).click();
  const flagged = valueMap.locator('.shape-solution-map__fit--unanswered');
  await flagged.waitFor();
  expect(await flagged.textContent()).toBe(`${UNANSWERED}Answers no pain of a persona`);
  expect(await theirMap.locator('.shape-solution-map__fit--unanswered').textContent()).toBe(`${UNANSWERED}Answers no pain of a persona`);
  await toTop(valueMap);
  await picture(page, 'workspace-phase-five-value-map', valueMap);
  await closeSheet(page, viewport, memory(page));

  // The Lean Canvas, each box with where it came from.
  await sendMessage(page, `Put it on a Lean Canvas. Ref ${lane.tag}`);
  await waitForAnswer(page, 'The Lean Canvas is in the memory.');
  await openSheet(page, viewport, 'Memory');
  const canvas = memory(page).getByRole('listitem', { name: `Lean Canvas: ${CANVAS_TITLE}` });
  const box = (scope: Locator, label: string) => scope.getByRole('region', { name: label, exact: true });
  expect(await box(canvas, 'Solution').locator('.shape-solution-canvas__source').textContent()).toBe(`From Value map: ${VALUE_MAP_TITLE}`);
  expect(await box(canvas, 'Problem').textContent()).toContain('From Persona: Dana Whitfield');
  expect(await canvas.locator('.shape-solution-canvas__box').count()).toBe(9);

  // The second member edits one box through the memory's editor; the first sees the new text live.
  await other
    .getByRole('listitem', { name: `Lean Canvas: ${CANVAS_TITLE}` })
    .getByRole('button', { name: `Edit ${CANVAS_TITLE}` })
    .click();
  const canvasForm = other.getByRole('form', { name: `Edit ${CANVAS_TITLE}` });
  const advantage = canvasForm.getByRole('group', { name: 'Unfair advantage' });
  await advantage.getByRole('textbox', { name: 'Text' }).fill(EDITED_ADVANTAGE);
  await canvasForm.getByRole('button', { name: 'Save' }).click();
  await box(canvas, 'Unfair advantage').getByText(EDITED_ADVANTAGE).waitFor();
  expect(await canvas.locator('.memory-entry__byline').textContent()).toContain(colleagueName);

  // The whole grid: in its dialog on a desktop; on a phone the boxes stack in the panel, shot at their full height.
  if (viewport === 'desktop') {
    await canvas.getByRole('button', { name: 'See the whole canvas' }).click();
    const dialog = page.getByRole('dialog', { name: CANVAS_TITLE });
    await dialog.getByText(EDITED_ADVANTAGE).waitFor();
    await dialog.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    await picture(page, 'workspace-phase-five-lean-canvas', dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  } else {
    await tallShot(page, canvas, canvas.locator('.shape-solution-canvas__grid'), 'workspace-phase-five-lean-canvas');
  }
  await closeSheet(page, viewport, memory(page));

  // The riskiest assumptions and a 2-week pitch; the owner accepts the pitch, and phase 5 is done.
  await sendMessage(page, `What could sink it, and what do we build first? Ref ${lane.tag}`);
  await waitForAnswer(page, 'The riskiest assumptions and the pitch are in the memory.');
  await openSheet(page, viewport, 'Memory');
  const risks = memory(page).getByRole('listitem', { name: 'Riskiest assumptions: What could sink it' });
  expect(await risks.locator('.shape-solution-risks__risk').count()).toBe(3);
  const pitch = memory(page).getByRole('listitem', { name: `Pitch: ${PITCH_TITLE}` });
  expect(await pitch.locator('.shape-solution-pitch__appetite').textContent()).toBe('2 weeks');
  expect(await pitch.locator('.shape-solution-pitch__elements li').count()).toBe(3);
  await toTop(pitch);
  await picture(page, 'workspace-phase-five-pitch', pitch);
  await pitch.getByRole('button', { name: 'Accept this pitch' }).click();
  await pitch.getByText('Accepted: phase 5 is done.').waitFor();
  await other
    .getByRole('listitem', { name: `Pitch: ${PITCH_TITLE}` })
    .getByText('Accepted: phase 5 is done.')
    .waitFor();
  await closeSheet(page, viewport, memory(page));

  // Phase 6: the scope and the plan, its tasks owned by the two members by name.
  await openPhase(page, viewport, 6, 'Plan the build');
  await sendMessage(page, `Plan the build for two weeks: I take the texts, my colleague the list. Ref ${lane.tag}`);
  await waitForAnswer(page, 'The scope and the plan are in the memory.');
  await openSheet(page, viewport, 'Memory');
  const scope = memory(page).getByRole('listitem', { name: 'MVP scope: The first version' });
  expect(await scope.locator('.build-plan-scope__delivers').first().textContent()).toBe(`Delivers “${RELIEVER}”`);
  // The second member puts in an item delivering the reliever that answers no pain: flagged, for both.
  const theirScope = other.getByRole('listitem', { name: 'MVP scope: The first version' });
  await theirScope.getByRole('button', { name: 'Edit The first version' }).click();
  const scopeForm = other.getByRole('form', { name: 'Edit The first version' });
  await scopeForm.getByRole('button', { name: 'Add an item in scope' }).click();
  await scopeForm.getByLabel('In scope 3', { exact: true }).fill(STICKER);
  await scopeForm.getByLabel('Pain reliever it delivers').nth(2).fill(UNANSWERED);
  await scopeForm.getByRole('button', { name: 'Save' }).click();
  await scopeForm.waitFor({ state: 'detached' });
  for (const entry of [scope, theirScope]) {
    const flag = entry.getByRole('note', { name: 'To review' });
    await flag.waitFor();
    expect(await flag.textContent()).toBe(
      `Review: “${STICKER}” is in the first version but delivers the pain reliever “A monthly newsletter for patients”, which answers no pain of a persona: which pain does it relieve? If none, move it out or to later.`,
    );
    expect(await entry.locator('.build-plan-scope__item--unfounded').textContent()).toBe(
      `${STICKER} Delivers “${UNANSWERED}”, which answers no pain of a persona`,
    );
  }
  await toTop(scope);
  await picture(page, 'workspace-phase-six-scope-flagged', scope);
  const plan = memory(page).getByRole('listitem', { name: `Build plan: ${PLAN_TITLE}` });
  const theirPlan = other.getByRole('listitem', { name: `Build plan: ${PLAN_TITLE}` });
  const meta = (scope: Locator, task: keyof typeof TITLES) =>
    scope
      .locator('.build-plan__task')
      .filter({ has: scope.page().getByText(TITLES[task], { exact: true }) })
      .locator('.build-plan__task-meta')
      .textContent();
  expect(await meta(plan, 'sms')).toContain(ownerName);
  expect(await meta(plan, 'list')).toContain(colleagueName);
  expect(await meta(plan, 'report')).toContain('No owner yet');

  // Each member moves a task to done and sees the other's move live.
  await status(plan, 'sms').selectOption('done');
  await expect.poll(() => status(theirPlan, 'sms').inputValue()).toBe('done');
  await status(theirPlan, 'list').selectOption('done');
  await expect.poll(() => status(plan, 'list').inputValue()).toBe('done');
  await expect.poll(() => status(plan, 'sms').inputValue()).toBe('done');
  expect(
    await plan
      .getByRole('region', { name: `Milestone: ${MILESTONES[0]!.title}` })
      .getByRole('heading')
      .textContent(),
  ).toContain('2 of 3 done');

  // The second member reloads in the middle: the statuses are the server's, and moves stay live after.
  await other.reload();
  await waitForWorkspace(other, name);
  expect(await status(theirPlan, 'sms').inputValue()).toBe('done');
  expect(await status(theirPlan, 'list').inputValue()).toBe('done');
  await status(plan, 'report').selectOption('doing');
  await expect.poll(() => status(theirPlan, 'report').inputValue()).toBe('doing');
  await status(theirPlan, 'report').selectOption('todo');
  await expect.poll(() => status(plan, 'report').inputValue()).toBe('todo');

  // The plan with its timeline: a chart on a desktop, a list on a phone.
  const timeline = plan.getByRole('region', { name: 'Timeline' });
  if (viewport === 'desktop') expect(await timeline.getByRole('img').getAttribute('aria-label')).toContain('Timeline of 5 tasks in 2 milestones');
  else expect(await timeline.locator('.build-plan__timeline-list').textContent()).toContain(`${TITLES.pilot}: working days 5 to 7`);
  await toTop(viewport === 'desktop' ? plan.getByRole('region', { name: `Milestone: ${MILESTONES[1]!.title}` }) : timeline);
  await picture(page, 'workspace-phase-six-plan', plan);
  await closeSheet(page, viewport, memory(page));

  // The second member says the date moved; the co-founder proposes a re-plan, shown as its difference.
  await sendMessage(other, `The clinics want to start a week earlier: the date moved. Ref ${lane.tag}`);
  await waitForAnswer(other, 'I propose a revised plan');
  await waitForAnswer(page, 'I propose a revised plan');
  await openSheet(page, viewport, 'Memory');
  const proposal = plan.getByRole('region', { name: 'Proposed re-plan' });
  await proposal.waitFor();
  expect(await proposal.locator('.build-plan__proposal-reason').textContent()).toBe(`Why: ${REPLAN_REASON}`);
  expect(await proposal.locator('.build-plan__added').textContent()).toBe(`Added (1)${TITLES.call} (${MILESTONES[0]!.title}, 1\u00a0d)`);
  expect(await proposal.locator('.build-plan__removed').textContent()).toBe(`Removed (1)${TITLES.report} (${MILESTONES[1]!.title})`);
  expect(await proposal.locator('.build-plan__moved li').allTextContents()).toEqual([
    `${TITLES.reply}: ${MILESTONES[0]!.title}, after 2 days → ${MILESTONES[0]!.title}, at the start`,
    `${TITLES.pilot}: ${MILESTONES[1]!.title}, after 4 days → ${MILESTONES[1]!.title}, after 2 days`,
  ]);
  await toTop(proposal);
  await picture(page, 'workspace-phase-six-replan', plan);

  // The second member accepts it: both see the new tasks, the two done ones still done.
  await theirPlan.getByRole('region', { name: 'Proposed re-plan' }).getByRole('button', { name: 'Accept the new plan' }).click();
  await proposal.waitFor({ state: 'detached' });
  await status(plan, 'call').waitFor();
  await status(theirPlan, 'call').waitFor();
  expect(await plan.getByText(TITLES.report).count()).toBe(0);
  for (const scope of [plan, theirPlan]) {
    expect(await status(scope, 'sms').inputValue()).toBe('done');
    expect(await status(scope, 'list').inputValue()).toBe('done');
    expect(await status(scope, 'call').inputValue()).toBe('todo');
  }

  // The tasks as CSV, read back.
  const [file] = await Promise.all([page.waitForEvent('download'), plan.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(file.suggestedFilename()).toBe('two-weeks-to-the-first-refilled-slot-tasks.csv');
  const csv = (await readFile((await file.path())!)).toString('utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const rows = parseCsv(csv.slice(1));
  expect(rows[0]).toEqual(['Task', 'Milestone', 'Estimate (days)', 'Depends on', 'Owner', 'Status']);
  expect(rows.slice(1)).toEqual([
    [TITLES.sms, MILESTONES[0]!.title, '2', '', ownerName, 'Done'],
    [TITLES.list, MILESTONES[0]!.title, '1', '', colleagueName, 'Done'],
    [TITLES.reply, MILESTONES[0]!.title, '2', '', ownerName, 'To do'],
    [TITLES.pilot, MILESTONES[1]!.title, '3', TITLES.reply, colleagueName, 'To do'],
    [TITLES.call, MILESTONES[0]!.title, '1', '', colleagueName, 'To do'],
  ]);

  // Accepting the plan completes phase 6.
  await plan.getByRole('button', { name: 'Accept this plan' }).click();
  await plan.getByText('Accepted: phase 6 is done.').waitFor();
  await theirPlan.getByText('Accepted: phase 6 is done.').waitFor();
  expect(await queryD1(`SELECT phase FROM project_phases WHERE project_id = ${sqlText(projectId)} ORDER BY phase`)).toEqual([
    { phase: 1 },
    { phase: 4 },
    { phase: 5 },
    { phase: 6 },
  ]);
  await closeSheet(page, viewport, memory(page));
  await openSheet(page, viewport, 'Phases');
  const phases = page.getByRole('navigation', { name: 'Phases' }).getByRole('listitem');
  expect(await phases.nth(4).locator('.badge').textContent()).toBe('Done');
  expectNoProblems(page);
  expectNoProblems(other);
}

/**
 * The screen's picture, once nothing is wider than it: the page is no wider than the screen, and
 * nothing in `entry` (a memory entry) reaches past the entry's right edge.
 */
async function picture(page: Page, name: string, entry: Locator) {
  const width = await page.evaluate(() => window.innerWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: the page is no wider than the screen`).toBeLessThanOrEqual(width);
  const past = await entry.evaluate((root) => {
    const edge = root.getBoundingClientRect().right;
    return [...root.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > edge + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}: ${(element.textContent ?? '').slice(0, 40)}`);
  });
  expect(past, `${name}: what reaches past the entry's edge`).toEqual([]);
  await screenshot(page, name, { fullPage: false });
}

/**
 * The picture of all of `element` at the page's width: the viewport is made as tall as the
 * element needs for the shot, then put back.
 */
async function tallShot(page: Page, entry: Locator, element: Locator, name: string) {
  const size = page.viewportSize()!;
  // Room for the workspace's bar above the sheet, and a margin.
  const height = Math.ceil((await element.boundingBox())!.height) + 320;
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  await element.evaluate((node) => node.scrollIntoView({ block: 'end' }));
  await picture(page, name, entry);
  await page.setViewportSize(size);
}

for (const viewport of ['desktop', 'phone'] as Viewport[]) {
  test(`phases 5 and 6 on a Pro project, live for a second member (${viewport})`, async () => {
    await walk(viewport);
  }, 120_000);
}
