import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../env';

/**
 * The last resort: log the detail for the operator, answer with a generic message. No stack,
 * SQL or internal detail ever reaches a client (SECURITY.md 14).
 */
export const onError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof HTTPException && error.status < 500) {
    return c.json({ error: error.message || 'The request is not valid.' }, error.status);
  }
  console.error('Unhandled error', c.req.method, new URL(c.req.url).pathname, error);
  return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500);
};

export const apiNotFound: NotFoundHandler<AppEnv> = (c) => c.json({ error: 'Not found.' }, 404);
