import { useState } from 'react';
import type { CurrentUser } from '#contracts/auth';
import type { WorkspaceState } from '#contracts/workspace';
import { GetProButton } from '../../../components/GetProButton';
import { COMING_SOON, listedPhases } from '../../../content/phases';

/**
 * The 8 phases beside the conversation. Any unlocked phase opens (earlier ones included) and every
 * member then works in it; the phases the plan does not open show 'Get Pro', and phases not built
 * yet read 'Coming soon' on every plan, with nothing that sells them.
 */
export function PhasesPanel({
  phases,
  openPhase,
  user,
}: {
  phases: WorkspaceState['phases'] | undefined;
  /** The signed-in founder, for 'Get Pro' (which opens Checkout, or says they already have Pro). */
  user: CurrentUser | undefined;
  /** Resolves with an error to show, or null once the phase is open. */
  openPhase: (phase: number) => Promise<string | null>;
}) {
  const [opening, setOpening] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = phases?.current ?? 1;
  // As the registry lists them now: a phase registered at run time counts.
  const listed = listedPhases();
  const unlocked = phases?.unlocked ?? listed.filter((phase) => phase.free).map((phase) => phase.number);

  async function open(phase: number) {
    setOpening(phase);
    setError(null);
    setError(await openPhase(phase));
    setOpening(null);
  }

  return (
    <nav className="phases-panel" aria-label="Phases">
      <h2 className="panel__heading">Phases</h2>
      {error && (
        <p className="memory-entry__error" role="alert">
          {error}
        </p>
      )}
      <ol className="phases-panel__list">
        {listed.map((phase) => {
          const done = phases?.done.includes(phase.number) ?? false;
          const isCurrent = phase.number === current;
          const locked = phase.built && !unlocked.includes(phase.number);
          const state = isCurrent ? 'Working here' : done ? 'Done' : !phase.built ? COMING_SOON : locked ? 'Pro' : 'Open';
          return (
            <li
              key={phase.number}
              className={`phases-panel__phase${isCurrent ? ' phases-panel__phase--current' : ''}${locked || !phase.built ? ' phases-panel__phase--locked' : ''}`}
              aria-current={isCurrent ? 'step' : undefined}
            >
              <div className="phases-panel__row">
                <span className="phases-panel__number" aria-hidden="true">
                  {done ? '✓' : phase.number}
                </span>
                <span className="phases-panel__title">
                  <span className="visually-hidden">Phase {phase.number}: </span>
                  {phase.title}
                </span>
                <span className={`badge${!phase.built ? ' badge--coming' : phase.free ? '' : ' badge--pro'}${isCurrent ? ' badge--current' : ''}`}>
                  {state}
                  {locked && <span className="visually-hidden">, locked</span>}
                </span>
                {locked ? (
                  <span className="phases-panel__action">
                    <GetProButton user={user} className="button button--secondary panel__small-button" />
                  </span>
                ) : (
                  phase.built &&
                  !isCurrent && (
                    <span className="phases-panel__action">
                      <button
                        type="button"
                        className="button button--secondary panel__small-button"
                        // The visible words first, so that voice control users can say what they see (WCAG 2.5.3).
                        aria-label={`Work on this: phase ${phase.number}, ${phase.title}`}
                        disabled={opening !== null}
                        onClick={() => void open(phase.number)}
                      >
                        {opening === phase.number ? 'Opening…' : 'Work on this'}
                      </button>
                    </span>
                  )
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
