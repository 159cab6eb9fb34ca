import { Hono } from 'hono';
import type { AppEnv } from './env';
import { sameOriginJsonOnly } from './middleware/csrf';
import { apiNotFound, onError } from './middleware/errors';
import { securityHeaders } from './middleware/security-headers';
import { limitBody } from './middleware/validate';
import { affiliate } from './routes/affiliate';
import { auth } from './routes/auth';
import { billing, stripeWebhook } from './routes/billing';
import { blogFiles } from './routes/blog-files';
import { cofounder } from './routes/cofounder';
import { devOutbox } from './routes/dev-outbox';
import { errors } from './routes/errors';
import { events } from './routes/events';
import { freeTools } from './routes/free-tools';
import { general } from './routes/general';
import { project } from './routes/project';
import { projectExport } from './routes/export';
import { invitations } from './routes/invitations';
import { research } from './routes/research';
import { seo } from './routes/seo';
import { support } from './routes/support';
import { user } from './routes/user';
import { looksLikeFile, type PageRenderer, renderPage, serveStaticFile } from './routes/pages';

/** No API call takes more than this; routes that read a body set their own, smaller limit. */
const API_BODY_MAX = 128 * 1024;

/** The API, one sub-app per feature. Its type feeds the app's typed client (app/lib/api.ts). */
const api = new Hono<AppEnv>()
  // Before anything else, so an oversized body is refused unread even where no route reads it.
  .use('*', limitBody(API_BODY_MAX))
  // RFC 8058: mail providers post one-click unsubscribes cross-site, with a form body; Stripe
  // posts its webhooks from its own servers, proven by their signature instead.
  .use('*', sameOriginJsonOnly({ exemptPaths: [/^\/api\/user\/unsubscribe\/[^/]+$/, /^\/api\/stripe\/webhook$/] }))
  .route('/auth', auth)
  .route('/user', user)
  .route('/project', project)
  .route('/project', projectExport)
  .route('/invitations', invitations)
  .route('/projects', cofounder)
  .route('/research', research)
  .route('/free-tools', freeTools)
  .route('/general', general)
  .route('/affiliate', affiliate)
  .route('/billing', billing)
  .route('/stripe', stripeWebhook)
  .route('/support', support)
  .route('/events', events)
  .route('/errors', errors);

export type ApiType = typeof api;

/** The co-founder workspace's Durable Object class (wrangler.toml binding COFOUNDER). */
export { CofounderAgent } from './agents/cofounder';

// The spec calls some endpoints with a trailing slash (POST /project/): both forms route alike.
/**
 * The Worker: the API, the development outbox, the blog's files, robots and sitemap, static
 * files and page navigations. Public pages are rendered by `renderer`, which only the Worker's
 * entry (worker/ssr/entry.ts) builds from the app's route table, so nothing else in the Worker
 * imports the app (docs/architecture.md, docs/decisions/0034).
 */
export function createWorker(renderer: PageRenderer) {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', securityHeaders);
  app.onError(onError);
  app.route('/api', api);
  app.all('/api/*', apiNotFound);
  app.route('/dev', devOutbox);
  app.route('/blog', blogFiles);
  app.route('/', seo);
  app.get('*', async (c) => {
    if (looksLikeFile(new URL(c.req.url).pathname)) {
      const file = await serveStaticFile(c);
      if (file) return file;
    }
    return renderPage(c, renderer);
  });
  return app;
}
