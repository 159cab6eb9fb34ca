import { useId, useState } from 'react';
import { COMPETITOR_CATEGORY_LABELS, type Claim, type Landscape } from '#contracts/phases/competitors';
import { ArtifactAcceptance } from '../Acceptance';
import { ClaimList, Link } from '../Evidence';
import type { EntryOf } from '../types';

type CompetitorEntry = EntryOf<'competitor'>;
type LandscapeEntry = EntryOf<'landscape'>;

const day = (iso: string | undefined) => (iso ? new Date(iso).toLocaleDateString([], { day: 'numeric', month: 'short', year: 'numeric' }) : 'never');

function Claims({ label, claims }: { label: string; claims: Claim[] }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{claims.length === 0 ? 'Not assessed yet.' : <ClaimList claims={claims} />}</dd>
    </div>
  );
}

/** A competitor card: who it is for, its price quoted from its page with the date read, cited strengths and weaknesses, and 'Check again'. */
export function CompetitorView({ entry, onCheckAgain }: { entry: CompetitorEntry; onCheckAgain?: () => Promise<string | null> }) {
  const competitor = entry.competitor;
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const check = competitor.lastCheck;
  async function checkAgain() {
    setChecking(true);
    setError(null);
    setError((await onCheckAgain?.()) ?? null);
    setChecking(false);
  }
  return (
    <div className="competitor">
      <dl className="memory-entry__fields">
        <div>
          <dt>Kind</dt>
          <dd>
            <span className={`competitor__category competitor__category--${competitor.category}`}>{COMPETITOR_CATEGORY_LABELS[competitor.category]}</span>
          </dd>
        </div>
        {competitor.url && (
          <div>
            <dt>Address</dt>
            <dd className="competitor__url">
              <Link href={competitor.url}>{competitor.url}</Link>
            </dd>
          </div>
        )}
        <div>
          <dt>For whom</dt>
          <dd>{competitor.forWhom}</dd>
        </div>
        <div>
          <dt>Pricing</dt>
          <dd>
            {competitor.pricing.status === 'found' ? (
              <>
                “{competitor.pricing.quote}” (<Link href={competitor.pricing.url}>its page</Link>, read {day(competitor.pricing.readAt)})
              </>
            ) : (
              'Not found'
            )}
          </dd>
        </div>
        <Claims label="Strengths" claims={competitor.strengths} />
        <Claims label="Weaknesses" claims={competitor.weaknesses} />
        <div>
          <dt>Last checked</dt>
          <dd>{day(competitor.checkedAt)}</dd>
        </div>
      </dl>
      {check && (
        <div className="competitor__check" role="status">
          {check.unreachable ? (
            <p>Checked again {day(check.at)}: its pages could not be read.</p>
          ) : check.added.length === 0 && check.removed.length === 0 && !check.pricingQuoteGone ? (
            <p>Checked again {day(check.at)}: no change in its prices.</p>
          ) : (
            <>
              <p>Checked again {day(check.at)}: what changed since the check before.</p>
              {check.pricingQuoteGone && <p>The quoted price is no longer on its page.</p>}
              {check.removed.length > 0 && (
                <ul aria-label="No longer on its pages">
                  {check.removed.map((line) => (
                    <li key={line}>
                      <del>{line}</del>
                    </li>
                  ))}
                </ul>
              )}
              {check.added.length > 0 && (
                <ul aria-label="New on its pages">
                  {check.added.map((line) => (
                    <li key={line}>
                      <ins>{line}</ins>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      )}
      {competitor.url && onCheckAgain && (
        <button
          type="button"
          className="button button--secondary panel__small-button"
          disabled={checking}
          onClick={() => void checkAgain()}
          aria-label={`Check ${entry.title} again`}
        >
          {checking ? 'Checking…' : 'Check again'}
        </button>
      )}
      {error && (
        <p className="memory-entry__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The gaps, and the positioning map: an SVG for the eye and, beside it, the same places as a table for screen readers. */
export function LandscapeView({ entry, onAccept }: { entry: LandscapeEntry; onAccept?: () => Promise<string | null> }) {
  const { gaps, axes, placements } = entry.landscape;
  return (
    <div className="landscape">
      <h4 className="landscape__heading">Gaps</h4>
      <ul className="landscape__gaps">
        {gaps.map((gap) => (
          <li key={gap.title}>
            <strong>{gap.title}</strong> {gap.description} <span className="landscape__concerns">Concerns: {gap.competitors.join(', ')}.</span>
            <ClaimList claims={gap.evidence} />
          </li>
        ))}
      </ul>
      <h4 className="landscape__heading">Positioning</h4>
      <PositioningMap axes={axes} placements={placements} />
      <ArtifactAcceptance
        entry={entry}
        onAccept={onAccept}
        done="Accepted: phase 3 is done."
        note="Checked the gaps and the map? Accepting them completes phase 3."
        button="Accept gaps and map"
      />
    </div>
  );
}

const SIZE = 240;
const PAD = 28;
const scale = (value: number) => PAD + (value / 10) * (SIZE - 2 * PAD);

export function PositioningMap({ axes, placements }: Pick<Landscape, 'axes' | 'placements'>) {
  const captionId = useId();
  return (
    <figure className="positioning">
      <svg className="positioning__map" viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden="true" focusable="false">
        <rect x={PAD} y={PAD} width={SIZE - 2 * PAD} height={SIZE - 2 * PAD} className="positioning__frame" />
        <line x1={SIZE / 2} y1={PAD} x2={SIZE / 2} y2={SIZE - PAD} className="positioning__axis" />
        <line x1={PAD} y1={SIZE / 2} x2={SIZE - PAD} y2={SIZE / 2} className="positioning__axis" />
        <text x={SIZE / 2} y={SIZE - 8} textAnchor="middle" className="positioning__label">
          {axes.x.label} →
        </text>
        <text x={10} y={SIZE / 2} textAnchor="middle" transform={`rotate(-90 10 ${SIZE / 2})`} className="positioning__label">
          {axes.y.label} →
        </text>
        {placements.map((placement, index) => {
          const x = scale(placement.x);
          const y = SIZE - scale(placement.y);
          return (
            <g key={`${placement.name}${index}`}>
              <circle cx={x} cy={y} r={placement.isIdea ? 6 : 4} className={placement.isIdea ? 'positioning__idea' : 'positioning__point'} />
              {/* Names beside their point, on the side with room, cut short: the table has them whole. */}
              <text x={placement.x > 5 ? x - 8 : x + 8} y={y + 3} textAnchor={placement.x > 5 ? 'end' : 'start'} className="positioning__name">
                {placement.name.length > 18 ? `${placement.name.slice(0, 17)}…` : placement.name}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="positioning__table" aria-describedby={captionId}>
        <caption id={captionId}>
          Positions from 0 to 10: {axes.x.label} ({axes.x.low} to {axes.x.high}) and {axes.y.label} ({axes.y.low} to {axes.y.high})
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">{axes.x.label}</th>
            <th scope="col">{axes.y.label}</th>
          </tr>
        </thead>
        <tbody>
          {placements.map((placement, index) => (
            <tr key={`${placement.name}${index}`}>
              <th scope="row">
                {placement.name}
                {placement.isIdea && ' (your idea)'}
              </th>
              <td>{placement.x}</td>
              <td>{placement.y}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
