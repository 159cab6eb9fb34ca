import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { sign, verify } from 'hono/jwt';
import { closeSessionConnections } from '../agents/project-lifecycle';
import { getDb } from '../db/client';
import { memberProjectIds } from '../db/queries/projects';
import { refreshTokens } from '../db/schema';
import type { AppEnv, Bindings } from '../env';
import { deriveToken, hashToken, newToken, TOKEN_SHAPE } from '../lib/tokens';
import { developmentFeatureAllowed } from './development';

/**
 * Sessions (docs/security.md §6–8): a signed access token that lives 15 minutes, and a refresh token
 * that is rotated on every use inside a family that ends 30 days after sign-in. Both travel only
 * in `__Host-` cookies (HttpOnly, Secure, SameSite=Lax, Path=/).
 */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_FAMILY_MS = 30 * 24 * 60 * 60 * 1000;
/** A refresh retried within this time (a lost response) gets the same successor. */
export const REFRESH_RETRY_GRACE_MS = 30_000;

export const ACCESS_COOKIE = 'lm_access';
export const REFRESH_COOKIE = 'lm_refresh';
const cookieOptions = { prefix: 'host', httpOnly: true, secure: true, sameSite: 'Lax', path: '/' } as const;

/** Only for local development and tests, on a loopback address (services/development.ts). */
const DEVELOPMENT_SESSION_SECRET = 'development-only-session-secret-never-used-in-production';
export const MISSING_SESSION_SECRET = 'Accounts are not available right now: this server has no session secret configured.';

/**
 * The key of every session token and derived secret. Anywhere but a local development request,
 * a missing or short SESSION_SECRET is a 503 for what needs it, never a guessable default.
 */
export function sessionSecret(env: Bindings, request: Request): string {
  if (env.SESSION_SECRET && env.SESSION_SECRET.length >= 32) return env.SESSION_SECRET;
  if (developmentFeatureAllowed(env, request, 'development-secret')) return DEVELOPMENT_SESSION_SECRET;
  throw new HTTPException(503, { message: MISSING_SESSION_SECRET });
}

/** A signed access token of the session `familyId`, valid for ACCESS_TOKEN_SECONDS from now. */
export function signAccessToken(secret: string, userId: string, familyId: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  // jti: two tokens issued in the same second (a sign-in and an immediate refresh) still differ.
  return sign({ sub: userId, fid: familyId, jti: crypto.randomUUID(), iat: now, exp: now + ACCESS_TOKEN_SECONDS }, secret, 'HS256');
}

async function setSessionCookies(c: Context<AppEnv>, userId: string, familyId: string, refreshToken: string, familyExpiresAt: number) {
  const accessToken = await signAccessToken(sessionSecret(c.env, c.req.raw), userId, familyId);
  setCookie(c, ACCESS_COOKIE, accessToken, { ...cookieOptions, maxAge: ACCESS_TOKEN_SECONDS });
  setCookie(c, REFRESH_COOKIE, refreshToken, {
    ...cookieOptions,
    maxAge: Math.max(1, Math.floor((familyExpiresAt - Date.now()) / 1000)),
  });
}

export function clearSessionCookies<E extends AppEnv>(c: Context<E>) {
  deleteCookie(c, ACCESS_COOKIE, cookieOptions);
  deleteCookie(c, REFRESH_COOKIE, cookieOptions);
}

/** Signs the user in on this browser: a new refresh family and a fresh access token. */
export async function startSession(c: Context<AppEnv>, userId: string): Promise<void> {
  const familyId = crypto.randomUUID();
  const refreshToken = newToken();
  const familyExpiresAt = Date.now() + REFRESH_FAMILY_MS;
  await getDb(c.env.DB)
    .insert(refreshTokens)
    .values({ tokenHash: await hashToken(refreshToken), familyId, userId, familyExpiresAt });
  await setSessionCookies(c, userId, familyId, refreshToken, familyExpiresAt);
}

/**
 * Trades the refresh cookie for a new pair (RFC 9700 §4.14.2). Returns the user id, or null when
 * the browser must sign in again. A token presented a second time after its grace period is
 * taken as stolen: its whole family is revoked.
 */
export async function rotateSession(c: Context<AppEnv>): Promise<string | null> {
  const presented = getCookie(c, REFRESH_COOKIE, 'host');
  if (!presented || !TOKEN_SHAPE.test(presented)) return null;

  const db = getDb(c.env.DB);
  const now = Date.now();
  const presentedHash = await hashToken(presented);
  const successor = await deriveToken(sessionSecret(c.env, c.req.raw), 'refresh', presented);
  const successorHash = await hashToken(successor);

  // Mark the presented token used and create its successor in one atomic batch: only one of
  // two simultaneous refreshes can win the conditional UPDATE.
  const [used] = await c.env.DB.batch<{ user_id: string; family_id: string; family_expires_at: number }>([
    c.env.DB.prepare(
      `UPDATE refresh_tokens SET used_at = ?2
       WHERE token_hash = ?1 AND used_at IS NULL AND revoked_at IS NULL AND family_expires_at > ?2
       RETURNING user_id, family_id, family_expires_at`,
    ).bind(presentedHash, now),
    c.env.DB.prepare(
      `INSERT INTO refresh_tokens (token_hash, family_id, user_id, family_expires_at)
       SELECT ?3, family_id, user_id, family_expires_at FROM refresh_tokens WHERE token_hash = ?1 AND used_at = ?2
       ON CONFLICT (token_hash) DO NOTHING`,
    ).bind(presentedHash, now, successorHash),
  ]);
  const rotated = used?.results[0];
  if (rotated) {
    await setSessionCookies(c, rotated.user_id, rotated.family_id, successor, rotated.family_expires_at);
    return rotated.user_id;
  }

  const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, presentedHash));
  if (!known || known.revokedAt !== null || known.familyExpiresAt <= now) return null;

  if (known.usedAt !== null && now - known.usedAt <= REFRESH_RETRY_GRACE_MS) {
    const [next] = await db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, successorHash), isNull(refreshTokens.revokedAt)));
    if (next) {
      await setSessionCookies(c, known.userId, known.familyId, successor, known.familyExpiresAt);
      return known.userId;
    }
  }

  await revokeFamily(c.env, known.userId, known.familyId);
  return null;
}

