import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_GOOGLE_PROFILE, FAKE_GOOGLE_CLIENT_ID } from '../fakes/google';
import { CookieJar, db, fake, fakeRequests, freshEmail, postJson, request, signedInUser } from '../utils';

const googleEnv = () => ({
  GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET: 'fake-google-secret',
  GOOGLE_AUTHORIZATION_URL: `${env.FAKE_GOOGLE_URL}/authorize`,
  GOOGLE_TOKEN_URL: `${env.FAKE_GOOGLE_URL}/token`,
  GOOGLE_USERINFO_URL: `${env.FAKE_GOOGLE_URL}/userinfo`,
});

/** Starts sign-in and follows the fake Google's redirect back; returns the callback's answer. */
async function signInWithGoogle(jar = new CookieJar(), start: object = {}) {
  const started = await postJson('/api/auth/google/start', start, {}, { jar, env: googleEnv() });
  expect(started.status).toBe(200);
  const { url } = await started.json<{ url: string }>();
  const consent = await fetch(url, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('Location')!);
  const response = await request(`${callback.pathname}${callback.search}`, {}, { jar, env: googleEnv() });
  return { response, jar, callback };
}

const location = (response: Response) => response.headers.get('Location');

beforeEach(async () => {
  await fake(env.FAKE_GOOGLE_URL);
  await db().prepare('DELETE FROM users WHERE google_sub IS NOT NULL OR email = ?').bind(DEFAULT_GOOGLE_PROFILE.email).run();
});

