import {
  COMPETITOR_LIMITS,
  COMPETITOR_SOURCE_LABELS,
  COMPETITOR_SOURCES,
  FindCompetitorsInputSchema,
  type CompetitorCandidate,
  type CompetitorSearchResult,
  type CompetitorSource,
  type CompetitorSourceReport,
  type FindCompetitorsInput,
} from '#contracts/phases/competitors';
import { config, type Config } from '../config';
import { getDb, type Db } from '../db/client';
import { cachedDiscussions, storeDiscussions } from '../db/queries/discussion-cache';
import type { Bindings } from '../env';
import * as appStore from './competitor-sources/app-store';
import * as github from './competitor-sources/github';
import * as showHn from './competitor-sources/show-hn';
import * as webSearch from './competitor-sources/web-search';
import { normalisePhrase } from './discussion-search';
import { SourceUnavailable } from './discussion-source';
import { admit, type WindowLimit } from './rate-limit';
import { errorForLog } from './redact';

/**
 * Phase 3's search for competitors: every phrase at every source at once, each answer kept in
 * D1's search cache (DISCUSSION_CACHE_HOURS), each source within its own limit and time-out, a
 * failing source reported as unavailable and web search as not connected without its key
 * (docs/decisions/0040-competitor-research.md). Only the phrases leave the Worker.
 */

interface SourceEntry {
  search: (env: Bindings, phrase: string) => Promise<CompetitorCandidate[]>;
  rule: (settings: Config) => WindowLimit;
  /** Whose quota it is: the endpoint searched (the public API unless configured otherwise). */
  endpoint: (env: Bindings) => string | undefined;
  connected: (env: Bindings) => boolean;
}

const MINUTE = 60;
const DAY = 86_400;

const SOURCES: Record<CompetitorSource, SourceEntry> = {
  // Show HN is Algolia's Hacker News search: the same quota as phase 2's Hacker News searches.
  show_hn: {
    search: showHn.search,
    rule: (settings) => ({ name: 'discussion-search:hacker_news', limit: settings.HACKER_NEWS_SEARCHES_PER_MINUTE, windowSeconds: MINUTE }),
    endpoint: (env) => env.HACKER_NEWS_API_URL,
    connected: () => true,
  },
  github: {
    search: github.search,
    rule: (settings) => ({ name: 'competitor-search:github', limit: settings.GITHUB_SEARCHES_PER_MINUTE, windowSeconds: MINUTE }),
    endpoint: (env) => env.GITHUB_API_URL,
    connected: () => true,
  },
  app_store: {
    search: appStore.search,
    rule: (settings) => ({ name: 'competitor-search:app_store', limit: settings.APP_STORE_SEARCHES_PER_MINUTE, windowSeconds: MINUTE }),
    endpoint: (env) => env.ITUNES_API_URL,
    connected: () => true,
  },
  web: {
    search: webSearch.search,
    rule: (settings) => ({ name: 'competitor-search:web', limit: settings.WEB_SEARCHES_PER_DAY, windowSeconds: DAY }),
    endpoint: (env) => env.BRAVE_SEARCH_API_URL,
    connected: webSearch.isWebSearchConnected,
  },
};

/** The sources this deployment searches: web search only with its key. */
export const connectedCompetitorSources = (env: Bindings) => COMPETITOR_SOURCES.filter((source) => SOURCES[source].connected(env));

/** One phrase at one source: from the cache, or within the source's limit from the source itself. */
async function searchSource(env: Bindings, db: Db, source: CompetitorSource, phrase: string): Promise<{ candidates: CompetitorCandidate[]; cached: boolean }> {
  const settings = config(env);
  const key = normalisePhrase(phrase);
  const cached = await cachedDiscussions<CompetitorCandidate>(db, source, key);
  if (cached) return { candidates: cached, cached: true };
  const entry = SOURCES[source];
  const admission = await admit(env.DB, [entry.rule(settings)], entry.endpoint(env) ?? 'public');
  if (!admission.allowed) throw new SourceUnavailable(`${COMPETITOR_SOURCE_LABELS[source]}: our search limit is reached`);
  const candidates = await entry.search(env, phrase);
  await storeDiscussions(db, { source, queryKey: key, discussions: candidates, expiresAt: Date.now() + settings.DISCUSSION_CACHE_HOURS * 3_600_000 });
  return { candidates, cached: false };
}

/** Searches the phrases at the sources (all by default), reporting each source's outcome as it ends. */
export async function searchCompetitors(
  env: Bindings,
  input: FindCompetitorsInput,
  options: { sources?: readonly CompetitorSource[]; onSource?: (report: CompetitorSourceReport) => void } = {},
): Promise<CompetitorSearchResult> {
  // Checked here too, so that nothing but a valid phrase is ever sent out, whoever calls.
  const { queries } = FindCompetitorsInputSchema.parse(input);
  const phrases = queries.filter((phrase, index) => queries.findIndex((other) => normalisePhrase(other) === normalisePhrase(phrase)) === index);
  const db = getDb(env.DB);
  const perSource = await Promise.all(
    (options.sources ?? COMPETITOR_SOURCES).map(async (source) => {
      let report: CompetitorSourceReport;
      const found: CompetitorCandidate[] = [];
      if (!SOURCES[source].connected(env)) {
        report = { source, status: 'not_connected', found: 0, cachedQueries: 0 };
      } else {
        const answers = await Promise.allSettled(phrases.map((phrase) => searchSource(env, db, source, phrase)));
        let cachedQueries = 0;
        let answered = 0;
        for (const answer of answers) {
          if (answer.status === 'fulfilled') {
            answered++;
            found.push(...answer.value.candidates);
            if (answer.value.cached) cachedQueries++;
          } else {
            console.warn(`Competitor search: ${COMPETITOR_SOURCE_LABELS[source]} unavailable`, errorForLog(answer.reason));
          }
        }
        report = { source, status: answered > 0 ? 'ok' : 'unavailable', found: found.length, cachedQueries };
      }
      options.onSource?.(report);
      return { report, candidates: found };
    }),
  );
  const seen = new Set<string>();
  const candidates: CompetitorCandidate[] = [];
  for (let rank = 0; perSource.some((source) => rank < source.candidates.length); rank++) {
    for (const source of perSource) {
      const candidate = source.candidates[rank];
      if (!candidate || seen.has(candidate.id) || seen.has(candidate.url)) continue;
      seen.add(candidate.id);
      seen.add(candidate.url);
      if (candidates.length < COMPETITOR_LIMITS.candidatesPerSearch) candidates.push(candidate);
    }
  }
  return { queries: phrases, sources: perSource.map((source) => source.report), candidates };
}
