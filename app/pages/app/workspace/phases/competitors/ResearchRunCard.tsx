import { useState } from 'react';
import type { ResearchRunState } from '#contracts/phases/competitors';
import { readJsonSetting, writeJsonSetting } from '../../../../../lib/local-settings';

/** The finished run whose card this browser dismissed, in a project (decision 0056). */
function dismissedRunOf(projectId: string): string | null {
  const dismissed = readJsonSetting<Record<string, unknown>>('dismissedResearchRuns');
  const runId = dismissed && typeof dismissed === 'object' ? dismissed[projectId] : null;
  return typeof runId === 'string' ? runId : null;
}

function rememberDismissedRun(projectId: string, runId: string): void {
  const dismissed = readJsonSetting<Record<string, unknown>>('dismissedResearchRuns');
  writeJsonSetting('dismissedResearchRuns', { ...(dismissed && typeof dismissed === 'object' ? dismissed : {}), [projectId]: runId });
}

/**
 * The project's research run, live for every member (decision 0041): what it will spend with
 * Approve while proposed, then its progress (which source, how many found, cards made) with Stop.
 * Once it has ended, a member can dismiss its card, in their browser only (decision 0056).
 */
export function ResearchRunCard({
  projectId,
  run,
  changeRun,
}: {
  projectId: string;
  run: ResearchRunState | null | undefined;
  changeRun: (type: 'run_approve' | 'run_stop', runId: string) => Promise<string | null>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dismissedId, setDismissedId] = useState(() => dismissedRunOf(projectId));
  if (!run || run.id === dismissedId) return null;
  async function act(type: 'run_approve' | 'run_stop') {
    setBusy(true);
    setError(null);
    setError(await changeRun(type, run!.id));
    setBusy(false);
  }
  const open = run.status === 'proposed' || run.status === 'running';
  const title =
    run.status === 'proposed'
      ? 'Research run proposed'
      : run.status === 'running'
        ? 'Research run in progress'
        : run.status === 'done'
          ? 'Research run done'
          : 'Research run stopped';
  function dismiss() {
    rememberDismissedRun(projectId, run!.id);
    setDismissedId(run!.id);
  }
  return (
    <section className={`research-run research-run--${run.status}`} aria-label="Research run">
      <div className="research-run__text">
        <p className="research-run__title">{title}</p>
        {open && (
          <p className="research-run__plan">
            {run.searches} searches and up to {run.plan.pageReads} page reads, for {run.plan.queries.map((query) => `“${query}”`).join(', ')}
            {run.approvedBy && <>, approved by {run.approvedBy}</>}.
          </p>
        )}
        {run.status === 'running' && (
          <progress className="research-run__bar" max={run.steps} value={run.step} aria-label="Steps done">
            {run.step} of {run.steps}
          </progress>
        )}
        {run.status !== 'proposed' && (
          <p className="research-run__doing" role="status">
            {run.status === 'running' ? `${run.doing} · ${run.found} found · ${run.cards} cards` : run.doing}
          </p>
        )}
      </div>
      {!open && (
        <div className="research-run__actions">
          <button type="button" className="button button--secondary panel__small-button" aria-label={`Dismiss “${title}”`} onClick={dismiss}>
            Dismiss
          </button>
        </div>
      )}
      {open && (
        <div className="research-run__actions">
          {run.status === 'proposed' && (
            <button type="button" className="button panel__small-button" disabled={busy} onClick={() => void act('run_approve')}>
              Approve
            </button>
          )}
          <button type="button" className="button button--secondary panel__small-button" disabled={busy} onClick={() => void act('run_stop')}>
            {run.status === 'proposed' ? 'Dismiss' : 'Stop'}
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
