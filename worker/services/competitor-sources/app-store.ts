import { z } from 'zod';
import { COMPETITOR_LIMITS, type CompetitorCandidate } from '#contracts/phases/competitors';
import type { Bindings } from '../../env';
import { fetchSourceJson } from '../discussion-source';
import { candidateFrom } from './candidate';

/**
 * Apps in Apple's App Store through the iTunes Search API (`GET /search?entity=software`), no
 * key; Apple asks for about 20 calls a minute at most.
 */
const DEFAULT_API_URL = 'https://itunes.apple.com';

const AnswerSchema = z.object({ results: z.array(z.unknown()) });
const AppSchema = z.object({
  trackId: z.number().int(),
  trackName: z.string(),
  trackViewUrl: z.string(),
  sellerUrl: z.string().nullish(),
  description: z.string().nullish(),
  averageUserRating: z.number().nullish(),
  userRatingCount: z.number().nullish(),
  formattedPrice: z.string().nullish(),
});

export async function search(env: Bindings, phrase: string): Promise<CompetitorCandidate[]> {
  const url = new URL(`${env.ITUNES_API_URL ?? DEFAULT_API_URL}/search`);
  url.searchParams.set('term', phrase);
  url.searchParams.set('entity', 'software');
  url.searchParams.set('limit', String(COMPETITOR_LIMITS.resultsPerSource));
  const answer = await fetchSourceJson(env, 'App Store', url, { headers: { Accept: 'application/json' } }, AnswerSchema);
  return answer.results.flatMap((raw) => {
    const app = AppSchema.safeParse(raw);
    if (!app.success) return [];
    const { trackId, trackName, trackViewUrl, sellerUrl, description, averageUserRating, userRatingCount, formattedPrice } = app.data;
    const rating =
      typeof averageUserRating === 'number' && typeof userRatingCount === 'number' ? `${averageUserRating.toFixed(1)}★ from ${userRatingCount} ratings` : null;
    return candidateFrom({
      id: `app_store:${trackId}`,
      source: 'app_store',
      name: trackName,
      url: sellerUrl && /^https?:\/\//i.test(sellerUrl) ? sellerUrl : trackViewUrl,
      description: `${formattedPrice ? `${formattedPrice} on the App Store. ` : ''}${description ?? ''}`,
      signal: rating,
    });
  });
}
