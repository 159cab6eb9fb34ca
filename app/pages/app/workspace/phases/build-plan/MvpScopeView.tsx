import { ArtifactAcceptance } from '../Acceptance';
import type { EntryOf } from '../types';

/**
 * The MVP's scope: what the first version does (each with the pain reliever it delivers), what it
 * deliberately leaves out, and what waits. An item in scope that delivers no pain reliever, or one
 * the value map no longer holds, is flagged: it is the first thing to cut.
 */
export function MvpScopeView({
  entry,
  onAccept,
  relievers,
}: {
  entry: EntryOf<'mvp_scope'>;
  onAccept?: () => Promise<string | null>;
  /** The value map's pain relievers as they are now (lower case); undefined when not known. */
  relievers?: ReadonlySet<string>;
}) {
  const { scope } = entry;
  const delivers = (item: (typeof scope.in)[number]) =>
    item.delivers !== null && (relievers === undefined || relievers.has(item.delivers.trim().toLowerCase()));
  const unfounded = scope.in.filter((item) => !delivers(item)).length;
  return (
    <div className="build-plan-scope">
      {unfounded > 0 && (
        <p className="build-plan-scope__warning" role="note">
          {unfounded === 1 ? 'One item in scope delivers' : `${unfounded} items in scope deliver`} no pain reliever of the value map: keep
          {unfounded === 1 ? ' it' : ' them'} only with a reason, or move {unfounded === 1 ? 'it' : 'them'} to later.
        </p>
      )}
      <dl className="memory-entry__fields">
        <div>
          <dt>In the first version</dt>
          <dd>
            <ul className="build-plan-scope__list">
              {scope.in.map((item, index) => (
                <li key={index} className={delivers(item) ? 'build-plan-scope__item' : 'build-plan-scope__item build-plan-scope__item--unfounded'}>
                  <span className="build-plan-scope__text">{item.item}</span>{' '}
                  {item.delivers === null ? (
                    <span className="build-plan-scope__flag">Delivers no pain reliever</span>
                  ) : delivers(item) ? (
                    <span className="build-plan-scope__delivers">Delivers: {item.delivers}</span>
                  ) : (
                    <span className="build-plan-scope__flag">Delivers “{item.delivers}”, which the value map no longer holds</span>
                  )}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <ScopeList label="Deliberately out" items={scope.out} empty="Nothing is ruled out yet." />
        <ScopeList label="Later" items={scope.later} empty="Nothing waits for later yet." />
      </dl>
      <ArtifactAcceptance
        entry={entry}
        onAccept={onAccept}
        done="Accepted."
        note="Is every item in scope worth its time? Accept the scope to plan the build on it."
        button="Accept the scope"
      />
    </div>
  );
}

function ScopeList({ label, items, empty }: { label: string; items: readonly string[]; empty: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {items.length === 0 ? (
          <span className="build-plan-scope__empty">{empty}</span>
        ) : (
          <ul className="build-plan-scope__list">
            {items.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        )}
      </dd>
    </div>
  );
}
