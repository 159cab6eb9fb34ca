import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import app from '../../worker/ssr/entry';
import { FAKE_IDEAS, FAKE_PERSONA } from '../fakes/openai';
import { appOrigin, db, fake, fakeRequests, freshClient, postJson, type CallOptions } from '../utils';

/**
 * A misbehaving model (docs/decisions/0020-bounded-model-calls.md): oversized answers and error
 * bodies are cut at the product's limits and fail like any other upstream fault, fragments out of
 * contract never reach the visitor, and a visitor who leaves takes the model call with them.
 */
const UNEXPECTED = 'An unexpected error occurred. Please try again later.';
const TEN_MB = 10_000_000;
/**
 * 64 KB chunks, 50 a second: the whole answer takes 3 s, so a Worker that cuts it after a chunk
 * or two closes the connection while the fake is still writing (which the fake records).
 */
const TEN_MB_IN_3_SECONDS = { chunkChars: 65_536, tokensPerSecond: 50 };

const llmEnv = (extra: Partial<Cloudflare.Env> = {}): Partial<Cloudflare.Env> => ({
  OPENAI_API_KEY: 'sk-test',
  OPENAI_BASE_URL: env.FAKE_OPENAI_URL,
  OPENAI_MODEL: 'fake-model-1',
  LLM_TIMEOUT_MS: '10000',
  FREE_TOOLS_GLOBAL_PER_DAY: '100000',
  ...extra,
});

type Options = CallOptions & { accept?: string };
const headers = (options: Options) => ({ 'CF-Connecting-IP': freshClient(), ...(options.accept ? { Accept: options.accept } : {}) });
const generateIdeas = (options: Options = {}) =>
  postJson('/api/free-tools/business-ideas', { industry: 'Dental clinics' }, headers(options), { env: llmEnv(), ...options });
const generatePersona = (options: Options = {}) =>
  postJson('/api/free-tools/user-persona', { product_description: 'Scheduling for dental clinics' }, headers(options), { env: llmEnv(), ...options });
const NDJSON = { accept: 'application/x-ndjson' };

const storedResults = async () => (await db().prepare('SELECT count(*) AS n FROM tool_results').first<{ n: number }>())!.n;
const events = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; user_persona?: Record<string, unknown> });

/** A persona whose narrative is `chars` long: far past its contract, and past the byte cap when big. */
const longPersona = (chars: number) => JSON.stringify({ ...FAKE_PERSONA, narrative_description: 'x'.repeat(chars) });
const longIdeas = (chars: number) => JSON.stringify({ elements: FAKE_IDEAS.map((idea, i) => (i === 0 ? { ...idea, solution: 'x'.repeat(chars) } : idea)) });

/** The fake saw `calls` model calls, each closed by the Worker before the answer was complete. */
const upstreamClosedEarly = (calls: number) =>
  vi.waitFor(async () => expect((await fakeRequests(env.FAKE_OPENAI_URL)).map((call) => call.aborted)).toEqual(Array(calls).fill(true)), { timeout: 5000 });

let logged: unknown[][];
beforeEach(async () => {
  await fake(env.FAKE_OPENAI_URL);
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...line: unknown[]) => void logged.push(line));
});
afterEach(() => vi.restoreAllMocks());

describe('a 10 MB answer', () => {
  it('is cut once its text passes any answer the contract admits: a plain 502, the upstream connection closed early, nothing stored', async () => {
    await fake(env.FAKE_OPENAI_URL, { content: longIdeas(TEN_MB), ...TEN_MB_IN_3_SECONDS });
    const before = await storedResults();
    const response = await generateIdeas();
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: UNEXPECTED });
    await upstreamClosedEarly(1);
    expect(await storedResults()).toBe(before);
    expect(JSON.stringify(logged)).toContain('The answer passed 40000 characters');
  });

  it('is cut at LLM_MAX_RESPONSE_BYTES, whatever its text: the same answer passes the default and fails at a lower cap', async () => {
    await fake(env.FAKE_OPENAI_URL, { chunkChars: 64 });
    expect((await generateIdeas()).status).toBe(200);
    expect((await generateIdeas({ env: llmEnv({ LLM_MAX_RESPONSE_BYTES: '2000' }) })).status).toBe(502);
    expect(JSON.stringify(logged)).toContain('passed the limit of 2000 bytes');
  });

  it('ends a persona stream with an error event after a few KB sent to the visitor, and stores nothing', async () => {
    await fake(env.FAKE_OPENAI_URL, { content: longPersona(TEN_MB), ...TEN_MB_IN_3_SECONDS });
    const before = await storedResults();
    const response = await generatePersona(NDJSON);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.length).toBeLessThan(4096);
    expect(events(text).at(-1)).toEqual({ type: 'error', error: UNEXPECTED });
    await upstreamClosedEarly(1);
    expect(await storedResults()).toBe(before);
  });

  it('from 4 visitors at once: 4 clean failures, a few KB sent in all, and the Worker still answers', async () => {
    await fake(env.FAKE_OPENAI_URL, { content: longPersona(TEN_MB), ...TEN_MB_IN_3_SECONDS });
    const answers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const response = await generatePersona(NDJSON);
        return { status: response.status, text: await response.text() };
      }),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(events(answer.text).at(-1)).toEqual({ type: 'error', error: UNEXPECTED });
    }
    expect(answers.reduce((sum, answer) => sum + answer.text.length, 0)).toBeLessThan(16_384);
    await upstreamClosedEarly(4);

    await fake(env.FAKE_OPENAI_URL);
    expect((await generatePersona()).status).toBe(200);
  });
});

