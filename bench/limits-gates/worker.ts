// Bench-only Worker for bench/limits.mjs: the same request answered three ways, so that the
// cost of a per-client limit shows against nothing and against the KV counter it replaced.
//   /bare  no limit
//   /kv    the KV fixed-window counter used before decision 16: read, then write
//   /d1    the product's gate: one atomic D1 upsert per window (worker/services/rate-limit.ts)
// The client is the `client` query parameter; limits are too high to refuse anything.
import { admit, type WindowLimit } from '../../worker/services/rate-limit';

interface Env {
  DB: D1Database;
  COUNTERS: KVNamespace;
}

const rule: WindowLimit = { name: 'bench', limit: 1_000_000_000, windowSeconds: 60 };

/** The KV counter as it was: two requests in the same instant can both read the same count. */
async function kvTakeFromWindow(kv: KVNamespace, client: string, now = Date.now()) {
  const windowMs = rule.windowSeconds * 1000;
  const key = `${rule.name}:${client}:${Math.floor(now / windowMs) * windowMs}`;
  const used = Number((await kv.get(key)) ?? '0');
  if (used >= rule.limit) return false;
  await kv.put(key, String(used + 1), { expirationTtl: rule.windowSeconds + 60 });
  return true;
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const client = url.searchParams.get('client') ?? 'unknown';
    if (url.pathname === '/kv') await kvTakeFromWindow(env.COUNTERS, client);
    else if (url.pathname === '/d1') await admit(env.DB, [rule], client);
    return new Response(null, { status: 204 });
  },
};
