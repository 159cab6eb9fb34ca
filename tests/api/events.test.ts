import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, freshClient, postJson, rawRequest } from '../utils';

const ENDPOINT = '/api/events';

interface StoredEvent {
  name: string;
  path: string | null;
  properties: string | null;
  session_id: string | null;
}

const storedEvents = async () => (await db().prepare('SELECT name, path, properties, session_id FROM analytics_events ORDER BY id').all<StoredEvent>()).results;

const validEvent = {
  name: 'play-demo',
  path: '/demo',
  properties: { source: 'player', seconds: 0, muted: false, note: null },
  sessionId: '0b6f3d7e-1c2a-4e5f-9a8b-7c6d5e4f3a2b',
};

beforeEach(async () => {
  await db().prepare('DELETE FROM analytics_events').run();
});

describe('POST /api/events', () => {
  it('stores a valid event and answers 204 with no body', async () => {
    const response = await postJson(ENDPOINT, validEvent, { 'CF-Connecting-IP': freshClient() });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(await storedEvents()).toEqual([
      { name: 'play-demo', path: '/demo', properties: JSON.stringify(validEvent.properties), session_id: validEvent.sessionId },
    ]);
  });

  it('stores an event without properties', async () => {
    const { properties: _ignored, ...event } = validEvent;
    expect((await postJson(ENDPOINT, event, { 'CF-Connecting-IP': freshClient() })).status).toBe(204);
    expect((await storedEvents())[0]).toMatchObject({ name: 'play-demo', properties: null });
  });

  it.each([
    ['an upper-case name', { name: 'Play-Demo' }, 'name'],
    ['a name with spaces', { name: 'play demo' }, 'name'],
    ['an empty name', { name: '' }, 'name'],
    ['a 65-character name', { name: 'a'.repeat(65) }, 'name'],
    ['a path that is not a path', { path: 'https://evil.example/' }, 'path'],
    ['an overlong path', { path: `/${'a'.repeat(300)}` }, 'path'],
    ['a nested property', { properties: { nested: { deep: true } } }, 'properties.nested'],
    ['an overlong property value', { properties: { note: 'x'.repeat(201) } }, 'properties.note'],
    ['too many properties', { properties: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i])) }, 'properties'],
    ['a bad session id', { sessionId: 'not valid!' }, 'sessionId'],
    ['no session id', { sessionId: undefined }, 'sessionId'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_label, change, field) => {
    const response = await postJson(ENDPOINT, { ...validEvent, ...change }, { 'CF-Connecting-IP': freshClient() });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; field?: string };
    expect(body.error).toEqual(expect.any(String));
    expect(body.field).toBe(field);
    expect(await storedEvents()).toEqual([]);
  });

  it('refuses unknown fields', async () => {
    const response = await postJson(ENDPOINT, { ...validEvent, userId: 1 }, { 'CF-Connecting-IP': freshClient() });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Unknown field: userId.' });
  });

  it('answers 413 to a body over 8 KiB', async () => {
    const body = JSON.stringify({ ...validEvent, path: `/${'a'.repeat(9 * 1024)}` });
    const response = await postJson(ENDPOINT, body, { 'CF-Connecting-IP': freshClient() });
    expect(response.status).toBe(413);
    expect(await storedEvents()).toEqual([]);
  });

  it('answers 415 to a form body and 403 to a cross-site post', async () => {
    const form = await postJson(ENDPOINT, 'name=play-demo', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const crossSite = await rawRequest(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify(validEvent),
    });
    expect(crossSite.status).toBe(403);
    expect(await storedEvents()).toEqual([]);
  });

  it('drops events beyond the per-client limit with the same 204, and keeps counting others', async () => {
    const limit = Number(env.ANALYTICS_EVENTS_PER_CLIENT_PER_MINUTE);
    expect(limit).toBeGreaterThan(0);
    const client = freshClient();
    for (let i = 0; i < limit + 3; i++) {
      const response = await postJson(ENDPOINT, { ...validEvent, properties: { n: i } }, { 'CF-Connecting-IP': client });
      expect(response.status).toBe(204);
    }
    expect(await storedEvents()).toHaveLength(limit);

    expect((await postJson(ENDPOINT, validEvent, { 'CF-Connecting-IP': freshClient() })).status).toBe(204);
    expect(await storedEvents()).toHaveLength(limit + 1);
  });

  it('keeps exactly the per-client limit of 100 simultaneous events from one client', async () => {
    const limit = Number(env.ANALYTICS_EVENTS_PER_CLIENT_PER_MINUTE);
    const client = freshClient();
    await Promise.all(Array.from({ length: 100 }, (_, i) => postJson(ENDPOINT, { ...validEvent, properties: { n: i } }, { 'CF-Connecting-IP': client })));
    expect(await storedEvents()).toHaveLength(limit);
  });
});
