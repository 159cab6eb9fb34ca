import { hashOf, startDiscussionFake, topicOf, type SearchRequest } from './discussion-fake';

/**
 * Fakes of phase 3's competitor sources, in each API's own field names, with the lanes and
 * faults of discussion-fake.ts (status, hang, malformed, oversized, delay, hostile, broken items).
 * Each product found links to a page of the fake sites (tests/fakes/sites.ts), slug by slug.
 */

const slugOf = (query: string, index: number) =>
  `${topicOf(query)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)}-${index}`;

/** GitHub's REST search (`GET /search/repositories?q=`): `items` of repositories. */
export function startFakeGitHub(sitesUrl: string) {
  return startDiscussionFake('github', {
    searchOf: (request, url) =>
      request.method === 'GET' && url.pathname.endsWith('/search/repositories')
        ? { query: url.searchParams.get('q') ?? '', size: Number(url.searchParams.get('per_page') ?? 30), url }
        : null,
    answer: (search: SearchRequest, scenario) => {
      const items: unknown[] = scenario.empty
        ? []
        : Array.from({ length: Math.min(search.size, 3) }, (_, index) => ({
            id: (hashOf(search.query) % 1_000_000) * 10 + index,
            full_name: `oss/${slugOf(search.query, index)}`,
            html_url: `https://github.com/oss/${slugOf(search.query, index)}`,
            homepage: `${sitesUrl}/github-${slugOf(search.query, index)}/home`,
            description: `Open-source ${topicOf(search.query)} (${index + 1})`,
            stargazers_count: 1200 - index * 100,
          }));
      if (scenario.hostile)
        items.unshift({ id: 1, full_name: '<script>alert(1)</script>Evil', html_url: 'javascript:alert(1)', description: '<img src=x onerror=alert(1)>' });
      if (scenario.brokenItems) items.unshift({ id: 'x' }, 'nope');
      return { total_count: items.length, incomplete_results: false, items };
    },
    errorBody: (status) => ({ message: status === 429 ? 'API rate limit exceeded' : 'Server Error', documentation_url: 'https://docs.github.com/rest' }),
  });
}

/** Apple's iTunes Search API (`GET /search?term=&entity=software`): `results` of apps. */
export function startFakeAppStore(sitesUrl: string) {
  return startDiscussionFake('app-store', {
    searchOf: (request, url) =>
      request.method === 'GET' && url.pathname.endsWith('/search')
        ? { query: url.searchParams.get('term') ?? '', size: Number(url.searchParams.get('limit') ?? 50), url }
        : null,
    answer: (search: SearchRequest, scenario) => {
      const results: unknown[] = scenario.empty
        ? []
        : Array.from({ length: Math.min(search.size, 2) }, (_, index) => ({
            trackId: (hashOf(search.query) % 1_000_000) * 10 + index,
            trackName: `${topicOf(search.query)} App ${index + 1}`,
            trackViewUrl: `https://apps.apple.com/app/id${index + 1}`,
            sellerUrl: `${sitesUrl}/app-${slugOf(search.query, index)}/home`,
            description: `Manage ${topicOf(search.query)} from your phone.`,
            averageUserRating: 4.5 - index / 10,
            userRatingCount: 300 + index,
            formattedPrice: 'Free',
          }));
      if (scenario.brokenItems) results.unshift({ trackId: 'x' });
      return { resultCount: results.length, results };
    },
    errorBody: (status) => ({ errorMessage: `Fake iTunes ${status}` }),
  });
}

/** The Brave Search API (`GET /res/v1/web/search?q=`): `web.results`. Refuses a request without its key. */
export function startFakeBraveSearch(sitesUrl: string) {
  return startDiscussionFake('brave-search', {
    searchOf: (request, url) =>
      request.method === 'GET' && url.pathname.endsWith('/res/v1/web/search')
        ? { query: url.searchParams.get('q') ?? '', size: Number(url.searchParams.get('count') ?? 20), url }
        : null,
    refuse: (request) =>
      request.headers['x-subscription-token'] ? null : { status: 401, body: { type: 'ErrorResponse', error: { code: 'SUBSCRIPTION_TOKEN_INVALID' } } },
    answer: (search: SearchRequest, scenario) => ({
      type: 'search',
      web: {
        results: scenario.empty
          ? []
          : Array.from({ length: Math.min(search.size, 2) }, (_, index) => ({
              title: `${topicOf(search.query)} Cloud ${index + 1}`,
              url: `${sitesUrl}/web-${slugOf(search.query, index)}/home`,
              description: `The ${topicOf(search.query)} platform for teams.`,
            })),
      },
    }),
    errorBody: (status) => ({ type: 'ErrorResponse', error: { code: status === 429 ? 'RATE_LIMITED' : 'INTERNAL' } }),
  });
}
