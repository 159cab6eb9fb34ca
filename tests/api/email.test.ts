import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db, fake, fakeRequests, freshClient, freshEmail, outboxFor, postJson } from '../utils';

const resendEnv = () => ({ RESEND_API_KEY: 're_test_key', RESEND_BASE_URL: env.FAKE_RESEND_URL });

afterEach(() => vi.restoreAllMocks());

describe('mail through Resend', () => {
  it('sends the verification e-mail with a text and an HTML part, from the configured sender', async () => {
    await fake(env.FAKE_RESEND_URL);
    const email = freshEmail();
    const response = await postJson(
      '/api/auth/sign-up',
      { email, password: 'correct horse battery' },
      { 'CF-Connecting-IP': freshClient() },
      { env: resendEnv() },
    );
    expect(response.status).toBe(200);
    const [sent] = await fakeRequests(env.FAKE_RESEND_URL);
    expect(sent?.headers.authorization).toBe('Bearer re_test_key');
    const body = JSON.parse(sent!.body) as { from: string; to: string; subject: string; html: string; text: string; headers?: object };
    expect(body.from).toBe(env.MAIL_FROM);
    expect(body.to).toBe(email);
    expect(body.subject).toBe('Confirm your email for Launchmate');
    expect(body.text).toMatch(/http:\/\/localhost:8787\/verify-email\/[A-Za-z0-9_-]{43}/);
    expect(body.html).toContain('<a href="http://localhost:8787/verify-email/');
    // Transactional: no unsubscribe headers.
    expect(body.headers).toBeUndefined();
    expect(await outboxFor(email)).toHaveLength(0);
  });

  it('keeps the account and answers 200 when the provider fails, logging no token', async () => {
    await fake(env.FAKE_RESEND_URL, { status: 500 });
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map((arg) => JSON.stringify(arg) ?? String(arg)).join(' ')));
    const email = freshEmail();
    const response = await postJson(
      '/api/auth/sign-up',
      { email, password: 'correct horse battery' },
      { 'CF-Connecting-IP': freshClient() },
      { env: resendEnv() },
    );
    expect(response.status).toBe(200);
    expect(await db().prepare('SELECT email FROM users WHERE email = ?').bind(email).first()).toEqual({ email });
    expect(logged.join('\n')).toContain('E-mail not delivered');
    expect(logged.join('\n')).not.toMatch(/verify-email\/|correct horse/);

    // Once the provider is back, the visitor can ask again.
    await fake(env.FAKE_RESEND_URL);
    expect((await postJson('/api/auth/resend-verification-email', { email }, {}, { env: resendEnv() })).status).toBe(200);
    expect(await fakeRequests(env.FAKE_RESEND_URL)).toHaveLength(1);
  });

  it('answers forgot-password with the generic message when the provider is down', async () => {
    await fake(env.FAKE_RESEND_URL, { status: 500 });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const email = freshEmail();
    await postJson('/api/auth/sign-up', { email, password: 'correct horse battery' }, { 'CF-Connecting-IP': freshClient() });
    const response = await postJson('/api/auth/forgot-password', { email }, {}, { env: resendEnv() });
    expect(response.status).toBe(200);
  });
});

describe('a database failure', () => {
  it('answers sign-up with 503 and a plain message, and leaves nothing behind', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const email = freshEmail();
    await db().prepare('ALTER TABLE email_tokens RENAME TO email_tokens_away').run();
    let response: Response;
    try {
      response = await postJson('/api/auth/sign-up', { email, password: 'correct horse battery' }, { 'CF-Connecting-IP': freshClient() });
    } finally {
      await db().prepare('ALTER TABLE email_tokens_away RENAME TO email_tokens').run();
    }
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'Our database is not answering right now. Please try again in a minute.' });
    expect(text).not.toMatch(/email_tokens|SQL|D1/);
    expect(await outboxFor(email)).toHaveLength(0);
  });
});
