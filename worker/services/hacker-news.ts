import { z } from 'zod';
import { DISCUSSION_LIMITS, type Discussion } from '#contracts/discussions';
import type { Bindings } from '../env';
import { cleanExcerpt, cleanTitle, countOrNull, fetchSourceJson, isoTime, keepUsable, scoreOrNull } from './discussion-source';

/**
 * Hacker News through Algolia's public search API (no key): stories and comments matching a
 * phrase. Each result links to the discussion on news.ycombinator.com, not to the story's article.
 */
const DEFAULT_API_URL = 'https://hn.algolia.com/api/v1';
const ITEM_URL = 'https://news.ycombinator.com/item?id=';

const AnswerSchema = z.object({ hits: z.array(z.unknown()) });
const HitSchema = z.object({
  objectID: z.string().regex(/^\d{1,20}$/),
  _tags: z.array(z.string()).default([]),
  title: z.string().nullish(),
  story_title: z.string().nullish(),
  story_text: z.string().nullish(),
  comment_text: z.string().nullish(),
  points: z.number().nullish(),
  num_comments: z.number().nullish(),
  created_at: z.string().nullish(),
});
type Hit = z.infer<typeof HitSchema>;

function toDiscussion(hit: Hit): Discussion {
  const isComment = hit._tags.includes('comment');
  return {
    id: `hacker_news:${hit.objectID}`,
    source: 'hacker_news',
    kind: isComment ? 'comment' : 'story',
    site: 'news.ycombinator.com',
    title: cleanTitle(isComment ? hit.story_title : hit.title),
    excerpt: cleanExcerpt(isComment ? hit.comment_text : hit.story_text),
    url: `${ITEM_URL}${hit.objectID}`,
    score: scoreOrNull(hit.points),
    comments: isComment ? null : countOrNull(hit.num_comments),
    views: null,
    createdAt: isoTime(hit.created_at),
  };
}

export async function search(env: Bindings, phrase: string): Promise<Discussion[]> {
  const url = new URL(`${env.HACKER_NEWS_API_URL ?? DEFAULT_API_URL}/search`);
  url.searchParams.set('query', phrase);
  url.searchParams.set('tags', '(story,comment)');
  url.searchParams.set('hitsPerPage', String(DISCUSSION_LIMITS.resultsPerSource));
  const answer = await fetchSourceJson(env, 'Hacker News', url, { headers: { Accept: 'application/json' } }, AnswerSchema);
  return keepUsable(answer.hits, HitSchema, toDiscussion);
}
