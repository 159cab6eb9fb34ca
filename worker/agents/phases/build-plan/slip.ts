import { schedulePlan, type BuildPlan, type Task } from '#contracts/phases/build-plan';

/**
 * Where a plan is most likely to slip, for the co-founder to say so plainly: the task on the
 * longest chain of dependencies, with the biggest estimate, that nobody owns or that ends after its
 * milestone is due; and whether the plan fits its appetite at all. The schedule places each task
 * as early as its dependencies allow (schedulePlan) and counts 5 working days a week; it does not
 * level one owner's tasks, so an owner with more days of work than the appetite is said apart.
 */

export const WORKING_DAYS_PER_WEEK = 5;

export interface SlipReading {
  /** The task most likely to slip, and why, in words for the founders. */
  task: Task;
  reasons: string[];
  /** The longest chain of dependencies, first task first, and the working days it takes. */
  chain: Task[];
  days: number;
  /** Sentences about the whole plan: past the appetite, an owner with more work than the appetite holds. */
  warnings: string[];
}

const days = (count: number) => `${count} working ${count === 1 ? 'day' : 'days'}`;

export function readSlip(plan: BuildPlan): SlipReading {
  const scheduled = schedulePlan(plan);
  const byId = new Map(scheduled.map((entry) => [entry.task.id, entry]));
  const last = scheduled.reduce((latest, entry) => (entry.end > latest.end ? entry : latest), scheduled[0]!);
  // Back from the task that ends last, through the dependency each one waited for.
  const chain = [last];
  for (let at = last; at.task.dependsOn.length > 0;) {
    const before = at.task.dependsOn
      .map((id) => byId.get(id))
      .filter((entry) => entry !== undefined)
      .find((entry) => entry.end === at.start);
    if (!before || chain.includes(before)) break;
    chain.unshift(before);
    at = before;
  }
  const onChain = new Set(chain.map((entry) => entry.task.id));
  const biggest = Math.max(...plan.tasks.map((task) => task.estimateDays));
  const dueDay = new Map(plan.milestones.map((milestone) => [milestone.id, milestone.week * WORKING_DAYS_PER_WEEK]));
  const milestoneTitle = new Map(plan.milestones.map((milestone) => [milestone.id, milestone.title]));

  const readings = scheduled.map(({ task, end }) => {
    const reasons: string[] = [];
    let score = 0;
    if (onChain.has(task.id) && chain.length > 1) {
      reasons.push(
        `it is on the longest chain of dependencies (${chain.map((entry) => entry.task.id).join(' → ')}, ${days(last.end)}): any delay moves the end`,
      );
      score += 3;
    }
    if (task.estimateDays === biggest && plan.tasks.length > 1) {
      reasons.push(`at ${task.estimateDays} days it is the biggest estimate in the plan, and big estimates are the ones that run over`);
      score += 2;
    }
    if (task.owner === null) {
      reasons.push('nobody owns it');
      score += 2;
    }
    const due = dueDay.get(task.milestone);
    if (due !== undefined && end > due) {
      reasons.push(`it ends on working day ${end}, after "${milestoneTitle.get(task.milestone)}" is due (day ${due})`);
      score += 2;
    }
    return { task, reasons, score: score + task.estimateDays / (biggest * 10) };
  });
  const likeliest = readings.reduce((best, reading) => (reading.score > best.score ? reading : best), readings[0]!);

  const warnings: string[] = [];
  const appetite = plan.weeks * WORKING_DAYS_PER_WEEK;
  if (last.end > appetite)
    warnings.push(
      `The longest chain takes ${days(last.end)}, past the ${plan.weeks}-week appetite (${days(appetite)}): cut scope, do not stretch the appetite.`,
    );
  const load = new Map<string, number>();
  for (const task of plan.tasks) if (task.owner) load.set(task.owner.name, (load.get(task.owner.name) ?? 0) + task.estimateDays);
  for (const [name, total] of load)
    if (total > appetite) warnings.push(`${name} owns ${days(total)} of tasks in a ${plan.weeks}-week appetite (${days(appetite)}): share them out or cut.`);

  return {
    task: likeliest.task,
    reasons: likeliest.reasons.length > 0 ? likeliest.reasons : [`at ${likeliest.task.estimateDays} days it is the biggest estimate in the plan`],
    chain: chain.map((entry) => entry.task),
    days: last.end,
    warnings,
  };
}

/** The reading in one paragraph, for the tool's `next`. */
export const slipSentence = (reading: SlipReading) =>
  [`The task most likely to slip is "${reading.task.title}" (${reading.task.id}): ${reading.reasons.join('; ')}.`, ...reading.warnings].join(' ');
