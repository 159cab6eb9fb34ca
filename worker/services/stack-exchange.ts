import { z } from 'zod';
import { DISCUSSION_LIMITS, type Discussion, type StackExchangeSite } from '#contracts/discussions';
import type { Bindings } from '../env';
import { cleanExcerpt, cleanTitle, countOrNull, fetchSourceJson, isoTime, keepUsable, scoreOrNull, SourceUnavailable } from './discussion-source';

/**
 * Stack Exchange's public API: questions matching a phrase on one site of the network. No key is
 * needed (300 requests a day per address); STACK_EXCHANGE_KEY raises the quota to 10,000.
 */
const DEFAULT_API_URL = 'https://api.stackexchange.com/2.3';
const DEFAULT_SITE: StackExchangeSite = 'stackoverflow';
/** Sites with a domain of their own; the others live under stackexchange.com. */
const OWN_DOMAINS: Partial<Record<StackExchangeSite, string>> = {
  stackoverflow: 'stackoverflow.com',
  superuser: 'superuser.com',
  serverfault: 'serverfault.com',
};

const AnswerSchema = z.object({
  items: z.array(z.unknown()),
  /** Seconds the API asks us not to call this method again. */
  backoff: z.number().optional(),
});
const QuestionSchema = z.object({
  question_id: z.number().int().nonnegative(),
  title: z.string(),
  link: z.string(),
  body: z.string().nullish(),
  score: z.number().nullish(),
  answer_count: z.number().nullish(),
  view_count: z.number().nullish(),
  creation_date: z.number().nullish(),
});

/**
 * Until when this isolate must not call an API that asked for a backoff, by base URL. The search
 * does not wait it out: the source is reported unavailable until then.
 */
const pausedUntil = new Map<string, number>();

export async function search(env: Bindings, phrase: string, options: { site?: StackExchangeSite } = {}): Promise<Discussion[]> {
  const base = env.STACK_EXCHANGE_API_URL ?? DEFAULT_API_URL;
  const site = options.site ?? DEFAULT_SITE;
  const paused = pausedUntil.get(base);
  if (paused !== undefined && paused > Date.now()) throw new SourceUnavailable('Stack Exchange asked us to back off');

  const url = new URL(`${base}/search/advanced`);
  url.searchParams.set('order', 'desc');
  url.searchParams.set('sort', 'relevance');
  url.searchParams.set('q', phrase);
  url.searchParams.set('site', site);
  url.searchParams.set('pagesize', String(DISCUSSION_LIMITS.resultsPerSource));
  url.searchParams.set('filter', 'withbody');
  if (env.STACK_EXCHANGE_KEY) url.searchParams.set('key', env.STACK_EXCHANGE_KEY);

  const answer = await fetchSourceJson(env, 'Stack Exchange', url, { headers: { Accept: 'application/json' } }, AnswerSchema);
  if (answer.backoff && answer.backoff > 0) pausedUntil.set(base, Date.now() + answer.backoff * 1000);

  const label = OWN_DOMAINS[site] ?? `${site}.stackexchange.com`;
  return keepUsable(answer.items, QuestionSchema, (question) => ({
    id: `stack_exchange:${site}:${question.question_id}`,
    source: 'stack_exchange',
    kind: 'question',
    site: label,
    title: cleanTitle(question.title),
    excerpt: cleanExcerpt(question.body),
    url: question.link,
    score: scoreOrNull(question.score),
    comments: countOrNull(question.answer_count),
    views: countOrNull(question.view_count),
    createdAt: isoTime(question.creation_date),
  }));
}
