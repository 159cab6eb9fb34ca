import { Hono } from 'hono';
import { SupportRequestSchema, type SupportAccess } from '#contracts/support';
import { config } from '../config';
import { getDb } from '../db/client';
import { findUserById } from '../db/queries/accounts';
import { membershipOf } from '../db/queries/projects';
import { supportConfirmationEmail, supportRequestEmail } from '../emails/support-request';
import type { AppEnv } from '../env';
import { jsonBody, limitBody } from '../middleware/validate';
import { sendEmailLater } from '../services/email';
import { admit } from '../services/rate-limit';
import { requireUser, type SignedInEnv } from '../services/sessions';

const SUPPORT_BODY_MAX = 16 * 1024;
const SIGNED_OUT = { error: 'Please sign in to continue.' } as const;

/**
 * Dedicated support, a Pro feature (decision 38): a Pro founder's message is stored, e-mailed to
 * CONTACT_EMAIL with their plan and a Reply-To of their address, and confirmed to them. Free
 * founders are shown the contact address instead.
 */
const signedIn = new Hono<SignedInEnv>()
  .use('*', requireUser)

  .get('/', async (c) => {
    const me = await findUserById(getDb(c.env.DB), c.var.userId);
    if (!me) return c.json(SIGNED_OUT, 401);
    return c.json({ dedicated: me.plan === 'pro', contactEmail: c.env.CONTACT_EMAIL } satisfies SupportAccess, 200);
  })

  .post('/', limitBody(SUPPORT_BODY_MAX), jsonBody(SupportRequestSchema), async (c) => {
    const { subject, message, projectId } = c.req.valid('json');
    const db = getDb(c.env.DB);
    const me = await findUserById(db, c.var.userId);
    if (!me) return c.json(SIGNED_OUT, 401);
    if (me.plan !== 'pro') {
      return c.json({ error: `Dedicated support comes with Pro. Write to us at ${c.env.CONTACT_EMAIL} and we will answer as soon as we can.` }, 403);
    }
    const project = projectId ? await membershipOf(db, projectId, me.id) : null;
    if (projectId && !project) return c.json({ error: 'Choose one of your projects, or none.', field: 'projectId' }, 400);

    const limit = config(c.env).SUPPORT_REQUESTS_PER_DAY;
    const admission = await admit(c.env.DB, [{ name: 'support-request', limit, windowSeconds: 24 * 60 * 60 }], me.id);
    if (!admission.allowed) {
      c.header('Retry-After', String(admission.retryAfterSeconds));
      return c.json({ error: `You have sent ${limit} messages today. Please wait for our answer, or write to ${c.env.CONTACT_EMAIL}.` }, 429);
    }

    const requestId = crypto.randomUUID();
    await c.env.DB.prepare('INSERT INTO support_requests (id, user_id, project_id, subject, message) VALUES (?1, ?2, ?3, ?4, ?5)')
      .bind(requestId, me.id, projectId, subject, message)
      .run();
    sendEmailLater(
      c.env,
      c.executionCtx,
      supportRequestEmail(c.env.CONTACT_EMAIL, {
        from: me.email,
        plan: me.plan,
        subject,
        message,
        project: project && projectId ? { id: projectId, name: project.name } : null,
        requestId,
      }),
    );
    sendEmailLater(c.env, c.executionCtx, supportConfirmationEmail(me.email, subject));
    return c.json({ received: true, email: me.email }, 201);
  });

export const support = new Hono<AppEnv>().route('/', signedIn);
