import type { GrowState } from '#contracts/phases/grow';
import type { WorkspaceState } from '#contracts/workspace';
import type { PhaseHost } from '../types';

/**
 * The week of the last check-in posted, kept in the object's SQLite as well as in the shared
 * state: it is written before the post, so a check-in retried after an eviction in the middle of
 * it finds its week taken and never posts twice.
 */

const ready = new WeakSet<PhaseHost>();
function table(host: PhaseHost) {
  if (ready.has(host)) return;
  host.sql`CREATE TABLE IF NOT EXISTS grow_check_in (id INTEGER PRIMARY KEY CHECK (id = 1), last_week TEXT NOT NULL)`;
  ready.add(host);
}

export const checkInOf = (host: PhaseHost): GrowState['checkIn'] => host.state.checkIn;

export const setCheckIn = (host: PhaseHost, checkIn: Partial<GrowState['checkIn']>) =>
  host.setState({ checkIn: { ...checkInOf(host), ...checkIn } } as Partial<WorkspaceState>);

/** The week of the last check-in posted: the later of what SQLite and the state hold. */
export function lastWeekOf(host: PhaseHost): string | null {
  table(host);
  const stored = host.sql<{ last_week: string }>`SELECT last_week FROM grow_check_in WHERE id = 1`[0]?.last_week ?? null;
  const inState = checkInOf(host).lastWeek;
  if (stored === null) return inState;
  if (inState === null) return stored;
  return stored > inState ? stored : inState;
}

export function recordWeek(host: PhaseHost, week: string) {
  table(host);
  host.sql`INSERT INTO grow_check_in (id, last_week) VALUES (1, ${week}) ON CONFLICT (id) DO UPDATE SET last_week = excluded.last_week`;
  setCheckIn(host, { lastWeek: week });
}

/**
 * Takes `week` for a check-in about to be posted, unless one was posted (or is being posted) in
 * it: the read and the write run with no wait between them, so of two attempts at once, one
 * takes it. Returns the week held before, for `releaseWeek`; undefined when the week was taken.
 */
export function claimWeek(host: PhaseHost, week: string): { before: string | null } | undefined {
  const before = lastWeekOf(host);
  if (before === week) return undefined;
  recordWeek(host, week);
  return { before };
}

/** Gives a claimed week back when nothing was posted in it (the allowance was spent). */
export function releaseWeek(host: PhaseHost, before: string | null) {
  if (before !== null) return recordWeek(host, before);
  table(host);
  host.sql`DELETE FROM grow_check_in WHERE id = 1`;
  setCheckIn(host, { lastWeek: null });
}

/** After an eviction the state shows the week SQLite holds, if the state lost it. */
export function restoreWeek(host: PhaseHost) {
  const week = lastWeekOf(host);
  if (week !== checkInOf(host).lastWeek) setCheckIn(host, { lastWeek: week });
}
