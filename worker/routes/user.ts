import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { EmailPreferencesSchema, PrivacyModeSchema } from '#contracts/auth';
import { getDb } from '../db/client';
import { findUnsubscribeEmail, findUserById, setSubscribed } from '../db/queries/accounts';
import { users } from '../db/schema';
import type { AppEnv } from '../env';
import { jsonBody, limitBody } from '../middleware/validate';
import { requireUser } from '../services/sessions';
import { TOKEN_SHAPE } from '../lib/tokens';

const SMALL_BODY = 4 * 1024;
const UNKNOWN_LINK = { error: 'This unsubscribe link is not valid.' } as const;

async function subscriptionByToken(d1: D1Database, token: string) {
  return TOKEN_SHAPE.test(token) ? findUnsubscribeEmail(getDb(d1), token) : undefined;
}

export const user = new Hono<AppEnv>()
  .put('/privacy-mode', requireUser, limitBody(SMALL_BODY), jsonBody(PrivacyModeSchema), async (c) => {
    const { privacyMode } = c.req.valid('json');
    await getDb(c.env.DB).update(users).set({ privacyMode }).where(eq(users.id, c.var.userId));
    return c.json({ privacyMode }, 200);
  })

  .put('/email-preferences', requireUser, limitBody(SMALL_BODY), jsonBody(EmailPreferencesSchema), async (c) => {
    const { subscribed } = c.req.valid('json');
    const db = getDb(c.env.DB);
    const me = await findUserById(db, c.var.userId);
    if (!me) return c.json({ error: 'Please sign in to continue.' }, 401);
    await setSubscribed(db, me.email, subscribed);
    return c.json({ subscribed }, 200);
  })

  /**
   * One-click unsubscribe (RFC 8058): mail providers POST here with no cookie and a form body,
   * so this path is exempt from the Origin and JSON checks. Idempotent; answers 200, never a
   * redirect. The /unsubscribe/{token} page posts here too.
   */
  .post('/unsubscribe/:token', async (c) => {
    const email = await subscriptionByToken(c.env.DB, c.req.param('token'));
    if (!email) return c.json(UNKNOWN_LINK, 404);
    await setSubscribed(getDb(c.env.DB), email, false);
    return c.json({ subscribed: false }, 200);
  })

  .post('/resubscribe/:token', async (c) => {
    const email = await subscriptionByToken(c.env.DB, c.req.param('token'));
    if (!email) return c.json(UNKNOWN_LINK, 404);
    await setSubscribed(getDb(c.env.DB), email, true);
    return c.json({ subscribed: true }, 200);
  });
