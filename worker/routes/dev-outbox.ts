import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { getDb } from '../db/client';
import { outbox } from '../db/schema';
import { escapeHtml } from '../emails/layout';
import type { AppEnv } from '../env';
import { developmentFeatureAllowed } from '../services/development';

/**
 * The development outbox: every e-mail the product would have sent, newest first. Exists only
 * for a local development request (services/development.ts); elsewhere the path is an ordinary
 * unknown page.
 */
export const devOutbox = new Hono<AppEnv>().get('/outbox', async (c, next) => {
  if (!developmentFeatureAllowed(c.env, c.req.raw, 'outbox')) return next();
  const messages = await getDb(c.env.DB).select().from(outbox).orderBy(desc(outbox.id)).limit(50);
  const linkify = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
  const items = messages
    .map(
      (message) => `<article><h2>${escapeHtml(message.subject)}</h2>
<p class="meta">To ${escapeHtml(message.to)} · ${new Date(message.createdAt).toISOString()}</p>
<pre>${linkify(message.text)}</pre></article>`,
    )
    .join('\n');
  return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox | Launchmate development</title><meta name="robots" content="noindex"></head>
<body><main><h1>Development outbox</h1><p>E-mails the product would have sent (newest first). Set RESEND_API_KEY to send real mail.</p>
${items || '<p>No e-mail yet.</p>'}</main></body></html>`);
});
