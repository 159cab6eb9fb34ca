import { z } from 'zod';
import { COMPETITOR_LIMITS, type CompetitorCandidate } from '#contracts/phases/competitors';
import type { Bindings } from '../../env';
import { fetchSourceJson } from '../discussion-source';
import { candidateFrom } from './candidate';

/**
 * Launches on Hacker News (Show HN) through Algolia's public search API, no key: each result is
 * the product's own address when the post links one, else the discussion.
 */
const DEFAULT_API_URL = 'https://hn.algolia.com/api/v1';

const AnswerSchema = z.object({ hits: z.array(z.unknown()) });
const HitSchema = z.object({
  objectID: z.string().regex(/^\d{1,20}$/),
  title: z.string(),
  url: z.string().nullish(),
  story_text: z.string().nullish(),
  points: z.number().nullish(),
});

export async function search(env: Bindings, phrase: string): Promise<CompetitorCandidate[]> {
  const url = new URL(`${env.HACKER_NEWS_API_URL ?? DEFAULT_API_URL}/search`);
  url.searchParams.set('query', phrase);
  url.searchParams.set('tags', 'show_hn');
  url.searchParams.set('hitsPerPage', String(COMPETITOR_LIMITS.resultsPerSource));
  const answer = await fetchSourceJson(env, 'Hacker News', url, { headers: { Accept: 'application/json' } }, AnswerSchema);
  return answer.hits.flatMap((raw) => {
    const hit = HitSchema.safeParse(raw);
    if (!hit.success) return [];
    const { objectID, title, url: link, story_text, points } = hit.data;
    return candidateFrom({
      id: `show_hn:${objectID}`,
      source: 'show_hn',
      name: title.replace(/^show hn:\s*/i, ''),
      url: link || `https://news.ycombinator.com/item?id=${objectID}`,
      description: story_text ?? title,
      signal: typeof points === 'number' ? `${points} points on Hacker News` : null,
    });
  });
}
