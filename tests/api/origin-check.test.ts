import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import app from '../../worker/index';

/**
 * The Origin check of unsafe API calls. Production accepts APP_URL's origin only. A local
 * development run also accepts the loopback origin of the request itself, on its port, because
 * wrangler prints http://127.0.0.1:PORT while APP_URL says localhost (decision 22).
 */
async function signOut(url: string, origin: string, vars: Partial<Cloudflare.Env>): Promise<number> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(url, { method: 'POST', headers: { Origin: origin } }), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return response.status;
}

const CROSS_SITE = 403;

describe('in development', () => {
  const development: Partial<Cloudflare.Env> = { ENVIRONMENT: 'development', APP_URL: 'http://localhost:8787' };

  it('accepts every loopback spelling of the address the request came to', async () => {
    for (const origin of ['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787']) {
      expect(await signOut('http://127.0.0.1:8787/api/auth/sign-out', origin, development), origin).toBe(200);
    }
    expect(await signOut('http://[::1]:8787/api/auth/sign-out', 'http://127.0.0.1:8787', development)).toBe(200);
  });

  it('accepts the port actually served when APP_URL names another', async () => {
    expect(await signOut('http://127.0.0.1:8790/api/auth/sign-out', 'http://127.0.0.1:8790', development)).toBe(200);
  });

  it('refuses another port, another scheme, another host and an opaque origin', async () => {
    for (const origin of ['http://127.0.0.1:9999', 'https://127.0.0.1:8787', 'http://evil.example', 'http://127.0.0.1.nip.io:8787', 'null']) {
      expect(await signOut('http://127.0.0.1:8787/api/auth/sign-out', origin, development), origin).toBe(CROSS_SITE);
    }
  });

  it('refuses loopback origins when the request came to a public host', async () => {
    const status = await signOut('https://launchmate.app/api/auth/sign-out', 'http://localhost:8787', { ...development, APP_URL: 'https://launchmate.app' });
    expect(status).toBe(CROSS_SITE);
  });
});

describe('in production', () => {
  const production: Partial<Cloudflare.Env> = { ENVIRONMENT: 'production', APP_URL: 'https://launchmate.app' };

  it('accepts APP_URL’s origin', async () => {
    expect(await signOut('https://launchmate.app/api/auth/sign-out', 'https://launchmate.app', production)).toBe(200);
  });

  it('refuses the request’s own loopback origin', async () => {
    for (const origin of ['http://127.0.0.1:8787', 'http://localhost:8787']) {
      expect(await signOut('http://127.0.0.1:8787/api/auth/sign-out', origin, production), origin).toBe(CROSS_SITE);
    }
  });
});
