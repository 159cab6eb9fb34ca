import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import app from '../../worker/ssr/entry';
import { FAKE_IDEAS, FAKE_PERSONA } from '../fakes/openai';
import { appOrigin, db, fake, fakeRequests, freshClient, postJson, request, signedInUser, stopClockAtStartOfMinute, type CallOptions } from '../utils';

const RATE_LIMITED = "You've reached the rate limit for this tool. Sign up on Launchmate to increase your limit and access more features.";
const UNEXPECTED = 'An unexpected error occurred. Please try again later.';

const llmEnv = (extra: Partial<Cloudflare.Env> = {}): Partial<Cloudflare.Env> => ({
  OPENAI_API_KEY: 'sk-test',
  OPENAI_BASE_URL: env.FAKE_OPENAI_URL,
  OPENAI_MODEL: 'fake-model-1',
  LLM_TIMEOUT_MS: '2000',
  FREE_TOOLS_GLOBAL_PER_DAY: '100000',
  ...extra,
});

const generateIdeas = (industry: unknown, options: CallOptions & { client?: string; accept?: string } = {}) =>
  postJson(
    '/api/free-tools/business-ideas',
    { industry },
    { 'CF-Connecting-IP': options.client ?? freshClient(), ...(options.accept ? { Accept: options.accept } : {}) },
    { env: llmEnv(), ...options },
  );
const generatePersona = (description: unknown, options: CallOptions & { client?: string; accept?: string } = {}) =>
  postJson(
    '/api/free-tools/user-persona',
    { product_description: description },
    { 'CF-Connecting-IP': options.client ?? freshClient(), ...(options.accept ? { Accept: options.accept } : {}) },
    { env: llmEnv(), ...options },
  );

