import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../env';

/** D1 failures arrive as errors whose message (or a cause's) starts with D1_ or names SQLite. */
function isDatabaseFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (/\bD1_|SQLITE_/.test(current.message)) return true;
  }
  return false;
}

/**
 * The last resort: log the detail for the operator, answer with a plain message. No stack,
 * SQL or internal detail ever reaches a client (docs/security.md §14).
 */
export const onError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof HTTPException && error.status < 500) {
    return c.json({ error: error.message || 'The request is not valid.' }, error.status);
  }
  // A 503 thrown on purpose names what is missing (for example the session secret), no internals.
  if (error instanceof HTTPException && error.status === 503) {
    console.error('Service unavailable', c.req.method, new URL(c.req.url).pathname, error.message);
    return c.json({ error: error.message }, 503);
  }
  console.error('Unhandled error', c.req.method, new URL(c.req.url).pathname, error);
  if (isDatabaseFailure(error)) {
    c.header('Retry-After', '30');
    return c.json({ error: 'Our database is not answering right now. Please try again in a minute.' }, 503);
  }
  return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500);
};

export const apiNotFound: NotFoundHandler<AppEnv> = (c) => c.json({ error: 'Not found.' }, 404);
