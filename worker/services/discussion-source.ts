import type { z } from 'zod';
import { DISCUSSION_LIMITS, isWebAddress, type Discussion } from '#contracts/discussions';
import { config } from '../config';
import type { Bindings } from '../env';
import { plainText } from '../lib/plain-text';
import { boundedFetch } from './bounded-fetch';

/**
 * What the three discussion sources (hacker-news.ts, stack-exchange.ts, reddit.ts) share: how an
 * outside call is bounded, how its JSON is checked, and how a result is cleaned before anyone
 * reads it (docs/decisions/0032-discussion-search.md).
 */

/** The source could not answer this search: refused, slow, broken or too large. Never fatal. */
export class SourceUnavailable extends Error {
  override name = 'SourceUnavailable';
}

/** An error answer is read only for the start of its message (errorForLog). */
const MAX_ERROR_BODY_BYTES = 1024;

/**
 * GETs or POSTs one outside URL within DISCUSSION_SEARCH_TIMEOUT_MS and DISCUSSION_SEARCH_MAX_BYTES
 * and returns its JSON checked against `schema`; anything else throws SourceUnavailable.
 */
export async function fetchSourceJson<T>(env: Bindings, source: string, url: URL, init: RequestInit, schema: z.ZodType<T>): Promise<T> {
  const { DISCUSSION_SEARCH_TIMEOUT_MS: timeoutMs, DISCUSSION_SEARCH_MAX_BYTES: maxBytes } = config(env);
  const fetchBounded = boundedFetch({ maxBytes, maxErrorBytes: MAX_ERROR_BODY_BYTES });
  // One deadline for the whole call, the body included: a source that starts answering and then
  // goes silent is as unavailable as one that never answers.
  const deadline = AbortSignal.timeout(timeoutMs);
  let body: unknown;
  try {
    const response = await fetchBounded(url, { ...init, signal: deadline });
    if (!response.ok) {
      const message = await response.text().catch(() => '');
      throw new SourceUnavailable(`${source} answered ${response.status}`, { cause: message });
    }
    body = await response.json();
  } catch (error) {
    if (error instanceof SourceUnavailable) throw error;
    const why = deadline.aborted ? `did not answer within ${timeoutMs} ms` : 'could not be read';
    throw new SourceUnavailable(`${source} ${why}`, { cause: error });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new SourceUnavailable(`${source} answered in an unexpected shape`, { cause: parsed.error });
  return parsed.data;
}

/** Outside text as a card shows it: plain, one line, cut to its limit. */
export const cleanTitle = (html: string | null | undefined) => plainText(html ?? '', DISCUSSION_LIMITS.titleChars);
export const cleanExcerpt = (html: string | null | undefined) => plainText(html ?? '', DISCUSSION_LIMITS.excerptChars);

/** Points or votes (may be negative) when the source gave a number. */
export const scoreOrNull = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : null);

/** A count only when the source gave a sensible one. */
export const countOrNull = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : null);

/** An ISO 8601 time from seconds since 1970 or a date string; null when it is not a real time. */
export function isoTime(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const time = typeof value === 'number' ? value * 1000 : Date.parse(value);
  return Number.isFinite(time) && Math.abs(time) < 8.64e15 ? new Date(time).toISOString() : null;
}

/**
 * Keeps the items that parse and make a usable result (a title and an http(s) link), in the
 * source's own order, up to the per-source cap: one malformed item never costs the others.
 */
export function keepUsable<Item>(items: unknown[], schema: z.ZodType<Item>, toDiscussion: (item: Item) => Discussion | null): Discussion[] {
  const kept: Discussion[] = [];
  for (const raw of items) {
    const item = schema.safeParse(raw);
    if (!item.success) continue;
    const discussion = toDiscussion(item.data);
    if (!discussion || !discussion.title || !isWebAddress(discussion.url)) continue;
    kept.push(discussion);
    if (kept.length === DISCUSSION_LIMITS.resultsPerSource) break;
  }
  return kept;
}
