import { timingSafeEqual } from 'node:crypto';

/**
 * Secrets handed to browsers and mailboxes (docs/security.md §5): 256 random bits from
 * crypto.getRandomValues, sent as base64url, stored only as their SHA-256 hash.
 */
export function newToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Buffer.from(digest).toString('hex');
}

/** Compares two secrets without leaking, through timing, how much of them matched. */
export function sameSecret(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The shape every token of ours has; anything else is refused before touching the database. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * A token derived from another with a server secret (HMAC-SHA-256). Refresh rotation uses it so
 * that a retry of the same refresh within the grace period gets the very same successor, without
 * the server ever storing a token in the clear.
 */
export async function deriveToken(secret: string, purpose: string, from: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${purpose}:${from}`));
  return Buffer.from(mac).toString('base64url');
}
