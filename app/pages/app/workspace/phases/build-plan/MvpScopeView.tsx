import type { EntryOf } from '../types';

/**
 * The MVP's scope: what the first version does (each with the pain reliever it delivers), what it
 * deliberately leaves out, and what waits. An item in scope that delivers no pain reliever is
 * flagged: it is the first thing to cut.
 */
export function MvpScopeView({ entry }: { entry: EntryOf<'mvp_scope'> }) {
  const { scope } = entry;
  const unfounded = scope.in.filter((item) => item.delivers === null).length;
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
                <li key={index} className={item.delivers === null ? 'build-plan-scope__item build-plan-scope__item--unfounded' : 'build-plan-scope__item'}>
                  <span className="build-plan-scope__text">{item.item}</span>{' '}
                  {item.delivers === null ? (
                    <span className="build-plan-scope__flag">Delivers no pain reliever</span>
                  ) : (
                    <span className="build-plan-scope__delivers">Delivers: {item.delivers}</span>
                  )}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <ScopeList label="Deliberately out" items={scope.out} empty="Nothing is ruled out yet." />
        <ScopeList label="Later" items={scope.later} empty="Nothing waits for later yet." />
      </dl>
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
