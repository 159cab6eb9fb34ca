import { OwnerField, ownerChoices, type OwnerChoice } from '../OwnerField';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import {
  dependencyCycle,
  PLAN_LIMITS,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  TaskSchema,
  type BuildPlan,
  type Milestone,
  type TaskOwner,
  type TaskStatus,
  type TechChoice,
} from '#contracts/phases/build-plan';
import type { ArtifactEditor, ArtifactEditorProps, EntryOf } from '../types';

/** A task as the form holds it: what it depends on as typed (ids separated by commas). */
export interface TaskFields {
  id: string;
  title: string;
  estimateDays: number;
  dependsOn: string;
  owner: TaskOwner | null;
  milestone: string;
  status: TaskStatus;
}

export interface PlanFields {
  weeks: number;
  tractionGoal: string;
  milestones: Milestone[];
  tasks: TaskFields[];
  techChoices: TechChoice[];
}

/** The ids a depends-on field names, as typed. */
export const dependencyIds = (text: string) =>
  text
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/**
 * What is wrong with each task as the member types, said under its field: an estimate the
 * contract refuses, a task it depends on that is itself or is not there, a circle of tasks
 * waiting on each other. One pass over the tasks (a plan holds up to 250).
 */
export function taskProblems(tasks: readonly TaskFields[]): Map<number, { estimate?: string; dependsOn?: string }> {
  const problems = new Map<number, { estimate?: string; dependsOn?: string }>();
  const at = (index: number) => problems.get(index) ?? problems.set(index, {}).get(index)!;
  const ids = new Map(tasks.map((task, index) => [task.id, index]));
  const known: { id: string; dependsOn: string[] }[] = [];
  tasks.forEach((task, index) => {
    const estimate = TaskSchema.shape.estimateDays.safeParse(task.estimateDays);
    if (!estimate.success) at(index).estimate = estimate.error.issues[0]?.message ?? 'Check the estimate';
    const dependsOn = dependencyIds(task.dependsOn);
    const unknown = dependsOn.filter((id) => id !== task.id && !ids.has(id));
    if (dependsOn.includes(task.id)) at(index).dependsOn = 'A task cannot depend on itself';
    else if (unknown.length > 0) at(index).dependsOn = `No task is called ${unknown.map((id) => `“${id}”`).join(', ')}`;
    known.push({ id: task.id, dependsOn: dependsOn.filter((id) => id !== task.id && ids.has(id)) });
  });
  const cycle = dependencyCycle(known);
  if (cycle) {
    const message = `These tasks wait on each other in a circle: ${cycle.join(' → ')}`;
    for (const id of new Set(cycle)) {
      const index = ids.get(id)!;
      at(index).dependsOn ??= message;
    }
  }
  return problems;
}

/** A new id for a task or milestone, unused in `taken`: 'task-3'. */
function freshId(prefix: string, taken: readonly { id: string }[]): string {
  const used = new Set(taken.map((item) => item.id));
  for (let n = taken.length + 1; ; n++) if (!used.has(`${prefix}-${n}`)) return `${prefix}-${n}`;
}

/**
 * The build plan as members edit it: the appetite and the traction goal, the milestones, each
 * task (title, estimate in days, what it depends on, its owner among the project's members, its
 * milestone and status) and the technical choices. Mistakes are said under their field as they
 * are typed; the memory editor refuses to save while the contract's check fails.
 */
