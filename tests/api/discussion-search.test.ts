import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchDiscussionsInputSchema, type Discussion, type DiscussionSearchResult, type DiscussionSource } from '#contracts/discussions';
import type { Bindings } from '../../worker/env';
import { offeredSources, searchDiscussions } from '../../worker/services/discussion-search';
import type { DiscussionScenario } from '../fakes/discussion-fake';
import type { RecordedRequest } from '../fakes/server';
import { stopClockAtStartOfMinute } from '../utils';

/**
 * The co-founder's search of public discussions, inside workerd against the fakes of the three
 * sources. Other test files share the fakes, so every test searches phrases carrying its own tag
 * and steers and reads the fakes through that tag's lane.
 */

const FAKES: Record<DiscussionSource, string> = {
  hacker_news: env.FAKE_HACKER_NEWS_URL,
  stack_exchange: env.FAKE_STACK_EXCHANGE_URL,
  reddit: env.FAKE_REDDIT_URL,
};

const newTag = () => `lane${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;

/** Sets the tag's lane at every fake: each source answers as its scenario says (default: success). */
async function steer(tag: string, scenarios: Partial<Record<DiscussionSource, DiscussionScenario>> = {}) {
  for (const source of Object.keys(FAKES) as DiscussionSource[]) {
    const response = await fetch(`${FAKES[source]}/__lanes/${tag}`, { method: 'POST', body: JSON.stringify(scenarios[source] ?? {}) });
    expect(response.ok).toBe(true);
  }
}

/** What a fake received in the tag's lane. */
async function received(source: DiscussionSource, tag: string): Promise<RecordedRequest[]> {
  return (await fetch(`${FAKES[source]}/__lanes/${tag}/requests`)).json();
}
const searchesAt = async (source: DiscussionSource, tag: string) => (await received(source, tag)).filter((request) => request.method === 'GET');

/** The test environment with some settings changed; a new object, so its settings are parsed anew. */
const envWith = (overrides: Partial<Record<keyof Bindings, string | undefined>>): Bindings => ({ ...env, ...overrides }) as Bindings;

const reportOf = (result: DiscussionSearchResult, source: DiscussionSource) => result.sources.find((report) => report.source === source);
const fromSource = (result: DiscussionSearchResult, source: DiscussionSource) => result.discussions.filter((discussion) => discussion.source === source);

async function cachedRows(tag: string) {
  const { results } = await env.DB.prepare('SELECT source, query_key, expires_at FROM discussion_search_cache WHERE query_key LIKE ?1')
    .bind(`%${tag}%`)
    .all<{ source: string; query_key: string; expires_at: number }>();
  return results;
}

function expectPlain(discussion: Discussion) {
  for (const text of [discussion.title, discussion.excerpt]) {
    expect(text).not.toMatch(/<\/?(script|img|b|p|a)\b|javascript:|alert\(|[\u0000-\u001F]/i);
  }
  expect(discussion.url).toMatch(/^https?:\/\//);
}

describe('searching public discussions', () => {
  it("finds discussions at every source, in each source's own terms, and links to where they were said", async () => {
    const tag = newTag();
    await steer(tag);
    const phrase = `chasing unpaid invoices ${tag}`;
    const result = await searchDiscussions(env, { queries: [phrase], stackExchangeSite: 'money' });

    expect(result.queries).toEqual([phrase]);
    expect(result.sources).toEqual([
      { source: 'hacker_news', status: 'ok', found: 8, cachedQueries: 0 },
      { source: 'stack_exchange', status: 'ok', found: 8, cachedQueries: 0 },
      { source: 'reddit', status: 'ok', found: 8, cachedQueries: 0 },
    ]);
    // Capped, and taken in turns so that no source crowds out the others.
    expect(result.discussions).toHaveLength(12);
    expect(result.discussions.slice(0, 6).map((discussion) => discussion.source)).toEqual([
      'hacker_news',
      'stack_exchange',
      'reddit',
      'hacker_news',
      'stack_exchange',
      'reddit',
    ]);
    result.discussions.forEach(expectPlain);

    const [story, comment] = fromSource(result, 'hacker_news');
    expect(story).toMatchObject({
      kind: 'story',
      site: 'news.ycombinator.com',
      title: `Ask HN: Is ${phrase} a problem for you too?`,
      score: 120,
      comments: 10,
    });
    expect(story!.url).toMatch(/^https:\/\/news\.ycombinator\.com\/item\?id=\d+$/);
    expect(story!.id).toBe(`hacker_news:${new URL(story!.url).searchParams.get('id')}`);
    expect(story!.excerpt).toBe(`Every week ${phrase} eats hours of my team's time.`);
    expect(story!.createdAt).toBe('2025-01-01T09:30:00.000Z');
    expect(comment).toMatchObject({ kind: 'comment', title: `Ask HN: How do you handle ${phrase}?`, comments: null });
    expect(comment!.excerpt).toBe(`We fought with ${phrase} for years. What finally worked: a shared checklist & a weekly review. notes`);

    const [question] = fromSource(result, 'stack_exchange');
    expect(question).toMatchObject({
      kind: 'question',
      site: 'money.stackexchange.com',
      score: 42,
      comments: 6,
      views: 5400,
      createdAt: '2023-11-14T22:13:20.000Z',
    });
    expect(question!.url).toMatch(/^https:\/\/money\.stackexchange\.com\/questions\/\d+\//);
    // Markup is gone; markup the asker escaped on purpose stays visible as the text they wrote.
    expect(question!.excerpt).toBe(`Our team of five spends hours on ${phrase} every week & it keeps growing. <invoice id="7">`);
    expect(fromSource(result, 'stack_exchange')[1]!.title).toBe(`What's the best way to deal with ${phrase} (1)?`);

    const [post] = fromSource(result, 'reddit');
    expect(post).toMatchObject({
      kind: 'post',
      title: `Anyone else drowning in ${phrase}?`,
      score: 250,
      comments: 80,
      views: null,
      createdAt: '2024-10-27T03:33:20.000Z',
    });
    expect(post!.site).toMatch(/^r\/\w+$/);
    expect(post!.url).toMatch(new RegExp(`^https://www\\.reddit\\.com/${post!.site}/comments/[a-z0-9]+/`));
    expect(post!.excerpt).toContain('Spent **3 hours** on it yesterday & still not done.');

    // What was sent: the phrase and the source's own parameters, nothing else.
    const [hn] = await searchesAt('hacker_news', tag);
    const hnUrl = new URL(hn!.path, 'http://fake');
    expect(hnUrl.pathname).toBe('/api/v1/search');
    expect(Object.fromEntries(hnUrl.searchParams)).toEqual({ query: phrase, tags: '(story,comment)', hitsPerPage: '8' });
    const [se] = await searchesAt('stack_exchange', tag);
    const seUrl = new URL(se!.path, 'http://fake');
    expect(seUrl.pathname).toBe('/2.3/search/advanced');
    expect(Object.fromEntries(seUrl.searchParams)).toEqual({ order: 'desc', sort: 'relevance', q: phrase, site: 'money', pagesize: '8', filter: 'withbody' });
    const [rd] = await searchesAt('reddit', tag);
    const rdUrl = new URL(rd!.path, 'http://fake');
    expect(Object.fromEntries(rdUrl.searchParams)).toEqual({ q: phrase, sort: 'relevance', limit: '8', type: 'link', raw_json: '1' });
    expect(rd!.headers.authorization).toMatch(/^bearer fake-/);
    expect(rd!.headers['user-agent']).toMatch(/^web:launchmate:1\.0 \(discussion search; \+http/);
  });

  it('searches every phrase at every source at once', async () => {
    const tag = newTag();
    const slow = { delayMs: 300 };
    await steer(tag, { hacker_news: slow, stack_exchange: slow, reddit: slow });
    const started = Date.now();
    const result = await searchDiscussions(env, { queries: [`booking no-shows ${tag}`, `missed appointments ${tag}`] });
    const elapsed = Date.now() - started;
    expect(result.sources.every((report) => report.status === 'ok')).toBe(true);
    // Six calls of 300 ms each: one after the other they would take 1.8 s.
    expect(elapsed).toBeGreaterThanOrEqual(300);
    expect(elapsed).toBeLessThan(1_500);
  });

  it('adds the Stack Exchange key only when one is configured', async () => {
    const tag = newTag();
    await steer(tag);
    await searchDiscussions(envWith({ STACK_EXCHANGE_KEY: 'se-key-1' }), { queries: [`payroll errors ${tag}`] });
    const [se] = await searchesAt('stack_exchange', tag);
    const url = new URL(se!.path, 'http://fake');
    expect(url.searchParams.get('key')).toBe('se-key-1');
    expect(url.searchParams.get('site')).toBe('stackoverflow');
  });

  it('shows outside text as plain text and drops results whose link is not a web page of the source', async () => {
    const tag = newTag();
    await steer(tag, { hacker_news: { hostile: true }, stack_exchange: { hostile: true }, reddit: { hostile: true } });
    const result = await searchDiscussions(env, { queries: [`stolen data ${tag}`] });

    expect(result.sources.every((report) => report.status === 'ok')).toBe(true);
    result.discussions.forEach(expectPlain);
    const titles = result.discussions.map((discussion) => discussion.title);

    // Hacker News links to its own discussion page, never to the javascript: "article".
    expect(fromSource(result, 'hacker_news')[0]).toMatchObject({ title: 'Free money', excerpt: 'Click here now' });
    // A javascript: link is dropped; the script inside another result is removed with its content.
    expect(titles).not.toContain('A hostile link');
    expect(fromSource(result, 'stack_exchange')[0]).toMatchObject({ title: 'Stolen data', excerpt: 'Plain words' });
    // A permalink that leads off reddit.com, or is not a path, is dropped.
    expect(titles).not.toContain('Off-site');
    expect(titles).not.toContain('Script');
    expect(fromSource(result, 'reddit')[0]).toMatchObject({ title: 'Bold claim', excerpt: 'Real words' });
  });

  it('skips malformed results and keeps the good ones', async () => {
    const tag = newTag();
    await steer(tag, { hacker_news: { brokenItems: true }, stack_exchange: { brokenItems: true }, reddit: { brokenItems: true } });
    const result = await searchDiscussions(env, { queries: [`broken records ${tag}`] });
    expect(result.sources.map((report) => [report.status, report.found])).toEqual([
      ['ok', 8],
      ['ok', 8],
      ['ok', 8],
    ]);
  });

  it('reports a source with no results as searched, with nothing found', async () => {
    const tag = newTag();
    await steer(tag, { hacker_news: { empty: true }, reddit: { empty: true } });
    const result = await searchDiscussions(env, { queries: [`obscure niche ${tag}`] });
    expect(result.sources).toEqual([
      { source: 'hacker_news', status: 'ok', found: 0, cachedQueries: 0 },
      { source: 'stack_exchange', status: 'ok', found: 8, cachedQueries: 0 },
      { source: 'reddit', status: 'ok', found: 0, cachedQueries: 0 },
    ]);
    expect(result.discussions.every((discussion) => discussion.source === 'stack_exchange')).toBe(true);
  });
});

