import { z } from 'zod';
import type { Bindings } from './env';

/**
 * The Worker's numeric settings, parsed once per environment from the strings wrangler gives
 * (`[vars]` in wrangler.toml, `.dev.vars`, `--var`). A missing or malformed value is a deploy
 * mistake: it fails loudly on the first request that needs it rather than turning into NaN.
 */
const count = z.coerce.number().int().min(0);
const ConfigSchema = z.object({
  SIGN_IN_FAILURES_PER_CLIENT_PER_MINUTE: count,
  SIGN_IN_FAILURES_PER_ACCOUNT_PER_CLIENT: count,
  SIGN_IN_FAILURES_PER_ACCOUNT: count,
  FREE_TOOLS_PER_MINUTE: count,
  FREE_TOOLS_PER_DAY: count,
  FREE_TOOLS_SIGNED_IN_PER_MINUTE: count,
  FREE_TOOLS_SIGNED_IN_PER_DAY: count,
  FREE_TOOLS_GLOBAL_PER_DAY: count,
  COFOUNDER_MESSAGES_PER_MEMBER_PER_DAY: count,
  COFOUNDER_MESSAGES_PER_PROJECT_PER_DAY: count,
  COFOUNDER_STEP_TIMEOUT_MS: z.coerce.number().int().positive(),
  COFOUNDER_STALL_TIMEOUT_MS: z.coerce.number().int().positive(),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive(),
  LLM_MAX_RESPONSE_BYTES: z.coerce.number().int().positive(),
  ERROR_REPORTS_PER_CLIENT_PER_MINUTE: count,
  ERROR_REPORTS_GLOBAL_PER_MINUTE: count,
  ANALYTICS_EVENTS_PER_CLIENT_PER_MINUTE: count,
  DISCUSSION_SEARCH_TIMEOUT_MS: z.coerce.number().int().positive(),
  DISCUSSION_SEARCH_MAX_BYTES: z.coerce.number().int().positive(),
  DISCUSSION_CACHE_HOURS: z.coerce.number().positive(),
  HACKER_NEWS_SEARCHES_PER_MINUTE: count,
  STACK_EXCHANGE_SEARCHES_PER_DAY: count,
  REDDIT_SEARCHES_PER_MINUTE: count,
  GITHUB_SEARCHES_PER_MINUTE: count,
  APP_STORE_SEARCHES_PER_MINUTE: count,
  WEB_SEARCHES_PER_DAY: count,
  PAGE_READ_TIMEOUT_MS: z.coerce.number().int().positive(),
  GOOGLE_TIMEOUT_MS: z.coerce.number().int().positive(),
  PAGE_READ_MAX_BYTES: z.coerce.number().int().positive(),
  PAGE_CACHE_SECONDS: count,
  AFFILIATE_REFUND_WINDOW_DAYS: count,
  SUPPORT_REQUESTS_PER_DAY: count,
  EXPORTS_PER_MEMBER_PER_HOUR: count,
});
export type Config = z.infer<typeof ConfigSchema>;

const parsed = new WeakMap<Bindings, Config>();

export function config(env: Bindings): Config {
  let values = parsed.get(env);
  if (!values) {
    values = ConfigSchema.parse(env);
    parsed.set(env, values);
  }
  return values;
}

/** The daily allowances of AI answers of a project (decision 27), which the research themes share. */
export function cofounderCaps(env: Bindings) {
  const values = config(env);
  return {
    memberPerDay: values.COFOUNDER_MESSAGES_PER_MEMBER_PER_DAY,
    projectPerDay: values.COFOUNDER_MESSAGES_PER_PROJECT_PER_DAY,
    globalPerDay: values.FREE_TOOLS_GLOBAL_PER_DAY,
  };
}
