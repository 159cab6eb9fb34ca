import { createMiddleware } from 'hono/factory';
import type { AppEnv, Bindings } from '../env';
import { developmentFeatureAllowed } from '../services/development';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether `origin` may send unsafe requests. Always APP_URL's origin. For a local request outside
 * production (services/development.ts: development or test, on a loopback host) also the origin
 * the request itself was sent to, because wrangler prints 127.0.0.1 while APP_URL says localhost:
 * both name this machine, and no other site can be served from them here
 * (docs/decisions/0022-local-addresses.md).
 */
export function isTrustedOrigin(origin: string, env: Bindings, request: Request): boolean {
  if (origin === new URL(env.APP_URL).origin) return true;
  return developmentFeatureAllowed(env, request, 'loopback-origins') && origin === new URL(request.url).origin;
}

/**
 * Cross-site request protection for /api (docs/security.md §11). Every unsafe request must come from
 * the product's own origin: `Origin` equal to APP_URL's origin (for a local request outside production,
 * or the loopback origin the request was sent to), or `Sec-Fetch-Site: same-origin`.
 * A request that carries a body must be JSON (415 otherwise), which also rules out the
 * form-encoded bodies a cross-site form could send without a preflight.
 *
 * `exemptPaths` are the few endpoints that must accept cross-site POSTs by design
 * (RFC 8058 one-click unsubscribe is posted by mail providers).
 */
export function sameOriginJsonOnly(options: { exemptPaths?: RegExp[] } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const path = new URL(c.req.url).pathname;
    if (options.exemptPaths?.some((pattern) => pattern.test(path))) return next();

    const origin = c.req.header('Origin');
    const sameOrigin = origin !== undefined ? isTrustedOrigin(origin, c.env, c.req.raw) : c.req.header('Sec-Fetch-Site') === 'same-origin';
    if (!sameOrigin) return c.json({ error: 'Cross-site requests are not allowed.' }, 403);

    // A declared body type must be JSON; so must an undeclared body. Cross-site forms always
    // declare theirs (urlencoded, multipart or text/plain), so they stop here too.
    const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    const undeclaredBody = Number(c.req.header('Content-Length') ?? '0') > 0 || c.req.header('Transfer-Encoding') !== undefined;
    if ((type !== '' && type !== 'application/json') || (type === '' && undeclaredBody)) {
      return c.json({ error: 'Send the request body as application/json.' }, 415);
    }
    return next();
  });
}
