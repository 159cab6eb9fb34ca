import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../worker/services/passwords';
import { CookieJar, db, freshClient, freshEmail, medianMs, outboxFor, postJson, signedUpUser, stopClockAtStartOfMinute } from '../utils';

const signIn = (email: string, password: string, client = freshClient(), jar?: CookieJar) =>
  postJson('/api/auth/sign-in', { email, password }, { 'CF-Connecting-IP': client }, { jar });

afterEach(() => vi.restoreAllMocks());

describe('POST /api/auth/sign-in', () => {
  it('signs a verified user in with __Host- cookies: HttpOnly, Secure, SameSite=Lax, Path=/', async () => {
    const { email, password } = await signedUpUser();
    const jar = new CookieJar();
    const response = await signIn(` ${email.toUpperCase()} `, password, freshClient(), jar);
    expect(response.status).toBe(200);
    const body = await response.json<{ user: { email: string; privacyMode: boolean; subscribed: boolean } }>();
    expect(body.user).toMatchObject({ email, privacyMode: false, subscribed: true });

    const access = jar.lastSetCookies.find((line) => line.startsWith('__Host-lm_access='))!;
    const refresh = jar.lastSetCookies.find((line) => line.startsWith('__Host-lm_refresh='))!;
    for (const line of [access, refresh]) {
      expect(line).toMatch(/; HttpOnly/);
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; SameSite=Lax/);
      expect(line).toMatch(/; Path=\//);
      expect(line).not.toMatch(/Domain=/i);
    }
    expect(access).toMatch(/Max-Age=900\b/);
    expect(Number(/Max-Age=(\d+)/.exec(refresh)?.[1])).toBeGreaterThan(30 * 24 * 3600 - 60);
    expect(JSON.stringify(body)).not.toMatch(/lm_access|lm_refresh|password/);
  });

  it('answers a wrong password and an unknown address alike, in similar time', async () => {
    const { email } = await signedUpUser();
    const wrong = await signIn(email, 'not the password');
    const unknown = await signIn(freshEmail('nobody'), 'not the password');
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await wrong.json()).toEqual({ error: 'Invalid email or password.' });
    expect(await unknown.json()).toEqual({ error: 'Invalid email or password.' });
    const wrongMs = await medianMs(3, () => signIn(email, 'not the password'));
    const unknownMs = await medianMs(3, () => signIn(freshEmail('nobody'), 'not the password'));
    // Both run one scrypt hash; without the dummy hash the unknown address would answer at once.
    expect(unknownMs).toBeGreaterThan(wrongMs * 0.4);
  });

  it('compares the password exactly: no trimming, truncation or case folding', async () => {
    const password = `  Mixed Case ${'x'.repeat(200)}  `;
    const { email } = await signedUpUser(password);
    for (const variant of [password.trim(), password.toLowerCase(), password.slice(0, 72)]) {
      expect((await signIn(email, variant)).status).toBe(401);
    }
    expect((await signIn(email, password)).status).toBe(200);
  });

  it('refuses an unverified account with the right password and sends a new link', async () => {
    const email = freshEmail();
    await postJson('/api/auth/sign-up', { email, password: 'correct horse battery' }, { 'CF-Connecting-IP': freshClient() });
    const response = await signIn(email, 'correct horse battery');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'Please confirm your email address first. We have sent you a link.' });
  });

  it('rehashes a password stored with older parameters on a successful sign-in', async () => {
    const { email, password } = await signedUpUser();
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.alloc(16, 7);
    const old = ['scrypt', 2 ** 14, 8, 1, salt.toString('base64url'), scryptSync(password, salt, 32, { N: 2 ** 14, r: 8, p: 1 }).toString('base64url')].join(
      '$',
    );
    await db().prepare('UPDATE users SET password_hash = ? WHERE email = ?').bind(old, email).run();
    expect((await signIn(email, password)).status).toBe(200);
    const row = await db().prepare('SELECT password_hash FROM users WHERE email = ?').bind(email).first<{ password_hash: string }>();
    expect(row?.password_hash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect((await signIn(email, password)).status).toBe(200);
  });

  describe('throttling', () => {
    // The limits count per clock minute, quarter hour and hour: a test's attempts never straddle two windows.
    beforeEach(stopClockAtStartOfMinute);
    afterEach(() => vi.useRealTimers());
    const TOO_MANY = { error: 'Too many sign-in attempts. Please wait a minute and try again, or reset your password.' };

    it('refuses an 11th attempt from one client within a minute, whatever the accounts, even with the right password', async () => {
      const { email, password } = await signedUpUser();
      const client = freshClient();
      for (let i = 0; i < 10; i++) expect((await signIn(freshEmail('other'), 'wrong', client)).status).toBe(401);
      const blocked = await signIn(email, password, client);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(await blocked.json()).toEqual(TOO_MANY);
      // Another client is not blocked.
      expect((await signIn(email, password, freshClient())).status).toBe(200);
    });

    it('refuses a 6th failure on one account from one client, while the owner elsewhere signs in', async () => {
      const { email, password } = await signedUpUser();
      const attacker = freshClient();
      for (let i = 0; i < 5; i++) expect((await signIn(email, `wrong ${i}`, attacker)).status).toBe(401);
      expect((await signIn(email, password, attacker)).status).toBe(429);
      expect((await signIn(email, password, freshClient())).status).toBe(200);
    });

    it('does not count a correct password against the client', async () => {
      const { email, password } = await signedUpUser();
      const client = freshClient();
      for (let i = 0; i < 12; i++) expect((await signIn(email, password, client)).status).toBe(200);
    });

    it('uses CF-Connecting-IP only: a changing X-Forwarded-For does not escape the limit', async () => {
      const client = freshClient();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        statuses.push(
          (await postJson('/api/auth/sign-in', { email: freshEmail(), password: 'wrong' }, { 'CF-Connecting-IP': client, 'X-Forwarded-For': `203.0.113.${i}` }))
            .status,
        );
      }
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    });

    it('checks at most 5 of 100 simultaneous wrong passwords for one account from one client', async () => {
      const { email, password } = await signedUpUser();
      const client = freshClient();
      const statuses = await Promise.all(Array.from({ length: 100 }, (_, i) => signIn(email, `wrong ${i}`, client).then((response) => response.status)));
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(95);
      // The owner is not locked out.
      expect((await signIn(email, password, freshClient())).status).toBe(200);
    });

    it('checks at most 10 of 50 simultaneous attempts from one client across accounts', async () => {
      const client = freshClient();
      const statuses = await Promise.all(Array.from({ length: 50 }, () => signIn(freshEmail(), 'wrong', client).then((response) => response.status)));
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    });

    it('after a burst against an account: clients that failed are refused, a clean client signs in, the owner is told once', async () => {
      const { email, password } = await signedUpUser();
      const settings = { env: { SIGN_IN_FAILURES_PER_ACCOUNT: '3' } };
      const attackers = [freshClient(), freshClient(), freshClient(), freshClient()];
      const attempt = (password: string, client: string) => postJson('/api/auth/sign-in', { email, password }, { 'CF-Connecting-IP': client }, settings);
      for (const attacker of attackers.slice(0, 3)) expect((await attempt('wrong', attacker)).status).toBe(401);

      // The threshold is reached: a client that already failed here is refused, even when right.
      expect((await attempt('wrong again', attackers[0]!)).status).toBe(429);
      expect((await attempt(password, attackers[1]!)).status).toBe(429);
      // A new client is still checked; the owner from their own device signs in.
      expect((await attempt('wrong', attackers[3]!)).status).toBe(401);
      expect((await attempt(password, freshClient())).status).toBe(200);

      const notices = (await outboxFor(email)).filter((message) => message.subject === 'Someone is trying to sign in to your Launchmate account');
      expect(notices).toHaveLength(1);
      expect(notices[0]!.text).toContain('3 failed attempts');
      expect(notices[0]!.text).toMatch(/\/forgot-password/);
    });

    it('answers an unknown address under a burst exactly as a known one, and mails nobody', async () => {
      const unknown = freshEmail('nobody');
      const settings = { env: { SIGN_IN_FAILURES_PER_ACCOUNT: '2' } };
      const client = freshClient();
      const attempt = () => postJson('/api/auth/sign-in', { email: unknown, password: 'wrong' }, { 'CF-Connecting-IP': client }, settings);
      expect((await attempt()).status).toBe(401);
      expect((await postJson('/api/auth/sign-in', { email: unknown, password: 'wrong' }, { 'CF-Connecting-IP': freshClient() }, settings)).status).toBe(401);
      const refused = await attempt();
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual(TOO_MANY);
      expect(await outboxFor(unknown)).toEqual([]);
    });
  });

  it('never logs the password', async () => {
    const { email } = await signedUpUser();
    const logged: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    }
    await signIn(email, 'a-very-secret-guess');
    await signIn(freshEmail(), 'another-secret-guess');
    expect(logged.join('\n')).not.toMatch(/a-very-secret-guess|another-secret-guess/);
  });

  it('refuses cross-site requests and non-JSON bodies', async () => {
    const { email, password } = await signedUpUser();
    expect((await postJson('/api/auth/sign-in', { email, password }, { Origin: 'https://evil.example' })).status).toBe(403);
    const form = await postJson('/api/auth/sign-in', `email=${email}&password=${password}`, { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
  });

  it('hashes a new password in the stored format', async () => {
    expect(await hashPassword('x'.repeat(8))).toMatch(/^scrypt\$/);
  });
});
