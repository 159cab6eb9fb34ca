import { Hono } from 'hono';
import type { AppEnv } from './env';
import { sameOriginJsonOnly } from './middleware/csrf';
import { apiNotFound, onError } from './middleware/errors';
import { securityHeaders } from './middleware/security-headers';
import { errors } from './routes/errors';
import { looksLikeFile, renderPage, serveStaticFile } from './routes/pages';

/** The API, one sub-app per feature. Its type feeds the app's typed client (app/lib/api.ts). */
const api = new Hono<AppEnv>().use('*', sameOriginJsonOnly()).route('/errors', errors);

export type ApiType = typeof api;

const app = new Hono<AppEnv>();
app.use('*', securityHeaders);
app.onError(onError);
app.route('/api', api);
app.all('/api/*', apiNotFound);
app.get('*', async (c) => {
  if (looksLikeFile(new URL(c.req.url).pathname)) {
    const file = await serveStaticFile(c);
    if (file) return file;
  }
  return renderPage(c);
});

export default app;