describe('a failing source', () => {
  const faults: [string, DiscussionScenario][] = [
    ['429', { status: 429 }],
    ['500', { status: 500 }],
    ['time-out', { hang: true }],
    ['malformed JSON', { malformed: true }],
    ['a body over the cap', { oversizedBytes: 300_000 }],
  ];
  const sources: DiscussionSource[] = ['hacker_news', 'stack_exchange', 'reddit'];
  // A short time-out and a small cap keep these quick; the defaults are 5 s and 1 MB.
  const faultEnv = envWith({ DISCUSSION_SEARCH_TIMEOUT_MS: '600', DISCUSSION_SEARCH_MAX_BYTES: '100000' });

  it.each(faults.flatMap(([name, scenario]) => sources.map((source) => [name, source, scenario] as const)))(
    '%s at %s: that source is unavailable, the others answer, nothing of it is cached',
    async (_name, failing, scenario) => {
      const tag = newTag();
      await steer(tag, { [failing]: scenario });
      const started = Date.now();
      const result = await searchDiscussions(faultEnv, { queries: [`late payments ${tag}`, `overdue clients ${tag}`] });
      expect(Date.now() - started).toBeLessThan(5_000);

      for (const source of sources) {
        expect(reportOf(result, source)).toEqual(
          source === failing ? { source, status: 'unavailable', found: 0, cachedQueries: 0 } : { source, status: 'ok', found: 16, cachedQueries: 0 },
        );
      }
      expect(fromSource(result, failing)).toEqual([]);
      expect(result.discussions).toHaveLength(12);
      // Both phrases were tried at the failing source, and only the answers of the others are kept.
      expect(await searchesAt(failing, tag)).toHaveLength(2);
      const rows = await cachedRows(tag);
      expect(rows.filter((row) => row.source === failing)).toEqual([]);
      expect(rows).toHaveLength(4);

      // Failures are not remembered: once the source recovers, the same search reaches it.
      await steer(tag);
      const again = await searchDiscussions(faultEnv, { queries: [`late payments ${tag}`] });
      expect(reportOf(again, failing)).toEqual({ source: failing, status: 'ok', found: 8, cachedQueries: 0 });
      expect(again.nothingSearched).toBeUndefined();
    },
  );

  it('says that nothing could be searched when every source is unavailable, never that nothing matched', async () => {
    const tag = newTag();
    await steer(tag, { hacker_news: { status: 500 }, stack_exchange: { hang: true }, reddit: { status: 429 } });
    const result = await searchDiscussions(faultEnv, { queries: [`late payments ${tag}`] });
    expect(result.discussions).toEqual([]);
    expect(result.sources.map((report) => report.status)).toEqual(['unavailable', 'unavailable', 'unavailable']);
    expect(result.nothingSearched).toMatch(/^Nothing could be searched: Hacker News, Stack Exchange, Reddit were unavailable/);
    expect(result.nothingSearched).toMatch(/do not say that no discussions matched/);
  });

  it('a refused Reddit token makes Reddit unavailable and asks again next time', async () => {
    const tag = newTag();
    const redditEnv = envWith({ REDDIT_CLIENT_ID: `client-${tag}` });
    await steer(tag, { reddit: { tokenStatus: 500 } });
    const failed = await searchDiscussions(redditEnv, { queries: [`tax filing ${tag}`] });
    expect(reportOf(failed, 'reddit')?.status).toBe('unavailable');
    expect(reportOf(failed, 'hacker_news')?.status).toBe('ok');
    expect(await searchesAt('reddit', tag)).toEqual([]);

    await steer(tag);
    const recovered = await searchDiscussions(redditEnv, { queries: [`tax filing ${tag}`] });
    expect(reportOf(recovered, 'reddit')).toEqual({ source: 'reddit', status: 'ok', found: 8, cachedQueries: 0 });
  });
});

