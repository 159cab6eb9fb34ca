/**
 * Per-client fixed-window counters in KV.
 *
 * KV is eventually consistent and accepts about one write per second per key, so these
 * counters are approximate under bursts: two requests in the same instant can both read
 * the same count. That is acceptable for abuse limits, whose job is to stop floods, not to
 * count exactly. Anything that must be exact (global caps, research response limits) is a
 * single atomic D1 statement instead.
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

export interface LimitDecision {
  allowed: boolean;
  /** Seconds until the current window ends, for `Retry-After`. */
  retryAfterSeconds: number;
}

function windowKey(rule: WindowLimit, client: string, now: number) {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  return {
    key: `${rule.name}:${client}:${windowStart}`,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}

/** Whether `client` still has room in the current window, without counting anything. */
export async function checkWindow(kv: KVNamespace, rule: WindowLimit, client: string, now = Date.now()): Promise<LimitDecision & { used: number }> {
  const { key, retryAfterSeconds } = windowKey(rule, client, now);
  const used = Number((await kv.get(key)) ?? '0');
  return { allowed: used < rule.limit, retryAfterSeconds, used };
}

/** Counts one event (a use, or a failure) by `client` in the current window. */
export async function countInWindow(kv: KVNamespace, rule: WindowLimit, client: string, now = Date.now(), usedBefore?: number): Promise<void> {
  const { key } = windowKey(rule, client, now);
  const used = usedBefore ?? Number((await kv.get(key)) ?? '0');
  // KV's smallest TTL is 60 s; the key outlives its window a little, which is harmless.
  await kv.put(key, String(used + 1), { expirationTtl: Math.max(60, rule.windowSeconds + 60) });
}

/** Counts one use by `client` against `rule`, refusing it when the window is full. */
export async function takeFromWindow(kv: KVNamespace, rule: WindowLimit, client: string, now = Date.now()): Promise<LimitDecision> {
  const decision = await checkWindow(kv, rule, client, now);
  if (decision.allowed) await countInWindow(kv, rule, client, now, decision.used);
  return { allowed: decision.allowed, retryAfterSeconds: decision.retryAfterSeconds };
}
