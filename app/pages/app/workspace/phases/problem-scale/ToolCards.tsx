import { SearchDiscussionsInputSchema, type DiscussionSearchResult } from '#contracts/discussions';
import { ResearchDraftSchema, ScaleEstimateContentSchema } from '#contracts/phases/problem-scale';
import type { ToolCardProps } from '../types';
import { sizingResult } from './EstimateView';
import { ResearchDraftCard } from './ResearchDraftCard';
import { SourceCards } from './SourceCards';

/** search_discussions: the phrases while it searches, then the discussions found. */
export function SearchDiscussionsCard({ input, done, output }: ToolCardProps) {
  const parsed = SearchDiscussionsInputSchema.safeParse(input);
  if (!parsed.success) return null;
  return <SourceCards queries={parsed.data.queries} result={done ? (output as DiscussionSearchResult) : null} />;
}

/** draft_research_page: the draft, to create once the answer is complete. */
export function ResearchDraftToolCard({ input, done, row }: ToolCardProps) {
  const parsed = ResearchDraftSchema.safeParse(input);
  if (!parsed.success) return null;
  return <ResearchDraftCard draft={parsed.data} onCreate={done ? row.onCreateResearchPage : undefined} />;
}

/** save_scale_estimate: the results saved, a link to the estimate in the memory, and whether it has moved on since. */
export function SavedEstimateNote({ input, done, output, row }: ToolCardProps) {
  const parsed = ScaleEstimateContentSchema.safeParse({ kind: 'scale_estimate', ...(typeof input === 'object' ? input : {}) });
  if (!parsed.success || !done) return null;
  const { estimate } = parsed.data;
  const { onReviewMemory, estimateId, estimateVersion } = row;
  const estimateNow = estimateId !== undefined && estimateVersion !== undefined ? { id: estimateId, version: estimateVersion } : null;
  const saved = (output as { saved?: { id?: unknown; version?: unknown } } | undefined)?.saved;
  const entryId = typeof saved?.id === 'string' ? saved.id : null;
  const savedVersion = typeof saved?.version === 'number' ? saved.version : null;
  // The results quoted here are those of the version saved then: say when the estimate moved on.
  const since =
    entryId === null || savedVersion === null
      ? null
      : estimateNow === null || estimateNow.id !== entryId
        ? 'The estimate has been deleted since.'
        : estimateNow.version !== savedVersion
          ? 'The estimate has changed since: these results are those of an earlier version.'
          : null;
  return (
    <p className="message__tool-note">
      Saved the scale estimate to the memory: <strong>{parsed.data.title}</strong>. Top-down {sizingResult(estimate.topDown)}, bottom-up{' '}
      {sizingResult(estimate.bottomUp)}
      {estimate.money && <>, money at stake {sizingResult(estimate.money)}</>}, confidence {estimate.confidence}.{' '}
      {entryId && onReviewMemory ? (
        <button type="button" className="message__inline-link" onClick={() => onReviewMemory(entryId)}>
          Review it in the memory
        </button>
      ) : (
        'Review it in the memory'
      )}{' '}
      and accept it to finish phase 2.
      {since && <strong className="message__stale"> {since}</strong>}
    </p>
  );
}

/** read_research_responses: a line while it reads, and once it has. */
export function ReadResponsesNote({ done }: ToolCardProps) {
  return <p className="message__tool-note">{done ? 'Read the responses to your research pages.' : 'Reading the responses to your research pages…'}</p>;
}