describe('the cache', () => {
  it('answers a repeated search, however it is spelled, without an outside call', async () => {
    const tag = newTag();
    await steer(tag);
    const first = await searchDiscussions(env, { queries: [`Invoice chasing ${tag}`, `late fees ${tag}`] });
    const calls = { hacker_news: 2, stack_exchange: 2, reddit: 2 };
    for (const source of Object.keys(calls) as DiscussionSource[]) expect(await searchesAt(source, tag)).toHaveLength(calls[source]);

    const second = await searchDiscussions(env, { queries: [`Invoice chasing ${tag}`, `late fees ${tag}`] });
    expect(second.sources.map((report) => report.cachedQueries)).toEqual([2, 2, 2]);
    expect(second.discussions).toEqual(first.discussions);

    // Compatibility forms, case, spacing and end punctuation do not make a new search.
    const respelled = await searchDiscussions(env, { queries: [`  ＩＮＶＯＩＣＥ   chasing ${tag.toUpperCase()}?! `] });
    expect(respelled.sources.map((report) => report.cachedQueries)).toEqual([1, 1, 1]);
    for (const source of Object.keys(calls) as DiscussionSource[]) expect(await searchesAt(source, tag)).toHaveLength(calls[source]);
  });

  it('keeps Stack Exchange answers per site', async () => {
    const tag = newTag();
    await steer(tag);
    await searchDiscussions(env, { queries: [`rent receipts ${tag}`], stackExchangeSite: 'money' });
    const otherSite = await searchDiscussions(env, { queries: [`rent receipts ${tag}`], stackExchangeSite: 'law' });
    expect(reportOf(otherSite, 'stack_exchange')?.cachedQueries).toBe(0);
    expect(reportOf(otherSite, 'hacker_news')?.cachedQueries).toBe(1);
    expect((await searchesAt('stack_exchange', tag)).map((request) => new URL(request.path, 'http://fake').searchParams.get('site'))).toEqual(['money', 'law']);
  });

  it('asks again once the answer has expired, and overwrites the expired row', async () => {
    const tag = newTag();
    await steer(tag);
    const before = Date.now();
    await searchDiscussions(env, { queries: [`shift swaps ${tag}`] });
    const rows = await cachedRows(tag);
    expect(rows).toHaveLength(3);
    // Kept for DISCUSSION_CACHE_HOURS (24).
    for (const row of rows) expect(row.expires_at).toBeGreaterThanOrEqual(before + 24 * 3_600_000);

    await env.DB.prepare('UPDATE discussion_search_cache SET expires_at = ?1 WHERE query_key LIKE ?2')
      .bind(Date.now() - 1, `%${tag}%`)
      .run();
    const refreshed = await searchDiscussions(env, { queries: [`shift swaps ${tag}`] });
    expect(refreshed.sources.map((report) => report.cachedQueries)).toEqual([0, 0, 0]);
    expect(await searchesAt('hacker_news', tag)).toHaveLength(2);
    const after = await cachedRows(tag);
    expect(after).toHaveLength(3);
    for (const row of after) expect(row.expires_at).toBeGreaterThan(Date.now());
  });

  it('merges answers without duplicate discussions or links', async () => {
    const tag = newTag();
    await steer(tag);
    const discussion = (id: string, url: string): Discussion => ({
      id: `hacker_news:${id}`,
      source: 'hacker_news',
      kind: 'story',
      site: 'news.ycombinator.com',
      title: `Story ${id}`,
      excerpt: '',
      url,
      score: 1,
      comments: 1,
      views: null,
      createdAt: null,
    });
    const expiresAt = Date.now() + 3_600_000;
    const seed = (phrase: string, results: Discussion[]) =>
      env.DB.prepare('INSERT INTO discussion_search_cache (source, query_key, results, expires_at) VALUES (?1, ?2, ?3, ?4)')
        .bind('hacker_news', phrase, JSON.stringify(results), expiresAt)
        .run();
    await seed(`first ${tag}`, [discussion('1', 'https://news.ycombinator.com/item?id=1'), discussion('2', 'https://news.ycombinator.com/item?id=2')]);
    // The same discussion again, and another id with the same link.
    await seed(`second ${tag}`, [
      discussion('1', 'https://news.ycombinator.com/item?id=1'),
      discussion('3', 'https://news.ycombinator.com/item?id=2'),
      discussion('4', 'https://news.ycombinator.com/item?id=4'),
    ]);

    const result = await searchDiscussions(envWith({ REDDIT_CLIENT_ID: undefined }), {
      queries: [`first ${tag}`, `second ${tag}`],
      stackExchangeSite: 'money',
    });
    expect(reportOf(result, 'hacker_news')).toEqual({ source: 'hacker_news', status: 'ok', found: 5, cachedQueries: 2 });
    expect(fromSource(result, 'hacker_news').map((found) => found.id)).toEqual(['hacker_news:1', 'hacker_news:2', 'hacker_news:4']);
    expect(await searchesAt('hacker_news', tag)).toEqual([]);
  });

  it('sends a phrase given twice in different spellings once', async () => {
    const tag = newTag();
    await steer(tag);
    const result = await searchDiscussions(env, { queries: [`Missed Calls ${tag}`, `missed calls ${tag}.`] });
    expect(result.queries).toEqual([`Missed Calls ${tag}`]);
    expect(await searchesAt('hacker_news', tag)).toHaveLength(1);
  });
});

