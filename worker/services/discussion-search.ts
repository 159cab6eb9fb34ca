import {
  DISCUSSION_LIMITS,
  nothingSearchedMessage,
  SearchDiscussionsInputSchema,
  SOURCE_LABELS,
  type Discussion,
  type DiscussionSearchResult,
  type DiscussionSource,
  type SearchDiscussionsInput,
  type SourceReport,
  type StackExchangeSite,
} from '#contracts/discussions';
import { config, type Config } from '../config';
import { getDb, type Db } from '../db/client';
import { cachedDiscussions, storeDiscussions } from '../db/queries/discussion-cache';
import type { Bindings } from '../env';
import { SourceUnavailable } from './discussion-source';
import * as hackerNews from './hacker-news';
import { admit, type WindowLimit } from './rate-limit';
import { errorForLog } from './redact';
import * as reddit from './reddit';
import * as stackExchange from './stack-exchange';

/**
 * The co-founder's search of public discussions: every phrase at every offered source at once,
 * answered from a 24-hour cache when it can be, each source within its own limit and time-out, a
 * failing source reported as unavailable rather than failing the search
 * (docs/decisions/0032-discussion-search.md). Only the phrases leave the Worker.
 */

interface SourceEntry {
  search: (env: Bindings, phrase: string, options: { site?: StackExchangeSite }) => Promise<Discussion[]>;
  /** The searches we may send it: its quota is the whole product's, not one founder's. */
  rule: (settings: Config) => WindowLimit;
  /** Whose quota it is: the endpoint searched (the public API unless configured otherwise). */
  endpoint: (env: Bindings) => string | undefined;
}

const MINUTE = 60;
const DAY = 86_400;

const SOURCES: Record<DiscussionSource, SourceEntry> = {
  hacker_news: {
    search: hackerNews.search,
    rule: (settings) => ({ name: 'discussion-search:hacker_news', limit: settings.HACKER_NEWS_SEARCHES_PER_MINUTE, windowSeconds: MINUTE }),
    endpoint: (env) => env.HACKER_NEWS_API_URL,
  },
  stack_exchange: {
    search: stackExchange.search,
    rule: (settings) => ({ name: 'discussion-search:stack_exchange', limit: settings.STACK_EXCHANGE_SEARCHES_PER_DAY, windowSeconds: DAY }),
    endpoint: (env) => env.STACK_EXCHANGE_API_URL,
  },
  reddit: {
    search: reddit.search,
    rule: (settings) => ({ name: 'discussion-search:reddit', limit: settings.REDDIT_SEARCHES_PER_MINUTE, windowSeconds: MINUTE }),
    endpoint: (env) => env.REDDIT_API_URL,
  },
};

/** The sources this deployment can search: Reddit only with its credentials. */
export function offeredSources(env: Bindings): DiscussionSource[] {
  return reddit.isRedditConfigured(env) ? ['hacker_news', 'stack_exchange', 'reddit'] : ['hacker_news', 'stack_exchange'];
}

/**
 * The cache's spelling of a phrase: compatibility forms folded (NFKC), lower case, one space
 * between words, no punctuation at the ends. "  Invoice CHASING?" and "invoice chasing" are one.
 */
export function normalisePhrase(phrase: string): string {
  return phrase
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\p{P}\s]+|[\p{P}\s]+$/gu, '');
}

const cacheKey = (source: DiscussionSource, phrase: string, site: StackExchangeSite) =>
  source === 'stack_exchange' ? `${site}:${normalisePhrase(phrase)}` : normalisePhrase(phrase);

interface PhraseAnswer {
  discussions: Discussion[];
  cached: boolean;
}

/** One phrase at one source: from the cache, or within the source's limit from the source itself. */
async function searchSource(env: Bindings, db: Db, source: DiscussionSource, phrase: string, site: StackExchangeSite): Promise<PhraseAnswer> {
  const settings = config(env);
  const key = cacheKey(source, phrase, site);
  const cached = await cachedDiscussions(db, source, key);
  if (cached) return { discussions: cached, cached: true };

  const entry = SOURCES[source];
  const admission = await admit(env.DB, [entry.rule(settings)], entry.endpoint(env) ?? 'public');
  if (!admission.allowed) throw new SourceUnavailable(`${SOURCE_LABELS[source]}: our search limit is reached`);

  const discussions = await entry.search(env, phrase, { site });
  await storeDiscussions(db, { source, queryKey: key, discussions, expiresAt: Date.now() + settings.DISCUSSION_CACHE_HOURS * 3_600_000 });
  return { discussions, cached: false };
}

/** The first of every list, then the second of every list, and so on. */
function roundRobin<T>(lists: T[][]): T[] {
  const merged: T[] = [];
  for (let rank = 0; lists.some((list) => rank < list.length); rank++) {
    for (const list of lists) if (rank < list.length) merged.push(list[rank]!);
  }
  return merged;
}

export async function searchDiscussions(env: Bindings, input: SearchDiscussionsInput): Promise<DiscussionSearchResult> {
  // Checked here too, so that nothing but a valid phrase is ever sent out, whoever calls.
  const { queries, stackExchangeSite = 'stackoverflow' } = SearchDiscussionsInputSchema.parse(input);
  // The same phrase in another spelling is searched once, as first written.
  const phrases = queries.filter((phrase, index) => queries.findIndex((other) => normalisePhrase(other) === normalisePhrase(phrase)) === index);
  const db = getDb(env.DB);

  const perSource = await Promise.all(
    offeredSources(env).map(async (source) => {
      const answers = await Promise.allSettled(phrases.map((phrase) => searchSource(env, db, source, phrase, stackExchangeSite)));
      const found: Discussion[][] = [];
      let cachedQueries = 0;
      for (const answer of answers) {
        if (answer.status === 'fulfilled') {
          found.push(answer.value.discussions);
          if (answer.value.cached) cachedQueries++;
        } else {
          console.warn(`Discussion search: ${SOURCE_LABELS[source]} unavailable`, errorForLog(answer.reason));
        }
      }
      const report: SourceReport = {
        source,
        status: found.length > 0 ? 'ok' : 'unavailable',
        found: found.reduce((total, list) => total + list.length, 0),
        cachedQueries,
      };
      return { report, discussions: roundRobin(found) };
    }),
  );

  const seenIds = new Set<string>();
  const seenUrls = new Set<string>();
  const discussions: Discussion[] = [];
  for (const discussion of roundRobin(perSource.map((source) => source.discussions))) {
    if (seenIds.has(discussion.id) || seenUrls.has(discussion.url)) continue;
    seenIds.add(discussion.id);
    seenUrls.add(discussion.url);
    discussions.push(discussion);
    if (discussions.length === DISCUSSION_LIMITS.discussionsPerSearch) break;
  }
  const sources = perSource.map((source) => source.report);
  const nothingSearched = sources.length > 0 && sources.every((report) => report.status === 'unavailable');
  return {
    queries: phrases,
    sources,
    discussions,
    ...(nothingSearched ? { nothingSearched: nothingSearchedMessage(sources.map((report) => report.source)) } : {}),
  };
}
