// What checking, on every request, that the access token's session is still live costs an
// authenticated request (decision 0018), against the same request on a revision without the
// check (`main` unless --baseline names another), both against a bare request.
//   node bench/revocation.mjs [--no-build] [--baseline main] [--rounds 5] [--requests 40]
//
// Both revisions are built and served by `wrangler dev` with local D1, side by side. In
// interleaved rounds (so a burst of other load on a shared machine hits both alike), each
// round sends sequential requests to each Worker:
// - bare: GET /api/auth/providers (no cookie, no database);
// - authenticated: GET /api/auth/check-auth with a signed-in account's cookies (JWT, then on
//   this revision the session read, then the user read that both revisions do).
// It prints the median latency of each, and workerd's CPU time per request (from /proc), and
// the ratio authenticated / bare for each revision. Local SQLite is not production D1: there the
// added read is a round trip to the database, as the user read already is (see decision 0018).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { bin, recordFigures, root } from './support.mjs';
import { cpuMs, startWorker } from './worker.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const BASELINE = option('baseline', 'main');
const ROUNDS = Number(option('rounds', 5));
const REQUESTS = Number(option('requests', 40));

const build = (cwd) => execFileSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd, stdio: 'inherit' });

/** The baseline revision's files in bench/.tmp/baseline, sharing this checkout's node_modules. */
function checkoutBaseline() {
  const dir = join(root, 'bench/.tmp/baseline');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(BASELINE)} | tar -x -C ${JSON.stringify(dir)}`], { cwd: root, stdio: 'inherit' });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

if (!process.argv.includes('--no-build') || !existsSync(join(root, 'dist/client/index.html'))) build(root);
const baselineDir = checkoutBaseline();
build(baselineDir);

/** Signs up and verifies an account on a Worker; returns its session cookies as a Cookie header. */
async function signedInCookies(origin) {
  const post = (path, body) => fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify(body ?? {}) });
  await post('/api/auth/sign-up', { email: 'bench@example.com', password: 'a long benchmark password' });
  const outbox = await (await fetch(`${origin}/dev/outbox`)).text();
  const token = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(outbox)?.[1];
  const verified = token && (await post(`/api/auth/verify-email/${token}`));
  if (!verified || verified.status !== 200) throw new Error(`Could not sign in on ${origin}`);
  return verified.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

async function measure(worker, path, headers) {
  const durations = [];
  const cpuBefore = cpuMs(worker.workerdPid);
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(`${worker.origin}${path}`, { headers });
    await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    durations.push(performance.now() - started);
  }
  return { ms: median(durations), cpu: (cpuMs(worker.workerdPid) - cpuBefore) / REQUESTS };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const workers = {};
try {
  workers.this = await startWorker({}, root);
  workers.baseline = await startWorker({}, baselineDir);
  const cookies = { this: await signedInCookies(workers.this.origin), baseline: await signedInCookies(workers.baseline.origin) };

  const samples = { this: { bare: [], auth: [] }, baseline: { bare: [], auth: [] } };
  // Warm-up round, not counted.
  for (const name of ['this', 'baseline']) {
    await measure(workers[name], '/api/auth/providers', {});
    await measure(workers[name], '/api/auth/check-auth', { Cookie: cookies[name] });
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 ? ['baseline', 'this'] : ['this', 'baseline']) {
      samples[name].bare.push(await measure(workers[name], '/api/auth/providers', {}));
      samples[name].auth.push(await measure(workers[name], '/api/auth/check-auth', { Cookie: cookies[name] }));
    }
  }

  const summary = (list) => ({ ms: median(list.map((s) => s.ms)), cpu: median(list.map((s) => s.cpu)) });
  const rows = Object.fromEntries(Object.entries(samples).map(([name, s]) => [name, { bare: summary(s.bare), auth: summary(s.auth) }]));
  const line = (label, { bare, auth }) =>
    `  ${label.padEnd(34)} bare ${bare.ms.toFixed(2)} ms (CPU ${bare.cpu.toFixed(2)} ms) · authenticated ${auth.ms.toFixed(2)} ms (CPU ${auth.cpu.toFixed(2)} ms) · ratio ${(auth.ms / bare.ms).toFixed(2)}`;
  console.log(`GET /api/auth/check-auth vs GET /api/auth/providers, median of ${ROUNDS} rounds × ${REQUESTS} sequential requests, local wrangler dev:`);
  console.log(line(`${BASELINE} (no session check)`, rows.baseline));
  console.log(line('this revision (session check)', rows.this));
  const added = rows.this.auth.ms - rows.this.bare.ms - (rows.baseline.auth.ms - rows.baseline.bare.ms);
  const addedCpu = rows.this.auth.cpu - rows.this.bare.cpu - (rows.baseline.auth.cpu - rows.baseline.bare.cpu);
  console.log(`  added per authenticated request: ${added.toFixed(2)} ms latency, ${addedCpu.toFixed(2)} ms CPU of workerd (each against its own bare request)`);
  recordFigures('revocation', [
    { figure: 'session check adds, latency', value: added, unit: 'ms' },
    { figure: 'session check adds, workerd CPU', value: addedCpu, unit: 'ms' },
  ]);
} finally {
  workers.this?.stop();
  workers.baseline?.stop();
}
