import type { MemoryEntry } from '#contracts/workspace';
import { ArtifactAcceptance } from './Acceptance';
import { ClaimList, Link } from './CompetitorView';

type PersonaEntry = Extract<MemoryEntry, { kind: 'persona' }>;
const CONFIDENCE = { low: 'Low', medium: 'Medium', high: 'High' } as const;

/** A persona with the product's avatar, its ranked pains and gains with their evidence, and its quotes linked to where they were said. */
export function PersonaView({ entry, onAccept }: { entry: PersonaEntry; onAccept?: () => Promise<string | null> }) {
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
            <span className={`estimate__confidence estimate__confidence--${persona.confidence}`}>{CONFIDENCE[persona.confidence]}</span> {persona.confidenceReasons}
          </dd>
        </div>
      </dl>
      <ArtifactAcceptance entry={entry} onAccept={onAccept} done="Accepted: phase 4 is done." note="Checked the persona and its evidence? Accepting it completes phase 4." button="Accept this persona" />
    </div>
  );
}
