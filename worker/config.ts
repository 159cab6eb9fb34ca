import { z } from 'zod';

/**
 * Every setting of the Worker, in one schema: the plain settings `[vars]` of wrangler.toml (their
 * production values), the secrets (`.dev.vars` locally, `wrangler secret put` in production) and
 * the addresses of outside services, which tests point at tests/fakes. The Worker's `Bindings`
 * (worker/env.ts) are inferred from it, and `config(env)` parses them once per environment: a
 * missing or malformed value is a deploy mistake that fails loudly on the first request that
 * needs it, never a NaN. The README's settings table lists the same names
 * (tests/scripts/settings.test.ts keeps the schema, wrangler.toml and the README in step).
 */

/** Where a setting is given: `[vars]` in wrangler.toml, a secret, an outside service's address, or by the tooling itself. */
export type SettingSource = 'var' | 'secret' | 'address' | 'tooling';

/** A number written as a string, as wrangler gives every var. */
const numeric = () => z.string().transform(Number);
const count = () => numeric().pipe(z.number().int().min(0));
const positiveInteger = () => numeric().pipe(z.number().int().positive());
const milliseconds = positiveInteger;
const seconds = positiveInteger;
const bytes = positiveInteger;
const positive = () => numeric().pipe(z.number().positive());
const text = () => z.string();
const optionalText = () => z.string().optional();

const VARS = {
  /** The public origin of the product; every link in mail and every Origin check uses it. */
  APP_URL: text(),
  ENVIRONMENT: z.enum(['development', 'test', 'production']),
  CONTACT_EMAIL: text(),
  /** Sender of every e-mail, e.g. "Launchmate <hello@launchmate.app>". */
  MAIL_FROM: text(),
  /** Failed sign-ins: per client per minute, per account and client per 15 minutes, per account per hour. */
  SIGN_IN_FAILURES_PER_CLIENT_PER_MINUTE: count(),
  SIGN_IN_FAILURES_PER_ACCOUNT_PER_CLIENT: count(),
  SIGN_IN_FAILURES_PER_ACCOUNT: count(),
  /** Free tools: runs per client (anonymous and signed in) and model calls per day for everyone. */
  FREE_TOOLS_PER_MINUTE: count(),
  FREE_TOOLS_PER_DAY: count(),
  FREE_TOOLS_SIGNED_IN_PER_MINUTE: count(),
  FREE_TOOLS_SIGNED_IN_PER_DAY: count(),
  FREE_TOOLS_GLOBAL_PER_DAY: count(),
  OPENAI_MODEL: optionalText(),
  /** A whole model call of the free tools may take this long (ms) before it is abandoned. */
  LLM_TIMEOUT_MS: milliseconds(),
  /** Bytes read from the model per call; past them the answer is cut and the call fails. */
  LLM_MAX_RESPONSE_BYTES: bytes(),
  /** Co-founder answers per member per day (across projects) and per project per day. */
  COFOUNDER_MESSAGES_PER_MEMBER_PER_DAY: count(),
  COFOUNDER_MESSAGES_PER_PROJECT_PER_DAY: count(),
  /** Time-out (ms) of each step of a co-founder answer, and the longest silence in its stream. */
  COFOUNDER_STEP_TIMEOUT_MS: milliseconds(),
  COFOUNDER_STALL_TIMEOUT_MS: milliseconds(),
  ERROR_REPORTS_PER_CLIENT_PER_MINUTE: count(),
  ERROR_REPORTS_GLOBAL_PER_MINUTE: count(),
  /** Analytics events kept per client per minute; the rest are dropped silently. */
  ANALYTICS_EVENTS_PER_CLIENT_PER_MINUTE: count(),
  /** Seconds a rendered marketing page is kept at the edge (decision 34); 0 renders every request. */
  PAGE_CACHE_SECONDS: count(),
  /**
   * The co-founder's search of public discussions (worker/services/discussion-search.ts): each
   * outside call's time-out (ms) and byte cap, the cache's lifetime (hours), and the searches each
   * source may receive from us.
   */
  DISCUSSION_SEARCH_TIMEOUT_MS: milliseconds(),
  DISCUSSION_SEARCH_MAX_BYTES: bytes(),
  DISCUSSION_CACHE_HOURS: positive(),
  HACKER_NEWS_SEARCHES_PER_MINUTE: count(),
  STACK_EXCHANGE_SEARCHES_PER_DAY: count(),
  REDDIT_SEARCHES_PER_MINUTE: count(),
  /** Phase 3's competitor sources (worker/services/competitor-search.ts): their own limits. */
  GITHUB_SEARCHES_PER_MINUTE: count(),
  APP_STORE_SEARCHES_PER_MINUTE: count(),
  WEB_SEARCHES_PER_DAY: count(),
  /** The reader of competitors' pages (worker/services/page-reader.ts): time-out (ms) of a read, redirects included, and bytes read. */
  PAGE_READ_TIMEOUT_MS: milliseconds(),
  PAGE_READ_MAX_BYTES: bytes(),
  /** Each call to Google's token and profile endpoints during Google sign-in gives up after this (ms). */
  GOOGLE_TIMEOUT_MS: milliseconds(),
  /** "true" lets the page reader read loopback addresses in development and tests only (services/development.ts). */
  PAGE_READER_ALLOW_LOOPBACK: optionalText(),
  /** Days a commission stays pending (the refund window) before it is payable. */
  AFFILIATE_REFUND_WINDOW_DAYS: count(),
  /** Support messages a Pro founder may send per day. */
  SUPPORT_REQUESTS_PER_DAY: count(),
  /** Exports a member of a Pro project may make per hour. */
  EXPORTS_PER_MEMBER_PER_HOUR: count(),
  /**
   * Seconds from turning phase 8's weekly check-in on to the first one, and between check-ins.
   * Shorter only for tests and demos; a check-in is still posted at most once per ISO week.
   */
  CHECK_IN_INTERVAL_SECONDS: seconds(),
  /** The offline demo co-founder's pause between words (ms), so that its answers read as streamed; 0 writes them at once. */
  OFFLINE_DEMO_WORD_MS: count(),
  /**
   * Where a partner respondent (?surveyswap_id=…) goes after submitting a research page, with
   * `{id}` in place of their id. Empty or unset: no redirect.
   */
  SURVEYSWAP_CALLBACK_URL: optionalText(),
};