/**
 * Every way a session ends goes through here: the refresh families are revoked, and the user's
 * open workspace sockets opened by those sessions close at once (docs/security.md §8). The next
 * request of an ended session is refused anyway (decision 0018); a socket makes no requests, so
 * it is closed, and its writes check the session too.
 */
async function endSessions(env: Bindings, userId: string, { families, except }: { families: string[] | null; except?: string }): Promise<void> {
  await getDb(env.DB)
    .update(refreshTokens)
    .set({ revokedAt: Date.now() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        ...(families ? [inArray(refreshTokens.familyId, families)] : []),
        ...(except ? [ne(refreshTokens.familyId, except)] : []),
      ),
    );
  await closeSessionConnections(env, await memberProjectIds(env.DB, userId), userId, { families, except });
}

/** Ends one session: sign-out of this browser, or a rotated refresh token presented again. */
export const revokeFamily = (env: Bindings, userId: string, familyId: string) => endSessions(env, userId, { families: [familyId] });

/** After a password reset, or "Sign out of all devices": every browser of the user must sign in again. */
export const revokeAllSessions = (env: Bindings, userId: string) => endSessions(env, userId, { families: null });

/** The session (refresh family) of this browser's refresh cookie, if it has a known one. */
async function currentFamily<E extends AppEnv>(c: Context<E>): Promise<{ userId: string; familyId: string } | undefined> {
  const presented = getCookie(c, REFRESH_COOKIE, 'host');
  if (!presented || !TOKEN_SHAPE.test(presented)) return undefined;
  const [row] = await getDb(c.env.DB)
    .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, await hashToken(presented)));
  return row;
}

/** Signs this browser out: its refresh family is revoked on the server, its cookies cleared. */
export async function endSession(c: Context<AppEnv>): Promise<void> {
  const session = await currentFamily(c);
  if (session) await revokeFamily(c.env, session.userId, session.familyId);
  clearSessionCookies(c);
}

/**
 * After a password change: every other browser of the user must sign in again; this one stays
 * signed in. One call, so how sessions end can change in one place.
 */
export async function endOtherSessions<E extends AppEnv>(c: Context<E>, userId: string): Promise<void> {
  const keep = await currentFamily(c);
  await endSessions(c.env, userId, { families: null, except: keep?.userId === userId ? keep.familyId : undefined });
}

/**
 * Whether a refresh family has been ended: by sign-out, by the reuse of a rotated token, or by a
 * password reset or change. Revocation marks every token of the family, so one indexed look-up
 * answers it.
 */
async function isFamilyRevoked(d1: D1Database, familyId: string): Promise<boolean> {
  const row = await d1.prepare('SELECT 1 FROM refresh_tokens WHERE family_id = ?1 AND revoked_at IS NOT NULL LIMIT 1').bind(familyId).first();
  return row !== null;
}

/**
 * The signed-in user's id from a valid access token, or null. The algorithm is fixed. An access
 * token lives 15 minutes, but the session it belongs to can end sooner: its refresh family is
 * checked on every request, so sign-out, family revocation and password resets take effect at once
 * (docs/security.md §8, decision 0018).
 */
export async function currentUserId<E extends AppEnv>(c: Context<E>): Promise<string | null> {
  return (await currentSession(c))?.userId ?? null;
}

/** The signed-in user and the refresh family (the session) their access token belongs to, or null. */
export async function currentSession<E extends AppEnv>(c: Context<E>): Promise<{ userId: string; familyId: string } | null> {
  const token = getCookie(c, ACCESS_COOKIE, 'host');
  if (!token) return null;
  // Outside the try: a missing secret is the server's fault (503), not an invalid token.
  const secret = sessionSecret(c.env, c.req.raw);
  let payload: Awaited<ReturnType<typeof verify>>;
  try {
    payload = await verify(token, secret, 'HS256');
  } catch {
    return null;
  }
  if (typeof payload.sub !== 'string' || typeof payload.fid !== 'string') return null;
  if (await isFamilyRevoked(c.env.DB, payload.fid)) return null;
  return { userId: payload.sub, familyId: payload.fid };
}

/** For routes that start or renew a session: a missing secret stops them before they change anything. */
export const requireSessionSecret = createMiddleware<AppEnv>(async (c, next) => {
  sessionSecret(c.env, c.req.raw);
  return next();
});

export type SignedInEnv = AppEnv & { Variables: { userId: string; sessionFamily: string } };

/** Guards signed-in routes: 401 without a valid access token; the client then refreshes once. */
export const requireUser = createMiddleware<SignedInEnv>(async (c, next) => {
  const session = await currentSession(c);
  if (!session) return c.json({ error: 'Please sign in to continue.' }, 401);
  c.set('userId', session.userId);
  c.set('sessionFamily', session.familyId);
  return next();
});
