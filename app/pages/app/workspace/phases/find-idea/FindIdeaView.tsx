import { IDEA_FIELD_LABELS } from '#contracts/phases/find-idea';
import type { EntryOf } from '../types';

type IdeaEntry = EntryOf<'chosen_idea'>;

/** Phase 1's artifact: the chosen idea, field by field. */
export function ChosenIdeaView({ entry }: { entry: IdeaEntry }) {
  return (
    <dl className="memory-entry__fields">
      {(Object.keys(IDEA_FIELD_LABELS) as (keyof typeof IDEA_FIELD_LABELS)[]).map((key) => (
        <div key={key}>
          <dt>{IDEA_FIELD_LABELS[key]}</dt>
          <dd>{entry.idea[key]}</dd>
        </div>
      ))}
      {entry.idea.openQuestions.length > 0 && (
        <div>
          <dt>Open questions</dt>
          <dd>
            <ul>
              {entry.idea.openQuestions.map((question) => (
                <li key={question}>{question}</li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </dl>
  );
}
