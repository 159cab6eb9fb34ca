import { isWebAddress } from '#contracts/discussions';
import { ASSUMPTION, type CONFIDENCE_LEVELS } from '#contracts/phases/fields';

/** A claim of an artifact, as the phases' contracts write them: its source is an address, or the word 'assumption'. */
export interface Claim {
  text: string;
  source: string;
}

/** A source's link, opened in a new tab; its words alone when it is not an http(s) address. */
export function Link({ href, children }: { href: string; children: React.ReactNode }) {
  if (!isWebAddress(href)) return <>{children}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Claims, each with its source linked or labelled an assumption. */
export function ClaimList({ claims, ordered = false }: { claims: Claim[]; ordered?: boolean }) {
  const items = claims.map((claim) => (
    <li key={`${claim.text}${claim.source}`}>
      {claim.text}{' '}
      {claim.source === ASSUMPTION ? (
        <span className="artifact__assumption">(assumption)</span>
      ) : (
        <>
          (<Link href={claim.source}>source</Link>)
        </>
      )}
    </li>
  ));
  return ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
}

export const CONFIDENCE_LABELS = { low: 'Low', medium: 'Medium', high: 'High' } as const satisfies Record<(typeof CONFIDENCE_LEVELS)[number], string>;

/** How sure an artifact is, as a coloured badge. */
export function ConfidenceBadge({ confidence }: { confidence: keyof typeof CONFIDENCE_LABELS }) {
  return <span className={`estimate__confidence estimate__confidence--${confidence}`}>{CONFIDENCE_LABELS[confidence]}</span>;
}
