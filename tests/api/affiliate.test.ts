import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { REFERRAL_CODE_TAKEN, REQUIRED_FIELDS_MESSAGE, type AffiliateStats } from '#contracts/affiliate';
import { DEFAULT_GOOGLE_PROFILE, FAKE_GOOGLE_CLIENT_ID } from '../fakes/google';
import { CookieJar, db, fake, freshClient, freshEmail, postJson, rawRequest, request, signedInUser } from '../utils';

const APPLY = '/api/general/affiliate-application';

let codeCounter = 0;
const freshCode = (label = 'maker') => `${label}_${Date.now().toString(36)}-${++codeCounter}`;

const application = (overrides: Record<string, unknown> = {}) => ({
  name: 'Priya Raman',
  email: freshEmail('affiliate'),
  socialProfile: 'https://x.com/priya',
  referralCode: freshCode(),
  paypalEmail: 'payouts@example.com',
  whyLaunchmate: 'I coach first-time founders and Launchmate is what I recommend to them.',
  promotionStrategy: 'A newsletter of 4,000 founders and a monthly workshop.',
  ...overrides,
});

const affiliateRow = (code: string) => db().prepare('SELECT * FROM affiliates WHERE referral_code = ?').bind(code).first<Record<string, unknown>>();
const setStatus = (code: string, status: 'approved' | 'rejected' | 'pending') =>
  db().prepare('UPDATE affiliates SET status = ?, reviewed_at = ? WHERE referral_code = ?').bind(status, Date.now(), code).run();

/** An application stored and approved, as `npm run affiliate -- approve` does. */
async function approvedAffiliate(overrides: Record<string, unknown> = {}) {
  const body = application(overrides);
  expect((await postJson(APPLY, body)).status).toBe(201);
  await setStatus(body.referralCode as string, 'approved');
  return body;
}

const click = (code: string, headers: Record<string, string> = {}, jar = new CookieJar()) =>
  request(`/api/affiliate/register-click/${encodeURIComponent(code)}`, { method: 'POST', headers }, { jar });

