import { BuildPlanSchema, type PlanProposal } from '#contracts/phases/build-plan';
import type { PhaseHost, Sql } from '../types';

/**
 * The re-plan waiting for a member's answer, in the object's own SQLite (one row at most), and in
 * the shared state's `planProposal` for every member. It is never in the memory: the plan changes
 * only when a member accepts it (./replan-answers.ts). Kept here, it survives the object's eviction.
 */

function ensureTable(sql: Sql) {
  sql`CREATE TABLE IF NOT EXISTS build_plan_proposal (
    slot INTEGER PRIMARY KEY CHECK (slot = 1),
    proposal TEXT NOT NULL
  )`;
}

/** The stored proposal, or null (also when what is stored no longer reads as a plan). */
export function loadProposal(sql: Sql): PlanProposal | null {
  ensureTable(sql);
  const [row] = sql<{ proposal: string }>`SELECT proposal FROM build_plan_proposal WHERE slot = 1`;
  if (!row) return null;
  const proposal = JSON.parse(row.proposal) as PlanProposal;
  return BuildPlanSchema.safeParse(proposal.plan).success ? proposal : null;
}

/** Stores the proposal (replacing any other) and shows it to every member. */
export function saveProposal(host: PhaseHost, proposal: PlanProposal) {
  ensureTable(host.sql);
  host.sql`INSERT INTO build_plan_proposal (slot, proposal) VALUES (1, ${JSON.stringify(proposal)})
           ON CONFLICT (slot) DO UPDATE SET proposal = excluded.proposal`;
  host.setState({ planProposal: proposal });
}

/** Forgets the proposal, for every member. */
export function clearProposal(host: PhaseHost) {
  ensureTable(host.sql);
  host.sql`DELETE FROM build_plan_proposal`;
  if (host.state.planProposal !== null) host.setState({ planProposal: null });
}

/** After a start (an eviction included): the state shows what the table holds. */
export function restoreProposal(host: PhaseHost) {
  const stored = loadProposal(host.sql);
  if (JSON.stringify(stored) !== JSON.stringify(host.state.planProposal ?? null)) host.setState({ planProposal: stored });
}
