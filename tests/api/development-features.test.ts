import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import app from '../../worker/ssr/entry';
import { llmMode } from '../../worker/services/llm';
import { isLoopbackHost } from '../../worker/services/development';
import { MISSING_SESSION_SECRET } from '../../worker/services/sessions';
import { CookieJar, db, freshClient, freshEmail, latestLink, signedInUser, tokenOf } from '../utils';

/**
 * Development behaviour (the outbox, the offline demo generator, the built-in session secret,
 * loopback origins) needs BOTH a development environment and a request addressed to a loopback
 * host: a deployment whose ENVIRONMENT says development still refuses it on its public host.
 */
const PUBLIC = 'https://launchmate.app';
const LOCAL = 'http://127.0.0.1:8787';

async function call(url: string, init: RequestInit, vars: Partial<Cloudflare.Env>, jar?: CookieJar): Promise<Response> {
  const headers = new Headers(init.headers);
  if (jar) headers.set('Cookie', jar.header());
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(url, { ...init, headers, redirect: 'manual' }), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  jar?.store(response);
  return response;
}

const post = (base: string, path: string, body: unknown, vars: Partial<Cloudflare.Env>, origin = base, jar?: CookieJar) =>
  call(
    `${base}${path}`,
    { method: 'POST', headers: { Origin: origin, 'Content-Type': 'application/json', 'CF-Connecting-IP': freshClient() }, body: JSON.stringify(body) },
    vars,
    jar,
  );

const development = (base: string): Partial<Cloudflare.Env> => ({
  ENVIRONMENT: 'development',
  APP_URL: base,
  OPENAI_API_KEY: undefined,
  SESSION_SECRET: undefined,
});

describe('loopback hosts', () => {
  it('are localhost, 127.0.0.0/8 and [::1], nothing else', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '[::1]']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['launchmate.app', 'localhost.launchmate.app', '127.0.0.1.nip.io', '10.0.0.1', '0.0.0.0', '[::ffff:127.0.0.1]', '[::2]'])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe('the development outbox', () => {
  it('shows the mail in development on a loopback address', async () => {
    const response = await call(`${LOCAL}/dev/outbox`, {}, development(LOCAL));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Development outbox');
  });

  it('is an unknown page on a public host even when ENVIRONMENT says development', async () => {
    const response = await call(`${PUBLIC}/dev/outbox`, {}, development(PUBLIC));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('Development outbox');
  });

  it('is an unknown page in production on a loopback address', async () => {
    const response = await call(`${LOCAL}/dev/outbox`, {}, { ...development(LOCAL), ENVIRONMENT: 'production' });
    expect(response.status).toBe(404);
  });
});

describe('the offline demo generator', () => {
  it('stands in for the model in development on a loopback address', async () => {
    const response = await post(LOCAL, '/api/free-tools/business-ideas', { industry: 'Retail' }, development(LOCAL));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ offline_demo: true });
  });

  it('is refused on a public host even when ENVIRONMENT says development', async () => {
    const before = await db().prepare('SELECT count(*) AS n FROM tool_results').first<{ n: number }>();
    const response = await post(PUBLIC, '/api/free-tools/business-ideas', { industry: 'Retail' }, development(PUBLIC));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'The free tools are not available right now.' });
    expect(await db().prepare('SELECT count(*) AS n FROM tool_results').first<{ n: number }>()).toEqual(before);
  });
});

describe('the model mode, which the co-founder decides per connection from the address connected to', () => {
  const mode = (base: string, vars: Partial<Cloudflare.Env>) => llmMode({ ...env, ...vars }, new Request(`${base}/api/projects/p/cofounder`));

  it('is the offline demo only for a development Worker reached at a loopback address', () => {
    expect(mode(LOCAL, development(LOCAL))).toBe('offline-demo');
    expect(mode(PUBLIC, development(PUBLIC))).toBe('unavailable');
    expect(mode(LOCAL, { ...development(LOCAL), ENVIRONMENT: 'production' })).toBe('unavailable');
    expect(mode(LOCAL, { ...development(LOCAL), ENVIRONMENT: 'test' })).toBe('unavailable');
  });

  it('is the provider wherever a key is set', () => {
    expect(mode(PUBLIC, { ...development(PUBLIC), OPENAI_API_KEY: 'sk-x' })).toBe('provider');
  });
});

