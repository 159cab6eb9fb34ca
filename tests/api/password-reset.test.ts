import { describe, expect, it } from 'vitest';
import { hashToken } from '../../worker/lib/tokens';
import { CookieJar, db, freshClient, freshEmail, latestLink, outboxFor, postJson, request, signedUpUser, tokenOf } from '../utils';

const GENERIC = { message: 'If an account with that email exists, a password reset link has been sent.' };
const forgot = (email: string) => postJson('/api/auth/forgot-password', { email }, { 'CF-Connecting-IP': freshClient() });
const reset = (token: string, newPassword: unknown, jar?: CookieJar) =>
  postJson(`/api/auth/reset-password/${token}`, { new_password: newPassword }, {}, { jar });
const signIn = (email: string, password: string) => postJson('/api/auth/sign-in', { email, password }, { 'CF-Connecting-IP': freshClient() });

async function resetToken(email: string) {
  expect((await forgot(email)).status).toBe(200);
  return tokenOf(await latestLink(email, '/reset-password/'));
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const { email } = await signedUpUser();
    const unknown = freshEmail('nobody');
    const [known, missing] = [await forgot(email), await forgot(unknown)];
    expect([known.status, missing.status]).toEqual([200, 200]);
    expect(await known.json()).toEqual(GENERIC);
    expect(await missing.json()).toEqual(GENERIC);
    expect((await outboxFor(email)).at(-1)?.subject).toBe('Reset your Launchmate password');
    expect(await outboxFor(unknown)).toHaveLength(0);
  });

  it('sends at most one link a minute per address', async () => {
    const { email } = await signedUpUser();
    await forgot(email);
    const second = await forgot(email);
    expect(second.status).toBe(200);
    expect((await outboxFor(email)).filter((mail) => mail.subject === 'Reset your Launchmate password')).toHaveLength(1);
  });

  it('refuses a malformed address with 400', async () => {
    expect((await forgot('no-at-sign')).status).toBe(400);
  });
});

describe('POST /api/auth/reset-password/:token', () => {
  it('sets the new password, signs every device out, sends a notice, and does not sign in', async () => {
    const { email, password, jar } = await signedUpUser();
    const token = await resetToken(email);
    const visitor = new CookieJar();
    const response = await reset(token, 'a brand new password', visitor);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Your password has been reset. You can now sign in with your new password.' });
    expect(visitor.cookies.size).toBe(0);

    expect((await request('/api/auth/refresh', { method: 'POST' }, { jar })).status).toBe(401);
    expect((await signIn(email, password)).status).toBe(401);
    expect((await signIn(email, 'a brand new password')).status).toBe(200);
    expect((await outboxFor(email)).at(-1)?.subject).toBe('Your Launchmate password was changed');
  });

  it('works once: two uses at once, exactly one succeeds', async () => {
    const { email } = await signedUpUser();
    const token = await resetToken(email);
    const answers = await Promise.all([reset(token, 'first new password'), reset(token, 'second new password')]);
    expect(answers.map((answer) => answer.status).sort((a, b) => a - b)).toEqual([200, 400]);
    expect((await reset(token, 'third new password')).status).toBe(400);
  });

  it('lives one hour: refused once expired by a second', async () => {
    const { email } = await signedUpUser();
    const token = await resetToken(email);
    const hash = await hashToken(token);
    const row = await db()
      .prepare('SELECT expires_at - created_at AS lifetime FROM email_tokens WHERE token_hash = ?')
      .bind(hash)
      .first<{ lifetime: number }>();
    expect(Math.round((row?.lifetime ?? 0) / 1000)).toBe(3600);
    await db()
      .prepare('UPDATE email_tokens SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1000, hash)
      .run();
    const response = await reset(token, 'a brand new password');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'This reset link is invalid or has expired. Please ask for a new one.' });
  });

  it('invalidates an older link when a newer one is requested', async () => {
    const { email } = await signedUpUser();
    const older = await resetToken(email);
    await db().prepare('UPDATE mail_locks SET locked_until = 0').run();
    const newer = await resetToken(email);
    expect((await reset(older, 'a brand new password')).status).toBe(400);
    expect((await reset(newer, 'a brand new password')).status).toBe(200);
  });

  it('does not accept a reset token as a verification token, nor the other way round', async () => {
    const email = freshEmail();
    await postJson('/api/auth/sign-up', { email, password: 'correct horse battery' }, { 'CF-Connecting-IP': freshClient() });
    const verification = tokenOf(await latestLink(email, '/verify-email/'));
    const resetLink = await resetToken(email);
    expect((await request(`/api/auth/verify-email/${resetLink}`, { method: 'POST' })).status).toBe(400);
    expect((await reset(verification, 'a brand new password')).status).toBe(400);
  });

  it('validates the new password and leaves the token usable when it is refused', async () => {
    const { email } = await signedUpUser();
    const token = await resetToken(email);
    const short = await reset(token, 'short');
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: 'Password must be at least 8 characters long', field: 'new_password' });
    expect((await reset(token, 12345678)).status).toBe(400);
    expect((await reset(token, 'long enough now')).status).toBe(200);
  });

  it('refuses malformed and truncated tokens', async () => {
    const { email } = await signedUpUser();
    const token = await resetToken(email);
    for (const bad of [token.slice(0, 20), 'x', `${token}${token}`]) expect((await reset(bad, 'a brand new password')).status).toBe(400);
  });

  it('counts the reset as proof of the mailbox', async () => {
    const email = freshEmail();
    await postJson('/api/auth/sign-up', { email, password: 'correct horse battery' }, { 'CF-Connecting-IP': freshClient() });
    await reset(await resetToken(email), 'a brand new password');
    expect((await signIn(email, 'a brand new password')).status).toBe(200);
  });
});

describe('GET /api/auth/reset-password/:token', () => {
  const check = (token: string) => request(`/api/auth/reset-password/${token}`);

  it('says whether a link still works, without using it', async () => {
    const { email, jar } = await signedUpUser();
    const token = await resetToken(email);
    for (let i = 0; i < 2; i++) {
      const usable = await check(token);
      expect(usable.status).toBe(200);
      expect(await usable.json()).toEqual({ usable: true });
    }
    // Checking used nothing: the link still resets the password, once.
    expect((await reset(token, 'a brand new password', jar)).status).toBe(200);
    const used = await check(token);
    expect(used.status).toBe(400);
    expect(await used.json()).toEqual({ error: 'This reset link is invalid or has expired. Please ask for a new one.' });
  });

  it('refuses an expired, malformed or unknown link alike', async () => {
    const { email } = await signedUpUser();
    const token = await resetToken(email);
    await db()
      .prepare('UPDATE email_tokens SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1000, await hashToken(token))
      .run();
    for (const bad of [token, 'x', 'A'.repeat(43)]) expect((await check(bad)).status).toBe(400);
  });
});