function BuildPlanFields({ id, fields, onChange, workspace }: ArtifactEditorProps<PlanFields>) {
  // The rows' callbacks stay the same from render to render, so typing in one row re-renders that row only.
  const latest = useRef(fields);
  latest.current = fields;
  const change = useRef(onChange);
  change.current = onChange;
  const setTask = useCallback((index: number, patch: Partial<TaskFields>) => {
    const current = latest.current;
    change.current({ ...current, tasks: current.tasks.map((task, at) => (at === index ? { ...task, ...patch } : task)) });
  }, []);
  const removeTask = useCallback((index: number) => {
    const current = latest.current;
    change.current({ ...current, tasks: current.tasks.filter((_, at) => at !== index) });
  }, []);

  // Who can own a task: the project's members, and an owner already named who is no longer one
  // (kept, so that saving says so rather than dropping them).
  const [named] = useState(() => fields.tasks.flatMap((task) => (task.owner ? [task.owner] : [])));
  const teamMembers = workspace?.teamMembers;
  const owners = useMemo(() => ownerChoices(teamMembers ?? [], named), [teamMembers, named]);
  const problems = useMemo(() => taskProblems(fields.tasks), [fields.tasks]);

  const set = <Key extends keyof PlanFields>(key: Key, value: PlanFields[Key]) => onChange({ ...fields, [key]: value });
  const setMilestone = (index: number, patch: Partial<Milestone>) =>
    set(
      'milestones',
      fields.milestones.map((milestone, at) => (at === index ? { ...milestone, ...patch } : milestone)),
    );
  const setChoice = (index: number, patch: Partial<TechChoice>) =>
    set(
      'techChoices',
      fields.techChoices.map((choice, at) => (at === index ? { ...choice, ...patch } : choice)),
    );

  return (
    <>
      <PlanNumber
        id={`${id}-weeks`}
        label="Appetite (weeks)"
        value={fields.weeks}
        min={1}
        max={PLAN_LIMITS.weeks}
        step={1}
        onChange={(weeks) => set('weeks', weeks)}
      />
      <div className="memory-editor__field">
        <label htmlFor={`${id}-goal`}>Traction goal</label>
        <input id={`${id}-goal`} className="memory-editor__input" value={fields.tractionGoal} onChange={(event) => set('tractionGoal', event.target.value)} />
      </div>

      <fieldset className="artifact-editor__group">
        <legend>Milestones</legend>
        <ol className="build-plan-editor__rows">
          {fields.milestones.map((milestone, index) => (
            <li key={index} className="build-plan-editor__row build-plan-editor__row--milestone">
              <p className="build-plan-editor__id">
                Milestone {index + 1} · id {milestone.id}
              </p>
              <div className="memory-editor__field">
                <label htmlFor={`${id}-milestone-${index}-title`}>Milestone {index + 1}, title</label>
                <input
                  id={`${id}-milestone-${index}-title`}
                  className="memory-editor__input"
                  value={milestone.title}
                  onChange={(event) => setMilestone(index, { title: event.target.value })}
                />
              </div>
              <PlanNumber
                id={`${id}-milestone-${index}-week`}
                label={`Milestone ${index + 1}, due in week`}
                value={milestone.week}
                min={1}
                max={PLAN_LIMITS.weeks}
                step={1}
                onChange={(week) => setMilestone(index, { week })}
              />
              <button
                type="button"
                className="button button--secondary panel__small-button"
                aria-label={`Remove milestone ${index + 1}`}
                onClick={() =>
                  set(
                    'milestones',
                    fields.milestones.filter((_, at) => at !== index),
                  )
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="button button--secondary panel__small-button build-plan-editor__add"
          disabled={fields.milestones.length >= PLAN_LIMITS.milestones}
          onClick={() =>
            set('milestones', [
              ...fields.milestones,
              { id: freshId('milestone', fields.milestones), title: '', week: Math.min(fields.weeks || 1, PLAN_LIMITS.weeks) },
            ])
          }
        >
          Add a milestone
        </button>
      </fieldset>

      <fieldset className="artifact-editor__group">
        <legend>Tasks</legend>
        <p className="artifact-editor__hint">A task is referred to by its id: write the ids of the tasks it waits on, separated by commas.</p>
        <ol className="build-plan-editor__rows">
          {fields.tasks.map((task, index) => {
            const problem = problems.get(index);
            return (
              <TaskEditorRow
                key={index}
                id={`${id}-task-${index}`}
                index={index}
                task={task}
                milestones={fields.milestones}
                owners={owners}
                estimateProblem={problem?.estimate}
                dependsOnProblem={problem?.dependsOn}
                onChange={setTask}
                onRemove={removeTask}
              />
            );
          })}
        </ol>
        <button
          type="button"
          className="button button--secondary panel__small-button build-plan-editor__add"
          disabled={fields.tasks.length >= PLAN_LIMITS.tasks}
          onClick={() =>
            set('tasks', [
              ...fields.tasks,
              {
                id: freshId('task', fields.tasks),
                title: '',
                estimateDays: 1,
                dependsOn: '',
                owner: null,
                milestone: fields.milestones[0]?.id ?? '',
                status: 'todo',
              },
            ])
          }
        >
          Add a task
        </button>
      </fieldset>

      <fieldset className="artifact-editor__group">
        <legend>Technical choices</legend>
        <ol className="build-plan-editor__rows">
          {fields.techChoices.map((choice, index) => (
            <li key={index} className="build-plan-editor__row">
              <div className="memory-editor__field">
                <label htmlFor={`${id}-choice-${index}`}>Choice {index + 1}</label>
                <input
                  id={`${id}-choice-${index}`}
                  className="memory-editor__input"
                  value={choice.choice}
                  onChange={(event) => setChoice(index, { choice: event.target.value })}
                />
              </div>
              <div className="memory-editor__field">
                <label htmlFor={`${id}-choice-${index}-reason`}>Choice {index + 1}, why</label>
                <textarea
                  id={`${id}-choice-${index}-reason`}
                  className="memory-editor__input"
                  rows={2}
                  value={choice.reason}
                  onChange={(event) => setChoice(index, { reason: event.target.value })}
                />
              </div>
              <div className="memory-editor__field">
                <label htmlFor={`${id}-choice-${index}-risk`}>Choice {index + 1}, risk</label>
                <textarea
                  id={`${id}-choice-${index}-risk`}
                  className="memory-editor__input"
                  rows={2}
                  value={choice.risk}
                  onChange={(event) => setChoice(index, { risk: event.target.value })}
                />
              </div>
              <button
                type="button"
                className="button button--secondary panel__small-button"
                aria-label={`Remove choice ${index + 1}`}
                onClick={() =>
                  set(
                    'techChoices',
                    fields.techChoices.filter((_, at) => at !== index),
                  )
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="button button--secondary panel__small-button build-plan-editor__add"
          disabled={fields.techChoices.length >= PLAN_LIMITS.techChoices}
          onClick={() => set('techChoices', [...fields.techChoices, { choice: '', reason: '', risk: '' }])}
        >
          Add a technical choice
        </button>
      </fieldset>
    </>
  );
}

const TaskEditorRow = memo(function TaskEditorRow({
  id,
  index,
  task,
  milestones,
  owners,
  estimateProblem,
  dependsOnProblem,
  onChange,
  onRemove,
}: {
  id: string;
  index: number;
  task: TaskFields;
  milestones: readonly Milestone[];
  owners: readonly OwnerChoice[];
  estimateProblem?: string;
  dependsOnProblem?: string;
  onChange: (index: number, patch: Partial<TaskFields>) => void;
  onRemove: (index: number) => void;
}) {
  const number = index + 1;
  return (
    <li className="build-plan-editor__row build-plan-editor__row--task">
      <p className="build-plan-editor__id">
        Task {number} · id {task.id}
      </p>
      <div className="memory-editor__field build-plan-editor__wide">
        <label htmlFor={`${id}-title`}>Task {number}, title</label>
        <input id={`${id}-title`} className="memory-editor__input" value={task.title} onChange={(event) => onChange(index, { title: event.target.value })} />
      </div>
      <PlanNumber
        id={`${id}-estimate`}
        label={`Task ${number}, estimate (days)`}
        value={task.estimateDays}
        min={0.5}
        max={PLAN_LIMITS.estimateDays}
        step={0.5}
        problem={estimateProblem}
        onChange={(estimateDays) => onChange(index, { estimateDays })}
      />
      <div className="memory-editor__field">
        <label htmlFor={`${id}-depends`}>Task {number}, depends on</label>
        <input
          id={`${id}-depends`}
          className="memory-editor__input"
          value={task.dependsOn}
          placeholder="ids, separated by commas"
          aria-invalid={dependsOnProblem ? true : undefined}
          aria-describedby={dependsOnProblem ? `${id}-depends-problem` : undefined}
          onChange={(event) => onChange(index, { dependsOn: event.target.value })}
        />
        {dependsOnProblem && (
          <span id={`${id}-depends-problem`} className="build-plan-editor__problem">
            {dependsOnProblem}
          </span>
        )}
      </div>
      <OwnerField id={`${id}-owner`} label={`Task ${number}, owner`} owner={task.owner} owners={owners} onChange={(owner) => onChange(index, { owner })} />
      <div className="memory-editor__field">
        <label htmlFor={`${id}-milestone`}>Task {number}, milestone</label>
        <select
          id={`${id}-milestone`}
          className="memory-editor__input"
          value={task.milestone}
          onChange={(event) => onChange(index, { milestone: event.target.value })}
        >
          {!milestones.some((milestone) => milestone.id === task.milestone) && <option value={task.milestone}>No milestone</option>}
          {milestones.map((milestone) => (
            <option key={milestone.id} value={milestone.id}>
              {milestone.title || milestone.id}
            </option>
          ))}
        </select>
      </div>
      <div className="memory-editor__field">
        <label htmlFor={`${id}-status`}>Task {number}, status</label>
        <select
          id={`${id}-status`}
          className="memory-editor__input"
          value={task.status}
          onChange={(event) => onChange(index, { status: event.target.value as TaskStatus })}
        >
          {TASK_STATUSES.map((status) => (
            <option key={status} value={status}>
              {TASK_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="button button--secondary panel__small-button build-plan-editor__remove"
        aria-label={`Remove task ${number}`}
        onClick={() => onRemove(index)}
      >
        Remove
      </button>
    </li>
  );
});

/** A number field whose mistake, when there is one, is said under it and read with it. */
function PlanNumber({
  id,
  label,
  value,
  min,
  max,
  step,
  problem,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  problem?: string;
  onChange: (value: number) => void;
}) {
  return (
    <div className="memory-editor__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="memory-editor__input"
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={Number.isNaN(value) ? '' : value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
      />
      {problem && (
        <span id={`${id}-problem`} className="build-plan-editor__problem">
          {problem}
        </span>
      )}
    </div>
  );
}

const PLAN_FIELD_LABELS: Record<string, string> = {
  title: 'title',
  estimateDays: 'estimate (days)',
  dependsOn: 'depends on',
  owner: 'owner',
  milestone: 'milestone',
  status: 'status',
  id: 'id',
  week: 'due in week',
  choice: 'choice',
  reason: 'why',
  risk: 'risk',
};

/** The field a validation issue of the plan is about: 'Task 3, estimate (days)', 'Milestone 2, due in week', 'Traction goal'. */
export function planIssueLabel(path: readonly PropertyKey[]): string | null | undefined {
  if (path[0] !== 'plan') return undefined;
  const [, list, index, field] = path;
  const row: Record<string, string> = { tasks: 'Task', milestones: 'Milestone', techChoices: 'Choice' };
  if (typeof list === 'string' && Object.hasOwn(row, list) && typeof index === 'number') {
    const name = `${row[list]} ${index + 1}`;
    if (list === 'techChoices' && field === 'choice') return name;
    return typeof field === 'string' && Object.hasOwn(PLAN_FIELD_LABELS, field) ? `${name}, ${PLAN_FIELD_LABELS[field]}` : name;
  }
  if (list === 'weeks') return 'Appetite (weeks)';
  if (list === 'tractionGoal') return 'Traction goal';
  if (list === 'tasks') return 'Tasks';
  if (list === 'milestones') return 'Milestones';
  if (list === 'techChoices') return 'Technical choices';
  return undefined;
}

/** The build plan as members edit it: its title is the entry's. */
export const BUILD_PLAN_EDITOR: ArtifactEditor<EntryOf<'build_plan'>, PlanFields> = {
  fieldsOf: ({ plan }) => ({
    weeks: plan.weeks,
    tractionGoal: plan.tractionGoal,
    milestones: plan.milestones.map((milestone) => ({ ...milestone })),
    tasks: plan.tasks.map((task) => ({ ...task, dependsOn: task.dependsOn.join(', ') })),
    techChoices: plan.techChoices.map((choice) => ({ ...choice })),
  }),
  contentOf: (fields): { plan: BuildPlan } => ({
    plan: {
      weeks: fields.weeks,
      tractionGoal: fields.tractionGoal,
      milestones: fields.milestones,
      tasks: fields.tasks.map((task) => ({ ...task, dependsOn: dependencyIds(task.dependsOn) })),
      techChoices: fields.techChoices,
    },
  }),
  Editor: BuildPlanFields,
  issueLabel: planIssueLabel,
};