describe('the session secret', () => {
  it('falls back to the built-in development secret only on a loopback address', async () => {
    const { jar } = await signedInUser();
    const local = await call(`${LOCAL}/api/auth/check-auth`, {}, { ...development(LOCAL), ENVIRONMENT: 'test' }, jar);
    expect(local.status).toBe(200);
  });

  it('a public host without SESSION_SECRET answers 503 for a signed-in request, even when ENVIRONMENT says development', async () => {
    const { jar } = await signedInUser();
    for (const environment of ['development', 'test', 'production'] as const) {
      const response = await call(`${PUBLIC}/api/auth/check-auth`, {}, { ...development(PUBLIC), ENVIRONMENT: environment }, jar);
      expect(response.status, environment).toBe(503);
      expect(await response.json()).toEqual({ error: MISSING_SESSION_SECRET });
    }
  });

  it('production without SESSION_SECRET answers 503 even on a loopback address', async () => {
    const { jar } = await signedInUser();
    const response = await call(`${LOCAL}/api/auth/check-auth`, {}, { ...development(LOCAL), ENVIRONMENT: 'production' }, jar);
    expect(response.status).toBe(503);
  });

  it('a too-short SESSION_SECRET counts as missing', async () => {
    const { jar } = await signedInUser();
    const response = await call(`${PUBLIC}/api/auth/check-auth`, {}, { ...development(PUBLIC), ENVIRONMENT: 'production', SESSION_SECRET: 'short' }, jar);
    expect(response.status).toBe(503);
  });

  it('sign-in and e-mail verification stop before changing anything when the secret is missing', async () => {
    const production: Partial<Cloudflare.Env> = { ENVIRONMENT: 'production', APP_URL: PUBLIC, SESSION_SECRET: undefined };
    const { email, password } = await signedInUser();
    const sessionsBefore = await db().prepare('SELECT count(*) AS n FROM refresh_tokens').first<{ n: number }>();
    const signIn = await post(PUBLIC, '/api/auth/sign-in', { email, password }, production);
    expect(signIn.status).toBe(503);
    expect(await signIn.json()).toEqual({ error: MISSING_SESSION_SECRET });
    expect(signIn.headers.getSetCookie()).toEqual([]);

    const newcomer = freshEmail();
    const local = { ...development(LOCAL), ENVIRONMENT: 'test' } as const;
    expect((await post(LOCAL, '/api/auth/sign-up', { email: newcomer, password: 'a long enough password' }, local)).status).toBe(200);
    const token = tokenOf(await latestLink(newcomer, '/verify-email/'));
    expect((await post(PUBLIC, `/api/auth/verify-email/${token}`, {}, production)).status).toBe(503);
    expect(await db().prepare('SELECT count(*) AS n FROM refresh_tokens').first<{ n: number }>()).toEqual(sessionsBefore);
    // The link was not used up: with the secret configured it still works.
    const verified = await post(PUBLIC, `/api/auth/verify-email/${token}`, {}, { ...production, SESSION_SECRET: 'x'.repeat(48) });
    expect(verified.status).toBe(200);
  });

  it('a configured SESSION_SECRET serves a public host in production', async () => {
    const production: Partial<Cloudflare.Env> = { ENVIRONMENT: 'production', APP_URL: PUBLIC, SESSION_SECRET: 'p'.repeat(48) };
    const { email, password } = await signedInUser();
    const jar = new CookieJar();
    expect((await post(PUBLIC, '/api/auth/sign-in', { email, password }, production, PUBLIC, jar)).status).toBe(200);
    expect((await call(`${PUBLIC}/api/auth/check-auth`, {}, production, jar)).status).toBe(200);
    // A token signed with the production secret is not accepted under the development one.
    expect((await call(`${LOCAL}/api/auth/check-auth`, {}, { ...development(LOCAL), ENVIRONMENT: 'test' }, jar)).status).toBe(401);
  });
});
