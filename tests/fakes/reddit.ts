import { randomUUID } from 'node:crypto';
import { hashOf, startDiscussionFake, topicOf, type DiscussionScenario, type SearchRequest } from './discussion-fake';
import { sendJson } from './server';

/**
 * Reddit's application-only OAuth token endpoint (`POST /api/v1/access_token`, Basic auth,
 * grant_type=client_credentials) and its search (`GET /search` on oauth.reddit.com with a bearer
 * token), in Reddit's own field names: a Listing of `t3` children whose `data` holds id, title,
 * selftext, subreddit, score, num_comments, created_utc and permalink.
 */
const issuedTokens = new Set<string>();
const SUBREDDITS = ['smallbusiness', 'Entrepreneur', 'freelance', 'startups'];

function posts(search: SearchRequest, scenario: DiscussionScenario): unknown[] {
  const topic = topicOf(search.query);
  const seed = hashOf(search.query);
  const found: unknown[] = Array.from({ length: Math.min(search.size, 8) }, (_, index) => {
    const id = ((seed + index * 7919) % 2_000_000_000).toString(36);
    const subreddit = SUBREDDITS[(seed + index) % SUBREDDITS.length]!;
    return {
      kind: 't3',
      data: {
        subreddit,
        subreddit_name_prefixed: `r/${subreddit}`,
        // raw_json=1: Reddit sends the text as written, without HTML entities.
        selftext: index % 2 === 0 ? `Honestly ${topic} is killing me. Spent **3 hours** on it yesterday & still not done.` : '',
        author_fullname: `t2_${index}abc`,
        title: index === 0 ? `Anyone else drowning in ${topic}?` : `How do you deal with ${topic}? (${index})`,
        name: `t3_${id}`,
        id,
        score: 250 - index * 20,
        ups: 250 - index * 20,
        upvote_ratio: 0.95,
        num_comments: 80 - index * 6,
        created_utc: 1_730_000_000 + index * 3600,
        permalink: `/r/${subreddit}/comments/${id}/${topic
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '_')
          .slice(0, 40)}/`,
        url: `https://www.reddit.com/r/${subreddit}/comments/${id}/`,
        over_18: false,
        is_self: index % 2 === 0,
      },
    };
  });
  // Bad results come first, where a client that mishandles them cannot miss them.
  if (scenario.hostile) {
    found.unshift(
      { kind: 't3', data: { ...(found[0] as { data: object }).data, id: 'evil1', title: 'Off-site', permalink: '//evil.example/r/x/comments/evil1/' } },
      { kind: 't3', data: { ...(found[0] as { data: object }).data, id: 'evil2', title: 'Script', permalink: 'javascript:alert(1)' } },
      {
        kind: 't3',
        data: { ...(found[0] as { data: object }).data, id: 'evil3', title: '<b>Bold</b> claim\u0000', selftext: '<script>alert("reddit")</script>Real words' },
      },
    );
  }
  if (scenario.brokenItems) found.unshift({ kind: 't3' }, { kind: 't3', data: { id: 5, title: [] } }, null);
  return found;
}

export function startFakeReddit() {
  return startDiscussionFake('reddit', {
    other: (request, url, scenario, response) => {
      if (!url.pathname.endsWith('/api/v1/access_token')) return false;
      const [clientId = '', secret = ''] = Buffer.from(request.headers.authorization?.replace(/^Basic /i, '') ?? '', 'base64')
        .toString('utf8')
        .split(':');
      if (scenario.tokenStatus && scenario.tokenStatus !== 200)
        sendJson(response, scenario.tokenStatus, { message: 'Too Many Requests', error: scenario.tokenStatus });
      else if (request.method !== 'POST' || !clientId || !secret) sendJson(response, 401, { message: 'Unauthorized', error: 401 });
      else if (new URLSearchParams(request.body).get('grant_type') !== 'client_credentials') sendJson(response, 400, { error: 'unsupported_grant_type' });
      else {
        const token = `fake-${randomUUID()}`;
        issuedTokens.add(token);
        sendJson(response, 200, { access_token: token, token_type: 'bearer', expires_in: 86_400, scope: '*' });
      }
      return true;
    },
    searchOf: (request, url) =>
      request.method === 'GET' && url.pathname.endsWith('/search')
        ? { query: url.searchParams.get('q') ?? '', size: Number(url.searchParams.get('limit') ?? 25), url }
        : null,
    refuse: (request) => {
      const token = /^bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!token || !issuedTokens.has(token)) return { status: 401, body: { message: 'Unauthorized', error: 401 } };
      if (!request.headers['user-agent']) return { status: 429, body: { message: 'Too Many Requests', error: 429 } };
      return null;
    },
    answer: (search, scenario) => {
      const children = scenario.empty ? [] : posts(search, scenario);
      return { kind: 'Listing', data: { after: null, dist: children.length, modhash: '', geo_filter: '', children, before: null } };
    },
    errorBody: (status) => ({ message: status === 429 ? 'Too Many Requests' : 'Internal Server Error', error: status }),
  });
}
