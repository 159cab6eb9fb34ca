import { useState } from 'react';
import { ArtifactAcceptance } from '../Acceptance';
import { ClaimList, ConfidenceBadge, Link } from '../Evidence';
import type { EntryOf } from '../types';

type PersonaEntry = EntryOf<'persona'>;

/** A persona with the product's avatar, its ranked pains and gains with their evidence, and its quotes linked to where they were said. */
export function PersonaView({
  entry,
  onAccept,
  newResearchAnswers = 0,
  onAsk,
}: {
  entry: PersonaEntry;
  onAccept?: () => Promise<string | null>;
  newResearchAnswers?: number;
  onAsk?: (text: string) => void;
}) {
  const persona = entry.persona;
  const items = (label: string, values: string[]) =>
    values.length > 0 && (
      <div>
        <dt>{label}</dt>
        <dd>
          <ul>
            {values.map((value) => (
              <li key={value}>{value}</li>
            ))}
          </ul>
        </dd>
      </div>
    );
  return (
    <div className="persona">
      <div className="persona__head">
        {persona.avatarUrl && <img className="persona__avatar" src={persona.avatarUrl} alt="" width={56} height={56} />}
        <p className="persona__who">
          {persona.role}, {persona.age}
        </p>
      </div>
      <NewResearchAnswers count={newResearchAnswers} onAsk={onAsk} />
      <dl className="memory-entry__fields">
        <div>
          <dt>Situation</dt>
          <dd>{persona.situation}</dd>
        </div>
        {items('Functional jobs', persona.jobs.functional)}
        {items('Social jobs', persona.jobs.social)}
        {items('Emotional jobs', persona.jobs.emotional)}
        <div>
          <dt>Pains, worst first</dt>
          <dd>
            <ClaimList claims={persona.pains} ordered />
          </dd>
        </div>
        <div>
          <dt>Gains, most wanted first</dt>
          <dd>
            <ClaimList claims={persona.gains} ordered />
          </dd>
        </div>
        {items('Uses today', persona.usesToday)}
        {persona.reachAt.length > 0 && (
          <div>
            <dt>Where to reach them</dt>
            <dd>
              <ul>
                {persona.reachAt.map((channel) => (
                  <li key={channel.url}>
                    <Link href={channel.url}>{channel.name}</Link>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {items('Job stories', persona.jobStories)}
        <div>
          <dt>Early adopters</dt>
          <dd>{persona.earlyAdopter}</dd>
        </div>
        <div>
          <dt>Quotes</dt>
          <dd>
            {persona.quotes.length === 0 ? (
              'No quote: nothing the tools returned says it in their words yet.'
            ) : (
              <ul>
                {persona.quotes.map((quote) => (
                  <li key={quote.text}>
                    <q>{quote.text}</q> (<Link href={quote.url}>source</Link>)
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt>Confidence</dt>
          <dd>
            <ConfidenceBadge confidence={persona.confidence} /> {persona.confidenceReasons}
          </dd>
        </div>
      </dl>
      <ArtifactAcceptance
        entry={entry}
        onAccept={onAccept}
        done="Accepted: phase 4 is done."
        note="Checked the persona and its evidence? Accepting it completes phase 4."
        button="Accept this persona"
      />
    </div>
  );
}

/** The message the review button sends: an ordinary member message, answered like any other. */
export const reviewRequest = (count: number) =>
  `${count === 1 ? 'A new research answer has' : `${count} new research answers have`} come in since the personas were written. Please read ${count === 1 ? 'it' : 'them'}, tell us which persona ${count === 1 ? 'it confirms or contradicts' : 'they confirm or contradict'}, and propose an update.`;

/**
 * Research-page answers that arrived after the personas were written: the co-founder is asked to
 * review them by a normal message from this member, so the server still owns the conversation.
 */
function NewResearchAnswers({ count, onAsk }: { count: number; onAsk?: (text: string) => void }) {
  const [askedAt, setAskedAt] = useState<number | null>(null);
  if (count === 0) return null;
  const asked = askedAt === count;
  return (
    <div className="persona__new-answers" role="status">
      <p>{count === 1 ? '1 new research answer' : `${count} new research answers`} since these personas were written.</p>
      {onAsk && (
        <button
          type="button"
          className="button panel__small-button"
          disabled={asked}
          onClick={() => {
            onAsk(reviewRequest(count));
            setAskedAt(count);
          }}
        >
          {asked ? 'Asked the co-founder' : 'Ask the co-founder to review them'}
        </button>
      )}
    </div>
  );
}
