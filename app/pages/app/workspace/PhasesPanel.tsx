import { Link } from 'react-router';
import type { WorkspaceState } from '#contracts/workspace';
import { PHASES, PRO_PAGE } from '../../../content/phases';

/**
 * The 8 phases beside the conversation: the free ones with where the project stands, the
 * locked ones as links to Pro pricing.
 */
export function PhasesPanel({ phases }: { phases: WorkspaceState['phases'] | undefined }) {
  const current = phases?.current ?? 1;
  return (
    <nav className="phases-panel" aria-label="Phases">
      <h2 className="panel__heading">Phases</h2>
      <ol className="phases-panel__list">
        {PHASES.map((phase) => {
          const done = phases?.done.includes(phase.number) ?? false;
          const isCurrent = phase.free && phase.number === current && !done;
          const state = done ? 'Done' : isCurrent ? 'Current' : phase.free ? 'Open' : 'Pro';
          const content = (
            <>
              <span className="phases-panel__number" aria-hidden="true">
                {done ? '✓' : phase.number}
              </span>
              <span className="phases-panel__title">
                <span className="visually-hidden">Phase {phase.number}: </span>
                {phase.title}
              </span>
              <span className={`badge${phase.free ? '' : ' badge--pro'}${isCurrent ? ' badge--current' : ''}`}>
                {state}
                {!phase.free && <span className="visually-hidden">, locked: see pricing</span>}
              </span>
            </>
          );
          return (
            <li
              key={phase.number}
              className={`phases-panel__phase${isCurrent ? ' phases-panel__phase--current' : ''}${phase.free ? '' : ' phases-panel__phase--locked'}`}
              aria-current={isCurrent ? 'step' : undefined}
            >
              {phase.free ? <div className="phases-panel__row">{content}</div> : <Link to={PRO_PAGE} className="phases-panel__row">{content}</Link>}
            </li>
          );
        })}
      </ol>
      <p className="phases-panel__note">
        Phases 3 to 8 come with <Link to={PRO_PAGE}>Pro</Link>.
      </p>
    </nav>
  );
}
