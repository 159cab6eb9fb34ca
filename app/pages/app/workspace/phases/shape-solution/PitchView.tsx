import { ELEMENTS_PER_APPETITE } from '#contracts/phases/shape-solution';
import { ArtifactAcceptance } from '../Acceptance';
import type { EntryOf } from '../types';

/** The pitch in the Shape Up form: the problem, the appetite, the solution's elements, its flows, the rabbit holes and the no-gos. Accepting it completes phase 5. */
export function PitchView({ entry, onAccept }: { entry: EntryOf<'pitch'>; onAccept?: () => Promise<string | null> }) {
  const { problem, appetite, elements, flows, rabbitHoles, noGos } = entry.pitch;
  const lines = (items: readonly string[], none: string) =>
    items.length === 0 ? (
      <span className="shape-solution__none">{none}</span>
    ) : (
      <ul>
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    );
  return (
    <div className="shape-solution-pitch">
      <dl className="memory-entry__fields">
        <div>
          <dt>Problem</dt>
          <dd className="shape-solution__prose">{problem}</dd>
        </div>
        <div>
          <dt>Appetite</dt>
          <dd>
            <span className="shape-solution-pitch__appetite">{appetite}</span> Room for at most {ELEMENTS_PER_APPETITE[appetite]} main elements.
          </dd>
        </div>
        <div>
          <dt>Solution</dt>
          <dd>
            <ol className="shape-solution-pitch__elements">
              {elements.map((element, index) => (
                <li key={index}>
                  <strong>{element.name}</strong>: {element.description}
                </li>
              ))}
            </ol>
          </dd>
        </div>
        <div>
          <dt>Flows</dt>
          <dd>{lines(flows, 'None written.')}</dd>
        </div>
        <div>
          <dt>Rabbit holes</dt>
          <dd>{lines(rabbitHoles, 'None named.')}</dd>
        </div>
        <div>
          <dt>No-gos</dt>
          <dd>{lines(noGos, 'None named.')}</dd>
        </div>
      </dl>
      <ArtifactAcceptance
        entry={entry}
        onAccept={onAccept}
        done="Accepted: phase 5 is done."
        note="Checked the pitch against its appetite? Accepting it completes phase 5."
        button="Accept this pitch"
      />
    </div>
  );
}
