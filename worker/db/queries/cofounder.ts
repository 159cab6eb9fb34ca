import type { LimitName } from '#contracts/workspace';

/**
 * D1 side of the co-founder workspace: daily answer limits, phase progress and privacy mode.
 * The limits are exact under concurrency: see docs/decisions/0027-cofounder-limits-and-privacy.md.
 */

export interface AnswerCaps {
  memberPerDay: number;
  projectPerDay: number;
  globalPerDay: number;
}

/** One answer's share of today's counters, given back if the model does not produce the answer. */
export interface Reservation {
  day: string;
  /** Null for an answer no member asked for (the workspace writing on its own schedule). */
  memberKey: string | null;
  projectKey: string;
}

export const utcDay = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);
/** The next UTC midnight, when daily counts reset (Unix milliseconds). */
export const nextUtcMidnight = (now = Date.now()) => Date.parse(`${utcDay(now)}T00:00:00Z`) + 86_400_000;

const GLOBAL_MIRROR_KEY = 'llm:global';
const memberKey = (userId: string) => `member:${userId}`;
const projectKey = (projectId: string) => `project:${projectId}`;

/**
 * Takes one answer from the member's, the project's and the global daily allowance, or none.
 * `userId` null: an answer no member asked for (one the workspace writes on its own schedule) is
 * charged to the project and the global allowance only; no member's cap is touched.
 * One batch (a transaction): the global count grows in llm_daily_usage (shared with the free
 * tools) and is mirrored into a cofounder_usage row whose CHECK (count <= cap) fails the whole
 * batch when any counter would pass its cap, so concurrent sends can never overshoot.
 */
export async function reserveAnswer(
  d1: D1Database,
  who: { userId: string | null; projectId: string },
  caps: AnswerCaps,
): Promise<{ reservation: Reservation } | { refused: LimitName }> {
  const day = utcDay();
  const reservation = { day, memberKey: who.userId === null ? null : memberKey(who.userId), projectKey: projectKey(who.projectId) };
  const bump = (key: string, cap: number) =>
    d1
      .prepare(
        `INSERT INTO cofounder_usage (day, key, count, cap) VALUES (?1, ?2, 1, ?3)
         ON CONFLICT (day, key) DO UPDATE SET count = count + 1, cap = excluded.cap`,
      )
      .bind(day, key, cap);
  try {
    await d1.batch([
      d1.prepare(`INSERT INTO llm_daily_usage (day, requests) VALUES (?1, 1) ON CONFLICT (day) DO UPDATE SET requests = requests + 1`).bind(day),
      d1
        .prepare(
          `INSERT INTO cofounder_usage (day, key, count, cap) SELECT ?1, ?2, requests, ?3 FROM llm_daily_usage WHERE day = ?1
           ON CONFLICT (day, key) DO UPDATE SET count = excluded.count, cap = excluded.cap`,
        )
        .bind(day, GLOBAL_MIRROR_KEY, caps.globalPerDay),
      bump(reservation.projectKey, caps.projectPerDay),
      ...(reservation.memberKey === null ? [] : [bump(reservation.memberKey, caps.memberPerDay)]),
    ]);
    return { reservation };
  } catch (error) {
    if (!/CHECK constraint failed/i.test(String(error))) throw error;
    return { refused: await spentLimit(d1, day, reservation, caps) };
  }
}

/** After a refused reservation: the first allowance that is used up (member, project, global). */
async function spentLimit(d1: D1Database, day: string, reservation: Reservation, caps: AnswerCaps): Promise<LimitName> {
  const { results } = await d1
    .prepare(`SELECT key, count FROM cofounder_usage WHERE day = ?1 AND key IN (?2, ?3)`)
    .bind(day, reservation.memberKey, reservation.projectKey)
    .all<{ key: string; count: number }>();
  const used = new Map(results.map((row) => [row.key, row.count]));
  if (reservation.memberKey !== null && (used.get(reservation.memberKey) ?? 0) >= caps.memberPerDay) return 'member_daily';
  if ((used.get(reservation.projectKey) ?? 0) >= caps.projectPerDay) return 'project_daily';
  return 'global_daily';
}

/** Gives an answer back: the model failed, so nobody is charged for it. */
export async function releaseAnswer(d1: D1Database, reservation: Reservation): Promise<void> {
  await d1.batch([
    d1.prepare(`UPDATE llm_daily_usage SET requests = requests - 1 WHERE day = ?1 AND requests > 0`).bind(reservation.day),
    d1
      .prepare(`UPDATE cofounder_usage SET count = count - 1 WHERE day = ?1 AND key IN (?2, ?3) AND count > 0`)
      .bind(reservation.day, reservation.memberKey, reservation.projectKey),
  ]);
}

export async function projectAnswersToday(d1: D1Database, projectId: string): Promise<number> {
  const row = await d1
    .prepare(`SELECT count FROM cofounder_usage WHERE day = ?1 AND key = ?2`)
    .bind(utcDay(), projectKey(projectId))
    .first<{ count: number }>();
  return row?.count ?? 0;
}

