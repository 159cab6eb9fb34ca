import { eq, inArray } from 'drizzle-orm';
import type { AccountExport, ProjectConversationExport } from '#contracts/user';
import type { Db } from '../client';
import { projectMembers, projects, proInterest, researchPages, researchQuestions, researchResponses, users } from '../schema';
import { isSubscribed } from './accounts';
import { paymentsOf } from './payments';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

function parsed(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}

/**
 * Everything the account holds, for "Export my data": the account, its memberships, and every
 * project it belongs to with its research pages and responses. Named columns only, so password
 * and token hashes can never slip in.
 */
export async function accountExport(
  db: Db,
  userId: string,
  workspaceOf: (projectId: string) => Promise<ProjectConversationExport>,
): Promise<AccountExport | undefined> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      plan: users.plan,
      privacyMode: users.privacyMode,
      googleSub: users.googleSub,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
      attribution: users.attribution,
      referredBy: users.referredBy,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return undefined;

  const [interest] = await db.select({ createdAt: proInterest.createdAt }).from(proInterest).where(eq(proInterest.userId, userId));
  const memberships = await db
    .select({ projectId: projects.id, projectName: projects.name, role: projectMembers.role, since: projectMembers.createdAt, createdAt: projects.createdAt })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, userId))
    .orderBy(projects.createdAt);
  const projectIds = memberships.map((m) => m.projectId);
  const pages = projectIds.length
    ? await db.select().from(researchPages).where(inArray(researchPages.projectId, projectIds)).orderBy(researchPages.createdAt)
    : [];
  const pageIds = pages.map((page) => page.id);
  const questions = pageIds.length
    ? await db.select().from(researchQuestions).where(inArray(researchQuestions.pageId, pageIds)).orderBy(researchQuestions.sequence)
    : [];
  const responses = pageIds.length
    ? await db.select().from(researchResponses).where(inArray(researchResponses.pageId, pageIds)).orderBy(researchResponses.id)
    : [];
  // The conversation and memory live in each project's object; one that cannot be read fails the
  // whole export rather than leaving it out unnoticed.
  const workspaces = await Promise.all(projectIds.map(workspaceOf));
  const purchases = await paymentsOf(db.$client, userId);

  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      name: user.name,
      plan: user.plan,
      privacyMode: user.privacyMode,
      productEmails: await isSubscribed(db, user.email),
      signsInWithGoogle: user.googleSub !== null,
      hasPassword: user.passwordHash !== null,
      emailVerifiedAt: isoOrNull(user.emailVerifiedAt),
      createdAt: iso(user.createdAt),
      attribution: parsed(user.attribution),
      referredBy: user.referredBy,
      proInterestSince: interest ? iso(interest.createdAt) : null,
    },
    memberships: memberships.map((m) => ({ projectId: m.projectId, projectName: m.projectName, role: m.role, since: iso(m.since) })),
    projects: memberships.map((m, index) => ({
      id: m.projectId,
      name: m.projectName,
      role: m.role,
      createdAt: iso(m.createdAt),
      researchPages: pages
        .filter((page) => page.projectId === m.projectId)
        .map((page) => ({
          id: page.id,
          urlKey: page.urlKey,
          title: page.title,
          introduction: page.introduction,
          maxResponses: page.maxResponses,
          closedAt: isoOrNull(page.closedAt),
          createdAt: iso(page.createdAt),
          questions: questions
            .filter((q) => q.pageId === page.id)
            .map((q) => ({ sequence: q.sequence, text: q.text, type: q.type, options: parsed(q.options), config: parsed(q.config) })),
          responses: responses.filter((r) => r.pageId === page.id).map((r) => ({ answers: parsed(r.answers), createdAt: iso(r.createdAt) })),
        })),
      workspace: workspaces[index]!,
    })),
    payments: purchases,
  };
}

/**
 * The statements that hand projects over and then remove every row that belongs to the account
 * (its owned projects are deleted separately, in the same batch, by deleteProjects). Hand-overs
 * come first: once the user row goes, anything it still owns would go with it.
 */
export function accountRowsDeletion(
  d1: D1Database,
  user: { id: string; email: string },
  handOver: { projectId: string; newOwnerId: string }[],
): D1PreparedStatement[] {
  const handOvers = handOver.flatMap(({ projectId, newOwnerId }) => [
    d1.prepare('UPDATE projects SET owner_id = ?2 WHERE id = ?1 AND owner_id = ?3').bind(projectId, newOwnerId, user.id),
    d1.prepare(`UPDATE project_members SET role = 'owner' WHERE project_id = ?1 AND user_id = ?2`).bind(projectId, newOwnerId),
  ]);
  return [
    ...handOvers,
    d1.prepare('DELETE FROM project_members WHERE user_id = ?1').bind(user.id),
    d1.prepare('DELETE FROM invitations WHERE invited_by = ?1').bind(user.id),
    d1.prepare('DELETE FROM refresh_tokens WHERE user_id = ?1').bind(user.id),
    d1.prepare('DELETE FROM email_tokens WHERE user_id = ?1').bind(user.id),
    d1.prepare('DELETE FROM pro_interest WHERE user_id = ?1').bind(user.id),
    d1.prepare('DELETE FROM affiliate_clicks WHERE affiliate_id IN (SELECT id FROM affiliates WHERE user_id = ?1 OR email = ?2)').bind(user.id, user.email),
    d1.prepare('DELETE FROM affiliates WHERE user_id = ?1 OR email = ?2').bind(user.id, user.email),
    d1.prepare('DELETE FROM email_subscriptions WHERE email = ?1').bind(user.email),
    d1.prepare('DELETE FROM unsubscribe_tokens WHERE email = ?1').bind(user.email),
    // Mail locks are keyed "<kind>:<address>".
    d1.prepare(`DELETE FROM mail_locks WHERE substr(key, instr(key, ':') + 1) = ?1`).bind(user.email),
    d1.prepare('DELETE FROM users WHERE id = ?1').bind(user.id),
  ];
}
