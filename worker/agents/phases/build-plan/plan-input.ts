import {
  BuildPlanSchema,
  PLAN_LIMITS,
  planProblems,
  TaskSchema,
  type BuildPlan,
  type BuildPlanContent,
  type Task,
  type TeamMember,
} from '#contracts/phases/build-plan';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { MemoryEntry } from '#contracts/workspace';
import { memberNamed, memberNames } from './team-members';

/**
 * The plan as the co-founder writes it: the contract's plan, each task's owner given by the
 * member's name (resolved here against the project's members) and its status optional (a task
 * already in the plan keeps the status the members gave it). The same references are refused as
 * in the contract: a task depending on itself or on an unknown task, a circle, an unknown
 * milestone, an estimate that is not a number of days.
 */
export function planInputSchema(members: readonly TeamMember[]) {
  const TaskInputSchema = TaskSchema.extend({
    estimateDays: TaskSchema.shape.estimateDays.describe('Working days, in half days (0.5 to 30): split anything over a week'),
    dependsOn: TaskSchema.shape.dependsOn.describe('The ids of the tasks it waits for'),
    owner: singleLineText(120)
      .nullable()
      .describe(
        members.length > 0
          ? `The member who owns it, by name: one of ${memberNames(members)}; null when nobody does yet`
          : 'The member who owns it, by name; null when nobody does yet',
      ),
    milestone: TaskSchema.shape.milestone.describe('The id of the milestone it belongs to'),
    status: TaskSchema.shape.status
      .optional()
      .describe("Omit it: a new task starts 'todo', and a task already in the plan keeps the status the members gave it"),
  });
  return z
    .strictObject({
      ...BuildPlanSchema.shape,
      tasks: z.array(TaskInputSchema).min(1).max(PLAN_LIMITS.tasks),
    })
    .superRefine((plan, context) => {
      for (const problem of planProblems(plan)) context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    });
}
export type PlanInput = z.infer<ReturnType<typeof planInputSchema>>;

/** The build plan of the memory, if any. */
export const planEntryOf = (memory: readonly MemoryEntry[]) =>
  memory.find((entry): entry is Extract<MemoryEntry, { kind: 'build_plan' }> => entry.kind === 'build_plan');

/**
 * The plan with its owners resolved to members and its statuses: a task of `current` with the
 * same id keeps its status, any other starts as written or 'todo'. Throws, naming the members,
 * when an owner is not one of them.
 */
export function resolvePlan(input: PlanInput, members: readonly TeamMember[], current: BuildPlan | null): BuildPlan {
  const unknown = [...new Set(input.tasks.map((task) => task.owner).filter((owner): owner is string => owner !== null && !memberNamed(members, owner)))];
  if (unknown.length > 0) {
    const who = unknown.map((name) => `"${name}"`).join(', ');
    throw new Error(
      members.length > 0
        ? `${who} ${unknown.length === 1 ? 'is' : 'are'} not a member of this project. A task's owner is one of its members, by name: ${memberNames(members)}; or null.`
        : `${who} ${unknown.length === 1 ? 'is' : 'are'} not a member of this project: leave the owners null.`,
    );
  }
  const statuses = new Map((current?.tasks ?? []).map((task) => [task.id, task.status]));
  const tasks: Task[] = input.tasks.map(({ owner, status, ...task }) => {
    const member = owner === null ? undefined : memberNamed(members, owner);
    return { ...task, owner: member ? { userId: member.userId, name: member.name } : null, status: statuses.get(task.id) ?? status ?? 'todo' };
  });
  return BuildPlanSchema.parse({ ...input, tasks });
}

/** The plan with the statuses `current` holds now for the tasks it still has: work done meanwhile is not undone. */
export const keepStatuses = (plan: BuildPlan, current: BuildPlan): BuildPlan => {
  const statuses = new Map(current.tasks.map((task) => [task.id, task.status]));
  return { ...plan, tasks: plan.tasks.map((task) => ({ ...task, status: statuses.get(task.id) ?? task.status })) };
};

/** The plan entry's content with another plan: its title and kind kept. */
export const withPlan = (entry: { title: string }, plan: BuildPlan): BuildPlanContent => ({ kind: 'build_plan', title: entry.title, plan });