describe('Reddit', () => {
  it('is not offered, nor searched, without both credentials', async () => {
    const tag = newTag();
    await steer(tag);
    expect(offeredSources(env)).toEqual(['hacker_news', 'stack_exchange', 'reddit']);
    for (const [index, missing] of (['REDDIT_CLIENT_ID', 'REDDIT_CLIENT_SECRET'] as const).entries()) {
      const withoutReddit = envWith({ [missing]: undefined });
      expect(offeredSources(withoutReddit)).toEqual(['hacker_news', 'stack_exchange']);
      const result = await searchDiscussions(withoutReddit, { queries: [`gym bookings ${tag} ${index}`] });
      expect(result.sources.map((report) => report.source)).toEqual(['hacker_news', 'stack_exchange']);
    }
    expect(await received('reddit', tag)).toEqual([]);
  });

  it('fetches its token once and uses it for later searches', async () => {
    const tag = newTag();
    const redditEnv = envWith({ REDDIT_CLIENT_ID: `client-${tag}` });
    await steer(tag);
    await searchDiscussions(redditEnv, { queries: [`dog walking ${tag}`, `pet sitting ${tag}`] });
    await searchDiscussions(redditEnv, { queries: [`cat boarding ${tag}`] });

    const requests = await received('reddit', tag);
    const tokenRequests = requests.filter((request) => request.method === 'POST');
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]!.path).toBe('/api/v1/access_token');
    expect(tokenRequests[0]!.body).toBe('grant_type=client_credentials');
    expect(tokenRequests[0]!.headers.authorization).toBe(`Basic ${btoa(`client-${tag}:${env.REDDIT_CLIENT_SECRET}`)}`);
    const searches = requests.filter((request) => request.method === 'GET');
    expect(searches).toHaveLength(3);
    expect(new Set(searches.map((request) => request.headers.authorization)).size).toBe(1);
  });
});

