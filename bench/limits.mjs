// Per-client limits (decision 16): what the exact D1 gate costs per request against the KV
// counter it replaced, and how many of 50 and 100 concurrent requests each limit admits.
//   node bench/limits.mjs [--no-build] [--requests 300] [--admissions-only]
//
// 1. Latency: bench/limits-gates/ answers the same request with no limit, with the old KV
//    read-then-write counter, and with the product's D1 gate, all under `wrangler dev` with local
//    D1 and KV, in interleaved rounds. Printed: median and p95 per request, and what each gate
//    adds over the bare request. Local SQLite and local KV are not production (where both are
//    network calls), so the figures compare the work, not production latency.
// 2. Admissions: the built product under `wrangler dev`; each limit gets a burst of 50, then of
//    100, concurrent requests from one client (a fresh address or account per burst). Admitted
//    is read from the answers (sign-in: 401 means the password was checked; free tools: anything
//    but 429) or from the database (error reports and analytics answer 204 either way).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { bin, buildProduct, recordFigures, root } from './support.mjs';
import { startBenchWorker, startWorker } from './worker.mjs';

const at = process.argv.indexOf('--requests');
const REQUESTS = at > 0 ? Number(process.argv[at + 1]) : 300;
const ROUNDS = 5;

buildProduct();

async function startGates() {
  const config = join(root, 'bench/limits-gates/wrangler.toml');
  const persist = join(root, 'bench/.tmp/gates-state');
  rmSync(persist, { recursive: true, force: true });
  const migrate = spawnSync(bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '-c', config, '--persist-to', persist], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  if (migrate.status !== 0) throw new Error(`Migrations failed: ${migrate.stderr}`);
  return startBenchWorker(config, { persist, ready: async (origin) => (await fetch(`${origin}/bare`)).status === 204 });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function latencies() {
  const gates = await startGates();
  const samples = { bare: [], kv: [], d1: [] };
  try {
    const timed = async (path, i) => {
      const started = performance.now();
      const response = await fetch(`${gates.origin}/${path}?client=203.0.113.${i % 100}`);
      await response.arrayBuffer();
      if (response.status !== 204) throw new Error(`/${path} answered ${response.status}`);
      return performance.now() - started;
    };
    for (const path of Object.keys(samples)) for (let i = 0; i < 20; i++) await timed(path, i);
    const perRound = Math.ceil(REQUESTS / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      for (const path of Object.keys(samples)) for (let i = 0; i < perRound; i++) samples[path].push(await timed(path, round * perRound + i));
    }
  } finally {
    gates.stop();
  }
  const figures = Object.fromEntries(
    Object.entries(samples).map(([path, values]) => {
      const sorted = values.sort((a, b) => a - b);
      return [path, { median: percentile(sorted, 50), p95: percentile(sorted, 95) }];
    }),
  );
  const { bare, kv, d1 } = figures;
  console.log(`Latency per request, ${samples.bare.length} sequential requests each, wrangler dev with local D1 and KV:`);
  console.log(`  bare request:          median ${bare.median.toFixed(2)} ms, p95 ${bare.p95.toFixed(2)} ms`);
  console.log(`  KV counter (before):   median ${kv.median.toFixed(2)} ms, p95 ${kv.p95.toFixed(2)} ms, adds ${(kv.median - bare.median).toFixed(2)} ms`);
  console.log(`  D1 gate (now, exact):  median ${d1.median.toFixed(2)} ms, p95 ${d1.p95.toFixed(2)} ms, adds ${(d1.median - bare.median).toFixed(2)} ms`);
  console.log(`  added latency, D1 gate / KV counter: ${((d1.median - bare.median) / (kv.median - bare.median)).toFixed(2)}x`);
  recordFigures('limits', [
    { figure: 'D1 limit gate adds (median)', value: d1.median - bare.median, unit: 'ms' },
    { figure: 'former KV counter added (median)', value: kv.median - bare.median, unit: 'ms' },
  ]);
}

/** Bursts of 50 and 100 concurrent requests against the built product started with `vars`. */
async function admissions(vars, scenarios) {
  const worker = await startWorker(vars);
  const { origin } = worker;
  const persist = join(root, 'bench/.tmp/state');
  const post = async (path, body, headers = {}) => {
    const send = () =>
      fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin, ...headers }, body: JSON.stringify(body) });
    // wrangler dev closes a keep-alive connection idle for 5 s; fetch may pick that very one
    // after a wait and fail before the request was read. Only that failure is retried.
    const response = await send().catch((error) => {
      if (error.cause?.code === 'UND_ERR_SOCKET') return send();
      throw error;
    });
    await response.arrayBuffer();
    return response;
  };
  let accounts = 0;
  const tools = {
    post,
    async burst(attempts, call, expected = [200, 204, 401, 429]) {
      // A burst that straddles the end of a fixed minute meets two windows: start it early in one.
      const secondOfMinute = new Date().getUTCSeconds();
      if (secondOfMinute > 30) await new Promise((done) => setTimeout(done, (61 - secondOfMinute) * 1000));
      const responses = await Promise.all(Array.from({ length: attempts }, (_, i) => call(i)));
      for (const { status } of responses) if (!expected.includes(status)) tools.unexpected[status] = (tools.unexpected[status] ?? 0) + 1;
      return responses;
    },
    /** A fresh client per burst: the bursts must not share windows. */
    freshClient: () => `198.51.100.${++accounts}`,
    count(sql) {
      const run = spawnSync(bin('wrangler'), ['d1', 'execute', 'DB', '--local', '--persist-to', persist, '--json', '--command', sql], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, CI: 'true' },
      });
      if (run.status !== 0) throw new Error(`Query failed: ${run.stderr}`);
      return JSON.parse(run.stdout)[0].results[0].n;
    },
    /** A verified account, signed in: its session cookies. */
    async account() {
      const email = `bench-${++accounts}@example.com`;
      const password = 'a long benchmark password';
      await post('/api/auth/sign-up', { email, password }, { 'CF-Connecting-IP': tools.freshClient() });
      // Every earlier bench account is verified already, so the one link that still works is this one's.
      const outbox = await (await fetch(`${origin}/dev/outbox`)).text();
      for (const [, token] of outbox.matchAll(/\/verify-email\/([A-Za-z0-9_-]{43})/g)) {
        const verified = await fetch(`${origin}/api/auth/verify-email/${token}`, { method: 'POST', headers: { Origin: origin } });
        if (verified.status === 200)
          return {
            email,
            cookie: verified.headers
              .getSetCookie()
              .map((line) => line.split(';')[0])
              .join('; '),
          };
      }
      throw new Error(`Could not verify ${email}`);
    },
  };
  try {
    for (const [name, limit, run] of scenarios) {
      for (const attempts of [50, 100]) {
        tools.unexpected = {};
        const admitted = await run(tools, attempts);
        const other = Object.entries(tools.unexpected)
          .map(([status, n]) => `${n} answered ${status}`)
          .join(', ');
        console.log(
          `  ${name.padEnd(66)} limit ${String(limit).padStart(3)}: admitted ${String(admitted).padStart(3)} / ${attempts}${other ? ` (${other})` : ''}`,
        );
      }
    }
  } finally {
    worker.stop();
  }
}

