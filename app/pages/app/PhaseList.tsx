import { Link } from 'react-router';
import type { PhaseCompletion } from '#contracts/projects';
import { COMING_SOON, listedPhases, phaseRange, PRO_PAGE, PRO_PHASES_NOW } from '../../content/phases';
import { GetProButton } from '../../components/GetProButton';
import { workspacePath } from '../../lib/workspace-path';
import { useCurrentUser } from './AppLayout';

/** A completion's day as the founders read it: '3 December 2026'. */
export const completionDay = (at: number) => new Date(at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

const CompletedOn = ({ at }: { at: number }) => <time dateTime={new Date(at).toISOString()}>{completionDay(at)}</time>;

/**
 * The phases: those the owner's plan opens link to the project's workspace, the others to Pro
 * pricing, and those not built yet read 'Coming soon' and link nowhere; a done phase says the day
 * it was done. Which phases are open comes with the project from the server, computed from its
 * owner's plan as the workspace computes it, so both always agree (decision 0023).
 * Once every phase is done, the project's whole path leads the list, each phase with its day.
 */
export function PhaseList({
  projectId,
  completed = [],
  unlocked,
  isOwner,
}: {
  projectId: string;
  completed?: readonly PhaseCompletion[];
  /** The phases the project's owner's plan opens. */
  unlocked: readonly number[];
  /** Whether the signed-in founder owns the project: only the owner's plan opens its phases. */
  isOwner: boolean;
}) {
  const { user } = useCurrentUser();
  const phases = listedPhases();
  const doneOn = new Map(completed.map((completion) => [completion.phase, completion.completedAt]));
  const whole = phases.length > 0 && phases.every((phase) => doneOn.has(phase.number));
  const isOpen = (phase: { number: number }) => unlocked.includes(phase.number);
  const anyLocked = phases.some((phase) => phase.built && !isOpen(phase));
  return (
    <div className="phases">
      {whole && (
        <section className="phases__path" aria-labelledby={`path-${projectId}`}>
          <h3 id={`path-${projectId}`}>The whole path: all {phases.length} phases done</h3>
          <ol className="phases__path-list">
            {phases.map((phase) => (
              <li key={phase.number}>
                <span className="phases__path-title">
                  <span className="visually-hidden">Phase {phase.number}: </span>
                  {phase.title}
                </span>{' '}
                <span className="phases__path-day">
                  done <CompletedOn at={doneOn.get(phase.number)!} />
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}
      <h3>Phases</h3>
      <ol className="phases__list">
        {phases.map((phase) => {
          const completedAt = doneOn.get(phase.number);
          const open = isOpen(phase);
          const tag = completedAt !== undefined ? 'Done' : !phase.built ? COMING_SOON : phase.free ? 'Free' : open ? 'Open' : 'Pro';
          return (
            <li key={phase.title} className={`phase${open ? '' : ' phase--locked'}${phase.built ? '' : ' phase--coming'}`}>
              <span className="phase__number" aria-hidden="true">
                {open ? phase.number : <LockIcon />}
              </span>
              <div className="phase__body">
                <p className="phase__title">
                  {phase.built ? (
                    <Link to={open ? workspacePath(projectId) : PRO_PAGE} className="phase__link">
                      <span className="visually-hidden">Phase {phase.number}: </span>
                      {phase.title}
                    </Link>
                  ) : (
                    <>
                      <span className="visually-hidden">Phase {phase.number}: </span>
                      {phase.title}
                    </>
                  )}
                </p>
                <p className="phase__summary">{phase.summary}</p>
                {completedAt !== undefined && (
                  <p className="phase__done">
                    Done on <CompletedOn at={completedAt} />
                  </p>
                )}
              </div>
              <span className={`tag${TAG_CLASS[tag]}`}>
                {tag}
                {(tag === 'Free' || tag === 'Open' || tag === 'Pro') && <span className="visually-hidden">{open ? ', open' : ', locked'}</span>}
              </span>
            </li>
          );
        })}
      </ol>
      {anyLocked && isOwner && (
        <div className="phases__upgrade">
          <p>
            {PRO_PHASES_NOW}: <strong>Pro</strong> is a one-time $149 purchase for all phases and 5 projects.
          </p>
          <div className="phases__upgrade-actions">
            <GetProButton user={user} />
            <Link to="/pricing" className="button button--secondary">
              See Pro pricing
            </Link>
          </div>
        </div>
      )}
      {anyLocked && !isOwner && (
        <p className="phases__upgrade">
          The project's owner is on the Free plan: {phaseRange(phases.filter((phase) => phase.built && !isOpen(phase)).map((phase) => phase.number))} open for
          every member once they have Pro.{user.plan === 'pro' ? ' Your own Pro opens the projects you own.' : ''}
        </p>
      )}
    </div>
  );
}

const TAG_CLASS = { Done: ' tag--done', [COMING_SOON]: ' tag--coming', Free: ' tag--free', Open: ' tag--free', Pro: ' tag--pro' } as const;

function LockIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
      <rect x="4" y="9" width="12" height="8" rx="2" fill="currentColor" />
      <path d="M7 9V6.5a3 3 0 0 1 6 0V9" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
