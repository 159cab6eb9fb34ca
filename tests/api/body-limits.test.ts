/**
 * Oversized bodies (docs/security.md §13): answered 413. A declared Content-Length over the limit
 * is refused before any of it is kept; a chunked body without one is counted as it arrives and
 * refused once past the limit. Either way the rest is read and dropped before the answer, so that
 * the client is answered after it has sent everything (tests/e2e/body-limits.test.ts shows why over
 * HTTP). Nothing is written.
 */
import { describe, expect, it } from 'vitest';
import { db, freshEmail, postJson, request, signedInUser } from '../utils';

const TEN_MB = 10 * 1024 * 1024;
const CHUNK = 64 * 1024;

/** A chunked body of `total` bytes that counts how much of it the server pulled. */
function countingStream(total: number) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      counter.pulled += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x61));
    },
  });
  return { stream, counter };
}

const rows = async (table: string) => (await db().prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;

interface Endpoint {
  name: string;
  method: 'POST' | 'PUT';
  path: () => Promise<{ path: string; cookie?: string }>;
}

const anonymous = (path: string) => async () => ({ path });

const ENDPOINTS: Endpoint[] = [
  { name: 'sign-up', method: 'POST', path: anonymous('/api/auth/sign-up') },
  { name: 'resend-verification', method: 'POST', path: anonymous('/api/auth/resend-verification-email') },
  { name: 'reset-password', method: 'POST', path: anonymous('/api/auth/reset-password/' + 'x'.repeat(43)) },
  { name: 'unsubscribe', method: 'POST', path: anonymous('/api/user/unsubscribe/' + 'x'.repeat(43)) },
  {
    name: 'invitations',
    method: 'POST',
    path: async () => {
      const { jar } = await signedInUser();
      const created = await request('/api/project', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"Limits"}' }, { jar });
      const { project } = (await created.json()) as { project: { id: string } };
      return { path: `/api/project/${project.id}/invitations`, cookie: jar.header() };
    },
  },
  {
    name: 'research page update',
    method: 'PUT',
    path: async () => {
      const { jar } = await signedInUser();
      return { path: '/api/research/pages/some-page', cookie: jar.header() };
    },
  },
];

describe('bodies over the limit', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.name}: a 10 MB body with Content-Length is refused with 413`, async () => {
      const { path, cookie } = await endpoint.path();
      const before = [await rows('users'), await rows('outbox'), await rows('invitations')];
      const body = new Uint8Array(TEN_MB).fill(0x61);
      const response = await request(path, {
        method: endpoint.method,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(TEN_MB), ...(cookie ? { Cookie: cookie } : {}) },
        body,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: 'The request body is too large.' });
      expect([await rows('users'), await rows('outbox'), await rows('invitations')]).toEqual(before);
    });

    it(`${endpoint.name}: a chunked 10 MB body without Content-Length is refused with 413 once read to its end`, async () => {
      const { path, cookie } = await endpoint.path();
      const before = [await rows('users'), await rows('outbox'), await rows('invitations')];
      const { stream, counter } = countingStream(TEN_MB);
      const response = await request(path, {
        method: endpoint.method,
        headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
        body: stream,
        // @ts-expect-error: a streamed request body needs half duplex, which the DOM types do not list.
        duplex: 'half',
      });
      expect(response.status).toBe(413);
      // Read to the end and dropped: answering before would cut the client off mid-send.
      expect(counter.pulled).toBe(TEN_MB);
      expect([await rows('users'), await rows('outbox'), await rows('invitations')]).toEqual(before);
    });
  }

  it('a small body still goes through, declared or chunked', async () => {
    expect((await postJson('/api/auth/resend-verification-email', { email: 'nobody@example.com' })).status).toBe(200);
    const chunked = await request('/api/auth/resend-verification-email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new Blob(['{"email":', JSON.stringify(freshEmail('chunked')), '}']).stream(),
      // @ts-expect-error: a streamed request body needs half duplex, which the DOM types do not list.
      duplex: 'half',
    });
    expect(chunked.status).toBe(200);
  });
});
