import { hashOf, startDiscussionFake, topicOf, type DiscussionScenario, type SearchRequest } from './discussion-fake';

/**
 * Stack Exchange's API 2.3 (`GET /2.3/search/advanced`), in its own field names: the common
 * wrapper (items, has_more, quota_max, quota_remaining, backoff) around questions (question_id,
 * title, link, body with filter=withbody, score, answer_count, view_count, creation_date, owner…),
 * and its error wrapper (error_id, error_name, error_message).
 */
const siteDomain = (site: string) => (['stackoverflow', 'superuser', 'serverfault'].includes(site) ? `${site}.com` : `${site}.stackexchange.com`);

function questions(search: SearchRequest, site: string, scenario: DiscussionScenario): unknown[] {
  const topic = topicOf(search.query);
  const base = hashOf(`${site} ${search.query}`) % 9_000_000;
  const slug = topic
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60);
  const found: unknown[] = Array.from({ length: Math.min(search.size, 8) }, (_, index) => {
    const id = base + index * 13 + 1;
    return {
      tags: ['small-business', 'invoicing'],
      owner: {
        account_id: 1000 + index,
        reputation: 150 * (index + 1),
        user_id: 2000 + index,
        user_type: 'registered',
        display_name: `asker${index}`,
        link: `https://${siteDomain(site)}/users/${2000 + index}`,
      },
      is_answered: index % 3 !== 2,
      view_count: 5400 - index * 400,
      answer_count: 6 - (index % 4),
      score: 42 - index * 5,
      last_activity_date: 1_735_000_000 + index * 86_400,
      creation_date: 1_700_000_000 + index * 86_400,
      question_id: id,
      content_license: 'CC BY-SA 4.0',
      link: `https://${siteDomain(site)}/questions/${id}/${slug}-${index}`,
      title: index === 0 ? `How do I stop losing time to ${topic}?` : `What&#39;s the best way to deal with ${topic} (${index})?`,
      body: `<p>Our team of five spends <strong>hours</strong> on ${topic} every week &amp; it keeps growing.</p>\n<pre><code>&lt;invoice id=&quot;7&quot;&gt;</code></pre>`,
    };
  });
  // Bad results come first, where a client that mishandles them cannot miss them.
  if (scenario.hostile) {
    found.unshift(
      { ...(found[0] as object), question_id: base + 500, link: 'javascript:alert(1)', title: 'A hostile link' },
      {
        ...(found[0] as object),
        question_id: base + 501,
        link: `https://${siteDomain(site)}/questions/${base + 501}`,
        title: 'Stolen <script>alert("se")</script>data',
        body: '<script>document.cookie</script><p onclick="x()">Plain words</p>',
      },
    );
  }
  if (scenario.brokenItems) found.unshift({ question_id: 'seven', title: null }, 17, { title: 'No id or link' });
  return found;
}

export function startFakeStackExchange() {
  return startDiscussionFake('stack-exchange', {
    searchOf: (request, url) =>
      request.method === 'GET' && url.pathname.endsWith('/search/advanced')
        ? { query: url.searchParams.get('q') ?? '', size: Number(url.searchParams.get('pagesize') ?? 30), url }
        : null,
    answer: (search, scenario) => {
      const site = search.url.searchParams.get('site') ?? 'stackoverflow';
      const items = scenario.empty ? [] : questions(search, site, scenario);
      return {
        items,
        has_more: false,
        quota_max: search.url.searchParams.has('key') ? 10_000 : 300,
        quota_remaining: 287,
        ...(scenario.backoff ? { backoff: scenario.backoff } : {}),
      };
    },
    errorBody: (status) =>
      status === 400 || status === 429
        ? { error_id: 502, error_message: 'too many requests from this IP, more requests available in 3600 seconds', error_name: 'throttle_violation' }
        : { error_id: 500, error_message: 'An internal error occurred', error_name: 'internal_error' },
  });
}
