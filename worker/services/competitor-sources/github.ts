import { z } from 'zod';
import { COMPETITOR_LIMITS, type CompetitorCandidate } from '#contracts/phases/competitors';
import type { Bindings } from '../../env';
import { fetchSourceJson } from '../discussion-source';
import { candidateFrom } from './candidate';

/**
 * GitHub's repository search (REST, `GET /search/repositories`): open-source projects that solve
 * the problem. Works without a token at GitHub's unauthenticated search rate (10 a minute);
 * GITHUB_TOKEN raises it to 30 a minute.
 */
const DEFAULT_API_URL = 'https://api.github.com';

const AnswerSchema = z.object({ items: z.array(z.unknown()) });
const RepositorySchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  html_url: z.string(),
  homepage: z.string().nullish(),
  description: z.string().nullish(),
  stargazers_count: z.number().nullish(),
});

export async function search(env: Bindings, phrase: string): Promise<CompetitorCandidate[]> {
  const url = new URL(`${env.GITHUB_API_URL ?? DEFAULT_API_URL}/search/repositories`);
  url.searchParams.set('q', phrase);
  url.searchParams.set('per_page', String(COMPETITOR_LIMITS.resultsPerSource));
  const headers: Record<string, string> = { Accept: 'application/vnd.github+json', 'User-Agent': 'Launchmate', 'X-GitHub-Api-Version': '2022-11-28' };
  if (env.GITHUB_TOKEN) headers.Authorization = `Bearer ${env.GITHUB_TOKEN}`;
  const answer = await fetchSourceJson(env, 'GitHub', url, { headers }, AnswerSchema);
  return answer.items.flatMap((raw) => {
    const repository = RepositorySchema.safeParse(raw);
    if (!repository.success) return [];
    const { id, full_name, html_url, homepage, description, stargazers_count } = repository.data;
    return candidateFrom({
      id: `github:${id}`,
      source: 'github',
      name: full_name,
      url: homepage && /^https?:\/\//i.test(homepage) ? homepage : html_url,
      description: description ?? '',
      signal: typeof stargazers_count === 'number' ? `${stargazers_count} stars on GitHub` : null,
    });
  });
}
