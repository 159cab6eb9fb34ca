import { z } from 'zod';
import { COMPETITOR_LIMITS, type CompetitorCandidate } from '#contracts/phases/competitors';
import type { Bindings } from '../../env';
import { fetchSourceJson } from '../discussion-source';
import { candidateFrom } from './candidate';

/**
 * Web search through the Brave Search API (`GET /res/v1/web/search`, key in the
 * X-Subscription-Token header): chosen, with its price and limits, in
 * docs/decisions/0040-competitor-research.md. Without BRAVE_SEARCH_API_KEY it is not connected
 * and the other sources carry on.
 */
const DEFAULT_API_URL = 'https://api.search.brave.com';

export const isWebSearchConnected = (env: Bindings) => Boolean(env.BRAVE_SEARCH_API_KEY);

const AnswerSchema = z.object({ web: z.object({ results: z.array(z.unknown()) }).optional() });
const ResultSchema = z.object({ title: z.string(), url: z.string(), description: z.string().nullish() });

export async function search(env: Bindings, phrase: string): Promise<CompetitorCandidate[]> {
  const url = new URL(`${env.BRAVE_SEARCH_API_URL ?? DEFAULT_API_URL}/res/v1/web/search`);
  url.searchParams.set('q', phrase);
  url.searchParams.set('count', String(COMPETITOR_LIMITS.resultsPerSource));
  url.searchParams.set('safesearch', 'strict');
  const headers = { Accept: 'application/json', 'X-Subscription-Token': env.BRAVE_SEARCH_API_KEY ?? '' };
  const answer = await fetchSourceJson(env, 'Web search', url, { headers }, AnswerSchema);
  return (answer.web?.results ?? []).flatMap((raw) => {
    const result = ResultSchema.safeParse(raw);
    if (!result.success) return [];
    return candidateFrom({
      id: `web:${result.data.url}`,
      source: 'web',
      name: result.data.title,
      url: result.data.url,
      description: result.data.description ?? '',
      signal: null,
    });
  });
}
