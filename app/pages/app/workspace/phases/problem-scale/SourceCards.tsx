import { DISCUSSION_SOURCES, isWebAddress, SOURCE_LABELS, type Discussion, type DiscussionSearchResult, type DiscussionSource } from '#contracts/discussions';

/**
 * Why no card is shown. An unavailable source is never reported as a search that found nothing:
 * that would read as a signal about the market.
 */
function emptyResult(result: DiscussionSearchResult): string {
  const unavailable = result.sources.filter((report) => report.status === 'unavailable').map((report) => SOURCE_LABELS[report.source]);
  if (result.nothingSearched || unavailable.length === result.sources.length) {
    return `Nothing could be searched: ${unavailable.join(', ')} ${unavailable.length === 1 ? 'was' : 'were'} unavailable. This says nothing about the problem; try again in a few minutes.`;
  }
  const searched = result.sources.filter((report) => report.status === 'ok').map((report) => SOURCE_LABELS[report.source]);
  return `No discussions matched on ${searched.join(', ')}.${unavailable.length ? ` ${unavailable.join(', ')} ${unavailable.length === 1 ? 'was' : 'were'} unavailable.` : ''}`;
}

/** A small mark per source instead of its favicon: fetching icons would tell those sites who reads the workspace. */
const SOURCE_MARKS: Record<DiscussionSource, string> = { hacker_news: 'Y', stack_exchange: 'SE', reddit: 'r/' };

const count = new Intl.NumberFormat('en', { notation: 'compact' });

/**
 * What the co-founder's search found, as cards linking to the original discussions (in a new
 * tab). Every field is plain text from the server (decision 0032); links are shown only when
 * they are http(s). While the search runs, the phrases it is searching for.
 */
export function SourceCards({ queries, result }: { queries: string[]; result: DiscussionSearchResult | null }) {
  if (!result) {
    return (
      <p className="message__tool-note" role="status">
        Searching public discussions for {queries.map((query) => `“${query}”`).join(', ')}…
      </p>
    );
  }
  return (
    <section className="source-cards" aria-label="Discussions found">
      <p className="source-cards__searched">
        Searched{' '}
        {result.sources.map((report, index) => (
          <span key={report.source}>
            {index > 0 && ', '}
            {SOURCE_LABELS[report.source]} {report.status === 'ok' ? `(${report.found})` : <strong className="source-cards__unavailable">(unavailable)</strong>}
          </span>
        ))}{' '}
        for {result.queries.map((query) => `“${query}”`).join(', ')}.
        {!result.sources.some((report) => report.source === 'reddit') && ' Reddit is not connected.'}
      </p>
      {result.discussions.length === 0 ? (
        <p className="source-cards__empty">{emptyResult(result)}</p>
      ) : (
        <ul className="source-cards__list">
          {result.discussions
            .filter((discussion) => DISCUSSION_SOURCES.includes(discussion.source))
            .map((discussion) => (
              <SourceCard key={discussion.id} discussion={discussion} />
            ))}
        </ul>
      )}
    </section>
  );
}

function SourceCard({ discussion }: { discussion: Discussion }) {
  const facts = [
    discussion.score !== null && `${count.format(discussion.score)} ${discussion.source === 'hacker_news' ? 'points' : 'votes'}`,
    discussion.comments !== null && `${count.format(discussion.comments)} ${discussion.source === 'stack_exchange' ? 'answers' : 'comments'}`,
    discussion.views !== null && `${count.format(discussion.views)} views`,
    discussion.createdAt && new Date(discussion.createdAt).toLocaleDateString([], { month: 'short', year: 'numeric' }),
  ].filter(Boolean);
  return (
    <li className="source-card">
      <span className={`source-card__mark source-card__mark--${discussion.source}`} aria-hidden="true">
        {SOURCE_MARKS[discussion.source]}
      </span>
      <div className="source-card__body">
        <p className="source-card__title">
          {isWebAddress(discussion.url) ? (
            <a href={discussion.url} target="_blank" rel="noopener noreferrer">
              {discussion.title}
            </a>
          ) : (
            discussion.title
          )}
        </p>
        {discussion.excerpt && <p className="source-card__excerpt">{discussion.excerpt}</p>}
        <p className="source-card__facts">
          <span>{discussion.site}</span>
          {facts.map((fact) => (
            <span key={String(fact)}>{fact}</span>
          ))}
        </p>
      </div>
    </li>
  );
}
