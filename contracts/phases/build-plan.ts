import { multiLineText, singleLineText } from '../text-fields';
import { z } from '../zod';
import { quoted, type ArtifactOutline, type PhaseDefinition, type ReviewFlag } from './fields';
import { answersANeed, personaNeedsIn, SOLUTION_LIMITS, type Fit, type PersonaNeeds } from './shape-solution';

/**
 * Phase 6, 'Plan the build': the MVP's scope, and a plan the team works from (milestones inside
 * the appetite ending in a traction goal, tasks with estimates, dependencies, owners and a live
 * status, technical choices), re-planned only when a member accepts the difference.
 * docs/decisions/0053-phases-five-and-six.md.
 */

export const PLAN_LIMITS = {
  scopeItems: 12,
  itemChars: 300,
  milestones: 8,
  /** Enough for any plan a small team keeps in its head twice over; the view is measured at 200 (bench/plan-render.mjs). */
  tasks: 250,
  dependencies: 10,
  estimateDays: 30,
  techChoices: 8,
  weeks: 26,
} as const;

// ---------------------------------------------------------------------------------------------
// The MVP's scope

export const ScopeItemSchema = z.strictObject({
  item: multiLineText(PLAN_LIMITS.itemChars),
  /** The pain reliever of the value map it delivers, word for word; null when it delivers none, which the co-founder challenges. */
  delivers: multiLineText(SOLUTION_LIMITS.itemChars).nullable(),
});
export type ScopeItem = z.infer<typeof ScopeItemSchema>;

export const MvpScopeSchema = z.strictObject({
  in: z.array(ScopeItemSchema).min(1).max(PLAN_LIMITS.scopeItems).describe('What the first version does; each names the pain reliever it delivers'),
  out: z.array(multiLineText(PLAN_LIMITS.itemChars)).max(PLAN_LIMITS.scopeItems).describe('What it deliberately does not do'),
  later: z.array(multiLineText(PLAN_LIMITS.itemChars)).max(PLAN_LIMITS.scopeItems).describe('What waits for a later version'),
});
export type MvpScope = z.infer<typeof MvpScopeSchema>;

export const MvpScopeContentSchema = z.strictObject({ kind: z.literal('mvp_scope'), title: singleLineText(120), scope: MvpScopeSchema });
export type MvpScopeContent = z.infer<typeof MvpScopeContentSchema>;

/**
 * What an 'in' item of the scope delivers, read against the value map and the personas as they are
 * now: a pain reliever that answers a persona's pain, or not — it delivers none, the map no longer
 * holds its reliever, or its reliever answers no pain of a persona (the value map flags it too).
 */
export type ScopeStanding =
  | { kind: 'answers'; reliever: string }
  | { kind: 'none' }
  | { kind: 'not_in_map'; reliever: string }
  | { kind: 'answers_no_pain'; reliever: string };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function scopeStanding(item: ScopeItem, relievers: readonly Fit[], personas: readonly PersonaNeeds[]): ScopeStanding {
  if (item.delivers === null) return { kind: 'none' };
  const reliever = relievers.find((candidate) => same(candidate.text, item.delivers!));
  if (!reliever) return { kind: 'not_in_map', reliever: item.delivers };
  return answersANeed(reliever, 'pains', personas) ? { kind: 'answers', reliever: reliever.text } : { kind: 'answers_no_pain', reliever: reliever.text };
}

type ScopeMemory = readonly { id: string; kind: string; title: string }[];

/** The standing of each 'in' item of the memory's scope, in its order; empty without a scope. */
export function scopeStandingsIn(memory: ScopeMemory): { entryId: string; item: ScopeItem; standing: ScopeStanding }[] {
  const scope = memory.find((entry): entry is ScopeMemory[number] & { scope: MvpScope } => entry.kind === 'mvp_scope');
  if (!scope) return [];
  const map = memory.find((entry): entry is ScopeMemory[number] & { valueMap: { relievers: Fit[] } } => entry.kind === 'value_map');
  const personas = personaNeedsIn(memory);
  return scope.scope.in.map((item) => ({ entryId: scope.id, item, standing: scopeStanding(item, map?.valueMap.relievers ?? [], personas) }));
}

/** What the scope's flag says of an item that answers no pain, and what to do with it. */
export function scopeFlagText(item: ScopeItem, standing: Exclude<ScopeStanding, { kind: 'answers' }>): string {
  const why =
    standing.kind === 'none'
      ? 'delivers no pain reliever of the value map'
      : standing.kind === 'not_in_map'
        ? `delivers the pain reliever ${quoted(standing.reliever)}, which the value map no longer holds`
        : `delivers the pain reliever ${quoted(standing.reliever)}, which answers no pain of a persona`;
  return `${quoted(item.item)} is in the first version but ${why}: which pain does it relieve? If none, move it out or to later.`;
}

