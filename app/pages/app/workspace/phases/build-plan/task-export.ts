import { fileSlug } from '#contracts/export';
import { TASK_STATUS_LABELS, type BuildPlan, type Task } from '#contracts/phases/build-plan';

/**
 * The plan's tasks as files the team takes elsewhere: a CSV for a spreadsheet or a tracker, and
 * a Markdown checklist for a README or an issue. Pure: the view turns them into downloads.
 */

export const CSV_COLUMNS = ['Task', 'Milestone', 'Estimate (days)', 'Depends on', 'Owner', 'Status'] as const;

/** Characters a spreadsheet reads as the start of a formula when a cell begins with them (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): a text a spreadsheet would run as a formula is prefixed with `'`;
 * a field holding a comma, a quote or a line break is quoted, its quotes doubled.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The tasks of a plan, grouped by milestone in the milestones' order, each group in the plan's order. */
export function tasksByMilestone(plan: Pick<BuildPlan, 'milestones' | 'tasks'>): Map<string, Task[]> {
  const groups = new Map<string, Task[]>(plan.milestones.map((milestone) => [milestone.id, []]));
  for (const task of plan.tasks) {
    const group = groups.get(task.milestone);
    if (group) group.push(task);
    else groups.set(task.milestone, [task]);
  }
  return groups;
}

function names(plan: Pick<BuildPlan, 'milestones' | 'tasks'>) {
  const milestones = new Map(plan.milestones.map((milestone) => [milestone.id, milestone.title]));
  const tasks = new Map(plan.tasks.map((task) => [task.id, task.title]));
  return {
    milestone: (id: string) => milestones.get(id) ?? id,
    dependencies: (task: Task) => task.dependsOn.map((id) => tasks.get(id) ?? id),
  };
}

/** The tasks as CSV: a header row, then one row per task in the plan's order; lines end with CRLF. */
export function tasksCsv(plan: Pick<BuildPlan, 'milestones' | 'tasks'>): string {
  const named = names(plan);
  const rows = plan.tasks.map((task) => [
    task.title,
    named.milestone(task.milestone),
    task.estimateDays,
    named.dependencies(task).join('; '),
    task.owner?.name ?? '',
    TASK_STATUS_LABELS[task.status],
  ]);
  return [[...CSV_COLUMNS], ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Text that reads as itself in Markdown: the characters that would format it are escaped. */
export function markdownText(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, (character) => `\\${character}`);
}

const days = (estimate: number) => `${estimate} ${estimate === 1 ? 'day' : 'days'}`;

/** The plan as a Markdown checklist: its title, goal and appetite, then one heading per milestone and a `- [ ]` line per task (`- [x]` when done). */
export function tasksMarkdown(title: string, plan: BuildPlan): string {
  const named = names(plan);
  const groups = tasksByMilestone(plan);
  const lines = [`# ${markdownText(title)}`, '', `Traction goal: ${markdownText(plan.tractionGoal)}`, '', `Appetite: ${plan.weeks} weeks`];
  for (const milestone of plan.milestones) {
    lines.push('', `## ${markdownText(milestone.title)} (week ${milestone.week})`, '');
    const tasks = groups.get(milestone.id) ?? [];
    if (tasks.length === 0) lines.push('No tasks yet.');
    for (const task of tasks) {
      const details = [days(task.estimateDays), task.owner ? markdownText(task.owner.name) : 'no owner yet'];
      const after = named.dependencies(task);
      if (after.length > 0) details.push(`after ${after.map(markdownText).join(', ')}`);
      lines.push(
        `- [${task.status === 'done' ? 'x' : ' '}] ${markdownText(task.title)} (${details.join(', ')})${task.status === 'doing' ? ' — in progress' : ''}`,
      );
    }
  }
  if (plan.techChoices.length > 0) {
    lines.push('', '## Technical choices', '');
    for (const choice of plan.techChoices)
      lines.push(`- **${markdownText(choice.choice)}**: ${markdownText(choice.reason)} Risk: ${markdownText(choice.risk)}`.replace(/\s*\n\s*/g, ' '));
  }
  return `${lines.join('\n')}\n`;
}

/** A file name from the plan's title, as a safe slug: `<slug>-tasks.csv` (the Markdown file keeps the title as its heading). */
export const exportFileName = (title: string, extension: 'csv' | 'md') => `${fileSlug(title, 'build-plan')}-tasks.${extension}`;
