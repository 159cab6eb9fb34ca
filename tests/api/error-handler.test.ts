import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../../worker/env';
import { onError } from '../../worker/middleware/errors';

// A throwaway app with the product's last-resort handler: any handler of the product that throws
// ends up here.
const app = new Hono<AppEnv>()
  .get('/boom', () => {
    throw new TypeError("Cannot read properties of undefined (reading 'password_hash')");
  })
  .get('/database-down', () => {
    throw new Error('Failed query', { cause: new Error('D1_ERROR: no such column: password_hash in SELECT * FROM users WHERE email = ?') });
  })
  .get('/bad', () => {
    throw new HTTPException(400, { message: 'Malformed JSON in request body' });
  });
app.onError(onError);

describe('onError', () => {
  it('answers 500 with a generic message and logs the detail for the operator', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await app.request('/boom');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    expect(text).not.toMatch(/password|undefined|reading|at /);
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0]?.[3])).toContain('password_hash');
    log.mockRestore();
  });

  it('answers a database failure with 503, a plain message and Retry-After', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await app.request('/database-down');
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('30');
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'Our database is not answering right now. Please try again in a minute.' });
    expect(text).not.toMatch(/D1|SELECT|password|column/);
    log.mockRestore();
  });

  it('passes client errors on with their message', async () => {
    const response = await app.request('/bad');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Malformed JSON in request body' });
  });
});
