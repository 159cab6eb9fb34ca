/**
 * Phase 6, 'Plan the build', in the workspace: the MVP scope with its unfounded items flagged;
 * the build plan with its milestones, tasks and a status any member moves (sent as the phase's
 * frame, refused inline, followed live from the shared state); the timeline as a chart with its
 * summary, or a list on a phone; a proposed re-plan as its difference, answered with its frames;
 * the editors, whose mistakes are said at their field and never saved; the tasks' downloads.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  REPLAN_ACCEPT_FRAME,
  REPLAN_DISMISS_FRAME,
  TASK_STATUS_FRAME,
  type BuildPlan,
  type PlanProposal,
  type Task,
  type TeamMember,
} from '#contracts/phases/build-plan';
import type { MemoryEntry, WorkspaceMessage } from '#contracts/workspace';
import { MemoryPanel } from '../../app/pages/app/workspace/MemoryPanel';
import { MessageRow } from '../../app/pages/app/workspace/MessageRow';
import { BuildPlanView, planLayout } from '../../app/pages/app/workspace/phases/build-plan/BuildPlanView';
import { dayRange } from '../../app/pages/app/workspace/phases/build-plan/PlanTimeline';
import { MvpScopeView } from '../../app/pages/app/workspace/phases/build-plan/MvpScopeView';
import { PHONE_QUERY } from '../../app/pages/app/workspace/phases/build-plan/PlanTimeline';
import { csvField, exportFileName, markdownText, tasksCsv, tasksMarkdown } from '../../app/pages/app/workspace/phases/build-plan/task-export';
import type { MemoryResult } from '../../app/pages/app/workspace/use-workspace';

const AT = Date.UTC(2026, 10, 24, 9, 30);
const ADA = { userId: 'u1', name: 'Ada' };
const GRACE = { userId: 'u2', name: 'Grace' };
const TEAM: TeamMember[] = [ADA, GRACE, { userId: 'u3', name: 'Linus' }];

const task = (id: string, title: string, rest: Partial<Task> = {}): Task => ({
  id,
  title,
  estimateDays: 1,
  dependsOn: [],
  owner: null,
  milestone: 'm1',
  status: 'todo',
  ...rest,
});

const PLAN: BuildPlan = {
  weeks: 4,
  tractionGoal: 'First 10 clinics booking through it',
  milestones: [
    { id: 'm1', title: 'Waiting list works', week: 2 },
    { id: 'm2', title: 'First clinics live', week: 4 },
  ],
  tasks: [
    task('schema', 'Database schema', { estimateDays: 2, owner: ADA, status: 'done' }),
    task('sms', 'Send texts to the waiting list', { estimateDays: 3, dependsOn: ['schema'], owner: GRACE, status: 'doing' }),
    task('calendar', 'Calendar sync', { estimateDays: 4.5, dependsOn: ['schema'], milestone: 'm2' }),
    task('onboard', 'Onboard the first clinics', { estimateDays: 5, dependsOn: ['sms', 'calendar'], milestone: 'm2' }),
  ],
  techChoices: [{ choice: 'Twilio for texts', reason: 'Works in every country we target.', risk: 'Costs grow with each text.' }],
};

const planEntry = (plan: BuildPlan = PLAN, rest: Partial<MemoryEntry> = {}) =>
  ({ id: 'plan1', kind: 'build_plan', title: 'Clinic MVP', plan, version: 3, author: { kind: 'cofounder' }, updatedAt: AT, ...rest }) as Extract<
    MemoryEntry,
    { kind: 'build_plan' }
  >;

const SCOPE = {
  id: 'scope1',
  kind: 'mvp_scope',
  title: 'First version',
  version: 1,
  author: { kind: 'cofounder' },
  updatedAt: AT,
  scope: {
    in: [
      { item: 'Text the waiting list when a slot frees up', delivers: 'Refills cancelled slots within the hour' },
      { item: 'A dashboard of every text sent', delivers: null },
    ],
    out: ['Payments'],
    later: ['Calendar sync with every vendor'],
  },
} as Extract<MemoryEntry, { kind: 'mvp_scope' }>;

type Change = Parameters<Parameters<typeof MemoryPanel>[0]['changeMemory']>[0];
type Frame = { type: string; [key: string]: unknown };

/** A member's request as the workspace lends it: every frame kept, answered by `answers` in turn (null when none is left). */
function actions(...answers: (string | null)[]) {
  const frames: Frame[] = [];
  const onAction = vi.fn(async (frame: Frame) => {
    frames.push(frame);
    return answers.shift() ?? null;
  });
  return { frames, onAction };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the MVP scope', () => {
  it('lists what is in with the pain reliever each delivers, quoted after one label, what is out and what waits, and marks an item that delivers none', () => {
    render(<MvpScopeView entry={SCOPE} />);
    const items = screen.getByText('In the first version').nextElementSibling!;
    const rows = within(items as HTMLElement).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Text the waiting list when a slot frees up Delivers “Refills cancelled slots within the hour”',
      'A dashboard of every text sent Delivers no pain reliever',
    ]);
    expect(rows[0]!.className).not.toContain('unfounded');
    expect(rows[1]!.className).toContain('unfounded');
    expect(screen.getByText('Deliberately out').nextElementSibling!.textContent).toBe('Payments');
    expect(screen.getByText('Later').nextElementSibling!.textContent).toBe('Calendar sync with every vendor');
  });

  it('marks an item whose pain reliever the value map no longer holds, or answers no pain of a persona, and is accepted like every artifact', async () => {
    const onAccept = vi.fn(async () => null);
    render(
      <MvpScopeView
        entry={{
          ...SCOPE,
          scope: { ...SCOPE.scope, in: [SCOPE.scope.in[0]!, { item: 'A loyalty sticker for the bike frame', delivers: 'Riders feel proud' }] },
        }}
        standings={[
          { kind: 'not_in_map', reliever: 'Refills cancelled slots within the hour' },
          { kind: 'answers_no_pain', reliever: 'Riders feel proud' },
        ]}
        onAccept={onAccept}
      />,
    );
    const rows = within(screen.getByText('In the first version').nextElementSibling as HTMLElement).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Text the waiting list when a slot frees up Delivers “Refills cancelled slots within the hour”, which the value map no longer holds',
      'A loyalty sticker for the bike frame Delivers “Riders feel proud”, which answers no pain of a persona',
    ]);
    expect(rows.every((row) => row.className.includes('unfounded'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Accept the scope' }));
    await waitFor(() => expect(onAccept).toHaveBeenCalledTimes(1));
  });
});

