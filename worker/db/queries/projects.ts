import { and, desc, eq, ne } from 'drizzle-orm';
import { OWN_PROJECT_LIMIT } from '#contracts/plans';
import type { InvitationPreview, PhaseCompletion } from '#contracts/projects';
import type { OwnedProject } from '#contracts/user';
import { hashToken, newToken } from '../../lib/tokens';
import type { Db } from '../client';
import { projectMembers, projects, users } from '../schema';

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface ProjectSummary {
  id: string;
  name: string;
  role: 'owner' | 'collaborator';
  createdAt: number;
}

/**
 * The projects `userId` is a member of, newest first, each with its owner's plan: the plan that
 * opens a project's phases, for every member, as the workspace reads it (projectPlan, decision 0023).
 */
export async function listProjects(db: Db, userId: string): Promise<(ProjectSummary & { ownerPlan: 'free' | 'pro' })[]> {
  return db
    .select({ id: projects.id, name: projects.name, role: projectMembers.role, createdAt: projects.createdAt, ownerPlan: users.plan })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .innerJoin(users, eq(users.id, projects.ownerId))
    .where(eq(projectMembers.userId, userId))
    .orderBy(desc(projects.createdAt));
}

/** The phases each of a member's projects completed, with when, in the phases' order (the dashboard). */
export async function phaseCompletionsOfMember(d1: D1Database, userId: string): Promise<Map<string, PhaseCompletion[]>> {
  const { results } = await d1
    .prepare(
      `SELECT p.project_id, p.phase, p.completed_at FROM project_phases p JOIN project_members m ON m.project_id = p.project_id WHERE m.user_id = ?1 ORDER BY p.phase`,
    )
    .bind(userId)
    .all<{ project_id: string; phase: number; completed_at: number }>();
  const completions = new Map<string, PhaseCompletion[]>();
  for (const row of results) {
    const list = completions.get(row.project_id) ?? completions.set(row.project_id, []).get(row.project_id)!;
    list.push({ phase: row.phase, completedAt: row.completed_at });
  }
  return completions;
}

export type CreateProjectAnswer = { created: ProjectSummary } | { limitReached: true } | { noAccount: true };

/**
 * Creates a project and its owner's membership in one batch, if the owner's plan allows another
 * project of their own (docs/decisions/0023). The count and the insert are one statement, so
 * simultaneous creations can never go past the limit.
 */
export async function createProject(d1: D1Database, ownerId: string, name: string): Promise<CreateProjectAnswer> {
  const id = crypto.randomUUID();
  const [inserted] = await d1.batch<{ name: string; created_at: number }>([
    d1
      .prepare(
        `INSERT INTO projects (id, owner_id, name)
         SELECT ?1, u.id, ?3 FROM users u
         WHERE u.id = ?2
           AND (SELECT count(*) FROM projects WHERE owner_id = ?2) < (CASE u.plan WHEN 'pro' THEN ?4 ELSE ?5 END)
         RETURNING name, created_at`,
      )
      .bind(id, ownerId, name, OWN_PROJECT_LIMIT.pro, OWN_PROJECT_LIMIT.free),
    d1.prepare(`INSERT INTO project_members (project_id, user_id, role) SELECT id, owner_id, 'owner' FROM projects WHERE id = ?1`).bind(id),
  ]);
  const created = inserted?.results[0];
  if (created) return { created: { id, name: created.name, role: 'owner', createdAt: created.created_at } };
  const [owner] = await d1.prepare('SELECT 1 AS found FROM users WHERE id = ?1').bind(ownerId).raw();
  return owner ? { limitReached: true } : { noAccount: true };
}

/** The projects `userId` owns, each with the other members it could be handed to. */
export async function ownedProjects(db: Db, userId: string): Promise<OwnedProject[]> {
  const owned = await db.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.ownerId, userId)).orderBy(desc(projects.createdAt));
  const members = await db
    .select({ projectId: projectMembers.projectId, id: users.id, email: users.email })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projects.ownerId, userId), ne(projectMembers.userId, userId)))
    .orderBy(users.email);
  return owned.map((project) => ({
    ...project,
    members: members.filter((member) => member.projectId === project.id).map(({ id, email }) => ({ id, email })),
  }));
}

export async function membershipOf(db: Db, projectId: string, userId: string) {
  const [member] = await db
    .select({ role: projectMembers.role, name: projects.name })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  return member;
}

export async function renameProject(db: Db, projectId: string, name: string): Promise<void> {
  await db.update(projects).set({ name }).where(eq(projects.id, projectId));
}

/**
 * Creates an invitation while `invitedBy` is a member of the project, in one statement: a creation
 * racing the inviter's removal either lands first (and the removal's batch withdraws it) or finds
 * no membership and is refused (docs/security.md §9). Null when refused.
 */