describe('per-source limits', () => {
  // 50 searches fall in one minute's window however long they take: the clock stands still.
  beforeEach(() => stopClockAtStartOfMinute());
  afterEach(() => vi.useRealTimers());

  it('lets exactly the limit of 50 simultaneous searches reach Hacker News; cached answers do not count', async () => {
    const tag = newTag();
    await steer(tag);
    // Its own endpoint, so its own window: the quota belongs to the endpoint searched.
    const limited = envWith({
      HACKER_NEWS_API_URL: `${env.FAKE_HACKER_NEWS_URL}/${tag}/api/v1`,
      HACKER_NEWS_SEARCHES_PER_MINUTE: '7',
      REDDIT_CLIENT_ID: undefined,
    });
    const results = await Promise.all(Array.from({ length: 50 }, (_, index) => searchDiscussions(limited, { queries: [`${tag} topic ${index}`] })));

    expect(await searchesAt('hacker_news', tag)).toHaveLength(7);
    const answered = results.filter((result) => reportOf(result, 'hacker_news')?.status === 'ok');
    expect(answered).toHaveLength(7);
    // Refused searches are unavailable at Hacker News only.
    expect(results.every((result) => reportOf(result, 'stack_exchange')?.status === 'ok')).toBe(true);

    const cachedPhrase = answered[0]!.queries[0]!;
    const again = await searchDiscussions(limited, { queries: [cachedPhrase] });
    expect(reportOf(again, 'hacker_news')).toMatchObject({ status: 'ok', cachedQueries: 1 });
    const refused = await searchDiscussions(limited, { queries: [`${tag} one more`] });
    expect(reportOf(refused, 'hacker_news')?.status).toBe('unavailable');
    expect(await searchesAt('hacker_news', tag)).toHaveLength(7);
  });

  it('stops Stack Exchange at its daily limit without calling it', async () => {
    const tag = newTag();
    await steer(tag);
    const exhausted = envWith({ STACK_EXCHANGE_API_URL: `${env.FAKE_STACK_EXCHANGE_URL}/${tag}/2.3`, STACK_EXCHANGE_SEARCHES_PER_DAY: '0' });
    const result = await searchDiscussions(exhausted, { queries: [`visa forms ${tag}`] });
    expect(reportOf(result, 'stack_exchange')?.status).toBe('unavailable');
    expect(reportOf(result, 'hacker_news')?.status).toBe('ok');
    expect(await searchesAt('stack_exchange', tag)).toEqual([]);
  });

  it('honours a Stack Exchange backoff by not calling it again until it ends', async () => {
    const tag = newTag();
    await steer(tag, { stack_exchange: { backoff: 30 } });
    const backedOff = envWith({ STACK_EXCHANGE_API_URL: `${env.FAKE_STACK_EXCHANGE_URL}/${tag}/2.3` });
    const first = await searchDiscussions(backedOff, { queries: [`meal planning ${tag}`] });
    expect(reportOf(first, 'stack_exchange')).toMatchObject({ status: 'ok', found: 8 });
    const second = await searchDiscussions(backedOff, { queries: [`grocery lists ${tag}`] });
    expect(reportOf(second, 'stack_exchange')?.status).toBe('unavailable');
    expect(await searchesAt('stack_exchange', tag)).toHaveLength(1);
  });
});