/** Free tools: 200 is a run, 429 a refusal; anything else (a database error under load) is shown apart. */
const runs = (responses) => responses.filter((response) => response.status === 200).length;
const freeTool = ({ post, burst, freshClient }, attempts, cookie) => {
  const client = freshClient();
  return burst(attempts, () =>
    post('/api/free-tools/business-ideas', { industry: 'Retail' }, { 'CF-Connecting-IP': client, ...(cookie ? { Cookie: cookie } : {}) }),
  );
};
const wrongPasswords = async (tools, attempts) => {
  const { post, burst, freshClient, account } = tools;
  const { email } = await account();
  const client = freshClient();
  const answers = await burst(attempts, (i) => post('/api/auth/sign-in', { email, password: `wrong ${i}` }, { 'CF-Connecting-IP': client }));
  // 401: the password was checked; 429: refused before any check.
  return answers.filter((response) => response.status === 401).length;
};

if (!process.argv.includes('--admissions-only')) await latencies();
console.log('Admitted of concurrent requests from one client (built product, wrangler dev, offline demo model):');
await admissions({}, [
  ['free tools, anonymous, per minute', 5, (tools, attempts) => freeTool(tools, attempts).then(runs)],
  ['free tools, signed in, per minute', 10, async (tools, attempts) => runs(await freeTool(tools, attempts, (await tools.account()).cookie))],
  ['sign-in, wrong passwords checked, per client per minute', 10, wrongPasswords],
  [
    'error reports kept, per client per minute',
    10,
    async ({ post, burst, freshClient, count }, attempts) => {
      const client = freshClient();
      await burst(attempts, (i) =>
        post('/api/errors/log-frontend-error', { message: `burst-${attempts} ${i}`, type: 'error' }, { 'CF-Connecting-IP': client }),
      );
      return count(`SELECT count(*) AS n FROM frontend_errors WHERE message LIKE 'burst-${attempts} %'`);
    },
  ],
  [
    'analytics events kept, per client per minute',
    60,
    async ({ post, burst, freshClient, count }, attempts) => {
      const client = freshClient();
      await burst(attempts, () =>
        post('/api/events', { name: `burst-${attempts}`, path: '/', sessionId: `bench-session-${attempts}` }, { 'CF-Connecting-IP': client }),
      );
      return count(`SELECT count(*) AS n FROM analytics_events WHERE name = 'burst-${attempts}'`);
    },
  ],
]);
// The minute windows out of the way, so that the day and per-account windows decide.
await admissions({ FREE_TOOLS_PER_MINUTE: '1000', FREE_TOOLS_SIGNED_IN_PER_MINUTE: '1000', SIGN_IN_FAILURES_PER_CLIENT_PER_MINUTE: '1000' }, [
  ['free tools, anonymous, per day', 20, (tools, attempts) => freeTool(tools, attempts).then(runs)],
  ['free tools, signed in, per day', 100, async (tools, attempts) => runs(await freeTool(tools, attempts, (await tools.account()).cookie))],
  ['sign-in, wrong passwords checked, per account per client per 15 minutes', 5, wrongPasswords],
]);