const count = async (tool: 'business-ideas' | 'user-persona') => (await (await request(`/api/free-tools/${tool}/count`)).json<{ count: number }>()).count;
const storedResults = async () => (await db().prepare('SELECT count(*) AS n FROM tool_results').first<{ n: number }>())!.n;
const ndjson = async (response: Response) =>
  (await response.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

beforeEach(async () => {
  await fake(env.FAKE_OPENAI_URL);
});
afterEach(() => vi.restoreAllMocks());

describe('POST /api/free-tools/business-ideas', () => {
  it('answers 10 problem and solution pairs, problem first, and keeps a shareable result', async () => {
    const before = await count('business-ideas');
    const response = await generateIdeas('  Dental clinics ');
    expect(response.status).toBe(200);
    const body = await response.json<{ problem_solution_pairs: [string, string][]; id: string; offline_demo: boolean }>();
    expect(body.problem_solution_pairs).toEqual(FAKE_IDEAS.map((idea) => [idea.problem, idea.solution]));
    expect(body.offline_demo).toBe(false);
    expect(body.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await count('business-ideas')).toBe(before + 10);

    const shared = await (await request(`/api/free-tools/results/${body.id}`)).json<{ tool: string; input: string; result: unknown }>();
    expect(shared).toMatchObject({ tool: 'business-ideas', input: 'Dental clinics', result: { problem_solution_pairs: body.problem_solution_pairs } });
  });

  it('asks the model for a JSON schema of exactly 10 ideas, with limits on output and a critical stance', async () => {
    await generateIdeas('Vertical farming');
    const [call] = await fakeRequests(env.FAKE_OPENAI_URL);
    const body = JSON.parse(call!.body) as {
      model: string;
      stream: boolean;
      max_completion_tokens?: number;
      max_tokens?: number;
      messages: { role: string; content: string }[];
      response_format: {
        type: string;
        json_schema: { name: string; schema: { properties: { elements: { minItems: number; maxItems: number; items: { required: string[] } } } } };
      };
    };
    expect(body.model).toBe('fake-model-1');
    expect(body.stream).toBe(true);
    expect(body.max_completion_tokens ?? body.max_tokens).toBeGreaterThan(0);
    expect(body.messages[0]).toMatchObject({ role: 'system' });
    expect(body.messages[0]!.content).toMatch(/critical rather than flattering/);
    expect(body.messages[0]!.content).toMatch(/language the visitor wrote in/);
    expect(body.messages.at(-1)!.content).toContain('Industry: Vertical farming');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.name).toBe('business_ideas');
    const elements = body.response_format.json_schema.schema.properties.elements;
    expect([elements.minItems, elements.maxItems]).toEqual([10, 10]);
    expect(elements.items.required).toEqual(['problem', 'solution']);
    expect(call!.headers.authorization).toBe('Bearer sk-test');
  });

  it('streams each idea as newline-delimited JSON as soon as the model has written it', async () => {
    const response = await generateIdeas('Fintech', { accept: 'application/x-ndjson' });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/x-ndjson/);
    const events = await ndjson(response);
    expect(events.slice(0, 10).map((event) => event.type)).toEqual(Array(10).fill('idea'));
    expect(events[0]).toEqual({ type: 'idea', idea: [FAKE_IDEAS[0]!.problem, FAKE_IDEAS[0]!.solution] });
    expect(events[10]).toMatchObject({ type: 'done', offline_demo: false });
    expect(events).toHaveLength(11);
  });

  describe('refuses bad input with 400 and calls no model', () => {
    const cases: [string, unknown, string][] = [
      ['an empty industry', '', 'Please enter an industry'],
      ['a blank industry', '   ', 'Please enter an industry'],
      ['101 characters', 'x'.repeat(101), 'Please keep it under 100 characters'],
      ['a number', 42, 'Please enter an industry'],
      ['a NUL character', 'Health\u0000care', 'Please remove control characters'],
    ];
    it.each(cases)('%s', async (_name, industry, message) => {
      const response = await generateIdeas(industry);
      expect(response.status).toBe(400);
      expect((await response.json<{ error: string }>()).error).toBe(message);
      expect(await fakeRequests(env.FAKE_OPENAI_URL)).toHaveLength(0);
    });

    it('accepts exactly 100 characters and emoji', async () => {
      expect((await generateIdeas(`🚀${'x'.repeat(98)}`)).status).toBe(200);
    });

    it('an unknown field, a 100 KB body, a non-JSON body, a cross-site origin', async () => {
      const unknown = await postJson(
        '/api/free-tools/business-ideas',
        { industry: 'x', model: 'gpt-5' },
        { 'CF-Connecting-IP': freshClient() },
        { env: llmEnv() },
      );
      expect(unknown.status).toBe(400);
      const huge = await postJson(
        '/api/free-tools/business-ideas',
        { industry: 'x'.repeat(100_000) },
        { 'CF-Connecting-IP': freshClient() },
        { env: llmEnv() },
      );
      expect(huge.status).toBe(413);
      const text = await request(
        '/api/free-tools/business-ideas',
        { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'industry=x' },
        { env: llmEnv() },
      );
      expect(text.status).toBe(415);
      const crossSite = await postJson('/api/free-tools/business-ideas', { industry: 'x' }, { Origin: 'https://evil.example' }, { env: llmEnv() });
      expect(crossSite.status).toBe(403);
      expect(await fakeRequests(env.FAKE_OPENAI_URL)).toHaveLength(0);
    });
  });

  describe('upstream failures give a plain 502/503, and leave the counters and results alone', () => {
    // The SDK retries once after about 2 s; the time-out (2 s in these tests) would cut that
    // retry short, so the cases that must reach it get room for it.
    const cases: [string, object, number, string?][] = [
      ['the model answers 429', { status: 429 }, 503],
      ['the model answers 500', { status: 500 }, 502, '10000'],
      ['the model writes malformed JSON', { content: '{"elements": [{"problem": "unfinished' }, 502],
      [
        'the model breaks the schema (a missing solution)',
        { content: JSON.stringify({ elements: FAKE_IDEAS.map((idea, i) => (i === 3 ? { problem: idea.problem } : idea)) }) },
        502,
      ],
      ['the model gives 9 ideas', { content: JSON.stringify({ elements: FAKE_IDEAS.slice(0, 9) }) }, 502],
      ['the model stalls past the time-out', { stallAfterChars: 40 }, 503],
    ];
    it.each(cases)('%s', async (_name, scenario, status, timeout) => {
      await fake(env.FAKE_OPENAI_URL, scenario);
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const [ideasBefore, resultsBefore] = [await count('business-ideas'), await storedResults()];
      const response = await generateIdeas('Healthcare', timeout ? { env: llmEnv({ LLM_TIMEOUT_MS: timeout }) } : {});
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error: UNEXPECTED });
      if (status === 503) expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(await count('business-ideas')).toBe(ideasBefore);
      expect(await storedResults()).toBe(resultsBefore);
    });

    it('ends a stream that fails half-way with an error event, recording nothing', async () => {
      await fake(env.FAKE_OPENAI_URL, { content: JSON.stringify({ elements: FAKE_IDEAS.slice(0, 4) }) });
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const before = await count('business-ideas');
      const events = await ndjson(await generateIdeas('Healthcare', { accept: 'application/x-ndjson' }));
      expect(events.filter((event) => event.type === 'idea')).toHaveLength(4);
      expect(events.at(-1)).toEqual({ type: 'error', error: UNEXPECTED });
      expect(await count('business-ideas')).toBe(before);
    });
  });

  it('stops the model call when the visitor disconnects, and records nothing', async () => {
    await fake(env.FAKE_OPENAI_URL, { tokensPerSecond: 50 });
    const before = await count('business-ideas');
    const ctx = createExecutionContext();
    const response = await app.fetch(
      new Request(new URL('/api/free-tools/business-ideas', appOrigin()), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson', Origin: appOrigin(), 'CF-Connecting-IP': freshClient() },
        body: JSON.stringify({ industry: 'Education' }),
      }),
      { ...env, ...llmEnv({ LLM_TIMEOUT_MS: '30000' }) },
      ctx,
    );
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(JSON.parse(first.split('\n')[0]!)).toMatchObject({ type: 'idea' });
    await reader.cancel('visitor left');
    await vi.waitFor(async () => expect((await fakeRequests(env.FAKE_OPENAI_URL))[0]?.aborted).toBe(true), { timeout: 5000 });
    expect(await count('business-ideas')).toBe(before);
  });
});