describe('search phrases', () => {
  const valid = { queries: ['chasing unpaid invoices'] };

  it.each([
    ['markup', ['<script>alert(1)</script>']],
    ['a link', ['https://evil.example/path']],
    ['brackets and braces', ['invoices [tag] {x}']],
    ['one character', ['a']],
    ['too long', ['x'.repeat(121)]],
    ['too many words', [Array.from({ length: 13 }, (_, index) => `w${index}`).join(' ')]],
    ['a control character', ['unpaid\u0000invoices']],
    ['no phrase', []],
    ['five phrases', ['one a', 'two b', 'three c', 'four d', 'five e']],
  ])('refuses %s', async (_name, queries) => {
    expect(SearchDiscussionsInputSchema.safeParse({ queries }).success).toBe(false);
    await expect(searchDiscussions(env, { queries } as never)).rejects.toThrow();
  });

  it('refuses an unknown Stack Exchange site and unknown fields', () => {
    expect(SearchDiscussionsInputSchema.safeParse(valid).success).toBe(true);
    expect(SearchDiscussionsInputSchema.safeParse({ ...valid, stackExchangeSite: 'evil.example' }).success).toBe(false);
    expect(SearchDiscussionsInputSchema.safeParse({ ...valid, memory: "the founder's notes" }).success).toBe(false);
  });

  it('sends nothing anywhere for an invalid search', async () => {
    const tag = newTag();
    await steer(tag);
    await expect(searchDiscussions(env, { queries: [`fine phrase ${tag}`, `<b>${tag}</b>`] })).rejects.toThrow();
    for (const source of Object.keys(FAKES) as DiscussionSource[]) expect(await received(source, tag)).toEqual([]);
  });
});
