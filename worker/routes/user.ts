import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ChangePasswordSchema, DeleteAccountSchema, OneClickUnsubscribeSchema, SetDisplayNameSchema } from '#contracts/user';
import { EmailPreferencesSchema, PrivacyModeSchema } from '#contracts/auth';
import { getDb } from '../db/client';
import { accountExport, accountRowsDeletion } from '../db/queries/account-data';
import { findUnsubscribeEmail, findUserById, setSubscribed } from '../db/queries/accounts';
import { memberProjectIds, ownedProjects } from '../db/queries/projects';
import { proInterest, users } from '../db/schema';
import { accountDeletedEmail } from '../emails/account-deleted';
import { passwordChangedEmail } from '../emails/password-changed';
import { config } from '../config';
import type { AppEnv } from '../env';
import { describeIssue, jsonBody, limitBody, noBody } from '../middleware/validate';
import { sendEmailLater } from '../services/email';
import { hashPassword, verifyPassword } from '../services/passwords';
import { deleteProjects } from '../services/project-deletion';
import { accountMembershipsEnded } from '../services/project-members';
import { admit } from '../services/rate-limit';
import { clearSessionCookies, endOtherSessions, requireUser, revokeAllSessions } from '../services/sessions';
import { TOKEN_SHAPE } from '../lib/tokens';
import { exportProjectConversation } from '../agents/project-lifecycle';

const SMALL_BODY = 4 * 1024;
const UNKNOWN_LINK = { error: 'This unsubscribe link is not valid.' } as const;
const SIGNED_OUT = { error: 'Please sign in to continue.' } as const;

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/**
 * The unsubscribe link's body: a form must be RFC 8058's one-click pair; anything else is the
 * product's page, which posts no body (docs/security.md §14, §22).
 */
const oneClickBody = createMiddleware<AppEnv>(async (c, next) => {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) return noBody(c, next);
  const form = await c.req.parseBody().catch(() => null);
  const result = OneClickUnsubscribeSchema.safeParse(form);
  if (!result.success) return c.json(describeIssue(result.error), 400);
  return next();
});

async function subscriptionByToken(d1: D1Database, token: string) {
  return TOKEN_SHAPE.test(token) ? findUnsubscribeEmail(getDb(d1), token) : undefined;
}