export async function createInvitation(d1: D1Database, projectId: string, email: string, invitedBy: string): Promise<string | null> {
  const token = newToken();
  const created = await d1
    .prepare(
      `INSERT INTO invitations (token_hash, project_id, email, invited_by, expires_at)
       SELECT ?1, ?2, ?3, ?4, ?5
       WHERE EXISTS (SELECT 1 FROM project_members WHERE project_id = ?2 AND user_id = ?4)
       RETURNING token_hash`,
    )
    .bind(await hashToken(token), projectId, email, invitedBy, Date.now() + INVITATION_LIFETIME_MS)
    .first();
  return created ? token : null;
}

/**
 * The condition under which a pending invitation still works, for SQL where the invitation is `i`:
 * whoever made it is still a member of its project (the owner always is), so the project exists.
 */
const MAKER_STILL_MEMBER = 'EXISTS (SELECT 1 FROM project_members maker WHERE maker.project_id = i.project_id AND maker.user_id = i.invited_by)';

/**
 * What an invitation link may show whoever holds it (the link is the secret): the invited address,
 * the project and who invited, by display name or else address. Null when it is used, expired, unknown or
 * withdrawn, or when whoever made it is no longer a member.
 */
export async function invitationPreview(d1: D1Database, token: string): Promise<InvitationPreview | null> {
  return d1
    .prepare(
      `SELECT i.email AS email, p.name AS projectName, COALESCE(NULLIF(TRIM(u.name), ''), u.email) AS invitedBy
       FROM invitations i JOIN projects p ON p.id = i.project_id JOIN users u ON u.id = i.invited_by
       WHERE i.token_hash = ?1 AND i.accepted_at IS NULL AND i.expires_at > ?2 AND ${MAKER_STILL_MEMBER}`,
    )
    .bind(await hashToken(token), Date.now())
    .first<InvitationPreview>();
}

export type InvitationAnswer = { joined: string } | { alreadyMember: string } | { makerLeft: true } | { invalid: true };

/**
 * Accepts an invitation for `userId`: marks it used and adds the membership in one batch, so a
 * link works exactly once. The link is the secret; whoever holds it may join, but only while its
 * maker is still a member of the project (checked in the same statement), so a removed member's
 * links never bring anyone in, themselves included. Someone who is already a member (the owner
 * trying their own link) does not spend it.
 */
export async function acceptInvitation(d1: D1Database, token: string, userId: string): Promise<InvitationAnswer> {
  const now = Date.now();
  const tokenHash = await hashToken(token);
  const [accepted] = await d1.batch<{ project_id: string }>([
    d1
      .prepare(
        `UPDATE invitations AS i SET accepted_at = ?2, accepted_by = ?3
         WHERE i.token_hash = ?1 AND i.accepted_at IS NULL AND i.expires_at > ?2
           AND ${MAKER_STILL_MEMBER}
           AND NOT EXISTS (SELECT 1 FROM project_members WHERE project_id = i.project_id AND user_id = ?3)
         RETURNING project_id`,
      )
      .bind(tokenHash, now, userId),
    d1
      .prepare(
        `INSERT INTO project_members (project_id, user_id, role)
         SELECT project_id, ?3, 'collaborator' FROM invitations WHERE token_hash = ?1 AND accepted_at = ?2 AND accepted_by = ?3
         ON CONFLICT (project_id, user_id) DO NOTHING`,
      )
      .bind(tokenHash, now, userId),
  ]);
  const joined = accepted?.results[0]?.project_id;
  if (joined) return { joined };

  const pending = await d1
    .prepare(
      `SELECT i.project_id, ${MAKER_STILL_MEMBER} AS maker_is_member,
              EXISTS (SELECT 1 FROM project_members WHERE project_id = i.project_id AND user_id = ?3) AS caller_is_member
       FROM invitations i WHERE i.token_hash = ?1 AND i.accepted_at IS NULL AND i.expires_at > ?2`,
    )
    .bind(tokenHash, now, userId)
    .first<{ project_id: string; maker_is_member: number; caller_is_member: number }>();
  if (!pending) return { invalid: true };
  if (pending.caller_is_member) return { alreadyMember: pending.project_id };
  return pending.maker_is_member ? { invalid: true } : { makerLeft: true };
}

/** The invitation a member joined through, as its owner sees it. */
export interface JoinedThrough {
  id: string;
  email: string;
  invitedBy: string | null;
  createdAt: number;
}

export interface ProjectMember {
  userId: string;
  name: string | null;
  email: string;
  role: 'owner' | 'collaborator';
  joinedAt: number;
  /** Null for the owner (and for members who joined before invitations were recorded). */
  invitation: JoinedThrough | null;
}

