import { z } from 'zod';
import { DISCUSSION_LIMITS, type Discussion } from '#contracts/discussions';
import type { Bindings } from '../env';
import { cleanExcerpt, cleanTitle, countOrNull, fetchSourceJson, isoTime, keepUsable, scoreOrNull, SourceUnavailable } from './discussion-source';

/**
 * Reddit search with application-only OAuth (client credentials): posts matching a phrase, with
 * their subreddit. Offered only when REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET are both set.
 */
const DEFAULT_AUTH_URL = 'https://www.reddit.com/api/v1/access_token';
const DEFAULT_API_URL = 'https://oauth.reddit.com';
const SITE_ORIGIN = 'https://www.reddit.com';
/** A token is renewed this long before Reddit says it expires, so no search carries a stale one. */
const TOKEN_MARGIN_MS = 60_000;

export const isRedditConfigured = (env: Bindings) => Boolean(env.REDDIT_CLIENT_ID && env.REDDIT_CLIENT_SECRET);

/** Reddit asks every client for a descriptive User-Agent, naming the application and its site. */
const userAgent = (env: Bindings) => `web:launchmate:1.0 (discussion search; +${env.APP_URL})`;

const TokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const ListingSchema = z.object({ data: z.object({ children: z.array(z.unknown()) }) });
/** A listing's child: `{ kind: 't3', data: { …the post… } }`. */
const ChildSchema = z.object({ data: z.unknown() });
const PostSchema = z.object({
  id: z.string().regex(/^[a-z0-9]{1,16}$/),
  title: z.string(),
  selftext: z.string().nullish(),
  subreddit: z.string().regex(/^[A-Za-z0-9_]{1,50}$/),
  permalink: z.string().startsWith('/'),
  score: z.number().nullish(),
  num_comments: z.number().nullish(),
  created_utc: z.number().nullish(),
});

/**
 * The application's token, kept in this isolate until shortly before it expires, for the client
 * it belongs to (new credentials never reuse another client's token). While it is being fetched,
 * the searches that need it wait for that one request instead of each asking for their own.
 */
let current: { client: string; accessToken: string; expiresAt: number } | undefined;
let pending: { client: string; accessToken: Promise<string> } | undefined;

async function requestToken(env: Bindings): Promise<{ accessToken: string; expiresAt: number }> {
  const answer = await fetchSourceJson(
    env,
    'Reddit',
    new URL(env.REDDIT_AUTH_URL ?? DEFAULT_AUTH_URL),
    {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa(`${env.REDDIT_CLIENT_ID}:${env.REDDIT_CLIENT_SECRET}`)}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': userAgent(env),
      },
      body: 'grant_type=client_credentials',
    },
    TokenSchema,
  );
  return { accessToken: answer.access_token, expiresAt: Date.now() + answer.expires_in * 1000 - TOKEN_MARGIN_MS };
}

function accessToken(env: Bindings): Promise<string> {
  const client = `${env.REDDIT_AUTH_URL ?? DEFAULT_AUTH_URL} ${env.REDDIT_CLIENT_ID}`;
  if (current?.client === client && current.expiresAt > Date.now()) return Promise.resolve(current.accessToken);
  if (pending?.client !== client) {
    const request = requestToken(env)
      .then((fetched) => {
        current = { client, ...fetched };
        return fetched.accessToken;
      })
      .finally(() => {
        if (pending?.accessToken === request) pending = undefined;
      });
    pending = { client, accessToken: request };
  }
  return pending.accessToken;
}

/** A link to the post on reddit.com, or null when the permalink would lead anywhere else. */
function postUrl(permalink: string): string | null {
  try {
    const url = new URL(permalink, SITE_ORIGIN);
    return url.origin === SITE_ORIGIN ? url.href : null;
  } catch {
    return null;
  }
}

export async function search(env: Bindings, phrase: string): Promise<Discussion[]> {
  if (!isRedditConfigured(env)) throw new SourceUnavailable('Reddit is not configured');
  const bearer = await accessToken(env);
  const url = new URL(`${env.REDDIT_API_URL ?? DEFAULT_API_URL}/search`);
  url.searchParams.set('q', phrase);
  url.searchParams.set('sort', 'relevance');
  url.searchParams.set('limit', String(DISCUSSION_LIMITS.resultsPerSource));
  url.searchParams.set('type', 'link');
  url.searchParams.set('raw_json', '1');
  const listing = await fetchSourceJson(
    env,
    'Reddit',
    url,
    { headers: { Authorization: `bearer ${bearer}`, 'User-Agent': userAgent(env), Accept: 'application/json' } },
    ListingSchema,
  ).catch((error: unknown) => {
    // A token Reddit no longer accepts is dropped, so the next search fetches a fresh one.
    if (error instanceof SourceUnavailable && error.message.endsWith(' 401')) current = undefined;
    throw error;
  });
  const posts = listing.data.children.map((child) => ChildSchema.safeParse(child).data?.data);
  return keepUsable(posts, PostSchema, (post) => {
    const link = postUrl(post.permalink);
    if (!link) return null;
    return {
      id: `reddit:${post.id}`,
      source: 'reddit',
      kind: 'post',
      site: `r/${post.subreddit}`,
      title: cleanTitle(post.title),
      excerpt: cleanExcerpt(post.selftext),
      url: link,
      score: scoreOrNull(post.score),
      comments: countOrNull(post.num_comments),
      views: null,
      createdAt: isoTime(post.created_utc),
    };
  });
}
