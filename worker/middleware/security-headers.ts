import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

/**
 * The Content-Security-Policy of the product. The product loads nothing from other origins:
 * Google sign-in is a server-side redirect and avatars and covers are drawn by the product.
 */
export function contentSecurityPolicy(options: { viteDevServer: boolean; styleHashes?: string[] }): string {
  // `vite dev` injects an inline hot-reload preamble and <style> elements; builds need neither.
  // A rendered page writes its stylesheets into the HTML and allows exactly those, by their
  // SHA-256 (docs/decisions/0034).
  const scriptSrc = options.viteDevServer ? "'self' 'unsafe-inline'" : "'self'";
  const styleSrc = options.viteDevServer ? "'self' 'unsafe-inline'" : ["'self'", ...(options.styleHashes ?? []).map((hash) => `'sha256-${hash}'`)].join(' ');
  const connectSrc = options.viteDevServer ? "'self' ws: wss:" : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    `style-src ${styleSrc}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connectSrc}`,
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Applies to every response, static files included (the Worker runs first for all requests). */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // A WebSocket upgrade (101) from a Durable Object has immutable headers, and a browser ignores
  // headers on it anyway.
  if (c.res.status === 101) return;
  const headers = c.res.headers;
  const defaults: Record<string, string> = {
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'Content-Security-Policy': contentSecurityPolicy({ viteDevServer: c.env.VITE_DEV_SERVER === 'true' }),
    'X-Content-Type-Options': 'nosniff',
    // Pages whose URL carries a token set `no-referrer` themselves; this is the default.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
  };
  for (const [name, value] of Object.entries(defaults)) {
    if (!headers.has(name)) headers.set(name, value);
  }
});
