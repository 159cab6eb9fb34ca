import { and, eq, isNull } from 'drizzle-orm';
import type { Attribution } from '#contracts/auth';
import { hashToken, newToken } from '../../lib/tokens';
import { getDb, type Db } from '../client';
import { emailSubscriptions, emailTokens, mailLocks, unsubscribeTokens, users } from '../schema';

export type User = typeof users.$inferSelect;
export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

export const EMAIL_TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  'verify-email': 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
};

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  emailVerifiedAt?: number | null;
  googleSub?: string | null;
  name?: string | null;
  privacyMode?: boolean;
  attribution?: Attribution | null;
}

/** Creates the account, or returns undefined when the address already has one (two sign-ups racing). */
export async function createUser(db: Db, user: NewUser): Promise<User | undefined> {
  const [created] = await db
    .insert(users)
    .values({ id: crypto.randomUUID(), ...user, attribution: user.attribution ? JSON.stringify(user.attribution) : null })
    .onConflictDoNothing()
    .returning();
  return created;
}

/**
 * Issues a single-use link token. Any older unused token of the same purpose stops working in
 * the same batch (docs/security.md §9: a new request invalidates the older token).
 */
export async function issueEmailToken(db: Db, userId: string, purpose: EmailTokenPurpose): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db.batch([
    db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt))),
    db.insert(emailTokens).values({ tokenHash: await hashToken(token), userId, purpose, expiresAt: now + EMAIL_TOKEN_LIFETIME_MS[purpose] }),
  ]);
  return token;
}

/**
 * SQL for "the user whose token was just used", for statements batched with
 * `consumeEmailToken`. They must bind the token hash as ?1 and the time of use as ?2.
 */
export const USED_TOKEN_USER = '(SELECT user_id FROM email_tokens WHERE token_hash = ?1 AND used_at = ?2)';

/** Whether a link token can still be used, without using it (a page checks its link on opening). */
export async function isEmailTokenUsable(d1: D1Database, token: string, purpose: EmailTokenPurpose): Promise<boolean> {
  const row = await d1
    .prepare('SELECT 1 FROM email_tokens WHERE token_hash = ?1 AND purpose = ?2 AND used_at IS NULL AND expires_at > ?3')
    .bind(await hashToken(token), purpose, Date.now())
    .first();
  return row !== null;
}

/**
 * Uses a link token, once: a single conditional UPDATE, so of two simultaneous uses exactly one
 * succeeds. `thenRun` statements run in the same batch and change something only if it did:
 * they select the user through USED_TOKEN_USER. Returns the user id, or undefined when the token
 * is unknown, used, expired or of another purpose.
 */
export async function consumeEmailToken(
  d1: D1Database,
  token: string,
  purpose: EmailTokenPurpose,
  thenRun: (used: { tokenHash: string; now: number }) => D1PreparedStatement[],
): Promise<string | undefined> {
  const now = Date.now();
  const tokenHash = await hashToken(token);
  const [consumed] = await d1.batch<{ user_id: string }>([
    d1
      .prepare(
        `UPDATE email_tokens SET used_at = ?2
         WHERE token_hash = ?1 AND purpose = ?3 AND used_at IS NULL AND expires_at > ?2
         RETURNING user_id`,
      )
      .bind(tokenHash, now, purpose),
    ...thenRun({ tokenHash, now }),
  ]);
  return consumed?.results[0]?.user_id;
}

/**
 * Takes a lock for `ms` milliseconds, exactly: one upsert that only succeeds when there is no lock
 * or the old one expired. Used to send at most one e-mail of a kind per address per minute.
 */
export async function takeMailLock(d1: D1Database, key: string, ms: number): Promise<{ taken: boolean; retryAfterSeconds: number }> {
  const now = Date.now();
  const row = await d1
    .prepare(
      `INSERT INTO mail_locks (key, locked_until) VALUES (?1, ?2)
       ON CONFLICT (key) DO UPDATE SET locked_until = excluded.locked_until WHERE mail_locks.locked_until <= ?3
       RETURNING key`,
    )
    .bind(key, now + ms, now)
    .first();
  if (row) return { taken: true, retryAfterSeconds: 0 };
  const held = await getDb(d1).select().from(mailLocks).where(eq(mailLocks.key, key));
  return { taken: false, retryAfterSeconds: Math.max(1, Math.ceil(((held[0]?.lockedUntil ?? now) - now) / 1000)) };
}

export async function isSubscribed(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select().from(emailSubscriptions).where(eq(emailSubscriptions.email, email));
  return !row?.unsubscribedAt;
}

export async function setSubscribed(db: Db, email: string, subscribed: boolean): Promise<void> {
  const now = Date.now();
  await db
    .insert(emailSubscriptions)
    .values({ email, unsubscribedAt: subscribed ? null : now, updatedAt: now })
    .onConflictDoUpdate({ target: emailSubscriptions.email, set: { unsubscribedAt: subscribed ? null : now, updatedAt: now } });
}

/** A fresh unsubscribe link for one non-transactional e-mail to `email` (RFC 8058). */
export async function createUnsubscribeToken(db: Db, email: string): Promise<string> {
  const token = newToken();
  await db.insert(unsubscribeTokens).values({ tokenHash: await hashToken(token), email });
  return token;
}

export async function findUnsubscribeEmail(db: Db, token: string): Promise<string | undefined> {
  const [row] = await db
    .select()
    .from(unsubscribeTokens)
    .where(eq(unsubscribeTokens.tokenHash, await hashToken(token)));
  return row?.email;
}
