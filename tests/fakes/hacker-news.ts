import { hashOf, startDiscussionFake, topicOf, type DiscussionScenario, type SearchRequest } from './discussion-fake';

/**
 * Algolia's Hacker News search API (`GET /api/v1/search`), in its own field names: `hits` of
 * stories (title, url, points, num_comments, story_text) and comments (comment_text, story_title),
 * each with objectID, _tags and created_at.
 */
function hits(search: SearchRequest, scenario: DiscussionScenario) {
  const topic = topicOf(search.query);
  const base = hashOf(search.query) % 40_000_000;
  const found: unknown[] = Array.from({ length: Math.min(search.size, 8) }, (_, index) => {
    const objectID = String(base + index * 7 + 1);
    const created = new Date(Date.UTC(2025, index % 12, 1 + index, 9, 30)).toISOString().replace('.000Z', 'Z');
    const tags = (kind: string) => [kind, `author_user${index}`, `story_${base + index}`];
    if (index % 2 === 1) {
      return {
        _tags: tags('comment'),
        author: `user${index}`,
        comment_text: `<p>We fought with ${topic} for years.<p>What finally worked: a shared checklist &amp; a weekly review. <a href="https:&#x2F;&#x2F;example.com&#x2F;notes" rel="nofollow">notes</a>`,
        created_at: created,
        created_at_i: Date.parse(created) / 1000,
        objectID,
        parent_id: base + index,
        story_id: base + index,
        story_title: `Ask HN: How do you handle ${topic}?`,
        story_url: null,
        updated_at: created,
      };
    }
    return {
      _tags: tags('story'),
      author: `user${index}`,
      children: [],
      created_at: created,
      created_at_i: Date.parse(created) / 1000,
      num_comments: 10 + index * 3,
      objectID,
      points: 120 - index * 9,
      story_id: Number(objectID),
      story_text: index === 0 ? `<p>Every week ${topic} eats hours of my team&#x27;s time.</p>` : null,
      title: index === 0 ? `Ask HN: Is ${topic} a problem for you too?` : `Show HN: A tool for ${topic} (${index})`,
      updated_at: created,
      url: index === 0 ? null : `https://example.com/${objectID}`,
    };
  });
  // Bad results come first, where a client that mishandles them cannot miss them.
  if (scenario.hostile) found.unshift(hostileStory(base));
  if (scenario.brokenItems) found.unshift(...brokenHits());
  return found;
}

/** Markup, a script and a javascript: article link: the product must show none of it as such. */
const hostileStory = (base: number) => ({
  _tags: ['story', 'author_mallory', `story_${base + 99}`],
  author: 'mallory',
  created_at: '2025-06-01T10:00:00Z',
  num_comments: 3,
  objectID: String(base + 99),
  points: 5,
  story_text: 'Click <a href="javascript:alert(1)">here</a><script>alert("hn")</script> now\u0007',
  title: '<img src=x onerror=alert(1)>Free <b>money</b>',
  url: 'javascript:alert(1)',
});

const brokenHits = () => [{ objectID: 42, title: 7 }, 'not a hit', { _tags: ['story'], title: 'No id' }];

export function startFakeHackerNews() {
  return startDiscussionFake('hacker-news', {
    searchOf: (request, url) =>
      request.method === 'GET' && url.pathname.endsWith('/search')
        ? { query: url.searchParams.get('query') ?? '', size: Number(url.searchParams.get('hitsPerPage') ?? 20), url }
        : null,
    answer: (search, scenario) => {
      const found = scenario.empty ? [] : hits(search, scenario);
      return {
        exhaustive: { nbHits: true, typo: true },
        exhaustiveNbHits: true,
        hits: found,
        hitsPerPage: search.size,
        nbHits: found.length,
        nbPages: 1,
        page: 0,
        params: search.url.search.slice(1),
        processingTimeMS: 3,
        query: search.query,
      };
    },
    errorBody: (status) => ({ message: status === 429 ? 'Too many requests' : 'Internal error', status }),
  });
}