export const user = new Hono<AppEnv>()
  /**
   * The display name teammates see. An open workspace names its members as they were when they
   * connected; new messages, presence, invitations and e-mails use the new name from then on.
   */
  .put('/name', requireUser, limitBody(SMALL_BODY), jsonBody(SetDisplayNameSchema), async (c) => {
    const { name } = c.req.valid('json');
    await getDb(c.env.DB).update(users).set({ name }).where(eq(users.id, c.var.userId));
    return c.json({ name }, 200);
  })

  .put('/privacy-mode', requireUser, limitBody(SMALL_BODY), jsonBody(PrivacyModeSchema), async (c) => {
    const { privacyMode } = c.req.valid('json');
    await getDb(c.env.DB).update(users).set({ privacyMode }).where(eq(users.id, c.var.userId));
    return c.json({ privacyMode }, 200);
  })

  .put('/email-preferences', requireUser, limitBody(SMALL_BODY), jsonBody(EmailPreferencesSchema), async (c) => {
    const { subscribed } = c.req.valid('json');
    const db = getDb(c.env.DB);
    const me = await findUserById(db, c.var.userId);
    if (!me) return c.json(SIGNED_OUT, 401);
    await setSubscribed(db, me.email, subscribed);
    return c.json({ subscribed }, 200);
  })

  /**
   * Changes the password: the current one is required, this browser stays signed in and every
   * other one is signed out. Wrong current passwords count towards the account's sign-in lock.
   */
  .put('/password', requireUser, limitBody(SMALL_BODY), jsonBody(ChangePasswordSchema), async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json');
    const db = getDb(c.env.DB);
    const me = await findUserById(db, c.var.userId);
    if (!me) return c.json(SIGNED_OUT, 401);
    if (!me.passwordHash) {
      return c.json({ error: 'Your account signs in with Google and has no password yet. Use "Forgot password?" on the sign-in page to set one.' }, 400);
    }
    // Guessing the current password from a stolen session is throttled like sign-in (decision 0017);
    // the right password gives its attempt back.
    const attempt = await admit(
      c.env.DB,
      [{ name: 'password-change', limit: config(c.env).SIGN_IN_FAILURES_PER_ACCOUNT_PER_CLIENT, windowSeconds: 15 * 60 }],
      me.id,
    );
    if (!attempt.allowed) {
      c.header('Retry-After', String(attempt.retryAfterSeconds));
      return c.json({ error: 'Too many wrong passwords. Try again later, or reset your password from the sign-in page.' }, 429);
    }
    if (!(await verifyPassword(currentPassword, me.passwordHash)).matches) {
      return c.json({ error: 'Your current password is not correct.', field: 'currentPassword' }, 400);
    }
    await attempt.release();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword) })
      .where(eq(users.id, me.id));
    await endOtherSessions(c, me.id);
    sendEmailLater(c.env, c.executionCtx, passwordChangedEmail(me.email, new URL('/forgot-password', c.env.APP_URL).href, c.env.CONTACT_EMAIL));
    return c.json({ message: 'Your password was changed. Every other device was signed out.' }, 200);
  })

  .post('/sign-out-everywhere', requireUser, noBody, async (c) => {
    await revokeAllSessions(c.env, c.var.userId);
    clearSessionCookies(c);
    return c.json({ signedOut: true }, 200);
  })

  /** "Export my data": the whole account as a JSON download (docs/decisions/0024). */
  .get('/export', requireUser, async (c) => {
    let data: Awaited<ReturnType<typeof accountExport>>;
    try {
      data = await accountExport(getDb(c.env.DB), c.var.userId, (projectId) => exportProjectConversation(c.env, projectId));
    } catch (error) {
      console.error('The account export could not be gathered', error);
      return c.json({ error: 'Your data could not be gathered just now. Please try again in a minute.' }, 503);
    }
    if (!data) return c.json(SIGNED_OUT, 401);
    c.header('Content-Disposition', `attachment; filename="launchmate-export-${data.exportedAt.slice(0, 10)}.json"`);
    c.header('Cache-Control', 'no-store');
    return c.body(JSON.stringify(data, null, 2), 200, { 'Content-Type': 'application/json; charset=utf-8' });
  })

  /** The projects this user owns and their members: what account deletion asks about. */
  .get('/owned-projects', requireUser, async (c) => c.json({ projects: await ownedProjects(getDb(c.env.DB), c.var.userId) }, 200))

  /**
   * Deletes the account in one D1 batch (docs/decisions/0024): owned projects are handed to the
   * chosen members or deleted with everything in them, memberships and every row of the user
   * go, the session ends and a confirmation e-mail is sent.
   */
  .delete('/', requireUser, limitBody(SMALL_BODY), jsonBody(DeleteAccountSchema), async (c) => {
    const { confirmation, handOver } = c.req.valid('json');
    const db = getDb(c.env.DB);
    const me = await findUserById(db, c.var.userId);
    if (!me) return c.json(SIGNED_OUT, 401);
    if (confirmation.trim().toLowerCase() !== me.email) {
      return c.json({ error: 'Type your e-mail address exactly to confirm.', field: 'confirmation' }, 400);
    }
    const owned = await ownedProjects(db, me.id);
    const handedOver = new Set<string>();
    for (const { projectId, newOwnerId } of handOver) {
      const project = owned.find((p) => p.id === projectId);
      if (!project || handedOver.has(projectId)) return c.json({ error: 'You can only hand over each project you own once.' }, 400);
      if (!project.members.some((member) => member.id === newOwnerId)) {
        return c.json({ error: 'A project can only be handed to one of its members.' }, 400);
      }
      handedOver.add(projectId);
    }
    const deleted = owned.filter((p) => !handedOver.has(p.id)).map((p) => p.id);
    const livingOn = (await memberProjectIds(c.env.DB, me.id)).filter((id) => !deleted.includes(id));
    await deleteProjects(c.env, deleted, accountRowsDeletion(c.env.DB, me, handOver));
    await accountMembershipsEnded(c.env, me.id, livingOn);
    clearSessionCookies(c);
    sendEmailLater(
      c.env,
      c.executionCtx,
      accountDeletedEmail(me.email, { deletedProjects: deleted.length, handedOver: handedOver.size, contactEmail: c.env.CONTACT_EMAIL }),
    );
    return c.json({ deleted: true, deletedProjects: deleted.length, handedOver: handedOver.size }, 200);
  })

  /** Until payments exist, "Get Pro" records the wish; each address is told when Pro opens. */
  .get('/pro-interest', requireUser, async (c) => {
    const [row] = await getDb(c.env.DB).select({ email: proInterest.email }).from(proInterest).where(eq(proInterest.userId, c.var.userId));
    return c.json({ interested: row !== undefined, email: row?.email ?? null }, 200);
  })

  .post('/pro-interest', requireUser, noBody, async (c) => {
    const db = getDb(c.env.DB);
    const me = await findUserById(db, c.var.userId);
    if (!me) return c.json(SIGNED_OUT, 401);
    await db.insert(proInterest).values({ userId: me.id, email: me.email }).onConflictDoNothing();
    return c.json({ interested: true, email: me.email }, 200);
  })

  /**
   * One-click unsubscribe (RFC 8058): mail providers POST here with no cookie and a form body,
   * so this path is exempt from the Origin and JSON checks. Idempotent; answers 200, never a
   * redirect. The /unsubscribe/{token} page posts here too.
   */
  .post('/unsubscribe/:token', oneClickBody, async (c) => {
    const email = await subscriptionByToken(c.env.DB, c.req.param('token'));
    if (!email) return c.json(UNKNOWN_LINK, 404);
    await setSubscribed(getDb(c.env.DB), email, false);
    return c.json({ subscribed: false }, 200);
  })

  .post('/resubscribe/:token', noBody, async (c) => {
    const email = await subscriptionByToken(c.env.DB, c.req.param('token'));
    if (!email) return c.json(UNKNOWN_LINK, 404);
    await setSubscribed(getDb(c.env.DB), email, true);
    return c.json({ subscribed: true }, 200);
  });
