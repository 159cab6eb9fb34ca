import type { Bindings } from '../env';

/**
 * Development-only behaviour, and the one place that decides whether a request may use it
 * (decision 21). Each feature is allowed only in the environments listed here AND only for a
 * request addressed to a loopback host, so a deployment whose ENVIRONMENT was left at
 * `development` still never serves them to the public.
 */
export type DevelopmentFeature =
  /** /dev/outbox: every e-mail the product would have sent, token links included. */
  | 'outbox'
  /**
   * The labelled offline generators that stand in for a language model without a key: the free
   * tools' (services/offline-demo.ts) and the co-founder's (agents/offline-demo.ts), via llmMode.
   */
  | 'offline-demo'
  /** The built-in session secret, used when SESSION_SECRET is not set. */
  | 'development-secret'
  /** The Origin rule also accepts the loopback origin the request itself was sent to (decision 22). */
  | 'loopback-origins'
  /**
   * Without Stripe keys, 'Get Pro' opens a labelled local test checkout whose signed event goes
   * through the real webhook code (services/fulfilment.ts, decision 38).
   */
  | 'local-test-checkout';

const ENVIRONMENTS: Record<DevelopmentFeature, readonly Bindings['ENVIRONMENT'][]> = {
  outbox: ['development'],
  // Tests expect a missing key to mean "unavailable", as in production.
  'offline-demo': ['development'],
  'development-secret': ['development', 'test'],
  'loopback-origins': ['development', 'test'],
  // The end-to-end tests buy Pro through it, as `npm start` does.
  'local-test-checkout': ['development', 'test'],
};

/** localhost, 127.0.0.0/8 and [::1]: names that never leave the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Whether `feature` may be used for this request: a development environment and a loopback host. */
export function developmentFeatureAllowed(env: Bindings, request: Request, feature: DevelopmentFeature): boolean {
  return ENVIRONMENTS[feature].includes(env.ENVIRONMENT) && isLoopbackHost(new URL(request.url).hostname);
}

/**
 * Whether the page reader (services/page-reader.ts) may read loopback addresses: only with
 * PAGE_READER_ALLOW_LOOPBACK set to "true" in a development or test environment, where the fakes
 * of outside sites (tests/fakes/) listen on 127.0.0.1. Never in production, whatever is set.
 */
export function loopbackPagesAllowed(env: Bindings): boolean {
  return (env.ENVIRONMENT === 'development' || env.ENVIRONMENT === 'test') && env.PAGE_READER_ALLOW_LOOPBACK === 'true';
}
