import { hasControlCharacters } from './text';
import { z } from './zod';

/**
 * Evidence from real discussions: what the co-founder's search tool finds on Hacker News, Stack
 * Exchange and Reddit (worker/services/discussion-search.ts), as it reaches the model and the
 * source cards of the workspace. Every field is plain text cut to its limit; `url` is always
 * http(s). Why these sources and how they are cached: docs/decisions/0032-discussion-search.md.
 */

export const DISCUSSION_SOURCES = ['hacker_news', 'stack_exchange', 'reddit'] as const;
export type DiscussionSource = (typeof DISCUSSION_SOURCES)[number];

export const SOURCE_LABELS: Record<DiscussionSource, string> = {
  hacker_news: 'Hacker News',
  stack_exchange: 'Stack Exchange',
  reddit: 'Reddit',
};

export const DISCUSSION_LIMITS = {
  /** A search phrase: characters and words. */
  queryChars: 120,
  queryWords: 12,
  /** Phrases per search call (each is sent to every offered source). */
  queriesPerSearch: 4,
  /** Results kept from one source for one phrase. */
  resultsPerSource: 8,
  /** Discussions returned by one search call, best first, after removing duplicates. */
  discussionsPerSearch: 12,
  titleChars: 200,
  excerptChars: 300,
} as const;

/**
 * Stack Exchange sites the co-founder may search: the model picks the one nearest the problem.
 * A fixed list keeps the parameter from carrying anything but a site name.
 */
export const STACK_EXCHANGE_SITES = [
  'stackoverflow',
  'superuser',
  'serverfault',
  'softwarerecs',
  'webapps',
  'webmasters',
  'ux',
  'pm',
  'money',
  'workplace',
  'freelancing',
  'law',
  'academia',
  'parenting',
  'cooking',
  'diy',
  'travel',
  'fitness',
  'health',
  'gardening',
  'pets',
  'mechanics',
  'photo',
  'music',
  'gaming',
  'ell',
  'expatriates',
  'datascience',
] as const;
export type StackExchangeSite = (typeof STACK_EXCHANGE_SITES)[number];

export interface Discussion {
  /** `<source>:<the source's own id>`, stable across searches. */
  id: string;
  source: DiscussionSource;
  kind: 'story' | 'comment' | 'question' | 'post';
  /** Where it was said, as people name it: 'news.ycombinator.com', 'money.stackexchange.com', 'r/smallbusiness'. */
  site: string;
  title: string;
  /** The words of the discussion itself (HTML removed), cut to `excerptChars`; may be empty. */
  excerpt: string;
  url: string;
  /** Points, votes or score. */
  score: number | null;
  /** Comments, or answers for a Stack Exchange question. */
  comments: number | null;
  /** Stack Exchange only. */
  views: number | null;
  /** ISO 8601. */
  createdAt: string | null;
}

/** What happened at one source during one search: the UI says which sources were searched. */
export interface SourceReport {
  source: DiscussionSource;
  /** 'unavailable': every phrase failed there (time-out, refusal, bad answer) or its rate limit was reached. */
  status: 'ok' | 'unavailable';
  /** Discussions it contributed before removing duplicates. */
  found: number;
  /** Phrases answered from the 24-hour cache, without an outside call. */
  cachedQueries: number;
}

/** The output of the search_discussions tool: the source cards and what the model reads. */
export interface DiscussionSearchResult {
  queries: string[];
  sources: SourceReport[];
  discussions: Discussion[];
  /**
   * Set when every source was unavailable: nothing was searched, which says nothing about the
   * problem. The founder sees it on the cards and the model reads it (never 'no discussions matched').
   */
  nothingSearched?: string;
}

/** What the founder and the model are told when no source could be searched at all. */
export const nothingSearchedMessage = (sources: readonly DiscussionSource[]) =>
  `Nothing could be searched: ${sources.map((source) => SOURCE_LABELS[source]).join(', ')} ${sources.length === 1 ? 'was' : 'were'} unavailable (timed out, refused or at its limit). This says nothing about the problem. Tell the founder that no search ran and why, and offer to try again in a few minutes; do not say that no discussions matched.`;

export const searchPhrase = z
  .string()
  .trim()
  .min(2, 'A search phrase needs at least 2 characters')
  .max(DISCUSSION_LIMITS.queryChars, `A search phrase is at most ${DISCUSSION_LIMITS.queryChars} characters`)
  .refine((text) => !hasControlCharacters(text), 'A search phrase cannot contain control characters')
  // Words, numbers and everyday punctuation: no markup, no URLs, no search-operator syntax.
  .refine((text) => /^[\p{L}\p{M}\p{N} '"&+.,?!:()#$%-]+$/u.test(text), 'A search phrase holds words, numbers and simple punctuation only')
  .refine((text) => text.split(/\s+/).length <= DISCUSSION_LIMITS.queryWords, `A search phrase is at most ${DISCUSSION_LIMITS.queryWords} words`);

export const SearchDiscussionsInputSchema = z.strictObject({
  queries: z
    .array(searchPhrase)
    .min(1)
    .max(DISCUSSION_LIMITS.queriesPerSearch)
    .describe('2 to 4 short phrases, in the words the people who have the problem would use (not the product idea)'),
  stackExchangeSite: z.enum(STACK_EXCHANGE_SITES).optional().describe('The Stack Exchange site nearest the problem; default stackoverflow'),
});
export type SearchDiscussionsInput = z.infer<typeof SearchDiscussionsInputSchema>;

/** Links shown to people: http(s) only, so a result can never carry a javascript: or data: address. */
export const isWebAddress = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
};
