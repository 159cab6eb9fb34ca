import { Hono } from 'hono';
import { AffiliateApplicationSchema, REFERRAL_CODE_TAKEN, type AffiliateApplicationState } from '#contracts/affiliate';
import { ARTICLE_SLUG_SHAPE } from '#contracts/blog';
import { getDb } from '../db/client';
import { findUserById } from '../db/queries/accounts';
import { findApplicationOf, insertApplication } from '../db/queries/affiliate';
import { findArticle, listArticles } from '../db/queries/blog';
import type { AppEnv } from '../env';
import { jsonBody, limitBody } from '../middleware/validate';
import { currentUserId } from '../services/sessions';

/** Two free-text fields of 2000 characters, in any script, fit well inside this. */
const APPLICATION_BODY_LIMIT = 16 * 1024;
const ARTICLE_NOT_FOUND = { error: 'Article not found' } as const;

/** Public content: the blog, and the affiliate program's application. */
export const general = new Hono<AppEnv>()
  /** Every article without its body, newest first, as a plain array. */
  .get('/articles', async (c) => c.json(await listArticles(getDb(c.env.DB)), 200))

  .get('/article/:slug', async (c) => {
    const slug = c.req.param('slug');
    const article = ARTICLE_SLUG_SHAPE.test(slug) ? await findArticle(getDb(c.env.DB), slug) : undefined;
    if (!article) return c.json(ARTICLE_NOT_FOUND, 404);
    return c.json(article, 200);
  })

  /** For the form: a signed-in visitor's details and their earlier application; nothing for others. */
  .get('/affiliate-application', async (c) => {
    const userId = await currentUserId(c);
    const user = userId ? await findUserById(getDb(c.env.DB), userId) : undefined;
    const state: AffiliateApplicationState = user
      ? { prefill: { name: user.name ?? '', email: user.email }, application: await findApplicationOf(c.env.DB, user.id, user.email) }
      : { prefill: null, application: null };
    return c.json(state, 200);
  })

  /** Stored as pending; an operator approves or rejects it (`npm run affiliate`). */
  .post('/affiliate-application', limitBody(APPLICATION_BODY_LIMIT), jsonBody(AffiliateApplicationSchema), async (c) => {
    const application = c.req.valid('json');
    // Applying while signed in ties the application to the account; otherwise its e-mail does.
    const stored = await insertApplication(c.env.DB, application, await currentUserId(c));
    if (!stored) return c.json({ error: REFERRAL_CODE_TAKEN, field: 'referralCode' }, 409);
    return c.json({ received: true }, 201);
  });
