import type { ScopeStanding } from '#contracts/phases/build-plan';
import { ArtifactAcceptance } from '../Acceptance';
import type { EntryOf } from '../types';

/**
 * The MVP's scope: what the first version does (each with the pain reliever it delivers), what it
 * deliberately leaves out, and what waits. An item in scope that delivers no pain reliever, one
 * the value map no longer holds, or one whose reliever answers no pain of a persona is marked: it
 * is the first thing to cut. The contract's rule decides, and also flags the scope for review in
 * the memory, with a sentence per item.
 */
export function MvpScopeView({
  entry,
  onAccept,
  standings,
}: {
  entry: EntryOf<'mvp_scope'>;
  onAccept?: () => Promise<string | null>;
  /** What each 'in' item delivers, against the value map and the personas now; undefined when not known. */
  standings?: readonly ScopeStanding[];
}) {
  const { scope } = entry;
  const standingOf = (index: number): ScopeStanding => {
    const item = scope.in[index]!;
    return standings?.[index] ?? (item.delivers === null ? { kind: 'none' } : { kind: 'answers', reliever: item.delivers });
  };
  return (
    <div className="build-plan-scope">
      <dl className="memory-entry__fields">
        <div>
          <dt>In the first version</dt>
          <dd>
            <ul className="build-plan-scope__list">
              {scope.in.map((item, index) => {
                const standing = standingOf(index);
                return (
                  <li
                    key={index}
                    className={standing.kind === 'answers' ? 'build-plan-scope__item' : 'build-plan-scope__item build-plan-scope__item--unfounded'}
                  >
                    <span className="build-plan-scope__text">{item.item}</span> <Delivers standing={standing} />
                  </li>
                );
              })}
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

/** What an item delivers, the reliever in its own words, quoted after the label. */
function Delivers({ standing }: { standing: ScopeStanding }) {
  if (standing.kind === 'none') return <span className="build-plan-scope__flag">Delivers no pain reliever</span>;
  if (standing.kind === 'answers') return <span className="build-plan-scope__delivers">Delivers “{standing.reliever}”</span>;
  return (
    <span className="build-plan-scope__flag">
      Delivers “{standing.reliever}”, {standing.kind === 'not_in_map' ? 'which the value map no longer holds' : 'which answers no pain of a persona'}
    </span>
  );
}
