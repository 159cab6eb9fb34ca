import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Discussion, DiscussionSource } from '#contracts/discussions';
import type { Db } from '../client';
import { discussionSearchCache } from '../schema';

/** One in this many stores also deletes expired rows, so the table keeps only live answers. */
const PRUNE_ONE_IN = 50;

/** The discussions a source answered for this key, unless that answer has expired. */
export async function cachedDiscussions(db: Db, source: DiscussionSource, queryKey: string, now = Date.now()): Promise<Discussion[] | null> {
  const [row] = await db
    .select({ results: discussionSearchCache.results })
    .from(discussionSearchCache)
    .where(and(eq(discussionSearchCache.source, source), eq(discussionSearchCache.queryKey, queryKey), gt(discussionSearchCache.expiresAt, now)));
  return row ? (JSON.parse(row.results) as Discussion[]) : null;
}

/** Keeps a successful answer until `expiresAt`, replacing an expired one in the same statement. */
export async function storeDiscussions(db: Db, entry: { source: DiscussionSource; queryKey: string; discussions: Discussion[]; expiresAt: number }, now = Date.now()) {
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
