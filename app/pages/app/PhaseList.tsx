import { Link } from 'react-router';
import { PHASES, PRO_PAGE } from '../../content/phases';
import { GetProButton } from '../../components/GetProButton';
import { workspacePath } from '../../lib/workspace-path';
import { useCurrentUser } from './AppLayout';

/** The phases, each a link: the free ones to the project's workspace, the locked ones to Pro pricing. */
export function PhaseList({ projectId, done }: { projectId: string; done: number[] }) {
  const { user } = useCurrentUser();
  return (
    <div className="phases">
      <h3>Phases</h3>
      <ol className="phases__list">
        {PHASES.map((phase) => (
          <li key={phase.title} className={`phase${phase.free ? '' : ' phase--locked'}`}>
            <span className="phase__number" aria-hidden="true">
              {phase.free ? phase.number : <LockIcon />}
            </span>
            <div className="phase__body">
              <p className="phase__title">
                <Link to={phase.free ? workspacePath(projectId) : PRO_PAGE} className="phase__link">
                  <span className="visually-hidden">Phase {phase.number}: </span>
                  {phase.title}
                </Link>
              </p>
              <p className="phase__summary">{phase.summary}</p>
            </div>
            {done.includes(phase.number) ? (
              <span className="tag tag--done">Done</span>
            ) : (
              <span className={`tag${phase.free ? ' tag--free' : ' tag--pro'}`}>
                {phase.free ? 'Free' : 'Pro'}
                <span className="visually-hidden">{phase.free ? ', open' : ', locked'}</span>
              </span>
            )}
          </li>
        ))}
      </ol>
      <div className="phases__upgrade">
        <p>
          Phases 3 to 8 come with <strong>Pro</strong>: a one-time $149 purchase for all phases and 5 projects.
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

function LockIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
      <rect x="4" y="9" width="12" height="8" rx="2" fill="currentColor" />
      <path d="M7 9V6.5a3 3 0 0 1 6 0V9" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
