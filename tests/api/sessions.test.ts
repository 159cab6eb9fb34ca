import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { REFRESH_RETRY_GRACE_MS } from '../../worker/services/sessions';
import { hashToken } from '../../worker/lib/tokens';
import { CookieJar, db, freshClient, latestLink, postJson, request, signedUpUser, tokenOf } from '../utils';

const checkAuth = (jar: CookieJar) => request('/api/auth/check-auth', {}, { jar });
const refresh = (jar: CookieJar) => request('/api/auth/refresh', { method: 'POST' }, { jar });
/** A copy of a jar, as a second browser (or a thief) holding the same cookies would have. */
const copyOf = (jar: CookieJar) => {
  const copy = new CookieJar();
  for (const [name, value] of jar.cookies) copy.cookies.set(name, value);
  return copy;
};

describe('access tokens', () => {
  it('are unique even when two are issued in the same second', async () => {
    const { jar } = await signedUpUser();
    const first = jar.get('__Host-lm_access');
    await refresh(jar);
    expect(jar.get('__Host-lm_access')).not.toBe(first);
  });

  it('are HS256 JWTs of 15 minutes', async () => {
    const { jar } = await signedUpUser();
    const [header, payload] = jar
      .get('__Host-lm_access')!
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
    expect(header?.alg).toBe('HS256');
    expect(Number(payload?.exp) - Number(payload?.iat)).toBe(15 * 60);
  });

  it('let check-auth answer 200 with the user, and 401 without a session', async () => {
    const { jar, email } = await signedUpUser();
    const me = await checkAuth(jar);
    expect(me.status).toBe(200);
    expect((await me.json<{ user: { email: string } }>()).user.email).toBe(email);
    expect((await checkAuth(new CookieJar())).status).toBe(401);
  });

  it('let /session answer 200 with the user, or with null and no 401 for a visitor', async () => {
    const { jar, email } = await signedUpUser();
    const me = await request('/api/auth/session', {}, { jar });
    expect(me.status).toBe(200);
    expect((await me.json<{ user: { email: string } }>()).user.email).toBe(email);
    const visitor = await request('/api/auth/session', {}, { jar: new CookieJar() });
    expect(visitor.status).toBe(200);
    expect(await visitor.json()).toEqual({ user: null });
  });

  it('refuse a token signed with another key, with alg none, expired, or tampered', async () => {
    const { jar } = await signedUpUser();
    const [header, payload] = jar.get('__Host-lm_access')!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sub: string; fid: string };
    const now = Math.floor(Date.now() / 1000);
    const forged = [
      await sign({ ...claims, iat: now, exp: now + 900 }, 'another secret that is long enough!!', 'HS256'),
      `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`,
      await sign({ ...claims, iat: now - 2000, exp: now - 1000 }, 'development-only-session-secret-never-used-in-production', 'HS256'),
      `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${jar.get('__Host-lm_access')!.split('.')[2]}`,
    ];
    for (const token of forged) {
      const thief = new CookieJar();
      thief.cookies.set('__Host-lm_access', token);
      expect((await checkAuth(thief)).status).toBe(401);
    }
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token and issues a new access token', async () => {
    const { jar } = await signedUpUser();
    const before = jar.get('__Host-lm_refresh');
    const response = await refresh(jar);
    expect(response.status).toBe(200);
    expect(jar.get('__Host-lm_refresh')).not.toBe(before);
    expect((await checkAuth(jar)).status).toBe(200);
  });

  it('gives a retry of the same token within 30 s the same successor (a lost response must not sign out)', async () => {
    const { jar } = await signedUpUser();
    const retry = copyOf(jar);
    await refresh(jar);
    const response = await refresh(retry);
    expect(response.status).toBe(200);
    expect(retry.get('__Host-lm_refresh')).toBe(jar.get('__Host-lm_refresh'));
    // The family stays alive: the successor refreshes normally.
    expect((await refresh(jar)).status).toBe(200);
  });

  it('answers two simultaneous refreshes of one token with one successor', async () => {
    const { jar } = await signedUpUser();
    const [first, second] = [copyOf(jar), copyOf(jar)];
    const answers = await Promise.all([refresh(first), refresh(second)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(first.get('__Host-lm_refresh')).toBe(second.get('__Host-lm_refresh'));
  });

  it('revokes the whole family when a rotated token comes back after the grace period', async () => {
    const { jar } = await signedUpUser();
    const stolen = copyOf(jar);
    await refresh(jar);
    await db()
      .prepare('UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ?')
      .bind(Date.now() - REFRESH_RETRY_GRACE_MS - 1000, await hashToken(stolen.get('__Host-lm_refresh')!))
      .run();
    const reuse = await refresh(stolen);
    expect(reuse.status).toBe(401);
    expect(await reuse.json()).toEqual({ error: 'Please sign in again.' });
    // The legitimate holder's newer token is revoked too.
    expect((await refresh(jar)).status).toBe(401);
  });

  it('ends 30 days after sign-in, however often it was rotated', async () => {
    const { jar } = await signedUpUser();
    await refresh(jar);
    await db()
      .prepare('UPDATE refresh_tokens SET family_expires_at = ?')
      .bind(Date.now() - 1)
      .run();
    expect((await refresh(jar)).status).toBe(401);
  });

  it('refuses a missing, malformed or unknown refresh token', async () => {
    expect((await refresh(new CookieJar())).status).toBe(401);
    for (const value of ['short', 'x'.repeat(43), '../../etc/passwd']) {
      const jar = new CookieJar();
      jar.cookies.set('__Host-lm_refresh', value);
      expect((await refresh(jar)).status).toBe(401);
    }
  });

  it('stores refresh tokens only as hashes', async () => {
    const { jar } = await signedUpUser();
    const token = jar.get('__Host-lm_refresh')!;
    const rows = JSON.stringify((await db().prepare('SELECT * FROM refresh_tokens').all()).results);
    expect(rows).not.toContain(token);
    expect(rows).toContain(await hashToken(token));
  });
});

describe('POST /api/auth/sign-out', () => {
  it('revokes the refresh family on the server and clears the cookies', async () => {
    const { jar } = await signedUpUser();
    const kept = copyOf(jar);
    const response = await request('/api/auth/sign-out', { method: 'POST' }, { jar });
    expect(response.status).toBe(200);
    expect(jar.cookies.size).toBe(0);
    expect((await refresh(kept)).status).toBe(401);
  });

  it('leaves other browsers signed in', async () => {
    const { email, password, jar } = await signedUpUser();
    const other = new CookieJar();
    await request(
      '/api/auth/sign-in',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) },
      { jar: other },
    );
    await request('/api/auth/sign-out', { method: 'POST' }, { jar });
    expect((await refresh(other)).status).toBe(200);
  });
});

