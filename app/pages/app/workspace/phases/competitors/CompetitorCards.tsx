import { isWebAddress } from '#contracts/discussions';
import { COMPETITOR_SOURCE_LABELS, type CompetitorSearchResult } from '#contracts/phases/competitors';

/** What find_competitors found: each source's outcome (web search says when it is not connected) and the candidates, linked. */
export function CompetitorCards({ queries, result }: { queries: string[]; result: CompetitorSearchResult | null }) {
  if (!result) {
    return (
      <p className="message__tool-note" role="status">
        Searching for competitors: {queries.map((query) => `“${query}”`).join(', ')}…
      </p>
    );
  }
  return (
    <section className="source-cards" aria-label="Competitors found">
      <p className="source-cards__searched">
        Searched{' '}
        {result.sources.map((report, index) => (
          <span key={report.source}>
            {index > 0 && ', '}
            {COMPETITOR_SOURCE_LABELS[report.source]}{' '}
            {report.status === 'ok' ? (
              `(${report.found})`
            ) : (
              <strong className="source-cards__unavailable">({report.status === 'not_connected' ? 'not connected' : 'unavailable'})</strong>
            )}
          </span>
        ))}
        .
      </p>
      {result.candidates.length === 0 ? (
        <p className="source-cards__empty">Nothing matched.</p>
      ) : (
        <ul className="source-cards__list">
          {result.candidates.map((candidate) => (
            <li key={candidate.id} className="source-card">
              <div className="source-card__body">
                <p className="source-card__title">
                  {isWebAddress(candidate.url) ? (
                    <a href={candidate.url} target="_blank" rel="noopener noreferrer">
                      {candidate.name}
                    </a>
                  ) : (
                    candidate.name
                  )}
                </p>
                {candidate.description && <p className="source-card__excerpt">{candidate.description}</p>}
                <p className="source-card__facts">
                  <span>{COMPETITOR_SOURCE_LABELS[candidate.source]}</span>
                  {candidate.signal && <span>{candidate.signal}</span>}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
