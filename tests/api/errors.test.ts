import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, freshClient, postJson, rawRequest, request } from '../utils';

const ENDPOINT = '/api/errors/log-frontend-error';

interface StoredReport {
  message: string;
  stack: string | null;
  type: string;
  url: string | null;
  component: string | null;
  context: string | null;
  user_agent: string | null;
}

const storedReports = async () =>
  (await db().prepare('SELECT message, stack, type, url, component, context, user_agent FROM frontend_errors ORDER BY id').all<StoredReport>()).results;

const validReport = {
  message: 'Cannot read properties of undefined',
  stack: 'TypeError: Cannot read properties of undefined\n    at Pricing (/assets/Pricing-abc.js:1:10)',
  type: 'error',
  url: 'http://localhost:8787/pricing',
  component: 'Pricing',
  context: { path: '/pricing', attempt: 1, retried: false, extra: null },
};

beforeEach(async () => {
  await db().prepare('DELETE FROM frontend_errors').run();
});

describe('POST /api/errors/log-frontend-error', () => {
  it('stores a valid report and answers 204 with no body', async () => {
    const response = await postJson(ENDPOINT, validReport, { 'CF-Connecting-IP': freshClient(), 'User-Agent': 'TestBrowser/1.0' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const [row] = await storedReports();
    expect(row).toEqual({
      message: validReport.message,
      stack: validReport.stack,
      type: 'error',
      url: validReport.url,
      component: 'Pricing',
      context: JSON.stringify(validReport.context),
      user_agent: 'TestBrowser/1.0',
    });
  });

  it('redacts e-mail addresses and tokens before storing', async () => {
    const response = await postJson(
      ENDPOINT,
      {
        message: 'Failed for jane.doe+test@example.com with Bearer abc.def-ghi',
        stack: 'at http://localhost:8787/reset-password/Zx8kP2mQ9rT4vW7yB1nC5dF3gH6jK0lM?x=1',
        type: 'error',
        url: 'http://localhost:8787/verify-email/Qm9vYmFyYmF6cXV4cXV1eHF1dXpxdXV6?token=s3cr3t&keep=1',
        context: { user: 'bob@example.org', jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' },
      },
      { 'CF-Connecting-IP': freshClient() },
    );
    expect(response.status).toBe(204);
    const [row] = await storedReports();
    expect(row?.message).toBe('Failed for [email] with Bearer [redacted]');
    expect(row?.stack).toBe('at http://localhost:8787/reset-password/[token]?x=1');
    expect(row?.url).toBe('http://localhost:8787/verify-email/[token]?token=[redacted]&keep=1');
    expect(row?.context).toBe(JSON.stringify({ user: '[email]', jwt: '[jwt]' }));
    const everything = JSON.stringify(row);
    for (const secret of ['jane.doe', 'bob@', 'Zx8kP2mQ', 'Qm9vYmFy', 's3cr3t', 'eyJhbGci', 'abc.def-ghi']) {
      expect(everything).not.toContain(secret);
    }
  });

  it('drops NUL and control characters and keeps emoji', async () => {
    await postJson(ENDPOINT, { message: 'bad\u0000 value\u0007 🚀\nnext line', type: 'error' }, { 'CF-Connecting-IP': freshClient() });
    const [row] = await storedReports();
    expect(row?.message).toBe('bad value 🚀\nnext line');
  });

  describe('refuses bad input with 400 and stores nothing', () => {
    const cases: [string, unknown][] = [
      ['a missing message', { type: 'error' }],
      ['an empty message', { message: '', type: 'error' }],
      ['a missing type', { message: 'x' }],
      ['a message of the wrong type', { message: 123, type: 'error' }],
      ['a context of the wrong type', { message: 'x', type: 'error', context: 'not an object' }],
      ['a nested context value', { message: 'x', type: 'error', context: { deep: { er: 1 } } }],
      ['an unknown field', { message: 'x', type: 'error', role: 'admin' }],
      ['a __proto__ field', '{"message":"x","type":"error","__proto__":{"admin":true}}'],
      ['a top-level array', [{ message: 'x', type: 'error' }]],
      ['a message over 1000 characters', { message: 'm'.repeat(1001), type: 'error' }],
      ['a type over 50 characters', { message: 'x', type: 't'.repeat(51) }],
      ['more than 20 context entries', { message: 'x', type: 'error', context: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) }],
      ['malformed JSON', '{"message": "x", "type": '],
    ];
    it.each(cases)('%s', async (_name, body) => {
      const response = await postJson(ENDPOINT, body, { 'CF-Connecting-IP': freshClient() });
      expect(response.status).toBe(400);
      const answer = await response.json<{ error: string }>();
      expect(typeof answer.error).toBe('string');
      expect(answer.error.length).toBeGreaterThan(0);
      expect(await storedReports()).toHaveLength(0);
    });

    it('names the unknown field', async () => {
      const response = await postJson(ENDPOINT, { message: 'x', type: 'error', role: 'admin' }, { 'CF-Connecting-IP': freshClient() });
      expect(await response.json()).toEqual({ error: 'Unknown field: role.' });
    });
  });

  it('answers 413 to a body over 8 KiB', async () => {
    const response = await postJson(ENDPOINT, { message: 'x', type: 'error', stack: 's'.repeat(9 * 1024) }, { 'CF-Connecting-IP': freshClient() });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'The request body is too large.' });
    expect(await storedReports()).toHaveLength(0);
  });

  it('answers 415 to a body that is not JSON', async () => {
    const response = await request(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'CF-Connecting-IP': freshClient() },
      body: JSON.stringify(validReport),
    });
    expect(response.status).toBe(415);
    expect(await storedReports()).toHaveLength(0);
  });

  it('refuses cross-site requests and requests with no origin information', async () => {
    const crossSite = await postJson(ENDPOINT, validReport, { Origin: 'https://evil.example', 'CF-Connecting-IP': freshClient() });
    expect(crossSite.status).toBe(403);
    const noOrigin = await rawRequest(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshClient() },
      body: JSON.stringify(validReport),
    });
    expect(noOrigin.status).toBe(403);
    const crossSiteFetch = await rawRequest(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site', 'CF-Connecting-IP': freshClient() },
      body: JSON.stringify(validReport),
    });
    expect(crossSiteFetch.status).toBe(403);
    expect(await storedReports()).toHaveLength(0);
  });

  it('accepts a same-origin fetch identified only by Sec-Fetch-Site', async () => {
    const response = await rawRequest(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', 'CF-Connecting-IP': freshClient() },
      body: JSON.stringify(validReport),
    });
    expect(response.status).toBe(204);
    expect(await storedReports()).toHaveLength(1);
  });

  it('keeps at most 10 reports a minute from one client, and answers 204 to the rest', async () => {
    const client = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await postJson(ENDPOINT, { ...validReport, message: `report ${i}` }, { 'CF-Connecting-IP': client })).status);
    }
    expect(statuses.every((status) => status === 204)).toBe(true);
    expect(await storedReports()).toHaveLength(10);
    // Another client is not affected.
    await postJson(ENDPOINT, validReport, { 'CF-Connecting-IP': freshClient() });
    expect(await storedReports()).toHaveLength(11);
  });

  it('keeps exactly 10 of 50 simultaneous reports from one client', async () => {
    const client = freshClient();
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postJson(ENDPOINT, { ...validReport, message: `burst ${i}` }, { 'CF-Connecting-IP': client }).then((response) => response.status),
      ),
    );
    expect(statuses.every((status) => status === 204)).toBe(true);
    expect(await storedReports()).toHaveLength(10);
  });

  it('counts an IPv6 /64 as one client and ignores X-Forwarded-For', async () => {
    const prefix = freshClient().split('::')[0];
    for (let i = 0; i < 12; i++) {
      const address = `${prefix}::${(i + 1).toString(16)}`;
      await postJson(ENDPOINT, { ...validReport, message: `v6 ${i}` }, { 'CF-Connecting-IP': address, 'X-Forwarded-For': `198.51.100.${i}` });
    }
    expect(await storedReports()).toHaveLength(10);
  });

  it('never stores more than the global cap per minute, even under concurrency', async () => {
    const cap = Number(env.ERROR_REPORTS_GLOBAL_PER_MINUTE);
    const seeded = cap - 5;
    const insert = db().prepare("INSERT INTO frontend_errors (message, type) VALUES ('seeded', 'error')");
    await db().batch(Array.from({ length: seeded }, () => insert));

    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => postJson(ENDPOINT, { ...validReport, message: `burst ${i}` }, { 'CF-Connecting-IP': freshClient() })),
    );
    expect(responses.every((response) => response.status === 204)).toBe(true);
    expect(await storedReports()).toHaveLength(cap);
  });

  it('answers 503 with a plain message when the database fails, without internals', async () => {
    await db().prepare('ALTER TABLE frontend_errors RENAME TO frontend_errors_away').run();
    try {
      const response = await postJson(ENDPOINT, validReport, { 'CF-Connecting-IP': freshClient() });
      expect(response.status).toBe(503);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: 'Error reports are unavailable right now.' });
      expect(text).not.toMatch(/frontend_errors|SQL|D1|stack/i);
    } finally {
      await db().prepare('ALTER TABLE frontend_errors_away RENAME TO frontend_errors').run();
    }
  });
});