describe('POST /api/general/affiliate-application', () => {
  it('stores a complete application as pending, addresses lower-cased', async () => {
    const body = application({ email: ' Priya@Example.COM ', paypalEmail: 'PayPal@Example.com' });
    const response = await postJson(APPLY, body);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ received: true });
    expect(await affiliateRow(body.referralCode)).toMatchObject({
      name: 'Priya Raman',
      email: 'priya@example.com',
      paypal_email: 'paypal@example.com',
      social_profile: 'https://x.com/priya',
      status: 'pending',
      reviewed_at: null,
    });
  });

  it.each(['name', 'email', 'socialProfile', 'referralCode', 'paypalEmail', 'whyLaunchmate', 'promotionStrategy'])(
    'requires %s: missing or blank is "Please fill in all required fields"',
    async (field) => {
      for (const value of [undefined, '', '   ']) {
        const response = await postJson(APPLY, application({ [field]: value }));
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ error: REQUIRED_FIELDS_MESSAGE, field });
      }
    },
  );

  it('checks the URL and e-mail formats', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ socialProfile: 'not a url' }, 'socialProfile'],
      [{ socialProfile: 'javascript:alert(1)' }, 'socialProfile'],
      [{ socialProfile: 'ftp://example.com/me' }, 'socialProfile'],
      [{ email: 'priya.example.com' }, 'email'],
      [{ paypalEmail: 'priya@localhost' }, 'paypalEmail'],
    ];
    for (const [overrides, field] of cases) {
      const response = await postJson(APPLY, application(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      const body = await response.json<{ error: string; field: string }>();
      expect(body.field).toBe(field);
      expect(body.error).not.toBe(REQUIRED_FIELDS_MESSAGE);
    }
  });

  it('accepts referral codes of ^[A-Za-z0-9_-]{1,64}$ only', async () => {
    for (const code of ['has space', 'a'.repeat(65), 'ünïcode', '../admin', 'a/b', 'a?b', '<b>']) {
      const response = await postJson(APPLY, application({ referralCode: code }));
      expect(response.status, code).toBe(400);
      expect((await response.json<{ field: string }>()).field).toBe('referralCode');
    }
    expect((await postJson(APPLY, application({ referralCode: 'x' }))).status).toBe(201);
    expect((await postJson(APPLY, application({ referralCode: `A-_9${'z'.repeat(60)}` }))).status).toBe(201);
  });

  it('refuses a referral code already taken, whatever its case, with a clear error', async () => {
    const code = freshCode('Taken');
    expect((await postJson(APPLY, application({ referralCode: code }))).status).toBe(201);
    for (const again of [code, code.toUpperCase(), code.toLowerCase()]) {
      const response = await postJson(APPLY, application({ referralCode: again }));
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: REFERRAL_CODE_TAKEN, field: 'referralCode' });
    }
    const { results } = await db().prepare('SELECT id FROM affiliates WHERE referral_code = ? COLLATE NOCASE').bind(code).all();
    expect(results).toHaveLength(1);
  });

  it('gives exactly one of two simultaneous applications for the same code', async () => {
    const code = freshCode('race');
    const answers = await Promise.all([postJson(APPLY, application({ referralCode: code })), postJson(APPLY, application({ referralCode: code }))]);
    expect(answers.map((r) => r.status).sort((a, b) => a - b)).toEqual([201, 409]);
  });

  it('refuses bad input without storing anything (docs/security.md, bad input)', async () => {
    const before = await db().prepare('SELECT count(*) AS n FROM affiliates').first<{ n: number }>();
    const body = JSON.stringify(application());
    const cases: [Promise<Response>, number][] = [
      [request(APPLY, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body }), 415],
      [request(APPLY, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=x' }), 415],
      [request(APPLY, { method: 'POST', body }), 415],
      [postJson(APPLY, '{"name": '), 400],
      [postJson(APPLY, [application()]), 400],
      [postJson(APPLY, '{"__proto__": {"status": "approved"}, ' + body.slice(1)), 400],
      [postJson(APPLY, application({ status: 'approved' })), 400],
      [postJson(APPLY, application({ role: 'admin' })), 400],
      [postJson(APPLY, application({ name: 42 })), 400],
      [postJson(APPLY, application({ whyLaunchmate: ['a'] })), 400],
      [postJson(APPLY, application({ name: 'Pri\u0000ya' })), 400],
      [postJson(APPLY, application({ name: 'Pri\u0007ya' })), 400],
      [postJson(APPLY, application({ promotionStrategy: 'x'.repeat(10_000) })), 400],
      [postJson(APPLY, application({ promotionStrategy: 'x'.repeat(20_000) })), 413],
      [rawRequest(APPLY, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' }, body }), 403],
    ];
    for (const [pending, status] of cases) {
      const response = await pending;
      expect(response.status).toBe(status);
      const answer = await response.json<{ error: string }>();
      expect(typeof answer.error).toBe('string');
      expect(JSON.stringify(answer)).not.toMatch(/SQLITE|D1_|at .*\.ts/);
    }
    const after = await db().prepare('SELECT count(*) AS n FROM affiliates').first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it('keeps line breaks and emoji in the free-text fields', async () => {
    const body = application({ name: 'Zoë 🚀', whyLaunchmate: 'Line one\nLine two\twith a tab 🎯' });
    expect((await postJson(APPLY, body)).status).toBe(201);
    expect(await affiliateRow(body.referralCode)).toMatchObject({ name: 'Zoë 🚀', why_launchmate: 'Line one\nLine two\twith a tab 🎯' });
  });
});

describe('POST /api/affiliate/register-click/:via', () => {
  it('counts a click of an approved affiliate and sets the 30-day __Host-via cookie: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const { referralCode } = await approvedAffiliate();
    const jar = new CookieJar();
    const response = await click(referralCode, { 'CF-Connecting-IP': '203.0.113.9', 'User-Agent': 'Browser A' }, jar);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ counted: true });
    expect(response.headers.get('Location')).toBeNull();
    const cookie = jar.lastSetCookies.find((line) => line.startsWith('__Host-via='));
    expect(cookie).toBeDefined();
    const attributes = cookie!.split(';').map((part) => part.trim());
    expect(attributes[0]).toBe(`__Host-via=${referralCode}`);
    expect(attributes).toEqual(expect.arrayContaining(['Max-Age=2592000', 'Path=/', 'Secure', 'HttpOnly', 'SameSite=Lax']));
    expect(attributes.some((attribute) => /^domain=/i.test(attribute))).toBe(false);
  });

  it('counts one click per visitor per day, and stores no address', async () => {
    const { referralCode } = await approvedAffiliate();
    const visitor = { 'CF-Connecting-IP': '198.51.100.23', 'User-Agent': 'Browser B' };
    expect(await (await click(referralCode, visitor)).json()).toEqual({ counted: true });
    expect(await (await click(referralCode, visitor)).json()).toEqual({ counted: false });
    // Same network, another browser; another network, same browser: other visitors.
    expect(await (await click(referralCode, { ...visitor, 'User-Agent': 'Browser C' })).json()).toEqual({ counted: true });
    expect(await (await click(referralCode, { ...visitor, 'CF-Connecting-IP': '198.51.100.24' })).json()).toEqual({ counted: true });

    const { results } = await db()
      .prepare('SELECT c.day, c.visitor_hash FROM affiliate_clicks c JOIN affiliates a ON a.id = c.affiliate_id WHERE a.referral_code = ?')
      .bind(referralCode)
      .all<{ day: string; visitor_hash: string }>();
    expect(results).toHaveLength(3);
    for (const row of results) {
      expect(row.day).toBe(new Date().toISOString().slice(0, 10));
      expect(row.visitor_hash).not.toContain('198.51.100');
      expect(row.visitor_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('matches the code whatever its case and keeps the canonical code in the cookie', async () => {
    const { referralCode } = await approvedAffiliate({ referralCode: freshCode('MixedCase') });
    const jar = new CookieJar();
    expect((await click(referralCode.toLowerCase(), { 'CF-Connecting-IP': freshClient() }, jar)).status).toBe(200);
    expect(jar.get('__Host-via')).toBe(referralCode);
  });

  it('ignores unknown, pending and rejected codes and malformed ones, setting no cookie', async () => {
    const pending = application();
    await postJson(APPLY, pending);
    const rejected = await approvedAffiliate();
    await setStatus(rejected.referralCode, 'rejected');
    for (const [code, status] of [
      ['nobody-has-this', 404],
      [pending.referralCode, 404],
      [rejected.referralCode, 404],
      ['a'.repeat(65), 400],
      ['bad code', 400],
      ['%3Cscript%3E', 400],
    ] as const) {
      const jar = new CookieJar();
      const response = await click(code, {}, jar);
      expect(response.status, code).toBe(status);
      expect(jar.get('__Host-via'), code).toBeUndefined();
    }
  });

  it('refuses cross-site posts', async () => {
    const { referralCode } = await approvedAffiliate();
    const response = await rawRequest(`/api/affiliate/register-click/${referralCode}`, { method: 'POST', headers: { Origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

const referredBy = (email: string) => db().prepare('SELECT referred_by FROM users WHERE email = ?').bind(email).first<string | null>('referred_by');

describe('referral attribution at sign-up', () => {
  it("records an e-mail sign-up with an approved affiliate's via cookie as their referral", async () => {
    const { referralCode } = await approvedAffiliate();
    const jar = new CookieJar();
    await click(referralCode, { 'CF-Connecting-IP': freshClient() }, jar);
    const email = freshEmail('referred');
    expect((await postJson('/api/auth/sign-up', { email, password: 'a long enough password' }, { 'CF-Connecting-IP': freshClient() }, { jar })).status).toBe(
      200,
    );
    expect(await referredBy(email)).toBe(referralCode);
  });

  it('records nothing without a cookie, with a forged one, or once the affiliate is no longer approved', async () => {
    const { referralCode } = await approvedAffiliate();
    const withCookie = (value: string, name = '__Host-via') => ({ Cookie: `${name}=${value}`, 'CF-Connecting-IP': freshClient() });
    const cases: [string, Record<string, string>][] = [
      [freshEmail('plain'), { 'CF-Connecting-IP': freshClient() }],
      [freshEmail('forged'), withCookie('nobody-has-this')],
      [freshEmail('malformed'), withCookie('%3Cscript%3E')],
      // A cookie without the __Host- prefix may have been planted by another subdomain.
      [freshEmail('unprefixed'), withCookie(referralCode, 'via')],
    ];
    for (const [email, headers] of cases) {
      expect((await postJson('/api/auth/sign-up', { email, password: 'a long enough password' }, headers)).status).toBe(200);
      expect(await referredBy(email), email).toBeNull();
    }
    await setStatus(referralCode, 'rejected');
    const late = freshEmail('late');
    await postJson('/api/auth/sign-up', { email: late, password: 'a long enough password' }, withCookie(referralCode));
    expect(await referredBy(late)).toBeNull();
  });

  it('records a new Google account with the via cookie as a referral', async () => {
    const { referralCode } = await approvedAffiliate();
    await fake(env.FAKE_GOOGLE_URL);
    await db().prepare('DELETE FROM users WHERE google_sub IS NOT NULL OR email = ?').bind(DEFAULT_GOOGLE_PROFILE.email).run();
    const googleEnv = {
      GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'fake-google-secret',
      GOOGLE_AUTHORIZATION_URL: `${env.FAKE_GOOGLE_URL}/authorize`,
      GOOGLE_TOKEN_URL: `${env.FAKE_GOOGLE_URL}/token`,
      GOOGLE_USERINFO_URL: `${env.FAKE_GOOGLE_URL}/userinfo`,
    };
    const jar = new CookieJar();
    await click(referralCode, { 'CF-Connecting-IP': freshClient() }, jar);
    const started = await postJson('/api/auth/google/start', {}, {}, { jar, env: googleEnv });
    const consent = await fetch((await started.json<{ url: string }>()).url, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('Location')!);
    const response = await request(`${callback.pathname}${callback.search}`, {}, { jar, env: googleEnv });
    expect(response.headers.get('Location')).toBe('/onboarding');
    expect(await referredBy(DEFAULT_GOOGLE_PROFILE.email)).toBe(referralCode);
  });
});

describe("GET /api/affiliate/me: the approved affiliate's figures", () => {
  it('needs a session', async () => {
    expect((await request('/api/affiliate/me')).status).toBe(401);
  });

  it('is null for an account that is not an approved affiliate; an applicant sees where the application stands', async () => {
    const { email, jar } = await signedInUser();
    expect(await (await request('/api/affiliate/me', {}, { jar })).json()).toEqual({ affiliate: null, application: null });
    const sent = application({ email });
    await postJson(APPLY, sent);
    expect(await (await request('/api/affiliate/me', {}, { jar })).json()).toEqual({
      affiliate: null,
      application: { status: 'pending', referralCode: sent.referralCode },
    });
    await setStatus(sent.referralCode, 'rejected');
    expect(await (await request('/api/affiliate/me', {}, { jar })).json()).toEqual({
      affiliate: null,
      application: { status: 'rejected', referralCode: sent.referralCode },
    });
  });

  it('gives the referral link and 30 days of clicks and referred sign-ups, today last', async () => {
    const { email, jar } = await signedInUser();
    const { referralCode } = await approvedAffiliate({ email });
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.2']) {
      const visitor = new CookieJar();
      await click(referralCode, { 'CF-Connecting-IP': ip, 'User-Agent': 'Browser D' }, visitor);
      if (ip === '192.0.2.1') {
        await postJson(
          '/api/auth/sign-up',
          { email: freshEmail('referred'), password: 'a long enough password' },
          { 'CF-Connecting-IP': freshClient() },
          { jar: visitor },
        );
      }
    }
    const response = await request('/api/affiliate/me', {}, { jar });
    expect(response.status).toBe(200);
    const { affiliate } = await response.json<{ affiliate: AffiliateStats }>();
    const link = new URL('/', env.APP_URL);
    link.searchParams.set('via', referralCode);
    expect(affiliate.referralCode).toBe(referralCode);
    expect(affiliate.referralLink).toBe(link.href);
    expect(affiliate.days).toHaveLength(30);
    expect(affiliate.days.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), clicks: 2, signUps: 1 });
    expect(affiliate.days.slice(0, -1).every((d) => d.clicks === 0 && d.signUps === 0)).toBe(true);
    expect(affiliate.totals).toEqual({ clicks: 2, signUps: 1 });
  });
});

describe('GET /api/general/affiliate-application', () => {
  it('tells a visitor nothing, and a signed-in applicant their details and application', async () => {
    expect(await (await request(APPLY)).json()).toEqual({ prefill: null, application: null });

    const { email, jar } = await signedInUser();
    const before = await (await request(APPLY, {}, { jar })).json();
    expect(before).toEqual({ prefill: { name: '', email }, application: null });

    const code = `known${Date.now().toString(36)}`;
    expect((await postJson(APPLY, application({ email, referralCode: code }), {}, { jar })).status).toBe(201);
    const after = await (await request(APPLY, {}, { jar })).json();
    expect(after).toEqual({ prefill: { name: '', email }, application: { status: 'pending', referralCode: code } });
  });
});
