/**
 * Per-client limits, exact under concurrency (docs/security.md §19, decision 0016).
 *
 * Each rule counts in fixed windows (a minute, a day) kept in D1's `rate_limit_windows`. Taking a
 * unit is one conditional upsert: SQLite runs one statement at a time, so of any number of
 * simultaneous requests exactly the limit get a row back and the rest are refused. KV cannot do
 * this: it has no atomic increment and is eventually consistent, so read-then-write counters let
 * a burst through.
 */

/** The client's address: `CF-Connecting-IP` only, never `X-Forwarded-For` (docs/security.md §16). */
export function clientAddress(headers: Headers): string {
  const ip = headers.get('CF-Connecting-IP')?.trim();
  if (!ip) return 'unknown';
  // One IPv6 subscriber usually holds a whole /64: count it as one client.
  if (ip.includes(':')) return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

function expandIpv6(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = ip.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts = [...headParts, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailParts];
  return parts.map((part) => part.toLowerCase().replace(/^0+(?=.)/, ''));
}

export interface WindowLimit {
  /** What is limited, e.g. "error-report" or "business-ideas:day". */
  name: string;
  limit: number;
  windowSeconds: number;
}

interface Window {
  key: string;
  expiresAt: number;
  retryAfterSeconds: number;
}

function windowOf(rule: WindowLimit, client: string, now: number): Window {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return {
    key: `${rule.name}:${client}:${start}`,
    expiresAt: start + windowMs,
    retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)),
  };
}

/** One in this many admissions also deletes ended windows, so the table stays small. */
const PRUNE_ONE_IN = 50;

/** Takes one unit of `rule` for `client`; true when there was room. */
async function take(d1: D1Database, rule: WindowLimit, window: Window, now: number): Promise<boolean> {
  if (rule.limit <= 0) return false;
  const upsert = d1
    .prepare(
      `INSERT INTO rate_limit_windows (key, count, expires_at) VALUES (?1, 1, ?2)
       ON CONFLICT (key) DO UPDATE SET count = count + 1 WHERE count < ?3
       RETURNING count`,
    )
    .bind(window.key, window.expiresAt, rule.limit);
  if (Math.random() * PRUNE_ONE_IN >= 1) return (await upsert.first()) !== null;
  const [taken] = await d1.batch([upsert, d1.prepare('DELETE FROM rate_limit_windows WHERE expires_at < ?1').bind(now)]);
  return (taken?.results.length ?? 0) > 0;
}

async function giveBack(d1: D1Database, key: string): Promise<void> {
  await d1.prepare('UPDATE rate_limit_windows SET count = count - 1 WHERE key = ?1 AND count > 0').bind(key).run();
}

export type Admission =
  | { allowed: true; /** Gives the units back: the request turned out not to count (a failed model call, a good password). */ release: () => Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Admits one request of `client` against every rule, all or nothing: when one window is full,
 * the units already taken from the others are given back.
 */
export async function admit(d1: D1Database, rules: WindowLimit[], client: string, now = Date.now()): Promise<Admission> {
  const taken: string[] = [];
  const release = () => Promise.all(taken.map((key) => giveBack(d1, key))).then(() => undefined);
  for (const rule of rules) {
    const window = windowOf(rule, client, now);
    if (!(await take(d1, rule, window, now))) {
      await release();
      return { allowed: false, retryAfterSeconds: window.retryAfterSeconds };
    }
    taken.push(window.key);
  }
  let released = false;
  return {
    allowed: true,
    release: async () => {
      if (released) return;
      released = true;
      await release();
    },
  };
}

/** Counts one event (a failure) with no ceiling; returns the window's count after it. */
export async function countEvent(d1: D1Database, rule: Omit<WindowLimit, 'limit'>, client: string, now = Date.now()): Promise<number> {
  const window = windowOf({ ...rule, limit: Number.POSITIVE_INFINITY }, client, now);
  const row = await d1
    .prepare(
      `INSERT INTO rate_limit_windows (key, count, expires_at) VALUES (?1, 1, ?2)
       ON CONFLICT (key) DO UPDATE SET count = count + 1
       RETURNING count`,
    )
    .bind(window.key, window.expiresAt)
    .first<{ count: number }>();
  return row?.count ?? 0;
}

/** The count of the current window, without changing it. */
export async function readCount(d1: D1Database, rule: Omit<WindowLimit, 'limit'>, client: string, now = Date.now()): Promise<number> {
  const window = windowOf({ ...rule, limit: 0 }, client, now);
  const row = await d1.prepare('SELECT count FROM rate_limit_windows WHERE key = ?1').bind(window.key).first<{ count: number }>();
  return row?.count ?? 0;
}
