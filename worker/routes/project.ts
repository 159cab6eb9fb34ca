import { Hono, type Context } from 'hono';
import { unlockedPhases } from '#contracts/phases/registry';
import { planLimitMessage } from '#contracts/plans';
import { CreateProjectSchema, INVITATION_REFUSED, InviteSchema, RenameProjectSchema } from '#contracts/projects';
import { getDb } from '../db/client';
import { createUnsubscribeToken, findUserById, isSubscribed } from '../db/queries/accounts';
import { projectPlan } from '../db/queries/cofounder';
import {
  acceptInvitation,
  createInvitation,
  createProject,
  INVITATION_ID_SHAPE,
  listMembers,
  listPendingInvitations,
  listProjects,
  membershipOf,
  phaseCompletionsOfMember,
  renameProject,
  withdrawInvitation,
} from '../db/queries/projects';
import { invitationEmail } from '../emails/invitation';
import { jsonBody, limitBody, noBody } from '../middleware/validate';
import { sendEmailLater } from '../services/email';
import { invitationProof } from '../services/invitation-proof';
import { deleteProject } from '../services/project-deletion';
import { removeProjectMember } from '../services/project-members';
import { requireUser, type SignedInEnv } from '../services/sessions';
import { TOKEN_SHAPE } from '../lib/tokens';

const SMALL_BODY = 4 * 1024;
const NOT_FOUND = { error: 'Project not found.' } as const;
const OWNER_ONLY = { error: "Only the project's owner can manage its members." } as const;

/** Whether the caller may see and manage the project's members: 'owner', 'member' (not the owner), or null (no access). */
async function accessOf(c: Context<SignedInEnv>, projectId: string): Promise<'owner' | 'member' | null> {
  const membership = await membershipOf(getDb(c.env.DB), projectId, c.var.userId);
  if (!membership) return null;
  return membership.role === 'owner' ? 'owner' : 'member';
}

