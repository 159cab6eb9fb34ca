import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Discussion, DiscussionSource } from '#contracts/discussions';
import type { CompetitorSource } from '#contracts/phases/competitors';
import type { Db } from '../client';
import { discussionSearchCache } from '../schema';

/** One in this many stores also deletes expired rows, so the table keeps only live answers. */
const PRUNE_ONE_IN = 50;

/**
 * The results a search source answered for this key, unless that answer has expired: the
 * discussion sources (Discussion) and the competitor sources (CompetitorCandidate) share the table.
 */
export async function cachedDiscussions<Result = Discussion>(
  db: Db,
  source: DiscussionSource | CompetitorSource,
  queryKey: string,
  now = Date.now(),
): Promise<Result[] | null> {
  const [row] = await db
    .select({ results: discussionSearchCache.results })
    .from(discussionSearchCache)
    .where(and(eq(discussionSearchCache.source, source), eq(discussionSearchCache.queryKey, queryKey), gt(discussionSearchCache.expiresAt, now)));
  return row ? (JSON.parse(row.results) as Result[]) : null;
}

/** Keeps a successful answer until `expiresAt`, replacing an expired one in the same statement. */
export async function storeDiscussions(
  db: Db,
  entry: { source: DiscussionSource | CompetitorSource; queryKey: string; discussions: readonly unknown[]; expiresAt: number },
  now = Date.now(),
) {
  const upsert = db
    .insert(discussionSearchCache)
    .values({ source: entry.source, queryKey: entry.queryKey, results: JSON.stringify(entry.discussions), expiresAt: entry.expiresAt })
    .onConflictDoUpdate({
      target: [discussionSearchCache.source, discussionSearchCache.queryKey],
      set: { results: sql`excluded.results`, expiresAt: sql`excluded.expires_at` },
    });
  if (Math.random() * PRUNE_ONE_IN >= 1) return void (await upsert);
  await db.batch([upsert, db.delete(discussionSearchCache).where(lt(discussionSearchCache.expiresAt, now))]);
}
