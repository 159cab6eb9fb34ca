/** Bindings and configuration of the Worker, as wrangler.toml and `.dev.vars` declare them. */
export interface Bindings {
  DB: D1Database;
  ASSETS: Fetcher;

  /** The public origin of the product; every link in mail and every Origin check uses it. */
  APP_URL: string;
  ENVIRONMENT: 'development' | 'test' | 'production';
  CONTACT_EMAIL: string;
  ERROR_REPORTS_PER_CLIENT_PER_MINUTE: string;
  ERROR_REPORTS_GLOBAL_PER_MINUTE: string;
  /** Analytics events kept per client per minute; the rest are dropped silently. */
  ANALYTICS_EVENTS_PER_CLIENT_PER_MINUTE: string;
  /** Sender of every e-mail, e.g. "Launchmate <hello@launchmate.app>". */
  MAIL_FROM: string;
  /** Resend's API address; tests point it at tests/fakes. */
  RESEND_BASE_URL?: string;
  /** Google's OAuth endpoints; tests point them at tests/fakes. */
  GOOGLE_AUTHORIZATION_URL?: string;
  GOOGLE_TOKEN_URL?: string;
  GOOGLE_USERINFO_URL?: string;
  /** Each call to Google's token and profile endpoints gives up after this (ms). */
  GOOGLE_TIMEOUT_MS: string;
  /** Failed sign-ins: per client per minute, per account and client per 15 minutes, per account per hour. */
  SIGN_IN_FAILURES_PER_CLIENT_PER_MINUTE: string;
  SIGN_IN_FAILURES_PER_ACCOUNT_PER_CLIENT: string;
  SIGN_IN_FAILURES_PER_ACCOUNT: string;
  /**
   * Where a partner respondent (?surveyswap_id=…) goes after submitting a research page, with
   * `{id}` in place of their id. Empty or unset: no redirect.
   */
  SURVEYSWAP_CALLBACK_URL?: string;
  /** Set only by `vite dev`, whose hot-reload preamble is an inline script. */
  VITE_DEV_SERVER?: string;

  /** Free tools: runs per client (anonymous and signed in) and model calls per day for everyone. */
  FREE_TOOLS_PER_MINUTE: string;
  FREE_TOOLS_PER_DAY: string;
  FREE_TOOLS_SIGNED_IN_PER_MINUTE: string;
  FREE_TOOLS_SIGNED_IN_PER_DAY: string;
  FREE_TOOLS_GLOBAL_PER_DAY: string;
  /** Any OpenAI-compatible server; tests point it at tests/fakes. */
  OPENAI_BASE_URL?: string;
  OPENAI_MODEL?: string;
  /** A whole model call may take this long (ms) before it is abandoned. */
  LLM_TIMEOUT_MS: string;
  /** Bytes read from the model per call; past them the answer is cut and the call fails. */
  LLM_MAX_RESPONSE_BYTES: string;

  /** The co-founder workspace: one Durable Object per project (worker/agents/cofounder.ts). */
  COFOUNDER: DurableObjectNamespace<import('./agents/cofounder').CofounderAgent>;
  /** Co-founder answers per member per day (across projects) and per project per day. */
  COFOUNDER_MESSAGES_PER_MEMBER_PER_DAY: string;
  COFOUNDER_MESSAGES_PER_PROJECT_PER_DAY: string;
  /** Time-out (ms) of each step of a co-founder answer, and the longest silence in its stream. */
  COFOUNDER_STEP_TIMEOUT_MS: string;
  COFOUNDER_STALL_TIMEOUT_MS: string;

  /**
   * The co-founder's search of public discussions (worker/services/discussion-search.ts): each
   * outside call's time-out (ms) and byte cap, the cache's lifetime (hours), and the searches each
   * source may receive from us.
   */
  DISCUSSION_SEARCH_TIMEOUT_MS: string;
  DISCUSSION_SEARCH_MAX_BYTES: string;
  DISCUSSION_CACHE_HOURS: string;
  HACKER_NEWS_SEARCHES_PER_MINUTE: string;
  STACK_EXCHANGE_SEARCHES_PER_DAY: string;
  REDDIT_SEARCHES_PER_MINUTE: string;
  /** Where the searched sources live; unset means their public APIs. Tests point them at tests/fakes. */
  HACKER_NEWS_API_URL?: string;
  STACK_EXCHANGE_API_URL?: string;
  REDDIT_AUTH_URL?: string;
  REDDIT_API_URL?: string;

  /**
   * Phase 3's competitor sources (worker/services/competitor-search.ts) share the time-out, byte
   * cap and cache of the discussion sources above; these are their own limits and addresses.
   */
  GITHUB_SEARCHES_PER_MINUTE: string;
  APP_STORE_SEARCHES_PER_MINUTE: string;
  WEB_SEARCHES_PER_DAY: string;
  GITHUB_API_URL?: string;
  ITUNES_API_URL?: string;
  BRAVE_SEARCH_API_URL?: string;
  /** The reader of competitors' pages (worker/services/page-reader.ts): time-out (ms) of a read, redirects included, and bytes read. */
  PAGE_READ_TIMEOUT_MS: string;
  PAGE_READ_MAX_BYTES: string;
  /** "true" lets the page reader read loopback addresses in development and tests only (services/development.ts). */
  PAGE_READER_ALLOW_LOOPBACK?: string;
  /** Where Stripe's API lives; unset means Stripe's own. Tests point it at tests/fakes/stripe.ts. */
  STRIPE_API_URL?: string;
  /** Days a commission stays pending (the refund window) before it is payable. */
  AFFILIATE_REFUND_WINDOW_DAYS: string;
  /** Support messages a Pro founder may send per day. */
  SUPPORT_REQUESTS_PER_DAY: string;
  EXPORTS_PER_MEMBER_PER_HOUR: string;

  // Secrets (see .dev.vars.example). Each feature works without them in development.
  /** Stripe's secret API key and the webhook endpoint's signing secret; without both, no payments. */
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  OPENAI_API_KEY?: string;
  RESEND_API_KEY?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  SESSION_SECRET?: string;
  /** Raises Stack Exchange's daily quota from 300 to 10,000 requests; optional. */
  STACK_EXCHANGE_KEY?: string;
  /** Reddit's application-only OAuth client; without both, Reddit is not searched. */
  REDDIT_CLIENT_ID?: string;
  REDDIT_CLIENT_SECRET?: string;
  /** GitHub's search rate goes from 10 to 30 a minute with a token; optional. */
  GITHUB_TOKEN?: string;
  /** The Brave Search API's key: without it, web search is not connected (decision 0040). */
  BRAVE_SEARCH_API_KEY?: string;
}

export interface AppEnv {
  Bindings: Bindings;
}

declare global {
  namespace Cloudflare {
    /** The Agents SDK types its objects' env as Cloudflare.Env: it is the Worker's bindings. */
    interface Env extends Bindings {}
  }
}