export const project = new Hono<SignedInEnv>()
  .use('*', requireUser)
  .get('/', async (c) => {
    const [projects, phases] = await Promise.all([listProjects(getDb(c.env.DB), c.var.userId), phaseCompletionsOfMember(c.env.DB, c.var.userId)]);
    // phasesDone: the phases the co-founder has completed with this project; phasesCompleted: each with its date (the dashboard shows the path).
    // unlockedPhases: what the owner's plan opens, as the workspace computes it, so both show the same phases open.
    return c.json(
      {
        projects: projects.map(({ ownerPlan, ...project }) => {
          const phasesCompleted = phases.get(project.id) ?? [];
          return { ...project, phasesDone: phasesCompleted.map((completion) => completion.phase), phasesCompleted, unlockedPhases: unlockedPhases(ownerPlan) };
        }),
      },
      200,
    );
  })

  /** Refused with a 403 once the owner's plan has all the projects it allows (docs/decisions/0023). */
  .post('/', limitBody(SMALL_BODY), jsonBody(CreateProjectSchema), async (c) => {
    const answer = await createProject(c.env.DB, c.var.userId, c.req.valid('json').name);
    if ('created' in answer)
      return c.json({ project: { ...answer.created, unlockedPhases: unlockedPhases(await projectPlan(c.env.DB, answer.created.id)) } }, 201);
    if ('noAccount' in answer) return c.json({ error: 'Please sign in to continue.' }, 401);
    const owner = await findUserById(getDb(c.env.DB), c.var.userId);
    return c.json({ error: planLimitMessage(owner?.plan ?? 'free'), upgrade: '/pricing' }, 403);
  })

  .patch('/:id', limitBody(SMALL_BODY), jsonBody(RenameProjectSchema), async (c) => {
    const db = getDb(c.env.DB);
    const id = c.req.param('id');
    if (!(await membershipOf(db, id, c.var.userId))) return c.json(NOT_FOUND, 404);
    const { name } = c.req.valid('json');
    await renameProject(db, id, name);
    return c.json({ project: { id, name } }, 200);
  })

  /** Only the owner may delete a project; the app asks them to type its name first. */
  .delete('/:id', noBody, async (c) => {
    const id = c.req.param('id');
    const membership = await membershipOf(getDb(c.env.DB), id, c.var.userId);
    if (!membership) return c.json(NOT_FOUND, 404);
    if (membership.role !== 'owner') return c.json({ error: "Only the project's owner can delete it." }, 403);
    await deleteProject(c.env, id);
    return c.json({ deleted: true }, 200);
  })

  /**
   * Invites a collaborator: the link is returned to the inviter (to share it any way they like)
   * and e-mailed to the invitee unless that address has unsubscribed.
   */
  .post('/:id/invitations', limitBody(SMALL_BODY), jsonBody(InviteSchema), async (c) => {
    const db = getDb(c.env.DB);
    const id = c.req.param('id');
    const membership = await membershipOf(db, id, c.var.userId);
    const inviter = await findUserById(db, c.var.userId);
    if (!membership || !inviter) return c.json(NOT_FOUND, 404);

    const { email } = c.req.valid('json');
    const token = await createInvitation(c.env.DB, id, email, inviter.id);
    // Refused when the inviter's membership ended after the check above.
    if (!token) return c.json(NOT_FOUND, 404);
    const link = new URL(`/invite/${token}`, c.env.APP_URL).href;
    const emailed = await isSubscribed(db, email);
    if (emailed) {
      const unsubscribe = await createUnsubscribeToken(db, email);
      sendEmailLater(
        c.env,
        c.executionCtx,
        invitationEmail(email, {
          inviterEmail: inviter.email,
          inviterName: inviter.name,
          projectName: membership.name,
          // Only the e-mailed link proves the address it went to (docs/decisions/0059).
          link: `${link}?proof=${await invitationProof(c.env, c.req.raw, token)}`,
          unsubscribe: {
            pageUrl: new URL(`/unsubscribe/${unsubscribe}`, c.env.APP_URL).href,
            oneClickUrl: new URL(`/api/user/unsubscribe/${unsubscribe}`, c.env.APP_URL).href,
          },
        }),
      );
    }
    return c.json({ link, emailed }, 201);
  })

  /**
   * Who is in the project and through which invitation, and the invitations still pending:
   * invitation links work for whoever holds them, so the owner must be able to see who came in.
   */
  .get('/:id/members', async (c) => {
    const id = c.req.param('id');
    const access = await accessOf(c, id);
    if (!access) return c.json(NOT_FOUND, 404);
    if (access !== 'owner') return c.json(OWNER_ONLY, 403);
    const [members, invitations] = await Promise.all([listMembers(c.env.DB, id), listPendingInvitations(c.env.DB, id)]);
    return c.json({ members, invitations }, 200);
  })

  /** The owner removes a collaborator, who loses access to the project at once. */
  .delete('/:id/members/:userId', noBody, async (c) => {
    const { id, userId } = c.req.param();
    const access = await accessOf(c, id);
    if (!access) return c.json(NOT_FOUND, 404);
    if (access !== 'owner') return c.json(OWNER_ONLY, 403);
    if (userId === c.var.userId) return c.json({ error: 'You cannot remove yourself from your own project.' }, 400);
    if (!(await removeProjectMember(c.env, id, userId))) return c.json({ error: 'This person is not a member of the project.' }, 404);
    return c.json({ removed: true }, 200);
  })

  /**
   * A collaborator leaves the project: the same removal as the owner's, so the invitations they
   * made stop working in the same batch. The owner hands the project over or deletes it instead.
   */
  .delete('/:id/membership', noBody, async (c) => {
    const id = c.req.param('id');
    const access = await accessOf(c, id);
    if (!access) return c.json(NOT_FOUND, 404);
    if (access === 'owner') return c.json({ error: 'The owner cannot leave their own project: delete it, or delete your account to hand it over.' }, 400);
    if (!(await removeProjectMember(c.env, id, c.var.userId))) return c.json(NOT_FOUND, 404);
    return c.json({ left: true }, 200);
  })

  /** The owner withdraws a pending invitation: its link stops working. */
  .delete('/:id/invitations/:invitationId', noBody, async (c) => {
    const { id, invitationId } = c.req.param();
    const access = await accessOf(c, id);
    if (!access) return c.json(NOT_FOUND, 404);
    if (access !== 'owner') return c.json(OWNER_ONLY, 403);
    if (!INVITATION_ID_SHAPE.test(invitationId) || !(await withdrawInvitation(c.env.DB, id, invitationId))) {
      return c.json({ error: 'This invitation was already accepted, withdrawn or never existed.' }, 404);
    }
    return c.json({ withdrawn: true }, 200);
  })

  .post('/invitations/:token/accept', noBody, async (c) => {
    const token = c.req.param('token');
    const answer = TOKEN_SHAPE.test(token) ? await acceptInvitation(c.env.DB, token, c.var.userId) : { invalid: true as const };
    if ('joined' in answer) return c.json({ projectId: answer.joined }, 200);
    if ('alreadyMember' in answer) return c.json({ error: "You're already a member of this project.", projectId: answer.alreadyMember }, 409);
    if ('makerLeft' in answer) return c.json({ error: INVITATION_REFUSED.makerLeft }, 400);
    return c.json({ error: INVITATION_REFUSED.invalid }, 400);
  });
