import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { inject, vi } from 'vitest';
import { hashToken, newToken } from '../worker/lib/tokens';
import { hashPassword } from '../worker/services/passwords';
import { ACCESS_COOKIE, REFRESH_COOKIE, REFRESH_FAMILY_MS, sessionSecret, signAccessToken } from '../worker/services/sessions';
import app from '../worker/ssr/entry';
import { FIXTURE_PASSWORD } from './fixture-password';

/** The product's own origin, as the Worker is configured in tests. */
export const appOrigin = () => new URL(env.APP_URL).origin;

/** Cookies a browser would keep between requests: what Set-Cookie sets, minus what it deletes. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  /** The Set-Cookie lines of the last response, to check their attributes. */
  lastSetCookies: string[] = [];

  store(response: Response) {
    this.lastSetCookies = response.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', ...value] = pair.split('=');
      const expired = attributes.some((attribute) => /^max-age=0$/i.test(attribute) || /^expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value.join('='));
    }
  }

  get(name: string) {
    return this.cookies.get(name);
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface CallOptions {
  /** Settings for this request only, e.g. a Resend key pointing at the fake. */
  env?: Partial<Cloudflare.Env>;
  jar?: CookieJar;
  /** Send no Origin header, as a mail provider's one-click POST or a cross-site form would. */
  noOrigin?: boolean;
}

/**
 * Sends a request to the Worker under test, as the browser on the product's origin would, and
 * waits for the work it left running (e-mail sent through waitUntil) before returning.
 */
export async function request(path: string, init: RequestInit = {}, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const method = (init.method ?? 'GET').toUpperCase();
  if (!['GET', 'HEAD'].includes(method) && !headers.has('Origin') && !options.noOrigin) headers.set('Origin', appOrigin());
  if (options.jar && options.jar.cookies.size > 0) headers.set('Cookie', options.jar.header());
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(new URL(path, appOrigin()), { ...init, headers, redirect: 'manual' }), { ...env, ...options.env }, ctx);
  await waitOnExecutionContext(ctx);
  options.jar?.store(response);
  return response;
}

/** Sends a request exactly as given: no Origin is added. */
export const rawRequest = (path: string, init: RequestInit = {}, options: CallOptions = {}) => request(path, init, { ...options, noOrigin: true });

/** POSTs a JSON body (or a raw string) from the product's origin. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}, options: CallOptions = {}): Promise<Response> {
  return request(
    path,
    { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) },
    options,
  );
}

export const db = () => env.DB;

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: string | null;
}

export async function outboxFor(address: string): Promise<OutboxMessage[]> {
  const { results } = await db()
    .prepare('SELECT id, "to", subject, html, text, headers FROM outbox WHERE "to" = ? ORDER BY id')
    .bind(address)
    .all<OutboxMessage>();
  return results;
}

/** The first link to `path` (e.g. "/verify-email/") in the latest e-mail to `address`. */
export async function latestLink(address: string, path: string): Promise<string> {
  const messages = await outboxFor(address);
  const text = messages.at(-1)?.text ?? '';
  const match = new RegExp(`https?://[^\\s]*${path}[A-Za-z0-9_-]+`).exec(text);
  if (!match) throw new Error(`No ${path} link in the latest e-mail to ${address}: ${text}`);
  return match[0];
}

export const tokenOf = (link: string) => link.split('/').pop()!;

/** A fresh address per call, so tests never share accounts. */
let addressCounter = 0;
export const freshEmail = (label = 'founder') => `${label}.${Date.now().toString(36)}.${++addressCounter}@example.com`;
/** A client address no other test uses: a random IPv6 /64 (the unit per-client limits count). */
export const freshClient = () => {
  const [a, b, c] = crypto.getRandomValues(new Uint16Array(3));
  return `2001:db8:${a!.toString(16)}:${b!.toString(16)}::${c!.toString(16)}`;
};

/**
 * Stops the clock at the first second of the current minute, until `vi.useRealTimers()`. The
 * rate limits count in windows aligned to the clock (worker/services/rate-limit.ts): a test's
 * requests then all land in one window, however long they take. The Worker runs in the tests'
 * isolate, so it reads this clock too.
 */
export function stopClockAtStartOfMinute(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${new Date().toISOString().slice(0, 16)}:01.000Z`));
}

/** Signs up and verifies a new account; returns a jar holding its session. */
/**
 * A verified account, signed in, for tests that are not about signing up or in: its row and its
 * session are written to D1 as sign-up, verification and startSession would leave them, with the
 * password hash made once per run by the API project's global set-up (production parameters).
 * Sign-up, verification and sign-in keep their real paths in their own tests.
 */
export async function signedInUser(password = FIXTURE_PASSWORD) {
  const email = freshEmail();
  const userId = crypto.randomUUID();
  const familyId = crypto.randomUUID();
  const refreshToken = newToken();
  const now = Date.now();
  const passwordHash = password === FIXTURE_PASSWORD ? inject('fixturePasswordHash') : await hashPassword(password);
  await env.DB.batch([
    env.DB.prepare('INSERT INTO users (id, email, password_hash, email_verified_at) VALUES (?1, ?2, ?3, ?4)').bind(userId, email, passwordHash, now),
    env.DB.prepare('INSERT INTO refresh_tokens (token_hash, family_id, user_id, family_expires_at) VALUES (?1, ?2, ?3, ?4)').bind(
      await hashToken(refreshToken),
      familyId,
      userId,
      now + REFRESH_FAMILY_MS,
    ),
  ]);
  const jar = new CookieJar();
  jar.cookies.set(`__Host-${ACCESS_COOKIE}`, await signAccessToken(sessionSecret(env, new Request(appOrigin())), userId, familyId));
  jar.cookies.set(`__Host-${REFRESH_COOKIE}`, refreshToken);
  return { email, password, jar };
}

/** An account made through the real sign-up and verification, for the tests of those flows. */
export async function signedUpUser(password = FIXTURE_PASSWORD) {
  const email = freshEmail();
  const jar = new CookieJar();
  const signUp = await postJson('/api/auth/sign-up', { email, password }, { 'CF-Connecting-IP': freshClient() });
  if (signUp.status !== 200) throw new Error(`Sign-up failed: ${signUp.status}`);
  const token = tokenOf(await latestLink(email, '/verify-email/'));
  const verified = await request(`/api/auth/verify-email/${token}`, { method: 'POST' }, { jar });
  if (verified.status !== 200) throw new Error(`Verification failed: ${verified.status}`);
  return { email, password, jar };
}

/** Steers a fake outside service (tests/fakes). */
export async function fake(url: string, scenario: object = {}) {
  await fetch(`${url}/__reset`, { method: 'POST' });
  await fetch(`${url}/__scenario`, { method: 'POST', body: JSON.stringify(scenario) });
}

export async function fakeRequests(url: string): Promise<{ method: string; path: string; headers: Record<string, string>; body: string; aborted?: boolean }[]> {
  return (await fetch(`${url}/__requests`)).json();
}

/** The median duration of `runs` sequential calls, in milliseconds. */
export async function medianMs(runs: number, call: () => Promise<unknown>): Promise<number> {
  const durations: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    durations.push(performance.now() - started);
  }
  return durations.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}