/**
 * The review flags of the MVP scope: each 'in' item that relieves no pain of a persona, whoever
 * wrote it, the co-founder's tool or a member's edit (docs/decisions/0065-checks-for-every-writer.md).
 */
export const scopeFlags = (memory: ScopeMemory): ReviewFlag[] =>
  scopeStandingsIn(memory).flatMap(({ entryId, item, standing }) => (standing.kind === 'answers' ? [] : [{ entryId, text: scopeFlagText(item, standing) }]));

// ---------------------------------------------------------------------------------------------
// The plan

export const TASK_STATUSES = ['todo', 'doing', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = { todo: 'To do', doing: 'Doing', done: 'Done' };

/** A short name a task or milestone is referred to by ('t1', 'login-form'). */
const Ref = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'An id is 1 to 40 lowercase letters, digits and dashes');

export const TaskOwnerSchema = z.strictObject({ userId: z.string().min(1).max(100), name: singleLineText(120) });
export type TaskOwner = z.infer<typeof TaskOwnerSchema>;

export const TaskSchema = z.strictObject({
  id: Ref,
  title: singleLineText(160),
  estimateDays: z
    .number({ error: 'An estimate is a number of days' })
    .min(0.5, 'An estimate is at least half a day')
    .max(PLAN_LIMITS.estimateDays, `An estimate is at most ${PLAN_LIMITS.estimateDays} days: split the task`)
    .refine((days) => Number.isInteger(days * 2), 'An estimate is in half days'),
  dependsOn: z.array(Ref).max(PLAN_LIMITS.dependencies),
  owner: TaskOwnerSchema.nullable(),
  milestone: Ref,
  status: z.enum(TASK_STATUSES),
});
export type Task = z.infer<typeof TaskSchema>;

export const MilestoneSchema = z.strictObject({
  id: Ref,
  title: singleLineText(160),
  /** The week of the appetite it is due at the end of. */
  week: z.number().int().min(1).max(PLAN_LIMITS.weeks),
});
export type Milestone = z.infer<typeof MilestoneSchema>;

export const TechChoiceSchema = z.strictObject({
  choice: singleLineText(160),
  reason: multiLineText(400),
  risk: multiLineText(400),
});
export type TechChoice = z.infer<typeof TechChoiceSchema>;

const PlanFieldsSchema = z.strictObject({
  /** The appetite in weeks (the pitch's). */
  weeks: z.number().int().min(1).max(PLAN_LIMITS.weeks),
  milestones: z.array(MilestoneSchema).min(1).max(PLAN_LIMITS.milestones),
  /** What the last milestone reaches, stated as a number of people ('first 10 paying customers'). */
  tractionGoal: singleLineText(200),
  tasks: z.array(TaskSchema).min(1).max(PLAN_LIMITS.tasks),
  techChoices: z.array(TechChoiceSchema).max(PLAN_LIMITS.techChoices),
});

/** What a plan's references are checked on: its tasks need only their ids, titles, dependencies and milestones (a task whose owner is still a name qualifies). */
export type PlanReferences = Pick<z.infer<typeof PlanFieldsSchema>, 'weeks' | 'milestones'> & {
  tasks: readonly Pick<Task, 'id' | 'title' | 'dependsOn' | 'milestone'>[];
};

/** What is wrong with a plan's references (ids, dependencies, milestones, weeks), each with the path it is about. */
export function planProblems(plan: PlanReferences): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const milestones = new Set<string>();
  plan.milestones.forEach((milestone, index) => {
    if (milestones.has(milestone.id)) problems.push({ path: ['milestones', index, 'id'], message: `Two milestones are called "${milestone.id}"` });
    milestones.add(milestone.id);
    if (milestone.week > plan.weeks)
      problems.push({
        path: ['milestones', index, 'week'],
        message: `"${milestone.title}" is due in week ${milestone.week}, past the ${plan.weeks}-week appetite`,
      });
  });
  const tasks = new Map<string, number>();
  plan.tasks.forEach((task, index) => {
    if (tasks.has(task.id)) problems.push({ path: ['tasks', index, 'id'], message: `Two tasks are called "${task.id}"` });
    tasks.set(task.id, index);
    if (!milestones.has(task.milestone))
      problems.push({ path: ['tasks', index, 'milestone'], message: `"${task.title}" belongs to no milestone called "${task.milestone}"` });
  });
  plan.tasks.forEach((task, index) => {
    for (const dependency of task.dependsOn) {
      if (dependency === task.id) problems.push({ path: ['tasks', index, 'dependsOn'], message: `"${task.title}" depends on itself` });
      else if (!tasks.has(dependency))
        problems.push({ path: ['tasks', index, 'dependsOn'], message: `"${task.title}" depends on "${dependency}", which is not a task` });
    }
  });
  if (problems.length === 0) {
    const cycle = dependencyCycle(plan.tasks);
    if (cycle)
      problems.push({ path: ['tasks', tasks.get(cycle[0]!)!, 'dependsOn'], message: `These tasks wait on each other in a circle: ${cycle.join(' → ')}` });
  }
  return problems;
}

