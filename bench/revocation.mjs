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
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build, buildBaseline, median, option, signedInCookies } from './baseline.mjs';
import { recordFigures, root } from './support.mjs';
import { cpuMs, startWorker } from './worker.mjs';

const BASELINE = option('baseline', 'main');
const ROUNDS = Number(option('rounds', 5));
const REQUESTS = Number(option('requests', 40));

if (!process.argv.includes('--no-build') || !existsSync(join(root, 'dist/client/index.html'))) build(root);
const baselineDir = buildBaseline(BASELINE);

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
  console.log(
    `  added per authenticated request: ${added.toFixed(2)} ms latency, ${addedCpu.toFixed(2)} ms CPU of workerd (each against its own bare request)`,
  );
  recordFigures('revocation', [
    { figure: 'session check adds, latency', value: added, unit: 'ms' },
    { figure: 'session check adds, workerd CPU', value: addedCpu, unit: 'ms' },
  ]);
} finally {
  workers.this?.stop();
  workers.baseline?.stop();
}
