import { useMemo, useState } from 'react';
import { planDifference, REPLAN_ACCEPT_FRAME, REPLAN_DISMISS_FRAME, type BuildPlan, type PlanProposal } from '#contracts/phases/build-plan';
import type { WorkspaceRequest } from '../types';

/** When a task can start, as the difference says it: 'at the start', 'after 2.5 days'. */
export const startLabel = (start: number) => (start === 0 ? 'at the start' : `after ${start} ${start === 1 ? 'day' : 'days'}`);

/**
 * A revised plan the co-founder proposed, read as what it changes in the plan on screen: tasks
 * added, removed and moved (to another milestone or another start), anything else, and why. A
 * member accepts it or keeps the current plan; nothing on screen changes until the server's
 * state does, for every member at once.
 */
export function ReplanProposal({
  current,
  proposal,
  version,
  onAction,
}: {
  current: BuildPlan;
  proposal: PlanProposal;
  /** The version of the plan on screen: a proposal made against an older one says so. */
  version: number;
  onAction?: WorkspaceRequest;
}) {
  const difference = useMemo(() => planDifference(current, proposal.plan), [current, proposal.plan]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const milestoneTitle = useMemo(() => {
    const titles = new Map([...current.milestones, ...proposal.plan.milestones].map((milestone) => [milestone.id, milestone.title]));
    return (id: string) => titles.get(id) ?? id;
  }, [current.milestones, proposal.plan.milestones]);

  async function answer(type: typeof REPLAN_ACCEPT_FRAME | typeof REPLAN_DISMISS_FRAME) {
    if (!onAction) return;
    setBusy(true);
    setError(null);
    const refused = await onAction({ type, proposedAt: proposal.proposedAt });
    // Answered: the proposal leaves the screen when the shared state says so; until then it stays answered.
    if (refused) {
      setError(refused);
      setBusy(false);
    }
  }

  const nothing = difference.added.length + difference.removed.length + difference.moved.length + difference.changed.length === 0;
  return (
    <section className="build-plan__proposal" aria-label="Proposed re-plan">
      <p className="build-plan__proposal-title">The co-founder proposes a revised plan</p>
      <p className="build-plan__proposal-reason">
        <span className="build-plan__muted">Why: </span>
        {proposal.reason}
      </p>
      {proposal.baseVersion !== version && (
        <p className="build-plan__muted">It was proposed against an earlier version of this plan: the difference below is against the plan as it is now.</p>
      )}
      {nothing && <p>It changes nothing in the plan as it is now.</p>}
      {difference.added.length > 0 && (
        <DifferenceList label={`Added (${difference.added.length})`} className="build-plan__added">
          {difference.added.map((task) => (
            <li key={task.id}>
              {task.title}{' '}
              <span className="build-plan__muted">
                ({milestoneTitle(task.milestone)}, {task.estimateDays}&nbsp;d)
              </span>
            </li>
          ))}
        </DifferenceList>
      )}
      {difference.removed.length > 0 && (
        <DifferenceList label={`Removed (${difference.removed.length})`} className="build-plan__removed">
          {difference.removed.map((task) => (
            <li key={task.id}>
              <del>{task.title}</del> <span className="build-plan__muted">({milestoneTitle(task.milestone)})</span>
            </li>
          ))}
        </DifferenceList>
      )}
      {difference.moved.length > 0 && (
        <DifferenceList label={`Moved (${difference.moved.length})`} className="build-plan__moved">
          {difference.moved.map(({ task, from, to }) => (
            <li key={task.id}>
              {task.title}: {milestoneTitle(from.milestone)}, {startLabel(from.start)} → {milestoneTitle(to.milestone)}, {startLabel(to.start)}
            </li>
          ))}
        </DifferenceList>
      )}
      {difference.changed.length > 0 && (
        <DifferenceList label="Also changed" className="build-plan__changed">
          {difference.changed.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </DifferenceList>
      )}
      {onAction && (
        <div className="build-plan__proposal-actions">
          <button type="button" className="button panel__small-button" disabled={busy} onClick={() => void answer(REPLAN_ACCEPT_FRAME)}>
            Accept the new plan
          </button>
          <button type="button" className="button button--secondary panel__small-button" disabled={busy} onClick={() => void answer(REPLAN_DISMISS_FRAME)}>
            Keep the current plan
          </button>
        </div>
      )}
      {error && (
        <p className="memory-entry__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function DifferenceList({ label, className, children }: { label: string; className: string; children: React.ReactNode }) {
  return (
    <div className={`build-plan__difference ${className}`}>
      <p className="build-plan__difference-label">{label}</p>
      <ul>{children}</ul>
    </div>
  );
}
