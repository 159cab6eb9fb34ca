import { describe, expect, it } from 'vitest';
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from '../../worker/services/passwords';

describe('passwords', () => {
  it('stores scrypt hashes with their parameters and a 16-byte salt', async () => {
    const hash = await hashPassword('correct horse battery staple');
    const [scheme, n, r, p, salt, key] = hash.split('$');
    expect([scheme, Number(n), Number(r), Number(p)]).toEqual(['scrypt', 2 ** 15, 8, 3]);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(32);
    expect(hash).not.toContain('correct horse');
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('accepts the exact password and nothing else: no trimming, truncation or case folding', async () => {
    const password = `  Pässword-${'x'.repeat(240)}  `;
    const hash = await hashPassword(password);
    expect(await verifyPassword(password, hash)).toEqual({ matches: true, needsRehash: false });
    for (const other of [password.trim(), password.toUpperCase(), password.slice(0, 72), password.slice(0, -1)]) {
      expect((await verifyPassword(other, hash)).matches).toBe(false);
    }
  });

  it('asks for a rehash when the stored parameters are older', async () => {
    const { r, p } = SCRYPT_PARAMS;
    // A hash made with N=2^14, as an older release would have stored it.
    const salt = Buffer.alloc(16, 1);
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync('old password', salt, 32, { N: 2 ** 14, r, p, maxmem: 64 * 1024 * 1024 });
    const old = ['scrypt', 2 ** 14, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('old password', old)).toEqual({ matches: true, needsRehash: true });
  });

  it('refuses malformed stored hashes', async () => {
    expect((await verifyPassword('x', 'bcrypt$abc')).matches).toBe(false);
    expect((await verifyPassword('x', '')).matches).toBe(false);
  });
});
