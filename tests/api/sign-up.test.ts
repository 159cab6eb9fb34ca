import { describe, expect, it } from 'vitest';
import { hashToken } from '../../worker/lib/tokens';
import { CookieJar, db, freshClient, freshEmail, latestLink, medianMs, outboxFor, postJson, request, signedInUser, tokenOf } from '../utils';

const signUp = (body: unknown, headers: Record<string, string> = {}) => postJson('/api/auth/sign-up', body, { 'CF-Connecting-IP': freshClient(), ...headers });

const userRow = (email: string) =>
  db()
    .prepare('SELECT id, email, password_hash, email_verified_at, privacy_mode, attribution FROM users WHERE email = ?')
    .bind(email)
    .first<{ id: string; email: string; password_hash: string; email_verified_at: number | null; privacy_mode: number; attribution: string | null }>();

describe('POST /api/auth/sign-up', () => {
  it('creates an unverified account with a scrypt hash, attribution and privacy mode, and sends a verification link', async () => {
    const email = freshEmail();
    const attribution = {
      source: 'producthunt',
      medium: 'referral',
      campaign: null,
      ref: null,
      firstVisit: '2026-11-01T10:00:00.000Z',
      lastTouch: '2026-11-02T10:00:00.000Z',
      referrer: 'https://www.producthunt.com/',
      sessionId: 's-1',
    };
    const response = await signUp({ email: `  ${email.toUpperCase()}  `, password: 'correct horse battery', attribution, privacyMode: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Check your inbox' });

    const user = await userRow(email);
    expect(user?.password_hash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(user?.email_verified_at).toBeNull();
    expect(user?.privacy_mode).toBe(1);
    expect(JSON.parse(user?.attribution ?? 'null')).toEqual(attribution);

    const [mail] = await outboxFor(email);
    expect(mail?.subject).toBe('Confirm your email for Launchmate');
    expect(mail?.html).toContain('/verify-email/');
    const link = await latestLink(email, '/verify-email/');
    expect(link.startsWith('http://localhost:8787/verify-email/')).toBe(true);
    // Only the hash of the token is stored.
    const token = tokenOf(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await db().prepare('SELECT token_hash FROM email_tokens WHERE user_id = ?').bind(user!.id).first<{ token_hash: string }>();
    expect(stored?.token_hash).toBe(await hashToken(token));
    expect(JSON.stringify(await db().prepare('SELECT * FROM email_tokens').all())).not.toContain(token);
  });

  it('builds links from APP_URL, never from the Host header', async () => {
    const email = freshEmail();
    await signUp({ email, password: 'correct horse battery' }, { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' });
    const [mail] = await outboxFor(email);
    expect(mail?.text).toContain('http://localhost:8787/verify-email/');
    expect(mail?.text + (mail?.html ?? '')).not.toContain('evil.example');
  });

  describe('validation', () => {
    const cases: [string, unknown, { error: string; field?: string } | null][] = [
      ['a missing email', { password: 'long enough' }, { error: 'Email is required', field: 'email' }],
      ['an empty email', { email: ' ', password: 'long enough' }, { error: 'Email is required', field: 'email' }],
      ['a malformed email', { email: 'not-an-email', password: 'long enough' }, { error: 'Invalid email format', field: 'email' }],
      ['a missing password', { email: 'a@b.co' }, { error: 'Password is required', field: 'password' }],
      ['a 7-character password', { email: 'a@b.co', password: '1234567' }, { error: 'Password must be at least 8 characters long', field: 'password' }],
      [
        'a 257-character password',
        { email: 'a@b.co', password: 'p'.repeat(257) },
        { error: 'Password must be at most 256 characters long', field: 'password' },
      ],
      ['a NUL in the password', { email: 'a@b.co', password: 'pass\u0000word' }, { error: 'Password must not contain NUL characters', field: 'password' }],
      ['an unknown field', { email: 'a@b.co', password: 'long enough', role: 'admin' }, { error: 'Unknown field: role.' }],
      ['a wrong type', { email: 'a@b.co', password: 12345678 }, { error: 'Password is required', field: 'password' }],
      ['an attribution text over 500 characters', { email: 'a@b.co', password: 'long enough', attribution: { source: 's'.repeat(501) } }, null],
      ['a 10 KB email', { email: `${'a'.repeat(10_000)}@b.co`, password: 'long enough' }, { error: 'Email is too long', field: 'email' }],
    ];
    it.each(cases)('refuses %s with 400 and creates nothing', async (_name, body, expected) => {
      const before = await db().prepare('SELECT count(*) AS n FROM users').first<{ n: number }>();
      const response = await signUp(body);
      expect(response.status).toBe(400);
      const answer = await response.json<{ error: string; field?: string }>();
      if (expected) expect(answer).toEqual(expected);
      else expect(answer.field).toBe('attribution.source');
      expect(await db().prepare('SELECT count(*) AS n FROM users').first<{ n: number }>()).toEqual(before);
    });

    it('accepts 8 and 256 characters, emoji included, exactly as typed', async () => {
      for (const password of ['12345678', `🚀${'p'.repeat(254)}`]) {
        const email = freshEmail();
        expect((await signUp({ email, password })).status).toBe(200);
      }
    });

    it('refuses a top-level array, a __proto__ field, malformed JSON and a body over 16 KiB', async () => {
      expect((await signUp([{ email: 'a@b.co', password: 'long enough' }])).status).toBe(400);
      expect((await signUp('{"email":"a@b.co","password":"long enough","__proto__":{"admin":true}}')).status).toBe(400);
      expect((await signUp('{"email": ')).status).toBe(400);
      expect((await signUp({ email: 'a@b.co', password: 'long enough', attribution: { source: 'x'.repeat(17_000) } })).status).toBe(413);
    });
  });

  it('answers the same for an address that already has an account, and tells its owner instead', async () => {
    const email = freshEmail();
    const first = await signUp({ email, password: 'first password' });
    const second = await signUp({ email, password: 'another password' });
    expect(second.status).toBe(first.status);
    expect(await second.json()).toEqual({ message: 'Check your inbox' });
    const mails = await outboxFor(email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Confirm your email for Launchmate', 'You already have a Launchmate account']);
    expect((await db().prepare('SELECT count(*) AS n FROM users WHERE email = ?').bind(email).first<{ n: number }>())?.n).toBe(1);
  });

  it('spends about as long on a known address as on a new one (a dummy hash runs)', async () => {
    const email = freshEmail();
    await signUp({ email, password: 'first password' });
    const known = await medianMs(3, () => signUp({ email, password: 'first password' }));
    const fresh = await medianMs(3, () => signUp({ email: freshEmail(), password: 'first password' }));
    // Without the dummy hash the known-address path would take a few milliseconds against the
    // new-address path's full scrypt hash (about 1/50 of it).
    expect(known).toBeGreaterThan(fresh * 0.4);
  });

  it('creates exactly one account when two sign-ups for one address race', async () => {
    const email = freshEmail();
    const answers = await Promise.all([signUp({ email, password: 'password one' }), signUp({ email, password: 'password two' })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await db().prepare('SELECT count(*) AS n FROM users WHERE email = ?').bind(email).first<{ n: number }>())?.n).toBe(1);
  });
});

describe('POST /api/auth/verify-email/:token', () => {
  async function newAccount() {
    const email = freshEmail();
    await signUp({ email, password: 'correct horse battery' });
    return { email, token: tokenOf(await latestLink(email, '/verify-email/')) };
  }

  it('verifies the address and signs the user in', async () => {
    const { email, token } = await newAccount();
    const jar = new CookieJar();
    const response = await request(`/api/auth/verify-email/${token}`, { method: 'POST' }, { jar });
    expect(response.status).toBe(200);
    expect((await userRow(email))?.email_verified_at).toBeGreaterThan(0);
    expect(jar.get('__Host-lm_access')).toBeDefined();
    const me = await request('/api/auth/check-auth', {}, { jar });
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
  });

  it('is single use, even for two requests at once', async () => {
    const { token } = await newAccount();
    const answers = await Promise.all([
      request(`/api/auth/verify-email/${token}`, { method: 'POST' }),
      request(`/api/auth/verify-email/${token}`, { method: 'POST' }),
    ]);
    expect(answers.map((answer) => answer.status).sort((a, b) => a - b)).toEqual([200, 400]);
    expect((await request(`/api/auth/verify-email/${token}`, { method: 'POST' })).status).toBe(400);
  });

  it('refuses a link expired by a second, and says nothing about why', async () => {
    const { token } = await newAccount();
    await db()
      .prepare('UPDATE email_tokens SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1000, await hashToken(token))
      .run();
    const response = await request(`/api/auth/verify-email/${token}`, { method: 'POST' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'This verification link is invalid or has expired.' });
  });

  it('lives 24 hours', async () => {
    const { token } = await newAccount();
    const row = await db()
      .prepare('SELECT expires_at - created_at AS lifetime FROM email_tokens WHERE token_hash = ?')
      .bind(await hashToken(token))
      .first<{ lifetime: number }>();
    expect(Math.round((row?.lifetime ?? 0) / 1000)).toBe(24 * 60 * 60);
  });

  it('refuses missing, malformed, truncated and unknown tokens', async () => {
    const { token } = await newAccount();
    for (const bad of [token.slice(0, -1), `${token}x`, 'not a token', '%00', 'x'.repeat(43)]) {
      expect((await request(`/api/auth/verify-email/${encodeURIComponent(bad)}`, { method: 'POST' })).status, bad).toBe(400);
    }
    expect((await request('/api/auth/verify-email/', { method: 'POST' })).status).toBe(404);
  });

  it('does not change state on GET', async () => {
    const { email, token } = await newAccount();
    expect((await request(`/api/auth/verify-email/${token}`)).status).toBe(404);
    expect((await userRow(email))?.email_verified_at).toBeNull();
  });
});

describe('POST /api/auth/resend-verification-email', () => {
  const resend = (email: string) => postJson('/api/auth/resend-verification-email', { email }, { 'CF-Connecting-IP': freshClient() });

  it('sends a new link, invalidates the older one, then refuses for 60 seconds with 429', async () => {
    const email = freshEmail();
    await signUp({ email, password: 'correct horse battery' });
    const firstToken = tokenOf(await latestLink(email, '/verify-email/'));

    const first = await resend(email);
    expect(first.status).toBe(200);
    const secondToken = tokenOf(await latestLink(email, '/verify-email/'));
    expect(secondToken).not.toBe(firstToken);

    const again = await resend(email);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('Retry-After'))).toBeGreaterThan(55);
    expect(await outboxFor(email)).toHaveLength(2);

    expect((await request(`/api/auth/verify-email/${firstToken}`, { method: 'POST' })).status).toBe(400);
    expect((await request(`/api/auth/verify-email/${secondToken}`, { method: 'POST' })).status).toBe(200);
  });

  it('unlocks after 60 seconds', async () => {
    const email = freshEmail();
    await signUp({ email, password: 'correct horse battery' });
    expect((await resend(email)).status).toBe(200);
    await db()
      .prepare('UPDATE mail_locks SET locked_until = ? WHERE key = ?')
      .bind(Date.now() - 1, `verify-email:${email}`)
      .run();
    expect((await resend(email)).status).toBe(200);
  });

  it('answers an unknown address exactly like a known one, lock included', async () => {
    const known = freshEmail();
    await signUp({ email: known, password: 'correct horse battery' });
    const unknown = freshEmail('nobody');
    const [knownFirst, unknownFirst] = [await resend(known), await resend(unknown)];
    expect(unknownFirst.status).toBe(knownFirst.status);
    expect(await unknownFirst.json()).toEqual(await knownFirst.json());
    const [knownSecond, unknownSecond] = [await resend(known), await resend(unknown)];
    expect([knownSecond.status, unknownSecond.status]).toEqual([429, 429]);
    expect(await outboxFor(unknown)).toHaveLength(0);
  });

  it('sends nothing for an address that is already verified', async () => {
    const email = freshEmail();
    await signUp({ email, password: 'correct horse battery' });
    await request(`/api/auth/verify-email/${tokenOf(await latestLink(email, '/verify-email/'))}`, { method: 'POST' });
    expect((await resend(email)).status).toBe(200);
    expect(await outboxFor(email)).toHaveLength(1);
  });
});

describe('sign-up through an invitation (docs/decisions/0059)', () => {
  const PASSWORD = 'correct horse battery';

  /** An owner's project and an invitation to `invitee`: the link the owner got back, and the one e-mailed. */
  async function invitation(invitee = freshEmail('invitee')) {
    const owner = await signedInUser();
    const { project } = await (await postJson('/api/project', { name: 'Clinic reminders' }, {}, { jar: owner.jar })).json<{ project: { id: string } }>();
    const { link } = await (await postJson(`/api/project/${project.id}/invitations`, { email: invitee }, {}, { jar: owner.jar })).json<{ link: string }>();
    const mail = (await outboxFor(invitee)).at(-1)!;
    const emailed = new URL(/Join the project: (\S+)/.exec(mail.text)![1]!);
    expect(emailed.pathname).toBe(new URL(link).pathname);
    return { projectId: project.id, invitee, sharedLink: link, token: tokenOf(link), proof: emailed.searchParams.get('proof')! };
  }

  it('with the address it was sent to, through the e-mailed link: verified, signed in, and the invitation joins the project at once', async () => {
    const { projectId, invitee, token, proof } = await invitation();
    const jar = new CookieJar();
    const response = await postJson(
      '/api/auth/sign-up',
      { email: invitee, password: PASSWORD, invitation: { token, proof } },
      { 'CF-Connecting-IP': freshClient() },
      { jar },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedIn: true });
    expect((await userRow(invitee))?.email_verified_at).toEqual(expect.any(Number));
    // No link to confirm the address: the invitation is the only e-mail it got.
    expect((await outboxFor(invitee)).map((mail) => mail.subject)).toEqual([expect.stringContaining('invited you to a project')]);
    expect((await request('/api/auth/check-auth', {}, { jar })).status).toBe(200);
    const accepted = await request(`/api/project/invitations/${token}/accept`, { method: 'POST' }, { jar });
    expect(await accepted.json()).toEqual({ projectId });
  });

  it('with another address: the account confirms its address by e-mail first, and nobody is signed in', async () => {
    const { token, proof } = await invitation();
    const other = freshEmail('other');
    const jar = new CookieJar();
    const response = await postJson(
      '/api/auth/sign-up',
      { email: other, password: PASSWORD, invitation: { token, proof } },
      { 'CF-Connecting-IP': freshClient() },
      { jar },
    );
    expect(await response.json()).toEqual({ message: 'Check your inbox' });
    expect((await userRow(other))?.email_verified_at).toBeNull();
    expect((await outboxFor(other)).map((mail) => mail.subject)).toEqual(['Confirm your email for Launchmate']);
    expect(jar.cookies.size).toBe(0);
  });

  it("one invitation's token or proof never proves the address of another", async () => {
    const first = await invitation();
    const second = await invitation();
    for (const proofOf of [
      { token: first.token, proof: first.proof },
      { token: second.token, proof: first.proof },
      { token: first.token, proof: second.proof },
    ]) {
      const response = await signUp({ email: second.invitee, password: PASSWORD, invitation: proofOf });
      expect(await response.json()).toEqual({ message: 'Check your inbox' });
    }
    expect((await userRow(second.invitee))?.email_verified_at).toBeNull();
  });

  it('proves nothing once the invitation is used, withdrawn or expired', async () => {
    const { invitee, token, proof } = await invitation();
    await db()
      .prepare('UPDATE invitations SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1, await hashToken(token))
      .run();
    expect(await (await signUp({ email: invitee, password: PASSWORD, invitation: { token, proof } })).json()).toEqual({ message: 'Check your inbox' });
    expect((await userRow(invitee))?.email_verified_at).toBeNull();
  });

  it('signs nobody in when the invited address has an account: its owner is told, as for any sign-up', async () => {
    const { invitee, token, proof } = await invitation((await signedInUser()).email);
    const jar = new CookieJar();
    const response = await postJson(
      '/api/auth/sign-up',
      { email: invitee, password: PASSWORD, invitation: { token, proof } },
      { 'CF-Connecting-IP': freshClient() },
      { jar },
    );
    expect(await response.json()).toEqual({ message: 'Check your inbox' });
    expect(jar.cookies.size).toBe(0);
    expect((await outboxFor(invitee)).at(-1)?.subject).toBe('You already have a Launchmate account');
  });

  it('refuses a malformed invitation with a clear error and creates nothing', async () => {
    const email = freshEmail();
    const response = await signUp({ email, password: PASSWORD, invitation: { token: 'short', proof: 'x' } });
    expect(response.status).toBe(400);
    expect(await userRow(email)).toBeNull();
  });
});