/** A circle of dependencies (its task ids, the first repeated at the end), or null. */
export function dependencyCycle(tasks: readonly Pick<Task, 'id' | 'dependsOn'>[]): string[] | null {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): string[] | null => {
    if (state.get(id) === 'done') return null;
    if (state.get(id) === 'visiting') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'visiting');
    path.push(id);
    for (const dependency of byId.get(id)?.dependsOn ?? []) {
      const found = byId.has(dependency) ? visit(dependency) : null;
      if (found) return found;
    }
    path.pop();
    state.set(id, 'done');
    return null;
  };
  for (const task of tasks) {
    const found = visit(task.id);
    if (found) return found;
  }
  return null;
}

export const BuildPlanSchema = PlanFieldsSchema.superRefine((plan, context) => {
  for (const problem of planProblems(plan)) context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
});
export type BuildPlan = z.infer<typeof BuildPlanSchema>;

export const BuildPlanContentSchema = z.strictObject({ kind: z.literal('build_plan'), title: singleLineText(120), plan: BuildPlanSchema });
export type BuildPlanContent = z.infer<typeof BuildPlanContentSchema>;

/** When each task can start and end, in working days from the start (0), after everything it depends on. */
export interface ScheduledTask {
  task: Task;
  start: number;
  end: number;
}

/** The plan's tasks scheduled as early as their dependencies allow (a valid plan has no cycle), in the plan's order. */
export function schedulePlan(plan: Pick<BuildPlan, 'tasks'>): ScheduledTask[] {
  const byId = new Map(plan.tasks.map((task) => [task.id, task]));
  const ends = new Map<string, number>();
  const endOf = (task: Task, seen: Set<string>): number => {
    const known = ends.get(task.id);
    if (known !== undefined) return known;
    if (seen.has(task.id)) return 0;
    seen.add(task.id);
    const start = Math.max(
      0,
      ...task.dependsOn
        .map((id) => byId.get(id))
        .filter((dependency) => dependency !== undefined)
        .map((dependency) => endOf(dependency, seen)),
    );
    const end = start + task.estimateDays;
    ends.set(task.id, end);
    return end;
  };
  return plan.tasks.map((task) => {
    const end = endOf(task, new Set());
    return { task, start: end - task.estimateDays, end };
  });
}

// ---------------------------------------------------------------------------------------------
// Re-planning

/** What a re-plan changes: tasks added, removed, and moved (to another milestone, or to start on another day). */
export interface PlanDifference {
  added: Task[];
  removed: Task[];
  moved: { task: Task; from: { milestone: string; start: number }; to: { milestone: string; start: number } }[];
  /** Anything else that changed about the plan: the appetite, the goal, milestones or choices. */
  changed: string[];
}

export function planDifference(before: BuildPlan, after: BuildPlan): PlanDifference {
  const beforeStarts = new Map(schedulePlan(before).map((scheduled) => [scheduled.task.id, scheduled]));
  const afterStarts = new Map(schedulePlan(after).map((scheduled) => [scheduled.task.id, scheduled]));
  const difference: PlanDifference = { added: [], removed: [], moved: [], changed: [] };
  for (const task of after.tasks) {
    const was = beforeStarts.get(task.id);
    if (!was) difference.added.push(task);
    else {
      const now = afterStarts.get(task.id)!;
      if (was.task.milestone !== task.milestone || was.start !== now.start)
        difference.moved.push({ task, from: { milestone: was.task.milestone, start: was.start }, to: { milestone: task.milestone, start: now.start } });
    }
  }
  for (const task of before.tasks) if (!afterStarts.has(task.id)) difference.removed.push(task);
  if (before.weeks !== after.weeks) difference.changed.push(`The appetite: ${before.weeks} weeks → ${after.weeks} weeks`);
  if (before.tractionGoal !== after.tractionGoal) difference.changed.push(`The traction goal: "${before.tractionGoal}" → "${after.tractionGoal}"`);
  const milestoneLine = (milestone: Milestone) => `${milestone.title}, week ${milestone.week}`;
  const beforeMilestones = before.milestones.map(milestoneLine).join('; ');
  const afterMilestones = after.milestones.map(milestoneLine).join('; ');
  if (beforeMilestones !== afterMilestones) difference.changed.push(`The milestones: ${afterMilestones}`);
  if (JSON.stringify(before.techChoices) !== JSON.stringify(after.techChoices)) difference.changed.push('The technical choices');
  return difference;
}

