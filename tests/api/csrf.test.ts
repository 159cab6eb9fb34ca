import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv, Bindings } from '../../worker/env';
import { sameOriginJsonOnly } from '../../worker/middleware/csrf';

/** The Origin rule alone, on a route that answers 200 when the request is let through. */
const app = new Hono<AppEnv>().use('*', sameOriginJsonOnly()).post('*', (c) => c.text('ok'));

const post = (url: string, origin: string, environment: Bindings['ENVIRONMENT']) =>
  app.request(url, { method: 'POST', headers: { Origin: origin, 'Content-Type': 'application/json' }, body: '{}' }, {
    APP_URL: 'http://localhost:8787',
    ENVIRONMENT: environment,
  } as Bindings);

describe('the Origin rule', () => {
  it('accepts APP_URL in every environment', async () => {
    for (const environment of ['development', 'test', 'production'] as const) {
      expect((await post('http://localhost:8787/api/x', 'http://localhost:8787', environment)).status).toBe(200);
    }
  });

  it('accepts outside production the loopback origin the request was sent to (wrangler prints 127.0.0.1)', async () => {
    expect((await post('http://localhost:8790/api/x', 'http://localhost:8790', 'test')).status).toBe(200);
    expect((await post('http://127.0.0.1:8787/api/x', 'http://127.0.0.1:8787', 'development')).status).toBe(200);
    expect((await post('http://[::1]:8790/api/x', 'http://[::1]:8790', 'development')).status).toBe(200);
    expect((await post('http://localhost:8790/api/x', 'http://localhost:8790', 'development')).status).toBe(200);
  });

  it('refuses in development another origin than the one the request was sent to, or a non-loopback one', async () => {
    expect((await post('http://127.0.0.1:8787/api/x', 'http://127.0.0.1:9999', 'development')).status).toBe(403);
    expect((await post('http://127.0.0.1:8787/api/x', 'https://evil.example', 'development')).status).toBe(403);
    expect((await post('http://192.168.1.20:8787/api/x', 'http://192.168.1.20:8787', 'development')).status).toBe(403);
  });

  it('keeps production to APP_URL alone, even for a loopback request', async () => {
    const refused = await post('http://127.0.0.1:8787/api/x', 'http://127.0.0.1:8787', 'production');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'Cross-site requests are not allowed.' });
  });
});
