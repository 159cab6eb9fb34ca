import { useState } from 'react';
import type { Risk } from '#contracts/phases/shape-solution';
import { ArtifactAcceptance } from '../Acceptance';
import type { EntryOf } from '../types';

/** The message the draft button sends: an ordinary member message, answered like any other. */
export const draftQuestionRequest = (risk: Risk, index: number) =>
  `Please draft this question for our research page, to test assumption ${index + 1} (“${risk.assumption}”): ${risk.researchQuestion ?? ''}`;

/**
 * The three riskiest assumptions, riskiest first: why each is risky, the cheapest test that would
 * disprove it and what it costs, and the research-page question when that is the test, which a
 * member asks the co-founder to draft.
 */
export function RiskiestAssumptionsView({
  entry,
  onAccept,
  onAsk,
}: {
  entry: EntryOf<'riskiest_assumptions'>;
  onAccept?: () => Promise<string | null>;
  onAsk?: (text: string) => void;
}) {
  return (
    <div className="shape-solution-risks">
      <ol className="shape-solution-risks__list">
        {entry.risks.map((risk, index) => (
          <li key={index} className="shape-solution-risks__risk">
            <p className="shape-solution-risks__assumption">
              <span className="shape-solution-risks__number" aria-hidden="true">
                {index + 1}
              </span>
              {risk.assumption}
            </p>
            <dl className="memory-entry__fields">
              <div>
                <dt>Why it is risky</dt>
                <dd>{risk.whyRisky}</dd>
              </div>
              <div>
                <dt>Cheapest test</dt>
                <dd>{risk.test}</dd>
              </div>
              <div>
                <dt>What it costs</dt>
                <dd>{risk.cost}</dd>
              </div>
              {risk.researchQuestion && (
                <div>
                  <dt>Research question</dt>
                  <dd>
                    {risk.researchQuestion}
                    {onAsk && <DraftButton text={draftQuestionRequest(risk, index)} onAsk={onAsk} />}
                  </dd>
                </div>
              )}
            </dl>
          </li>
        ))}
      </ol>
      <ArtifactAcceptance
        entry={entry}
        onAccept={onAccept}
        done="Accepted."
        note="Checked the three assumptions and their tests? Accept them to shape the pitch around them."
        button="Accept the riskiest assumptions"
      />
    </div>
  );
}

/** Asks the co-founder, as this member, to draft the question on the research page; once per question. */
function DraftButton({ text, onAsk }: { text: string; onAsk: (text: string) => void }) {
  const [asked, setAsked] = useState<string | null>(null);
  const done = asked === text;
  return (
    <button
      type="button"
      className="button button--secondary panel__small-button shape-solution-risks__draft"
      disabled={done}
      onClick={() => {
        onAsk(text);
        setAsked(text);
      }}
    >
      {done ? 'Asked the co-founder' : 'Draft this question for the research page'}
    </button>
  );
}
