import { StatusControl } from '../StatusControl';
import { memo, useMemo } from 'react';
import { schedulePlan, TASK_STATUS_FRAME, TASK_STATUS_LABELS, type BuildPlan, type PlanProposal, type TaskStatus } from '#contracts/phases/build-plan';
import { ArtifactAcceptance } from '../Acceptance';
import type { EntryOf, WorkspaceRequest } from '../types';
import { PlanExport } from './PlanExport';
import { PlanTimeline, type TimelineGroup } from './PlanTimeline';
import { ReplanProposal } from './ReplanProposal';

type BuildPlanEntry = EntryOf<'build_plan'>;

/**
 * The build plan the team works from: the traction goal and the appetite, the milestones with
 * their tasks (estimate, owner, what each waits on, and a status any member moves), the technical
 * choices with their reasons and risks, the timeline, and the tasks to download. A status moved
 * here is sent to the server and arrives for every member in the shared state; a re-plan the
 * co-founder proposed is shown above as its difference, until a member answers it.
 */
export function BuildPlanView({
  entry,
  onAccept,
  onAction,
  proposal,
}: {
  entry: BuildPlanEntry;
  onAccept?: () => Promise<string | null>;
  /** Sends the phase's frames (a task's status, an answer to a re-plan); absent where the plan is only read. */
  onAction?: WorkspaceRequest;
  /** The re-plan waiting for an answer, when it revises this plan. */
  proposal?: PlanProposal | null;
}) {
  const { plan } = entry;
  // Everything the rows read, built once per plan: the schedule, the groups, and titles by id.
  const { groups, end, titles } = useMemo(() => planLayout(plan), [plan]);

  return (
    <div className="build-plan">
      {proposal && <ReplanProposal key={proposal.proposedAt} current={plan} proposal={proposal} version={entry.version} onAction={onAction} />}
      <dl className="memory-entry__fields">
        <div>
          <dt>Traction goal</dt>
          <dd className="build-plan__goal">{plan.tractionGoal}</dd>
        </div>
        <div>
          <dt>Appetite</dt>
          <dd>
            {plan.weeks} {plan.weeks === 1 ? 'week' : 'weeks'}
          </dd>
        </div>
      </dl>
      {groups.map((group) => (
        <MilestoneTasks key={group.id} group={group} titles={titles} onAction={onAction} />
      ))}
      <PlanTimeline plan={plan} groups={groups} end={end} />
      <section className="build-plan__choices" aria-label="Technical choices">
        <h4 className="build-plan__heading">Technical choices</h4>
        {plan.techChoices.length === 0 ? (
          <p className="build-plan__muted">None written down yet.</p>
        ) : (
          <ul className="build-plan__choice-list">
            {plan.techChoices.map((choice, index) => (
              <li key={index} className="build-plan__choice">
                <p className="build-plan__choice-name">{choice.choice}</p>
                <p>
                  <span className="build-plan__muted">Why: </span>
                  {choice.reason}
                </p>
                <p>
                  <span className="build-plan__muted">Risk: </span>
                  {choice.risk}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <PlanExport title={entry.title} plan={plan} />
      <ArtifactAcceptance
        entry={entry}
        onAccept={onAccept}
        done="Accepted: phase 6 is done."
        note="Checked the scope, the milestones and the estimates? Accepting the plan completes phase 6."
        button="Accept this plan"
      />
    </div>
  );
}

/** The plan laid out for the screen in one pass over its tasks: no row searches the plan. */
export function planLayout(plan: BuildPlan): { groups: TimelineGroup[]; end: number; titles: Map<string, string> } {
  const scheduled = schedulePlan(plan);
  const groups = new Map<string, TimelineGroup>(plan.milestones.map((milestone) => [milestone.id, { ...milestone, tasks: [] }]));
  let end = 0;
  for (const item of scheduled) {
    end = Math.max(end, item.end);
    let group = groups.get(item.task.milestone);
    if (!group) {
      group = { id: item.task.milestone, title: item.task.milestone, week: plan.weeks, tasks: [] };
      groups.set(group.id, group);
    }
    group.tasks.push(item);
  }
  return { groups: [...groups.values()], end, titles: new Map(plan.tasks.map((task) => [task.id, task.title])) };
}

const MilestoneTasks = memo(function MilestoneTasks({
  group,
  titles,
  onAction,
}: {
  group: TimelineGroup;
  titles: Map<string, string>;
  onAction?: WorkspaceRequest;
}) {
  const done = group.tasks.filter(({ task }) => task.status === 'done').length;
  return (
    <section className="build-plan__milestone" aria-label={`Milestone: ${group.title}`}>
      <h4 className="build-plan__heading">
        {group.title}{' '}
        <span className="build-plan__muted">
          · week {group.week} · {done} of {group.tasks.length} done
        </span>
      </h4>
      {group.tasks.length === 0 ? (
        <p className="build-plan__muted">No tasks yet.</p>
      ) : (
        <ul className="build-plan__tasks">
          {group.tasks.map(({ task }) => (
            <TaskRow
              key={task.id}
              taskId={task.id}
              title={task.title}
              estimate={task.estimateDays}
              owner={task.owner?.name ?? null}
              after={task.dependsOn.map((id) => titles.get(id) ?? id).join(', ')}
              status={task.status}
              onAction={onAction}
            />
          ))}
        </ul>
      )}
    </section>
  );
});

/**
 * One task with its status control. Its props are plain values, so a status change elsewhere in
 * the plan (a new plan object from the shared state) re-renders only the rows that changed.
 */
const TaskRow = memo(function TaskRow({
  taskId,
  title,
  estimate,
  owner,
  after,
  status,
  onAction,
}: {
  taskId: string;
  title: string;
  estimate: number;
  owner: string | null;
  after: string;
  status: TaskStatus;
  onAction?: WorkspaceRequest;
}) {
  return (
    <li className={`build-plan__task build-plan__task--${status}`}>
      <div className="build-plan__task-text">
        <p className="build-plan__task-title">{title}</p>
        <p className="build-plan__task-meta">
          {estimate} {estimate === 1 ? 'day' : 'days'} · {owner ?? 'No owner yet'}
          {after && <> · after {after}</>}
        </p>
      </div>
      <TaskStatusControl taskId={taskId} title={title} status={status} onAction={onAction} />
    </li>
  );
});

/** A task's status, which any member moves live (../StatusControl.tsx). */
export function TaskStatusControl({ taskId, title, status, onAction }: { taskId: string; title: string; status: TaskStatus; onAction?: WorkspaceRequest }) {
  const move = onAction && ((to: TaskStatus) => onAction({ type: TASK_STATUS_FRAME, taskId, status: to }));
  return <StatusControl title={title} status={status} labels={TASK_STATUS_LABELS} move={move} />;
}