/** A revised plan the co-founder proposed, kept beside the accepted one until a member accepts or dismisses it. */
export interface PlanProposal {
  /** The plan entry it revises, and the version it was proposed against. */
  entryId: string;
  baseVersion: number;
  /** What the founders said changed, in the co-founder's words. */
  reason: string;
  plan: BuildPlan;
  proposedAt: number;
}

/** A member of the project, who can own a task. */
export interface TeamMember {
  userId: string;
  name: string;
}

/** Phase 6's slice of the workspace state. */
export interface BuildPlanState {
  /** The re-plan waiting for a member's answer, or null. */
  planProposal: PlanProposal | null;
  /** The project's members, who may own tasks: read from D1 when a member connects and on each turn. */
  teamMembers: TeamMember[];
}

// ---------------------------------------------------------------------------------------------
// What members send

const requestId = z.string().min(1).max(100);

export const TASK_STATUS_FRAME = 'plan_task_status';
export const REPLAN_ACCEPT_FRAME = 'plan_replan_accept';
export const REPLAN_DISMISS_FRAME = 'plan_replan_dismiss';

/** A member moves a task (to do, doing, done): applied to the plan as it is now, so two members' moves both land. */
export const TaskStatusFrameSchema = z.strictObject({ type: z.literal(TASK_STATUS_FRAME), requestId, taskId: Ref, status: z.enum(TASK_STATUSES) });
export type TaskStatusFrame = z.infer<typeof TaskStatusFrameSchema>;

/** A member accepts the proposed re-plan they read (its `proposedAt`), or dismisses it. */
export const ReplanAnswerFrameSchema = z.strictObject({
  type: z.enum([REPLAN_ACCEPT_FRAME, REPLAN_DISMISS_FRAME]),
  requestId,
  proposedAt: z.number().int().min(0),
});
export type ReplanAnswerFrame = z.infer<typeof ReplanAnswerFrameSchema>;

// ---------------------------------------------------------------------------------------------

/** The phase's tools, as they appear in assistant message parts (`tool-<name>`). */
export const BUILD_PLAN_TOOLS = {
  saveMvpScope: 'save_mvp_scope',
  saveBuildPlan: 'save_build_plan',
  proposeReplan: 'propose_replan',
} as const;

export const BUILD_PLAN_PHASE = {
  number: 6,
  title: 'Plan the build',
  summary: 'A development plan you can follow, one step at a time.',
  free: false,
  artifacts: [
    { kind: 'mvp_scope', label: 'MVP scope', max: 1, builtOn: ['value_map', 'pitch'] },
    { kind: 'build_plan', label: 'Build plan', max: 1, builtOn: ['mvp_scope', 'pitch'] },
  ],
  doneWhenAccepted: 'build_plan',
} as const satisfies PhaseDefinition;

export const outlineMvpScope = ({ scope }: MvpScopeContent): ArtifactOutline => ({
  sections: [
    { label: 'In', items: scope.in.map((item) => (item.delivers ? `${item.item} (delivers: ${item.delivers})` : `${item.item} (delivers no pain reliever)`)) },
    { label: 'Out', items: scope.out },
    { label: 'Later', items: scope.later },
  ],
});

/** A task as one line of the outline: its status, estimate, owner and the tasks it waits for, by title. */
const taskLine = (titleOf: (id: string) => string) => (task: Task) =>
  `[${TASK_STATUS_LABELS[task.status]}] ${task.title} (${task.estimateDays} d${task.owner ? `, ${task.owner.name}` : ''}${task.dependsOn.length ? `, after ${task.dependsOn.map(titleOf).join(', ')}` : ''})`;

export const outlineBuildPlan = ({ plan }: BuildPlanContent): ArtifactOutline => {
  const titles = new Map(plan.tasks.map((task) => [task.id, task.title]));
  const line = taskLine((id) => titles.get(id) ?? id);
  return {
    sections: [
      { label: 'Appetite', text: `${plan.weeks} weeks` },
      { label: 'Traction goal', text: plan.tractionGoal },
      ...plan.milestones.map((milestone) => ({
        label: `Milestone: ${milestone.title} (week ${milestone.week})`,
        items: plan.tasks.filter((task) => task.milestone === milestone.id).map(line),
      })),
      { label: 'Technical choices', items: plan.techChoices.map((choice) => `${choice.choice}: ${choice.reason} Risk: ${choice.risk}`) },
    ],
  };
};
