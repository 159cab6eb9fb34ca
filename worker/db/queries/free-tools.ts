import { eq, sql } from 'drizzle-orm';
import { newToken } from '../../lib/tokens';
import type { Db } from '../client';
import { toolCounters, toolResults } from '../schema';

export type Tool = (typeof toolCounters.$inferSelect)['tool'];

const today = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

/** Seconds until the next UTC midnight, when the daily cap resets. */
export const secondsUntilTomorrow = (now = Date.now()) => Math.ceil((Date.parse(`${today(now)}T00:00:00Z`) + 86_400_000 - now) / 1000);

/**
 * Takes one of today's model calls, or refuses when the global cap is spent. One atomic upsert,
 * so the cap is exact however many visitors arrive at once (KV could not promise that).
 */
export async function takeDailyModelCall(d1: D1Database, cap: number): Promise<boolean> {
  const row = await d1
    .prepare(
      `INSERT INTO llm_daily_usage (day, requests) SELECT ?1, 1 WHERE ?2 > 0
       ON CONFLICT (day) DO UPDATE SET requests = requests + 1 WHERE requests < ?2
       RETURNING requests`,
    )
    .bind(today(), cap)
    .first();
  return row !== null;
}

export async function readCounter(db: Db, tool: Tool): Promise<number> {
  const [row] = await db.select({ count: toolCounters.count }).from(toolCounters).where(eq(toolCounters.tool, tool));
  return row?.count ?? 0;
}

/**
 * Keeps a successful result under a fresh unguessable id (128 random bits) and grows the public
 * counter, in one batch.
 */
export async function recordResult(db: Db, entry: { tool: Tool; input: string; result: unknown; generated: number; offlineDemo: boolean }): Promise<string> {
  const id = newToken().slice(0, 22);
  await db.batch([
    db.insert(toolResults).values({ id, tool: entry.tool, input: entry.input, result: JSON.stringify(entry.result), offlineDemo: entry.offlineDemo }),
    db
      .insert(toolCounters)
      .values({ tool: entry.tool, count: entry.generated })
      .onConflictDoUpdate({ target: toolCounters.tool, set: { count: sql`${toolCounters.count} + ${entry.generated}` } }),
  ]);
  return id;
}

export async function findResult(db: Db, id: string) {
  const [row] = await db.select().from(toolResults).where(eq(toolResults.id, id));
  return row;
}