describe('a 10 MB error body', () => {
  it('is read for its first few KB: a plain 502 and log lines of a few KB', async () => {
    await fake(env.FAKE_OPENAI_URL, { status: 500, errorBodyChars: TEN_MB });
    const response = await generateIdeas();
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: UNEXPECTED });
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line.map(String).join(' ').length).toBeLessThan(8192);
  });
});

describe('fragments of the persona stream', () => {
  it('carry each field once, settled, equal to what the model wrote: no half-written value, no resent persona', async () => {
    const text = await (await generatePersona(NDJSON)).text();
    const fragments = events(text)
      .filter((event) => event.type === 'persona')
      .map((event) => event.user_persona!);
    expect(fragments.length).toBeGreaterThan(3);
    const keys = fragments.flatMap((fragment) => Object.keys(fragment));
    expect(new Set(keys).size).toBe(keys.length);
    for (const fragment of fragments) {
      for (const [key, value] of Object.entries(fragment)) expect(value).toEqual(FAKE_PERSONA[key as keyof typeof FAKE_PERSONA]);
    }
    // Everything but the last field, which settles with the whole persona in the done event.
    expect(Object.assign({}, ...fragments)).toEqual(Object.fromEntries(Object.entries(FAKE_PERSONA).slice(0, -1)));
    expect(text.length).toBeLessThan(3 * JSON.stringify(FAKE_PERSONA).length);
  });

  const outOfContract: [string, object][] = [
    ['an age of 500', { ...FAKE_PERSONA, age: 500 }],
    ['a field the contract does not have', { picture: 'https://evil.example/x.png', ...FAKE_PERSONA }],
    ['a narrative past its 1,500 characters', { ...FAKE_PERSONA, narrative_description: 'word '.repeat(400) }],
  ];
  it.each(outOfContract)('never carry %s: the stream ends with an error event, nothing stored', async (_name, persona) => {
    await fake(env.FAKE_OPENAI_URL, { content: JSON.stringify(persona) });
    const before = await storedResults();
    const response = await generatePersona(NDJSON);
    const all = events(await response.text());
    // A fault in the first field is a plain 502; a later one ends the stream with an error event.
    expect(all.at(-1)).toEqual(response.status === 502 ? { error: UNEXPECTED } : { type: 'error', error: UNEXPECTED });
    const shown = Object.assign({}, ...all.filter((event) => event.type === 'persona').map((event) => event.user_persona));
    expect(shown.age === undefined || shown.age === FAKE_PERSONA.age).toBe(true);
    expect(shown).not.toHaveProperty('picture');
    expect(String(shown.narrative_description ?? '').length).toBeLessThanOrEqual(1500);
    expect(await storedResults()).toBe(before);
  });

  it('with an age of 500 as the last field: never sent, the stream fails when the persona is checked whole', async () => {
    const { age: _age, ...rest } = FAKE_PERSONA;
    await fake(env.FAKE_OPENAI_URL, { content: JSON.stringify({ ...rest, age: 500 }) });
    const text = await (await generatePersona(NDJSON)).text();
    expect(text).not.toContain('500');
    expect(events(text).at(-1)).toEqual({ type: 'error', error: UNEXPECTED });
  });
});

describe('a visitor who leaves', () => {
  it('before the JSON answer: the model call is aborted through the request signal, nothing stored', async () => {
    await fake(env.FAKE_OPENAI_URL, { tokensPerSecond: 50 });
    const before = await storedResults();
    const visitor = new AbortController();
    const answer = Promise.resolve(
      app.fetch(
        new Request(new URL('/api/free-tools/business-ideas', appOrigin()), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: appOrigin(), 'CF-Connecting-IP': freshClient() },
          body: JSON.stringify({ industry: 'Education' }),
          signal: visitor.signal,
        }),
        { ...env, ...llmEnv({ LLM_TIMEOUT_MS: '30000' }) },
        createExecutionContext(),
      ),
    );
    await vi.waitFor(async () => expect(await fakeRequests(env.FAKE_OPENAI_URL)).toHaveLength(1));
    visitor.abort();
    await upstreamClosedEarly(1);
    expect((await answer.then((response) => response.status)) >= 500).toBe(true);
    expect(await storedResults()).toBe(before);
  });
});
