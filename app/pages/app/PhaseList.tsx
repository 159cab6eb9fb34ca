import { Link } from 'react-router';
import type { PhaseCompletion } from '#contracts/projects';
import { COMING_SOON, listedPhases, PRO_PAGE, PRO_PHASES_NOW } from '../../content/phases';
import { GetProButton } from '../../components/GetProButton';
import { workspacePath } from '../../lib/workspace-path';
import { useCurrentUser } from './AppLayout';

/** A completion's day as the founders read it: '3 December 2026'. */
export const completionDay = (at: number) => new Date(at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

const CompletedOn = ({ at }: { at: number }) => <time dateTime={new Date(at).toISOString()}>{completionDay(at)}</time>;

/**
 * The phases: the free ones link to the project's workspace, the Pro ones to Pro pricing, and
 * those not built yet read 'Coming soon' and link nowhere; a done phase says the day it was done.
 * Once every phase is done, the project's whole path leads the list, each phase with its day.
 */
export function PhaseList({ projectId, completed = [] }: { projectId: string; completed?: readonly PhaseCompletion[] }) {
  const { user } = useCurrentUser();
  const phases = listedPhases();
  const doneOn = new Map(completed.map((completion) => [completion.phase, completion.completedAt]));
  const whole = phases.length > 0 && phases.every((phase) => doneOn.has(phase.number));
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
          const tag = completedAt !== undefined ? 'Done' : !phase.built ? COMING_SOON : phase.free ? 'Free' : 'Pro';
          return (
            <li key={phase.title} className={`phase${phase.free ? '' : ' phase--locked'}${phase.built ? '' : ' phase--coming'}`}>
              <span className="phase__number" aria-hidden="true">
                {phase.free ? phase.number : <LockIcon />}
              </span>
              <div className="phase__body">
                <p className="phase__title">
                  {phase.built ? (
                    <Link to={phase.free ? workspacePath(projectId) : PRO_PAGE} className="phase__link">
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
                {(tag === 'Free' || tag === 'Pro') && <span className="visually-hidden">{phase.free ? ', open' : ', locked'}</span>}
              </span>
            </li>
          );
        })}
      </ol>
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
    </div>
  );
}

const TAG_CLASS = { Done: ' tag--done', [COMING_SOON]: ' tag--coming', Free: ' tag--free', Pro: ' tag--pro' } as const;

function LockIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
      <rect x="4" y="9" width="12" height="8" rx="2" fill="currentColor" />
      <path d="M7 9V6.5a3 3 0 0 1 6 0V9" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