describe('POST /api/free-tools/user-persona', () => {
  it('answers one persona with every field and a picture drawn by the product', async () => {
    const before = await count('user-persona');
    const response = await generatePersona('A platform that helps people learn to code with AI');
    expect(response.status).toBe(200);
    const { user_persona: persona, id } = await response.json<{ user_persona: Record<string, unknown>; id: string }>();
    expect(persona).toMatchObject(FAKE_PERSONA);
    expect(persona.picture).toMatch(/^\/api\/free-tools\/avatar\.svg\?name=Dana\+Whitfield&age=41&traits=/);
    expect(await count('user-persona')).toBe(before + 1);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const picture = await request(String(persona.picture));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('Content-Type')).toBe('image/svg+xml');
    const svg = await picture.text();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toBe(await (await request(String(persona.picture))).text());
  });

  it('streams the persona field by field, then the complete persona', async () => {
    const events = await ndjson(await generatePersona('A booking tool for clinics', { accept: 'application/x-ndjson' }));
    const partials = events.filter((event) => event.type === 'persona');
    expect(partials.length).toBeGreaterThan(3);
    expect(events.at(-1)).toMatchObject({ type: 'done', user_persona: { ...FAKE_PERSONA } });
  });

  it('refuses a persona that breaks the schema (an age as text) with 502', async () => {
    await fake(env.FAKE_OPENAI_URL, { content: JSON.stringify({ ...FAKE_PERSONA, age: 'forty' }) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = await count('user-persona');
    expect((await generatePersona('A booking tool')).status).toBe(502);
    expect(await count('user-persona')).toBe(before);
  });

  it('refuses an empty or 101-character description', async () => {
    expect((await generatePersona('')).status).toBe(400);
    expect((await generatePersona('d'.repeat(101))).status).toBe(400);
  });
});

describe('limits', () => {
  // Per-client windows are fixed minutes and days: a test's runs never straddle two.
  beforeEach(stopClockAtStartOfMinute);
  afterEach(() => vi.useRealTimers());

  it('allows 5 runs a minute per anonymous client, then answers 429 with Retry-After and the spec message', async () => {
    const client = freshClient();
    for (let i = 0; i < 5; i++) expect((await generateIdeas('Retail', { client })).status).toBe(200);
    const refused = await generateIdeas('Retail', { client });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: RATE_LIMITED });
    expect(await fakeRequests(env.FAKE_OPENAI_URL)).toHaveLength(5);
    // Another client, and the other tool, are not affected.
    expect((await generateIdeas('Retail')).status).toBe(200);
    expect((await generatePersona('A shop', { client })).status).toBe(200);
  });

  it('allows 20 runs a day per anonymous client', async () => {
    const client = freshClient();
    for (let i = 0; i < 3; i++)
      expect((await generateIdeas('Retail', { client, env: llmEnv({ FREE_TOOLS_PER_DAY: '3', FREE_TOOLS_PER_MINUTE: '100' }) })).status).toBe(200);
    const refused = await generateIdeas('Retail', { client, env: llmEnv({ FREE_TOOLS_PER_DAY: '3', FREE_TOOLS_PER_MINUTE: '100' }) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(60);
    expect(Number(env.FREE_TOOLS_PER_DAY)).toBe(20);
  });

  it('gives a signed-in founder a higher limit', async () => {
    const { jar } = await signedInUser();
    const client = freshClient();
    for (let i = 0; i < 6; i++) expect((await generateIdeas('Retail', { client, jar })).status).toBe(200);
  });

  it('stops at the global daily cap, exactly, even under concurrency, with a 503 and Retry-After', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const used = (await db().prepare('SELECT requests FROM llm_daily_usage WHERE day = ?').bind(today).first<{ requests: number }>())?.requests ?? 0;
    const cap = String(used + 4);
    // Parsing streamed JSON costs CPU: concurrent runs get more time than the 2 s of single ones.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => generateIdeas('Logistics', { env: llmEnv({ FREE_TOOLS_GLOBAL_PER_DAY: cap, LLM_TIMEOUT_MS: '20000' }) })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.filter((status) => status === 503)).toHaveLength(8);
    expect(Number(answers.find((answer) => answer.status === 503)!.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await fakeRequests(env.FAKE_OPENAI_URL)).toHaveLength(4);
  });

  it('does not charge the visitor for runs the model failed', async () => {
    await fake(env.FAKE_OPENAI_URL, { status: 500 });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const options = { client: freshClient(), env: llmEnv({ LLM_TIMEOUT_MS: '10000' }) };
    for (let i = 0; i < 5; i++) expect((await generateIdeas('Retail', options)).status).toBe(502);
    // The model works again: the visitor still has all 5 runs of the minute.
    await fake(env.FAKE_OPENAI_URL);
    for (let i = 0; i < 5; i++) expect((await generateIdeas('Retail', options)).status).toBe(200);
    expect((await generateIdeas('Retail', options)).status).toBe(429);
  });

  it('does not charge the visitor for a stream the model broke half-way', async () => {
    await fake(env.FAKE_OPENAI_URL, { cutAfterChars: 400 });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = freshClient();
    const options = { client, accept: 'application/x-ndjson', env: llmEnv({ FREE_TOOLS_PER_MINUTE: '1' }) };
    const broken = await ndjson(await generateIdeas('Retail', options));
    expect(broken.at(-1)).toEqual({ type: 'error', error: UNEXPECTED });
    await fake(env.FAKE_OPENAI_URL);
    expect((await generateIdeas('Retail', options)).status).toBe(200);
    expect((await generateIdeas('Retail', options)).status).toBe(429);
  });

  it('admits exactly 5 of 50 simultaneous runs from one anonymous client', async () => {
    const client = freshClient();
    const env20s = llmEnv({ LLM_TIMEOUT_MS: '20000' });
    const statuses = await Promise.all(Array.from({ length: 50 }, () => generateIdeas('Retail', { client, env: env20s }).then((response) => response.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
    expect(await fakeRequests(env.FAKE_OPENAI_URL)).toHaveLength(5);
  });

  it('admits exactly 10 of 30 simultaneous runs from one signed-in founder', async () => {
    const { jar } = await signedInUser();
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () =>
        generateIdeas('Retail', { client: freshClient(), jar, env: llmEnv({ LLM_TIMEOUT_MS: '20000' }) }).then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });
});

describe('without a model', () => {
  it('answers 503 outside development when no key is configured', async () => {
    const response = await postJson(
      '/api/free-tools/business-ideas',
      { industry: 'Retail' },
      { 'CF-Connecting-IP': freshClient() },
      { env: { OPENAI_API_KEY: undefined } },
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'The free tools are not available right now.' });
  });

  it('uses the labelled offline demo generator in development', async () => {
    const response = await postJson(
      '/api/free-tools/business-ideas',
      { industry: 'Retail' },
      { 'CF-Connecting-IP': freshClient() },
      { env: { ENVIRONMENT: 'development', OPENAI_API_KEY: undefined } },
    );
    const body = await response.json<{ problem_solution_pairs: [string, string][]; offline_demo: boolean }>();
    expect(body.offline_demo).toBe(true);
    expect(body.problem_solution_pairs).toHaveLength(10);
    expect(body.problem_solution_pairs[0]![0]).toContain('Retail');
  });
});

describe('shared results and counters', () => {
  it('answers 404 for unknown or malformed result ids', async () => {
    expect((await request('/api/free-tools/results/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await request('/api/free-tools/results/short')).status).toBe(404);
  });

  it('counts start at zero and are plain numbers', async () => {
    const body = await (await request('/api/free-tools/user-persona/count')).json<{ count: number }>();
    expect(Number.isInteger(body.count)).toBe(true);
  });

  it('refuses avatar requests without a name', async () => {
    expect((await request('/api/free-tools/avatar.svg?age=30')).status).toBe(400);
  });
});

describe('shared result pages', () => {
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const metaContent = (html: string, attribute: string, name: string) => new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];

  it('give a shared list of ideas its own title, description and Open Graph tags, kept out of search engines', async () => {
    const { id } = await (await generateIdeas('Dental clinics')).json<{ id: string }>();
    const response = await request(`/business-ideas-generator/r/${id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    // Rendered by the Worker: the input and the first idea are in the HTML.
    expect(html).toContain('Dental clinics');
    expect(html).toContain(FAKE_IDEAS[0]!.problem);
    expect(titleOf(html)).toBe('Business ideas: Dental clinics | Launchmate');
    const first = FAKE_IDEAS[0]!;
    const description = `${first.problem} ${first.solution}`;
    expect(metaContent(html, 'name', 'description')).toBe(description);
    expect(metaContent(html, 'property', 'og:title')).toBe('Business ideas: Dental clinics | Launchmate');
    expect(metaContent(html, 'property', 'og:description')).toBe(description);
    expect(metaContent(html, 'name', 'robots')).toBe('noindex');
  });

  it("give a shared persona the persona's name, occupation and quote", async () => {
    const { id } = await (await generatePersona('Scheduling for dental clinics')).json<{ id: string }>();
    const html = await (await request(`/user-persona-generator/r/${id}`)).text();
    const title = `${FAKE_PERSONA.name}, ${FAKE_PERSONA.occupation}: a user persona | Launchmate`;
    expect(titleOf(html)).toBe(title);
    expect(metaContent(html, 'property', 'og:title')).toBe(title);
    expect(metaContent(html, 'name', 'description')).toBe(`${FAKE_PERSONA.name}, ${FAKE_PERSONA.age}, ${FAKE_PERSONA.occupation}. “${FAKE_PERSONA.quote}”`);
  });

  it('answer 404 with noindex for an unknown id, a malformed one, or the id of the other tool', async () => {
    const { id: personaId } = await (await generatePersona('Scheduling for dental clinics')).json<{ id: string }>();
    for (const path of ['/business-ideas-generator/r/AAAAAAAAAAAAAAAAAAAAAA', '/user-persona-generator/r/short', `/business-ideas-generator/r/${personaId}`]) {
      const response = await request(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>Result not found<\/h1>/);
      expect(titleOf(html), path).toBe('Result not found | Launchmate');
      expect(metaContent(html, 'name', 'robots'), path).toBe('noindex');
    }
  });

  it("escape the visitor's input in the head", async () => {
    const generated = await generateIdeas('"><script>alert(1)</script>');
    expect(generated.status, await generated.clone().text()).toBe(200);
    const { id } = await generated.json<{ id: string }>();
    const html = await (await request(`/business-ideas-generator/r/${id}`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(metaContent(html, 'property', 'og:title')).toBe('Business ideas: &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Launchmate');
  });
});