/** Secrets (see .dev.vars.example). Each feature works without them in development. */
const SECRETS = {
  /** Stripe's secret API key and the webhook endpoint's signing secret; without both, no payments. */
  STRIPE_SECRET_KEY: optionalText(),
  STRIPE_WEBHOOK_SECRET: optionalText(),
  OPENAI_API_KEY: optionalText(),
  RESEND_API_KEY: optionalText(),
  GOOGLE_CLIENT_ID: optionalText(),
  GOOGLE_CLIENT_SECRET: optionalText(),
  SESSION_SECRET: optionalText(),
  /** Raises Stack Exchange's daily quota from 300 to 10,000 requests; optional. */
  STACK_EXCHANGE_KEY: optionalText(),
  /** Reddit's application-only OAuth client; without both, Reddit is not searched. */
  REDDIT_CLIENT_ID: optionalText(),
  REDDIT_CLIENT_SECRET: optionalText(),
  /** GitHub's search rate goes from 10 to 30 a minute with a token; optional. */
  GITHUB_TOKEN: optionalText(),
  /** The Brave Search API's key: without it, web search is not connected (decision 0040). */
  BRAVE_SEARCH_API_KEY: optionalText(),
};

/** Where outside services live; unset means the real service. Tests point them at tests/fakes. */
const ADDRESSES = {
  RESEND_BASE_URL: optionalText(),
  GOOGLE_AUTHORIZATION_URL: optionalText(),
  GOOGLE_TOKEN_URL: optionalText(),
  GOOGLE_USERINFO_URL: optionalText(),
  /** Any OpenAI-compatible server. */
  OPENAI_BASE_URL: optionalText(),
  HACKER_NEWS_API_URL: optionalText(),
  STACK_EXCHANGE_API_URL: optionalText(),
  REDDIT_AUTH_URL: optionalText(),
  REDDIT_API_URL: optionalText(),
  GITHUB_API_URL: optionalText(),
  ITUNES_API_URL: optionalText(),
  BRAVE_SEARCH_API_URL: optionalText(),
  STRIPE_API_URL: optionalText(),
};

/** Set by the tooling, never by an operator. */
const TOOLING = {
  /** Set only by `vite dev`, whose hot-reload preamble is an inline script. */
  VITE_DEV_SERVER: optionalText(),
};

export const SettingsSchema = z.object({ ...VARS, ...SECRETS, ...ADDRESSES, ...TOOLING });

/** Each setting's source, for the check that wrangler.toml and the README name the same settings. */
export const SETTING_SOURCES: Record<keyof z.input<typeof SettingsSchema>, SettingSource> = Object.fromEntries([
  ...Object.keys(VARS).map((name) => [name, 'var']),
  ...Object.keys(SECRETS).map((name) => [name, 'secret']),
  ...Object.keys(ADDRESSES).map((name) => [name, 'address']),
  ...Object.keys(TOOLING).map((name) => [name, 'tooling']),
]) as Record<keyof z.input<typeof SettingsSchema>, SettingSource>;

/** The settings as wrangler gives them to the Worker: strings. */
export type RawSettings = z.input<typeof SettingsSchema>;
/** The settings parsed: numbers where they count. */
export type Config = z.output<typeof SettingsSchema>;

const parsed = new WeakMap<RawSettings, Config>();

export function config(env: RawSettings): Config {
  let values = parsed.get(env);
  if (!values) {
    values = SettingsSchema.parse(env);
    parsed.set(env, values);
  }
  return values;
}

/** The daily allowances of AI answers of a project (decision 27), which the research themes share. */
export function cofounderCaps(env: RawSettings) {
  const values = config(env);
  return {
    memberPerDay: values.COFOUNDER_MESSAGES_PER_MEMBER_PER_DAY,
    projectPerDay: values.COFOUNDER_MESSAGES_PER_PROJECT_PER_DAY,
    globalPerDay: values.FREE_TOOLS_GLOBAL_PER_DAY,
  };
}
