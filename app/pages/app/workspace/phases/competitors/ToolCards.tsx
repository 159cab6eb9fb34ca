import { FindCompetitorsInputSchema, type CompetitorSearchResult, type PageReadResult } from '#contracts/phases/competitors';
import type { ToolCardProps } from '../types';
import { CompetitorCards } from './CompetitorCards';

/** find_competitors: the phrases while it searches, then each source's outcome and the candidates. */
export function FindCompetitorsCard({ input, done, output }: ToolCardProps) {
  const parsed = FindCompetitorsInputSchema.safeParse(input);
  if (!parsed.success) return null;
  return <CompetitorCards queries={parsed.data.queries} result={done ? (output as CompetitorSearchResult) : null} />;
}

/** read_page: the address while it reads, then the page read (linked), or why it could not be. */
export function ReadPageNote({ input, done, output }: ToolCardProps) {
  const page = done ? (output as PageReadResult) : null;
  const url = input && typeof input === 'object' && 'url' in input && typeof input.url === 'string' ? input.url : '';
  if (!page) return <p className="message__tool-note">Reading {url}…</p>;
  return (
    <p className="message__tool-note">
      {page.status === 'ok' ? (
        <>
          Read{' '}
          <a href={page.url} target="_blank" rel="noopener noreferrer">
            {page.title || page.url}
          </a>
        </>
      ) : (
        <>
          Could not read {page.url}: {page.reason}
        </>
      )}
    </p>
  );
}

/** propose_research_run: what the run would spend, to approve in the research run card. */
export function ProposedRunNote({ done, output }: ToolCardProps) {
  const proposal = done ? (output as { proposed?: { searches: number; pageReads: number } }) : null;
  return (
    <p className="message__tool-note">
      {proposal?.proposed
        ? `Proposed a research run: ${proposal.proposed.searches} searches and up to ${proposal.proposed.pageReads} page reads. Any member can approve it in the research run card.`
        : 'Proposing a research run…'}
    </p>
  );
}
