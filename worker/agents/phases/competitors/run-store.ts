import type { ResearchRunState } from '#contracts/phases/competitors';
import type { Sql } from '../types';
import type { RunRecord } from './research-run';

/**
 * Research runs in the object's own SQLite (docs/decisions/0041-research-runs.md): one row per run,
 * holding its status, its progress and what it found so far, written after every step so that
 * an evicted object carries on where it was (the run is phase 3's job: ./runs.ts). Every transition is one conditional UPDATE; the
 * object runs one frame at a time and SQLite calls are synchronous, so of any number of
 * approvals of one run exactly one moves it from 'proposed' to 'running'.
 */

function ensureTable(sql: Sql) {
  sql`CREATE TABLE IF NOT EXISTS research_runs (
    id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    record TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  )`;
}

export function saveRun(sql: Sql, record: RunRecord) {
  ensureTable(sql);
  sql`INSERT INTO research_runs (id, status, record, updated_at) VALUES (${record.state.id}, ${record.state.status}, ${JSON.stringify(record)}, ${Date.now()})
      ON CONFLICT (id) DO UPDATE SET status = excluded.status, record = excluded.record, updated_at = excluded.updated_at`;
}

export function loadRun(sql: Sql, id: string): RunRecord | null {
  ensureTable(sql);
  const [row] = sql<{ record: string }>`SELECT record FROM research_runs WHERE id = ${id}`;
  return row ? (JSON.parse(row.record) as RunRecord) : null;
}

/** Runs that were running when the object last stopped. */
export function runningRunIds(sql: Sql): string[] {
  ensureTable(sql);
  return sql<{ id: string }>`SELECT id FROM research_runs WHERE status = 'running'`.map((row) => row.id);
}

/** Every run's candidates and pages: what runs found is evidence the co-founder may cite. */
export function allRuns(sql: Sql): RunRecord[] {
  ensureTable(sql);
  return sql<{ record: string }>`SELECT record FROM research_runs`.map((row) => JSON.parse(row.record) as RunRecord);
}

/** Moves a run from one status to another, only from the given ones; returns the run after, or null when it was not in them. */
export function transition(sql: Sql, id: string, from: readonly ResearchRunState['status'][], change: (record: RunRecord) => RunRecord): RunRecord | null {
  const record = loadRun(sql, id);
  if (!record || !from.includes(record.state.status)) return null;
  const next = change(record);
  saveRun(sql, next);
  return next;
}