export interface PendingInvitation {
  id: string;
  email: string;
  /** Who sent it: their display name, else their address. */
  invitedBy: string | null;
  createdAt: number;
  expiresAt: number;
}

/**
 * An invitation's public id is its token's SHA-256 hash: it names the row without revealing the
 * token (which is never stored), so knowing it does not let anyone accept the invitation.
 */
export const INVITATION_ID_SHAPE = /^[0-9a-f]{64}$/;

/** Everyone in the project, the owner first, each with the invitation they came through. */
export async function listMembers(d1: D1Database, projectId: string): Promise<ProjectMember[]> {
  const { results } = await d1
    .prepare(
      `SELECT m.user_id, u.name, u.email, m.role, m.created_at AS joined_at,
              i.token_hash AS invitation_id, i.email AS invitation_email, i.created_at AS invitation_created_at, COALESCE(NULLIF(TRIM(inviter.name), ''), inviter.email) AS invited_by
       FROM project_members m
       JOIN users u ON u.id = m.user_id
       LEFT JOIN invitations i ON i.token_hash = (
         SELECT token_hash FROM invitations WHERE project_id = m.project_id AND accepted_by = m.user_id ORDER BY accepted_at DESC LIMIT 1)
       LEFT JOIN users inviter ON inviter.id = i.invited_by
       WHERE m.project_id = ?1
       ORDER BY m.role = 'owner' DESC, m.created_at`,
    )
    .bind(projectId)
    .all<{
      user_id: string;
      name: string | null;
      email: string;
      role: 'owner' | 'collaborator';
      joined_at: number;
      invitation_id: string | null;
      invitation_email: string | null;
      invitation_created_at: number | null;
      invited_by: string | null;
    }>();
  return results.map((row) => ({
    userId: row.user_id,
    name: row.name,
    email: row.email,
    role: row.role,
    joinedAt: row.joined_at,
    invitation:
      row.invitation_id === null
        ? null
        : { id: row.invitation_id, email: row.invitation_email!, invitedBy: row.invited_by, createdAt: row.invitation_created_at! },
  }));
}

/** Invitations not yet accepted and not expired, newest first. */
export async function listPendingInvitations(d1: D1Database, projectId: string): Promise<PendingInvitation[]> {
  const { results } = await d1
    .prepare(
      `SELECT i.token_hash AS id, i.email, COALESCE(NULLIF(TRIM(inviter.name), ''), inviter.email) AS invited_by, i.created_at, i.expires_at
       FROM invitations i LEFT JOIN users inviter ON inviter.id = i.invited_by
       WHERE i.project_id = ?1 AND i.accepted_at IS NULL AND i.expires_at > ?2
       ORDER BY i.created_at DESC`,
    )
    .bind(projectId, Date.now())
    .all<{ id: string; email: string; invited_by: string | null; created_at: number; expires_at: number }>();
  return results.map((row) => ({ id: row.id, email: row.email, invitedBy: row.invited_by, createdAt: row.created_at, expiresAt: row.expires_at }));
}

/** Withdraws a pending invitation: its link stops working. False when there was none to withdraw. */
export async function withdrawInvitation(d1: D1Database, projectId: string, invitationId: string): Promise<boolean> {
  const withdrawn = await d1
    .prepare('DELETE FROM invitations WHERE token_hash = ?1 AND project_id = ?2 AND accepted_at IS NULL RETURNING token_hash')
    .bind(invitationId, projectId)
    .first();
  return withdrawn !== null;
}

/**
 * Removes a collaborator (never the owner) and, in the same batch, withdraws the pending
 * invitations they sent for this project: otherwise a removed member could walk back in through
 * a link they had made themselves. False when they were not a collaborator of the project.
 */
export async function deleteCollaborator(d1: D1Database, projectId: string, userId: string): Promise<boolean> {
  const [removed] = await d1.batch([
    d1.prepare(`DELETE FROM project_members WHERE project_id = ?1 AND user_id = ?2 AND role = 'collaborator' RETURNING user_id`).bind(projectId, userId),
    d1
      .prepare(
        `DELETE FROM invitations WHERE project_id = ?1 AND invited_by = ?2 AND accepted_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM project_members WHERE project_id = ?1 AND user_id = ?2)`,
      )
      .bind(projectId, userId),
  ]);
  return (removed?.results.length ?? 0) > 0;
}

/** Every project the user belongs to, as owner or collaborator. */
export async function memberProjectIds(d1: D1Database, userId: string): Promise<string[]> {
  const { results } = await d1.prepare('SELECT project_id FROM project_members WHERE user_id = ?1').bind(userId).all<{ project_id: string }>();
  return results.map((row) => row.project_id);
}