describe('Google sign-in', () => {
  it('says whether Google is configured', async () => {
    expect(await (await request('/api/auth/providers')).json()).toEqual({ google: false });
    expect(await (await request('/api/auth/providers', {}, { env: googleEnv() })).json()).toEqual({ google: true });
    const refused = await postJson('/api/auth/google/start', {});
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ error: 'Google sign-in is not configured.' });
  });

  it('starts with PKCE S256 and state, kept in single-use 10-minute __Host- cookies', async () => {
    const jar = new CookieJar();
    const started = await postJson('/api/auth/google/start', {}, {}, { jar, env: googleEnv() });
    const url = new URL((await started.json<{ url: string }>()).url);
    expect(`${url.origin}${url.pathname}`).toBe(`${env.FAKE_GOOGLE_URL}/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBe(jar.get('__Host-lm_google_state'));
    expect(url.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:8787/api/auth/google/callback');
    for (const name of ['lm_google_state', 'lm_google_verifier', 'lm_google_context']) {
      const line = jar.lastSetCookies.find((cookie) => cookie.startsWith(`__Host-${name}=`))!;
      expect(line).toMatch(/Max-Age=600/);
      expect(line).toMatch(/HttpOnly/);
      expect(line).toMatch(/Secure/);
      expect(line).toMatch(/SameSite=Lax/);
    }
  });

  it('creates a new account from the profile it reads itself, with attribution and privacy mode, and goes to onboarding', async () => {
    const attribution = { source: 'google', medium: 'organic', campaign: null, ref: null, firstVisit: null, lastTouch: null, referrer: null, sessionId: 's' };
    const { response, jar } = await signInWithGoogle(new CookieJar(), { attribution, privacyMode: true });
    expect(response.status).toBe(302);
    expect(location(response)).toBe('/onboarding');
    expect(jar.get('__Host-lm_access')).toBeDefined();
    // The one-time cookies are gone.
    expect(jar.get('__Host-lm_google_state')).toBeUndefined();
    const user = await db().prepare('SELECT * FROM users WHERE google_sub = ?').bind(DEFAULT_GOOGLE_PROFILE.sub).first<Record<string, unknown>>();
    expect(user).toMatchObject({ email: DEFAULT_GOOGLE_PROFILE.email, name: 'Ada Lovelace', privacy_mode: 1, password_hash: null });
    expect(JSON.parse(String(user?.attribution))).toEqual(attribution);
    expect(user?.email_verified_at).toBeGreaterThan(0);

    // The token request carried the PKCE verifier, and the profile was read with the access token.
    const calls = await fakeRequests(env.FAKE_GOOGLE_URL);
    const tokenCall = calls.find((call) => call.path === '/token')!;
    expect(new URLSearchParams(tokenCall.body).get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(calls.find((call) => call.path === '/userinfo')?.headers.authorization).toMatch(/^Bearer access-/);
  });

  it('sends a known Google account to the dashboard', async () => {
    await signInWithGoogle();
    const { response } = await signInWithGoogle();
    expect(location(response)).toBe('/dashboard');
    expect((await db().prepare('SELECT count(*) AS n FROM users WHERE google_sub = ?').bind(DEFAULT_GOOGLE_PROFILE.sub).first<{ n: number }>())?.n).toBe(1);
  });

  it('links to an existing e-mail account only when Google has verified the address', async () => {
    const { email } = await signedInUser();
    await fake(env.FAKE_GOOGLE_URL, { userinfo: { ...DEFAULT_GOOGLE_PROFILE, email, email_verified: false } });
    const unverified = await signInWithGoogle();
    expect(location(unverified.response)).toBe('/signin?google=failed');
    expect(unverified.jar.get('__Host-lm_access')).toBeUndefined();

    await fake(env.FAKE_GOOGLE_URL, { userinfo: { ...DEFAULT_GOOGLE_PROFILE, email } });
    const verified = await signInWithGoogle();
    expect(location(verified.response)).toBe('/dashboard');
    const user = await db().prepare('SELECT google_sub FROM users WHERE email = ?').bind(email).first<{ google_sub: string }>();
    expect(user?.google_sub).toBe(DEFAULT_GOOGLE_PROFILE.sub);
  });

  describe('refuses a callback that does not belong to this browser with 400', () => {
    it('state mismatch', async () => {
      const jar = new CookieJar();
      await postJson('/api/auth/google/start', {}, {}, { jar, env: googleEnv() });
      const response = await request('/api/auth/google/callback?code=abc&state=not-the-state', {}, { jar, env: googleEnv() });
      expect(response.status).toBe(400);
      expect(jar.get('__Host-lm_access')).toBeUndefined();
    });

    it('missing state, missing state cookie, missing verifier cookie', async () => {
      const jar = new CookieJar();
      const started = await postJson('/api/auth/google/start', {}, {}, { jar, env: googleEnv() });
      const state = new URL((await started.json<{ url: string }>()).url).searchParams.get('state')!;
      expect((await request('/api/auth/google/callback?code=abc', {}, { jar: copy(jar), env: googleEnv() })).status).toBe(400);
      const noState = copy(jar);
      noState.cookies.delete('__Host-lm_google_state');
      expect((await request(`/api/auth/google/callback?code=abc&state=${state}`, {}, { jar: noState, env: googleEnv() })).status).toBe(400);
      const noVerifier = copy(jar);
      noVerifier.cookies.delete('__Host-lm_google_verifier');
      expect((await request(`/api/auth/google/callback?code=abc&state=${state}`, {}, { jar: noVerifier, env: googleEnv() })).status).toBe(400);
    });

    it('a replayed callback: the cookies were spent, and the code is refused', async () => {
      const jar = new CookieJar();
      const { callback } = await signInWithGoogle(jar);
      const replay = await request(`${callback.pathname}${callback.search}`, {}, { jar: new CookieJar(), env: googleEnv() });
      expect(replay.status).toBe(400);
    });
  });

  it('returns a visitor who declined to sign-in with a message', async () => {
    const jar = new CookieJar();
    await postJson('/api/auth/google/start', {}, {}, { jar, env: googleEnv() });
    const response = await request('/api/auth/google/callback?error=access_denied&state=x', {}, { jar, env: googleEnv() });
    expect(response.status).toBe(302);
    expect(location(response)).toBe('/signin?google=denied');
  });

  describe('sends the visitor back to sign-in, signed out, when Google misbehaves', () => {
    const cases: [string, object][] = [
      ['an ID token from another issuer', { idTokenClaims: { iss: 'https://evil.example' } }],
      ['an ID token for another client', { idTokenClaims: { aud: 'someone-else' } }],
      ['an expired ID token', { idTokenClaims: { exp: Math.floor(Date.now() / 1000) - 60 } }],
      ['a profile of another account', { userinfo: { ...DEFAULT_GOOGLE_PROFILE, sub: 'other' } }],
      ['a token endpoint answering 500', { tokenStatus: 500 }],
      ['a token endpoint answering 503', { tokenStatus: 503 }],
      ['a userinfo endpoint answering 500', { userinfoStatus: 500 }],
    ];
    it.each(cases)('%s', async (_name, scenario) => {
      await fake(env.FAKE_GOOGLE_URL, scenario);
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { response, jar } = await signInWithGoogle();
      log.mockRestore();
      expect(response.status).toBe(302);
      expect(location(response)).toBe('/signin?google=failed');
      expect(jar.get('__Host-lm_access')).toBeUndefined();
      expect((await db().prepare('SELECT count(*) AS n FROM users WHERE email = ?').bind(DEFAULT_GOOGLE_PROFILE.email).first<{ n: number }>())?.n).toBe(0);
    });

    it('a token endpoint that stalls past the time-out', async () => {
      const timeoutMs = Number(env.GOOGLE_TIMEOUT_MS);
      await fake(env.FAKE_GOOGLE_URL, { tokenDelayMs: timeoutMs * 4 });
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const started = Date.now();
      const { response } = await signInWithGoogle();
      log.mockRestore();
      expect(location(response)).toBe('/signin?google=failed');
      // Given up at the time-out, long before the token endpoint would have answered.
      expect(Date.now() - started).toBeGreaterThanOrEqual(timeoutMs);
      expect(Date.now() - started).toBeLessThan(timeoutMs * 3);
    });
  });

  it('creates no account when the address is not verified at Google', async () => {
    const email = freshEmail();
    await fake(env.FAKE_GOOGLE_URL, { userinfo: { ...DEFAULT_GOOGLE_PROFILE, email, email_verified: false } });
    const { response } = await signInWithGoogle();
    expect(location(response)).toBe('/signin?google=failed');
    expect(await db().prepare('SELECT * FROM users WHERE email = ?').bind(email).first()).toBeNull();
  });
});

function copy(jar: CookieJar) {
  const clone = new CookieJar();
  for (const [name, value] of jar.cookies) clone.cookies.set(name, value);
  return clone;
}
