import { scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt (docs/security.md §1): N=2^15, r=8, p=3, a 16-byte random salt, 64 MiB
 * of memory at most. Argon2 is not available in Workers and WebCrypto's PBKDF2 is capped below
 * OWASP's iteration count. The parameters are stored with each hash so they can be raised
 * later: `verifyPassword` reports when a stored hash uses older ones.
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
const MAX_MEMORY = 64 * 1024 * 1024;

const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromBase64Url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

function derive(password: string, salt: Uint8Array, params: { N: number; r: number; p: number }): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    // The password is hashed exactly as typed: no trimming, truncation or case folding.
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...params, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(new Uint8Array(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const key = await derive(password, salt, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return ['scrypt', N, r, p, toBase64Url(salt), toBase64Url(key)].join('$');
}

export interface PasswordCheck {
  matches: boolean;
  /** The hash was made with other parameters: store a fresh one after a successful sign-in. */
  needsRehash: boolean;
}

export async function verifyPassword(password: string, stored: string): Promise<PasswordCheck> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return { matches: false, needsRehash: false };
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = fromBase64Url(key);
  const actual = await derive(password, fromBase64Url(salt), params);
  const matches = actual.length === expected.length && timingSafeEqual(actual, expected);
  const needsRehash = params.N !== SCRYPT_PARAMS.N || params.r !== SCRYPT_PARAMS.r || params.p !== SCRYPT_PARAMS.p;
  return { matches, needsRehash };
}

/**
 * Spends the same time as checking a real password, for requests about accounts that do not
 * exist, so response times do not reveal which e-mail addresses have accounts (docs/security.md §3).
 */
export async function spendPasswordCheckTime(password: string): Promise<void> {
  await derive(password, new Uint8Array(SALT_BYTES), SCRYPT_PARAMS);
}