describe('the build plan', () => {
  it('shows the goal, the appetite, each milestone with its tasks (estimate, owner, dependencies by title) and the technical choices', () => {
    render(<BuildPlanView entry={planEntry()} />);
    expect(screen.getByText('Traction goal').nextElementSibling!.textContent).toBe('First 10 clinics booking through it');
    expect(screen.getByText('Appetite').nextElementSibling!.textContent).toBe('4 weeks');
    const first = screen.getByRole('region', { name: 'Milestone: Waiting list works' });
    expect(within(first).getByRole('heading').textContent).toBe('Waiting list works · week 2 · 1 of 2 done');
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Database schema2 days · AdaDone', 'Send texts to the waiting list3 days · Grace · after Database schemaDoing']);
    const second = screen.getByRole('region', { name: 'Milestone: First clinics live' });
    expect(within(second).getByText('Onboard the first clinics').nextElementSibling!.textContent).toBe(
      '5 days · No owner yet · after Send texts to the waiting list, Calendar sync',
    );
    const choices = screen.getByRole('region', { name: 'Technical choices' });
    expect(choices.textContent).toContain('Twilio for texts');
    expect(choices.textContent).toContain('Why: Works in every country we target.');
    expect(choices.textContent).toContain('Risk: Costs grow with each text.');
    // Read without a way to act (another member's version beside an edit): statuses are text.
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it("sends a task's status as the phase's frame, named by the task's title, and shows a refusal under it", async () => {
    const { frames, onAction } = actions(null, 'Only members of this project can move tasks.');
    const { rerender } = render(<BuildPlanView entry={planEntry()} onAction={onAction} />);
    const status = screen.getByRole('combobox', { name: 'Status of Calendar sync' }) as unknown as HTMLSelectElement;
    expect([...status.options].map((option) => option.textContent)).toEqual(['To do', 'Doing', 'Done']);
    expect(status.value).toBe('todo');

    fireEvent.change(status, { target: { value: 'doing' } });
    expect(frames).toEqual([{ type: TASK_STATUS_FRAME, taskId: 'calendar', status: 'doing' }]);
    // Shown as moved while the server answers, then as the shared state says.
    expect(status.value).toBe('doing');
    await act(async () => {});
    const moved = { ...PLAN, tasks: PLAN.tasks.map((one) => (one.id === 'calendar' ? { ...one, status: 'doing' as const } : one)) };
    rerender(<BuildPlanView entry={planEntry(moved, { version: 4 })} onAction={onAction} />);
    expect(status.value).toBe('doing');

    // Refused: said under the control, and the status is what it is.
    fireEvent.change(status, { target: { value: 'done' } });
    expect(frames.at(-1)).toEqual({ type: TASK_STATUS_FRAME, taskId: 'calendar', status: 'done' });
    const control = status.parentElement!;
    expect((await within(control).findByRole('alert')).textContent).toBe('Only members of this project can move tasks.');
    expect(status.value).toBe('doing');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('follows statuses moved by other members, as the shared state brings them', () => {
    const { onAction } = actions();
    const { rerender } = render(<BuildPlanView entry={planEntry()} onAction={onAction} />);
    const status = screen.getByRole('combobox', { name: 'Status of Send texts to the waiting list' }) as unknown as HTMLSelectElement;
    expect(status.value).toBe('doing');
    const moved = { ...PLAN, tasks: PLAN.tasks.map((one) => (one.id === 'sms' ? { ...one, status: 'done' as const } : one)) };
    rerender(<BuildPlanView entry={planEntry(moved, { version: 4 })} onAction={onAction} />);
    expect(status.value).toBe('done');
    expect(screen.getByRole('region', { name: 'Milestone: Waiting list works' }).querySelector('h4')!.textContent).toContain('2 of 2 done');
    expect(onAction).not.toHaveBeenCalled();
  });

  it('draws the timeline as a chart with a summary, one bar per task grouped by milestone, and offers it as a list', () => {
    render(<BuildPlanView entry={planEntry()} />);
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe(
      'Timeline of 4 tasks in 2 milestones: the last task ends on working day 11.5 of the 20 in the 4-week appetite.',
    );
    expect(chart.querySelectorAll('rect')).toHaveLength(4);
    // From when its dependencies allow it to start (day 2, after the schema) to its end.
    const calendar = [...chart.querySelectorAll('g')].find((group) => group.querySelector('title')?.textContent?.startsWith('Calendar sync'))!;
    expect(calendar.querySelector('title')!.textContent).toBe('Calendar sync: working days 3 to 7, to do');
    expect(calendar.querySelector('rect')!.getAttribute('x')).toBe('10.000%');
    expect(calendar.querySelector('rect')!.getAttribute('width')).toBe('22.500%');
    // The milestones' weeks are marked.
    expect([...chart.querySelectorAll('.build-plan__chart-due')].map((line) => line.getAttribute('x1'))).toEqual(['50.000%', '100.000%']);

    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.queryByRole('img')).toBeNull();
    const list = document.querySelector('.build-plan__timeline-list')!;
    expect(list.textContent).toContain('Calendar sync: working days 3 to 7');
    expect(list.textContent).toContain('Waiting list works (due end of week 2, working day 10)');
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the timeline as a list on a phone, and a task after its milestone is marked', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query === PHONE_QUERY, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
    const late = { ...PLAN, tasks: PLAN.tasks.map((one) => (one.id === 'sms' ? { ...one, estimateDays: 9 } : one)) };
    render(<BuildPlanView entry={planEntry(late)} />);
    expect(screen.queryByRole('img')).toBeNull();
    const list = document.querySelector('.build-plan__timeline-list')!;
    expect(list.textContent).toContain('Send texts to the waiting list: working days 3 to 11 after its milestone');
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    // The chart is still there to choose.
    fireEvent.click(screen.getByRole('button', { name: 'Chart' }));
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('the last task ends on working day 16');
  });

  it('lays out a plan of 200 tasks in one pass, each task once', () => {
    const tasks = Array.from({ length: 200 }, (_, index) =>
      task(`t${index}`, `Task ${index}`, { milestone: index < 100 ? 'm1' : 'm2', dependsOn: index > 0 ? [`t${index - 1}`] : [] }),
    );
    const layout = planLayout({ ...PLAN, weeks: 26, milestones: PLAN.milestones, tasks });
    expect(layout.groups.map((group) => group.tasks.length)).toEqual([100, 100]);
    expect(layout.end).toBe(200);
    render(<BuildPlanView entry={planEntry({ ...PLAN, weeks: 26, tasks })} onAction={actions().onAction} />);
    expect(screen.getAllByRole('combobox')).toHaveLength(200);
    expect(screen.getByRole('img').querySelectorAll('rect')).toHaveLength(200);
  });
});

const PROPOSAL: PlanProposal = {
  entryId: 'plan1',
  baseVersion: 3,
  reason: 'The calendar vendor has no API until May: sync waits, and we onboard by hand.',
  proposedAt: 1_790_000_000_000,
  plan: {
    ...PLAN,
    weeks: 5,
    tasks: [
      PLAN.tasks[0]!,
      PLAN.tasks[1]!,
      { ...PLAN.tasks[3]!, dependsOn: ['sms'], milestone: 'm1' },
      task('import', 'Import patients from a spreadsheet', { estimateDays: 2, milestone: 'm2' }),
    ],
  },
};

describe('a proposed re-plan', () => {
  it('reads as its difference against the plan on screen, with the reason, and each answer sends its frame', async () => {
    const { frames, onAction } = actions(null, null);
    render(<BuildPlanView entry={planEntry()} proposal={PROPOSAL} onAction={onAction} />);
    const proposal = screen.getByRole('region', { name: 'Proposed re-plan' });
    expect(proposal.textContent).toContain('Why: The calendar vendor has no API until May');
    const list = (label: string) =>
      within(within(proposal).getByText(label).parentElement!)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(list('Added (1)')).toEqual(['Import patients from a spreadsheet (First clinics live, 2\u00a0d)']);
    expect(list('Removed (1)')).toEqual(['Calendar sync (First clinics live)']);
    expect(list('Moved (1)')).toEqual(['Onboard the first clinics: First clinics live, after 6.5 days → Waiting list works, after 5 days']);
    expect(list('Also changed')).toEqual(['The appetite: 4 weeks → 5 weeks']);
    // The plan on screen is still the current one.
    expect(screen.getByRole('combobox', { name: 'Status of Calendar sync' })).toBeTruthy();

    fireEvent.click(within(proposal).getByRole('button', { name: 'Accept the new plan' }));
    expect(frames).toEqual([{ type: REPLAN_ACCEPT_FRAME, proposedAt: PROPOSAL.proposedAt }]);
    await act(async () => {});
    // Nothing changes until the shared state does.
    expect(screen.getByRole('region', { name: 'Proposed re-plan' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Status of Calendar sync' })).toBeTruthy();
  });

  it('is kept or refused with its frame, and a refusal is said where it was answered', async () => {
    const { frames, onAction } = actions('Someone answered this proposal already.');
    render(<BuildPlanView entry={planEntry()} proposal={PROPOSAL} onAction={onAction} />);
    const proposal = screen.getByRole('region', { name: 'Proposed re-plan' });
    fireEvent.click(within(proposal).getByRole('button', { name: 'Keep the current plan' }));
    expect(frames).toEqual([{ type: REPLAN_DISMISS_FRAME, proposedAt: PROPOSAL.proposedAt }]);
    expect((await within(proposal).findByRole('alert')).textContent).toBe('Someone answered this proposal already.');
    expect((within(proposal).getByRole('button', { name: 'Keep the current plan' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('reaches the plan in the memory panel from the shared state, and only the plan it revises', () => {
    const { frames, onAction } = actions();
    const { rerender } = render(
      <MemoryPanel entries={[planEntry()]} changeMemory={vi.fn()} workspace={{ planProposal: PROPOSAL, teamMembers: TEAM, onAction }} />,
    );
    const entry = screen.getByRole('listitem', { name: 'Build plan: Clinic MVP' });
    fireEvent.click(within(entry).getByRole('button', { name: 'Accept the new plan' }));
    expect(frames).toEqual([{ type: REPLAN_ACCEPT_FRAME, proposedAt: PROPOSAL.proposedAt }]);
    fireEvent.change(within(entry).getByRole('combobox', { name: 'Status of Database schema' }), { target: { value: 'doing' } });
    expect(frames.at(-1)).toEqual({ type: TASK_STATUS_FRAME, taskId: 'schema', status: 'doing' });

    rerender(
      <MemoryPanel
        entries={[planEntry()]}
        changeMemory={vi.fn()}
        workspace={{ planProposal: { ...PROPOSAL, entryId: 'another' }, teamMembers: TEAM, onAction }}
      />,
    );
    expect(screen.queryByRole('region', { name: 'Proposed re-plan' })).toBeNull();
  });
});

const saved: MemoryResult = { type: 'request_result', requestId: 'r', ok: true, value: null };

function editing(entry: MemoryEntry, teamMembers: TeamMember[] = TEAM) {
  const changes: Change[] = [];
  const changeMemory = vi.fn(async (change: Change) => {
    changes.push(change);
    return saved;
  });
  render(<MemoryPanel entries={[entry]} changeMemory={changeMemory} workspace={{ teamMembers }} />);
  fireEvent.click(screen.getByRole('button', { name: `Edit ${entry.title}` }));
  const form = screen.getByRole('form', { name: `Edit ${entry.title}` });
  const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement;
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  const save = () => fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  /** The message said under a field, read with it (aria-describedby). */
  const said = (label: string) => {
    const input = field(label);
    const id = input.getAttribute('aria-describedby');
    return id ? document.getElementById(id)!.textContent : null;
  };
  return { changes, form, field, type, save, said };
}

const updated = (changes: Change[]) => {
  const change = changes.at(-1);
  if (change?.type !== 'memory_update') throw new Error('No update was sent');
  return change;
};

describe('editing the build plan', () => {
  it('edits its fields in a form, the owner chosen among the members, and saves the plan', async () => {
    const { changes, form, field, type, save } = editing(planEntry());
    expect(within(form).queryByText(/"weeks"/)).toBeNull();
    expect(field('Appetite (weeks)').value).toBe('4');
    expect(field('Task 3, depends on').value).toBe('schema');
    const owner = field('Task 3, owner') as unknown as HTMLSelectElement;
    expect([...owner.options].map((option) => option.textContent)).toEqual(['No owner yet', 'Ada', 'Grace', 'Linus']);
    fireEvent.change(owner, { target: { value: 'u3' } });
    type('Task 3, estimate (days)', '2.5');
    type('Task 3, depends on', 'schema, sms');
    fireEvent.change(field('Task 3, milestone'), { target: { value: 'm1' } });
    fireEvent.change(field('Task 3, status'), { target: { value: 'doing' } });
    type('Milestone 2, due in week', '5');
    type('Appetite (weeks)', '5');
    type('Traction goal', 'First 12 clinics');
    type('Choice 1, risk', 'Texts cost more abroad.');
    save();
    await waitFor(() => expect(changes).toHaveLength(1));
    const { content } = updated(changes);
    const plan = (content as { plan: BuildPlan }).plan;
    expect(plan.tasks[2]).toEqual({
      id: 'calendar',
      title: 'Calendar sync',
      estimateDays: 2.5,
      dependsOn: ['schema', 'sms'],
      owner: { userId: 'u3', name: 'Linus' },
      milestone: 'm1',
      status: 'doing',
    });
    expect(plan.weeks).toBe(5);
    expect(plan.milestones[1]).toEqual({ id: 'm2', title: 'First clinics live', week: 5 });
    expect(plan.tractionGoal).toBe('First 12 clinics');
    expect(plan.techChoices[0]!.risk).toBe('Texts cost more abroad.');
  });

  it('says a bad estimate at its field, and saves nothing', async () => {
    const { changes, form, type, save, said, field } = editing(planEntry());
    type('Task 2, estimate (days)', '0');
    expect(said('Task 2, estimate (days)')).toBe('An estimate is at least half a day');
    expect(field('Task 2, estimate (days)').getAttribute('aria-invalid')).toBe('true');
    save();
    expect((await within(form).findByRole('alert')).textContent).toBe('Task 2, estimate (days): An estimate is at least half a day');
    type('Task 2, estimate (days)', '1.2');
    expect(said('Task 2, estimate (days)')).toBe('An estimate is in half days');
    type('Task 2, estimate (days)', '');
    expect(said('Task 2, estimate (days)')).toBe('An estimate is a number of days');
    type('Task 2, estimate (days)', '31');
    save();
    expect((await within(form).findByRole('alert')).textContent).toBe('Task 2, estimate (days): An estimate is at most 30 days: split the task');
    expect(changes).toEqual([]);
  });

  it('says a circle of dependencies and a task depending on itself at their fields, and saves nothing', async () => {
    const { changes, form, type, save, said } = editing(planEntry());
    // The schema waits on the onboarding, which waits (through the texts) on the schema.
    type('Task 1, depends on', 'onboard');
    expect(said('Task 1, depends on')).toBe('These tasks wait on each other in a circle: schema → onboard → sms → schema');
    expect(said('Task 2, depends on')).toBe('These tasks wait on each other in a circle: schema → onboard → sms → schema');
    save();
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Task 1, depends on: These tasks wait on each other in a circle: schema → onboard → sms → schema',
    );

    type('Task 1, depends on', 'schema');
    expect(said('Task 1, depends on')).toBe('A task cannot depend on itself');
    expect(said('Task 2, depends on')).toBeNull();
    save();
    expect((await within(form).findByRole('alert')).textContent).toBe('Task 1, depends on: "Database schema" depends on itself');

    type('Task 1, depends on', 'design');
    expect(said('Task 1, depends on')).toBe('No task is called “design”');
    expect(changes).toEqual([]);
  });

  it('adds and removes tasks, milestones and choices', async () => {
    const { changes, form, type, save, field } = editing(planEntry(), []);
    fireEvent.click(within(form).getByRole('button', { name: 'Add a task' }));
    expect(within(form).getByText('Task 5 · id task-5')).toBeTruthy();
    type('Task 5, title', 'Privacy notice');
    // Without the members lent, an owner already named is still offered.
    expect([...(field('Task 1, owner') as unknown as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'No owner yet',
      'Ada (not a member now)',
      'Grace (not a member now)',
    ]);
    fireEvent.click(within(form).getByRole('button', { name: 'Remove task 3' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add a milestone' }));
    type('Milestone 3, title', 'Paying clinics');
    fireEvent.click(within(form).getByRole('button', { name: 'Remove choice 1' }));
    save();
    // The onboarding still waits on the removed calendar sync: refused, named.
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Task 3, depends on: "Onboard the first clinics" depends on "calendar", which is not a task',
    );
    type('Task 3, depends on', 'sms');
    save();
    await waitFor(() => expect(changes).toHaveLength(1));
    const plan = (updated(changes).content as { plan: BuildPlan }).plan;
    expect(plan.tasks.map((one) => one.id)).toEqual(['schema', 'sms', 'onboard', 'task-5']);
    expect(plan.tasks[3]).toMatchObject({ title: 'Privacy notice', estimateDays: 1, milestone: 'm1', status: 'todo', owner: null });
    expect(plan.milestones[2]).toEqual({ id: 'milestone-3', title: 'Paying clinics', week: 4 });
    expect(plan.techChoices).toEqual([]);
  });
});

describe('editing the MVP scope', () => {
  it('edits the items in scope with what each delivers (empty: none), what is out and what waits', async () => {
    const { changes, form, type, save } = editing(SCOPE);
    type('In scope 2', 'A weekly summary by email');
    const delivers = within(form).getAllByLabelText('Pain reliever it delivers') as HTMLInputElement[];
    expect(delivers.map((input) => input.value)).toEqual(['Refills cancelled slots within the hour', '']);
    fireEvent.change(delivers[0]!, { target: { value: '  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add an item in scope' }));
    type('In scope 3', 'Reminders the day before');
    type('Deliberately out (one per line)', 'Payments\nA mobile app');
    save();
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(updated(changes).content).toEqual({
      kind: 'mvp_scope',
      title: 'First version',
      scope: {
        in: [
          { item: 'Text the waiting list when a slot frees up', delivers: null },
          { item: 'A weekly summary by email', delivers: null },
          { item: 'Reminders the day before', delivers: null },
        ],
        out: ['Payments', 'A mobile app'],
        later: ['Calendar sync with every vendor'],
      },
    });
  });

  it('names the item a mistake is about, and saves nothing', async () => {
    const { changes, form, type, save } = editing(SCOPE);
    type('In scope 2', ' ');
    save();
    expect((await within(form).findByRole('alert')).textContent).toMatch(/^In scope 2: /);
    expect(changes).toEqual([]);
  });
});

describe('the tasks downloaded', () => {
  it('as CSV: RFC 4180 quoting, and cells a spreadsheet would run as formulas defused', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("http://evil.example")')).toBe(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField(2.5)).toBe('2.5');
    expect(csvField('a-b')).toBe('a-b');

    const plan: BuildPlan = {
      ...PLAN,
      tasks: [
        task('a', '=cmd|calc', { owner: { userId: 'u9', name: '@mallory' }, estimateDays: 0.5 }),
        task('b', 'Write "hello, world"', { dependsOn: ['a'], status: 'done', milestone: 'm2' }),
      ],
    };
    expect(tasksCsv(plan)).toBe(
      [
        'Task,Milestone,Estimate (days),Depends on,Owner,Status',
        "'=cmd|calc,Waiting list works,0.5,,'@mallory,To do",
        `"Write ""hello, world""",First clinics live,1,'=cmd|calc,,Done`,
        '',
      ].join('\r\n'),
    );
  });

  it('as Markdown: a heading per milestone and a checklist line per task, done ticked, with estimate and owner', () => {
    expect(tasksMarkdown('Clinic MVP', PLAN)).toBe(
      [
        '# Clinic MVP',
        '',
        'Traction goal: First 10 clinics booking through it',
        '',
        'Appetite: 4 weeks',
        '',
        '## Waiting list works (week 2)',
        '',
        '- [x] Database schema (2 days, Ada)',
        '- [ ] Send texts to the waiting list (3 days, Grace, after Database schema) — in progress',
        '',
        '## First clinics live (week 4)',
        '',
        '- [ ] Calendar sync (4.5 days, no owner yet, after Database schema)',
        '- [ ] Onboard the first clinics (5 days, no owner yet, after Send texts to the waiting list, Calendar sync)',
        '',
        '## Technical choices',
        '',
        '- **Twilio for texts**: Works in every country we target. Risk: Costs grow with each text.',
        '',
      ].join('\n'),
    );
    expect(markdownText('Use *bold* [links](x) <b>')).toBe('Use \\*bold\\* \\[links\\](x) \\<b\\>');
  });

  it('named after the plan as a safe slug: no space, comma or character file systems refuse', () => {
    expect(exportFileName('The first version of mobile bike repair, step by step', 'csv')).toBe(
      'the-first-version-of-mobile-bike-repair-step-by-step-tasks.csv',
    );
    expect(exportFileName('Clinic MVP', 'csv')).toBe('clinic-mvp-tasks.csv');
    expect(exportFileName('Q3/Q4: "launch"?', 'md')).toBe('q3-q4-launch-tasks.md');
    expect(exportFileName('  ', 'csv')).toBe('build-plan-tasks.csv');
  });

  it('from the buttons under the plan, as files made in the browser', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:plan/${blobs.length}`;
    });
    // jsdom makes no object URLs: lent for this test.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      delete (URL as { createObjectURL?: unknown }).createObjectURL;
      delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(`${this.download} ${this.href}`);
    });
    render(<BuildPlanView entry={planEntry()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download Markdown' }));
    expect(names).toEqual(['clinic-mvp-tasks.csv blob:plan/1', 'clinic-mvp-tasks.md blob:plan/2']);
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blobs[0]!.arrayBuffer());
    expect(csv).toBe(`\uFEFF${tasksCsv(PLAN)}`);
    expect(await blobs[1]!.text()).toBe(tasksMarkdown('Clinic MVP', PLAN));
    // The links are gone once clicked.
    expect(document.querySelector('a[download]')).toBeNull();
  });
});

const answer = (parts: WorkspaceMessage['parts']): WorkspaceMessage => ({
  id: 'a1',
  role: 'assistant',
  parts,
  metadata: { author: { kind: 'cofounder' }, createdAt: AT, status: 'complete' },
});

describe("the phase's tool calls in the conversation", () => {
  it('say what was saved, that a revised plan waits for an answer, and why a call failed', () => {
    const onReviewMemory = vi.fn();
    render(
      <ol>
        <MessageRow
          message={answer([
            { type: 'tool-save_mvp_scope', toolCallId: 'c1', state: 'output-available', input: { title: 'First version' }, output: {} },
            { type: 'tool-save_build_plan', toolCallId: 'c2', state: 'output-available', input: { title: 'Clinic MVP' }, output: {} },
            {
              type: 'tool-propose_replan',
              toolCallId: 'c3',
              state: 'output-available',
              input: { reason: 'Calendar sync waits until May' },
              output: { entryId: 'plan1' },
            },
            { type: 'tool-save_build_plan', toolCallId: 'c4', state: 'output-error', input: { title: 'Clinic MVP' }, errorText: 'refused' },
            { type: 'tool-propose_replan', toolCallId: 'c5', state: 'output-error', input: {}, errorText: 'refused' },
          ])}
          me={ADA}
          streaming={false}
          onReviewMemory={onReviewMemory}
        />
      </ol>,
    );
    const row = screen.getByRole('listitem');
    expect(row.textContent).toContain('Saved the MVP scope: First version');
    expect(row.textContent).toContain('Saved the build plan: Clinic MVP');
    expect(row.textContent).toContain(
      "Proposed a revised plan: Calendar sync waits until May. It waits for a member's answer: accept it or keep the current plan, under the build plan in the memory.",
    );
    expect(row.textContent).toContain('The build plan was refused: its tasks, dependencies or milestones did not add up.');
    expect(row.textContent).toContain('The revised plan could not be proposed.');
    fireEvent.click(within(row).getByRole('button', { name: 'See the difference' }));
    expect(onReviewMemory).toHaveBeenCalledWith('plan1');
  });
});

describe('working days as people count them', () => {
  it('counts from day 1, a half day rounding to the day it falls on', () => {
    expect(dayRange(0, 2)).toBe('working days 1 to 2');
    expect(dayRange(2, 2.5)).toBe('working day 3');
    expect(dayRange(0.5, 3)).toBe('working days 1 to 3');
  });
});