describe('an access token of an ended session', () => {
  /** Only the access cookie: what a stolen or left-behind access token alone can do. */
  const accessOnly = (jar: CookieJar) => {
    const copy = new CookieJar();
    copy.cookies.set('__Host-lm_access', jar.get('__Host-lm_access')!);
    return copy;
  };
  const createProject = (jar: CookieJar) =>
    request('/api/project', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'After the end' }) }, { jar });

  it('works before the session ends', async () => {
    const { jar } = await signedUpUser();
    const access = accessOnly(jar);
    expect((await checkAuth(access)).status).toBe(200);
    expect((await createProject(access)).status).toBe(201);
  });

  it('is refused on the next request after sign-out', async () => {
    const { jar } = await signedUpUser();
    const access = accessOnly(jar);
    await request('/api/auth/sign-out', { method: 'POST' }, { jar });
    expect((await checkAuth(access)).status).toBe(401);
    expect((await createProject(access)).status).toBe(401);
  });

  it('is refused on the next request after a reused refresh token revoked its family', async () => {
    const { jar } = await signedUpUser();
    const stolen = copyOf(jar);
    await refresh(jar);
    const access = accessOnly(jar);
    await db()
      .prepare('UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ?')
      .bind(Date.now() - REFRESH_RETRY_GRACE_MS - 1000, await hashToken(stolen.get('__Host-lm_refresh')!))
      .run();
    expect((await refresh(stolen)).status).toBe(401);
    // The legitimate holder's fresh access token belongs to the revoked family too.
    expect((await checkAuth(access)).status).toBe(401);
    expect((await createProject(access)).status).toBe(401);
  });

  it('is refused on the next request after a password reset, in every browser', async () => {
    const { email, jar } = await signedUpUser();
    const access = accessOnly(jar);
    await postJson('/api/auth/forgot-password', { email }, { 'CF-Connecting-IP': freshClient() });
    const token = tokenOf(await latestLink(email, '/reset-password/'));
    const reset = await request(`/api/auth/reset-password/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ new_password: 'an entirely new password' }),
    });
    expect(reset.status).toBe(200);
    expect((await checkAuth(access)).status).toBe(401);
    expect((await createProject(access)).status).toBe(401);
  });

  it('is refused when it names no session at all', async () => {
    const { jar } = await signedUpUser();
    const [, payload] = jar.get('__Host-lm_access')!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = new CookieJar();
    forged.cookies.set('__Host-lm_access', await sign({ ...claims, fid: undefined }, 'development-only-session-secret-never-used-in-production', 'HS256'));
    expect((await checkAuth(forged)).status).toBe(401);
  });
});