export async function completedPhases(d1: D1Database, projectId: string): Promise<number[]> {
  const { results } = await d1.prepare(`SELECT phase FROM project_phases WHERE project_id = ?1 ORDER BY phase`).bind(projectId).all<{ phase: number }>();
  return results.map((row) => row.phase);
}

/** Completed phases of each of a user's projects, for the project list (the dashboard). */
export async function completedPhasesOfMember(d1: D1Database, userId: string): Promise<Map<string, number[]>> {
  const { results } = await d1
    .prepare(`SELECT p.project_id, p.phase FROM project_phases p JOIN project_members m ON m.project_id = p.project_id WHERE m.user_id = ?1 ORDER BY p.phase`)
    .bind(userId)
    .all<{ project_id: string; phase: number }>();
  const phases = new Map<string, number[]>();
  for (const row of results) phases.set(row.project_id, [...(phases.get(row.project_id) ?? []), row.phase]);
  return phases;
}

/** A phase is no longer done: what completed it was deleted. */
/** Reopens a phase; the phases done after it, read in the same batch. */
export async function reopenPhase(d1: D1Database, projectId: string, phase: number): Promise<number[]> {
  return donePhasesAfter(d1, projectId, d1.prepare(`DELETE FROM project_phases WHERE project_id = ?1 AND phase = ?2`).bind(projectId, phase));
}

/** Marks a phase done (once: its first day stays); the phases done after it, read in the same batch. */
export async function completePhase(d1: D1Database, projectId: string, phase: number): Promise<number[]> {
  return donePhasesAfter(
    d1,
    projectId,
    d1
      .prepare(`INSERT INTO project_phases (project_id, phase, completed_at) VALUES (?1, ?2, ?3) ON CONFLICT (project_id, phase) DO NOTHING`)
      .bind(projectId, phase, Date.now()),
  );
}

async function donePhasesAfter(d1: D1Database, projectId: string, write: D1PreparedStatement): Promise<number[]> {
  const [, done] = await d1.batch<{ phase: number }>([
    write,
    d1.prepare(`SELECT phase FROM project_phases WHERE project_id = ?1 ORDER BY phase`).bind(projectId),
  ]);
  return done!.results.map((row) => row.phase);
}

/** Privacy mode holds for the whole project when any of its members has it on (decision 0027). */
export async function projectPrivacyMode(d1: D1Database, projectId: string): Promise<boolean> {
  const row = await d1
    .prepare(`SELECT 1 AS on_ FROM project_members m JOIN users u ON u.id = m.user_id WHERE m.project_id = ?1 AND u.privacy_mode = 1 LIMIT 1`)
    .bind(projectId)
    .first();
  return row !== null;
}

/** Who may open the workspace: a member of the project, with the name others will see. */
export async function workspaceMember(d1: D1Database, projectId: string, userId: string) {
  return d1
    .prepare(
      `SELECT m.role AS role, COALESCE(NULLIF(TRIM(u.name), ''), substr(u.email, 1, instr(u.email, '@') - 1)) AS name
       FROM project_members m JOIN users u ON u.id = m.user_id WHERE m.project_id = ?1 AND m.user_id = ?2`,
    )
    .bind(projectId, userId)
    .first<{ role: 'owner' | 'collaborator'; name: string }>();
}

/**
 * Whether an open workspace connection may still write: its session (refresh family) is neither
 * revoked, expired nor gone with its account, and its member still belongs to the project. One
 * indexed read per writing frame.
 */
export async function connectionStanding(
  d1: D1Database,
  who: { projectId: string; userId: string; sessionFamily: string },
): Promise<'trusted' | 'signed_out' | 'removed'> {
  const row = await d1
    .prepare(
      `SELECT
         EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = ?1 AND user_id = ?2 AND family_expires_at > ?4)
           AND NOT EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = ?1 AND revoked_at IS NOT NULL) AS signed_in,
         EXISTS (SELECT 1 FROM project_members WHERE project_id = ?3 AND user_id = ?2) AS member`,
    )
    .bind(who.sessionFamily, who.userId, who.projectId, Date.now())
    .first<{ signed_in: number; member: number }>();
  if (!row?.signed_in) return 'signed_out';
  return row.member ? 'trusted' : 'removed';
}

/**
 * The plan of the project's owner, which opens its phases (decision 0023): read on each turn, so
 * an upgrade or a return to Free holds from the next answer on.
 */
export async function projectPlan(d1: D1Database, projectId: string): Promise<'free' | 'pro'> {
  const row = await d1
    .prepare(`SELECT u.plan AS plan FROM projects p JOIN users u ON u.id = p.owner_id WHERE p.id = ?1`)
    .bind(projectId)
    .first<{ plan: string }>();
  return row?.plan === 'pro' ? 'pro' : 'free';
}
