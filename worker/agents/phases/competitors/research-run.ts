import { COMPETITOR_LIMITS, COMPETITOR_SOURCE_LABELS, type CompetitorCandidate, type CompetitorSource } from '#contracts/phases/competitors';
import type { ResearchRunPlan, ResearchRunState } from '#contracts/phases/competitors';
import { searchCompetitors } from '../../../services/competitor-search';
import { readPage } from '../../../services/page-reader';
import type { ReadPage } from '../../tools/actions';

/**
 * The steps of a research run and what each does (docs/decisions/0041-research-runs.md): one step
 * per phrase (searched at every source at once), then one per page read, each making a
 * competitor card from the page. The object (worker/agents/cofounder.ts) stores the run in its
 * SQLite, runs one step per scheduled call and broadcasts the progress.
 */

export interface RunRecord {
  state: ResearchRunState;
  candidates: CompetitorCandidate[];
  pages: ReadPage[];
}

export const runSteps = (plan: ResearchRunPlan) => plan.queries.length + plan.pageReads;

export function proposedRun(id: string, plan: ResearchRunPlan, sources: readonly CompetitorSource[]): RunRecord {
  return {
    state: {
      id,
      status: 'proposed',
      plan,
      searches: plan.queries.length * sources.length,
      step: 0,
      steps: runSteps(plan),
      doing: 'Waiting for a member to approve it',
      found: 0,
      cards: 0,
    },
    candidates: [],
    pages: [],
  };
}

/** A card the run makes from a page it read: found, not judged yet (the co-founder sorts and assesses it). */
export interface RunCard {
  name: string;
  url: string;
  description: string;
  page: ReadPage | null;
}

/**
 * Runs step `run.state.step` and returns the run after it, with the card to make, if any. Outside
 * failures never fail the step: a source or page that does not answer is skipped, and said so.
 */
export async function runStep(env: Cloudflare.Env, run: RunRecord, onProgress: (doing: string) => void): Promise<{ run: RunRecord; card: RunCard | null }> {
  const { plan } = run.state;
  const index = run.state.step;
  if (index < plan.queries.length) {
    const query = plan.queries[index]!;
    onProgress(`Searching for "${query}"`);
    const result = await searchCompetitors(
      env,
      { queries: [query] },
      {
        onSource: (report) =>
          onProgress(
            `${COMPETITOR_SOURCE_LABELS[report.source]}: ${report.status === 'ok' ? `${report.found} found` : report.status === 'not_connected' ? 'not connected' : 'unavailable'} for "${query}"`,
          ),
      },
    );
    const known = new Set(run.candidates.map((candidate) => candidate.url));
    const candidates = [...run.candidates, ...result.candidates.filter((candidate) => !known.has(candidate.url))];
    const missed = result.sources.filter((report) => report.status === 'unavailable').map((report) => COMPETITOR_SOURCE_LABELS[report.source]);
    const unreachable = [...new Set([...(run.state.unreachable ?? []), ...missed])];
    return {
      run: { ...run, candidates, state: { ...run.state, step: index + 1, found: candidates.length, ...(unreachable.length > 0 ? { unreachable } : {}) } },
      card: null,
    };
  }
  const candidate = run.candidates[index - plan.queries.length];
  if (!candidate) {
    // Fewer competitors found than pages planned: nothing left to read.
    return { run: { ...run, state: { ...run.state, step: run.state.steps } }, card: null };
  }
  onProgress(`Reading ${candidate.url}`);
  const read = await readPage(env, candidate.url);
  const page = read.status === 'ok' ? { url: read.url, text: read.text, priceLines: read.priceLines, readAt: read.readAt } : null;
  return {
    run: { ...run, pages: page ? [...run.pages, page] : run.pages, state: { ...run.state, step: index + 1 } },
    card: { name: candidate.name, url: candidate.url, description: candidate.description, page },
  };
}

/** What a finished run says: what it found, and which sources it could not reach (a source down, or no internet at all). */
export function runEndText(state: Pick<ResearchRunState, 'found' | 'cards' | 'unreachable'>): string {
  const done = `Done: ${state.found} found, ${state.cards} cards made`;
  const unreachable = state.unreachable ?? [];
  if (unreachable.length === 0) return done;
  const list = unreachable.length === 1 ? unreachable[0]! : `${unreachable.slice(0, -1).join(', ')} and ${unreachable.at(-1)}`;
  return `${done}. ${list} could not be reached.`;
}

/** The competitor card of a page the run read: its listing, and its price line when the page shows one. */
export function cardContent(card: RunCard) {
  const priceLine = card.page?.priceLines[0];
  return {
    kind: 'competitor' as const,
    title: card.name.slice(0, COMPETITOR_LIMITS.nameChars),
    competitor: {
      category: 'unsorted' as const,
      url: card.url,
      forWhom: `From its listing, not assessed yet: ${card.description || 'no description'}`.slice(0, 1000),
      pricing:
        priceLine && card.page
          ? { status: 'found' as const, quote: priceLine, url: card.page.url, readAt: card.page.readAt }
          : { status: 'not_found' as const },
      strengths: [],
      weaknesses: [],
      ...(card.page ? { checkedAt: card.page.readAt, priceLines: card.page.priceLines } : {}),
    },
  };
}
