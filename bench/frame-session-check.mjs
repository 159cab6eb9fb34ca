// What checking, on every workspace frame that writes, that the socket's session and membership
// still stand costs (docs/security.md §25): a memory edit's round trip over the WebSocket (frame
// out, its result back: `request_result`, or `memory_result` on older revisions) on this revision and on one without the check (by default 57bcbe6,
// the last revision before it; --baseline names another), both against a bare HTTP request.
//   node bench/frame-session-check.mjs [--no-build] [--baseline 57bcbe6] [--rounds 5] [--edits 40]
//
// Both revisions are built and served by `wrangler dev` with local D1, side by side, in
// interleaved rounds. Local SQLite is not production D1: there the check is one round trip to the
// database, like any read.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build, buildBaseline, median, option, signedInCookies } from './baseline.mjs';
import { recordFigures, root } from './support.mjs';
import { cpuMs, startWorker } from './worker.mjs';

const BASELINE = option('baseline', '57bcbe6');
const ROUNDS = Number(option('rounds', 5));
const EDITS = Number(option('edits', 40));

if (!process.argv.includes('--no-build') || !existsSync(join(root, 'dist/client/index.html'))) build(root);
const baselineDir = buildBaseline(BASELINE);

/** A signed-in member's socket to a new project, with one memory entry to edit. */
async function workspace(origin) {
  const cookie = await signedInCookies(origin, 'frames@example.com');
  const created = await fetch(`${origin}/api/project`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
    body: JSON.stringify({ name: 'Bench' }),
  });
  const { project } = await created.json();
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/api/projects/${project.id}/cofounder`, { headers: { Cookie: cookie, Origin: origin } });
  const waiting = new Map();
  ws.addEventListener('message', (event) => {
    const frame = JSON.parse(event.data);
    // Older revisions answered memory frames with `memory_result` and `entry`.
    if (frame.type === 'request_result' || frame.type === 'memory_result') waiting.get(frame.requestId)?.(frame);
  });
  await new Promise((opened, failed) => {
    ws.addEventListener('open', opened, { once: true });
    ws.addEventListener('error', failed, { once: true });
  });
  let counter = 0;
  const edit = (frame) =>
    new Promise((answered) => {
      const requestId = `bench-${++counter}`;
      waiting.set(requestId, answered);
      ws.send(JSON.stringify({ ...frame, requestId }));
    });
  const first = await edit({ type: 'memory_create', content: { kind: 'note', title: 'Bench', body: 'Version 1' } });
  if (!first.ok) throw new Error(`Could not create the entry: ${first.error}`);
  let entry = first.value ?? first.entry;
  return {
    close: () => ws.close(),
    /** One edit's round trip in ms. */
    async roundTrip() {
      const started = performance.now();
      const result = await edit({
        type: 'memory_update',
        id: entry.id,
        baseVersion: entry.version,
        content: { kind: 'note', title: 'Bench', body: `Version ${entry.version + 1}` },
      });
      if (!result.ok) throw new Error(`The edit was refused: ${result.error}`);
      entry = result.value ?? result.entry;
      return performance.now() - started;
    },
  };
}

async function measure(worker, socket) {
  const bare = [];
  const edits = [];
  const cpuBefore = cpuMs(worker.workerdPid);
  for (let i = 0; i < EDITS; i++) edits.push(await socket.roundTrip());
  const cpu = (cpuMs(worker.workerdPid) - cpuBefore) / EDITS;
  for (let i = 0; i < EDITS; i++) {
    const started = performance.now();
    await (await fetch(`${worker.origin}/api/auth/providers`)).text();
    bare.push(performance.now() - started);
  }
  return { bare: median(bare), edit: median(edits), cpu };
}

const workers = {};
const sockets = {};
try {
  workers.this = await startWorker({}, root);
  workers.baseline = await startWorker({}, baselineDir);
  for (const name of ['this', 'baseline']) sockets[name] = await workspace(workers[name].origin);
  for (const name of ['this', 'baseline']) await measure(workers[name], sockets[name]); // warm-up
  const samples = { this: [], baseline: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 ? ['baseline', 'this'] : ['this', 'baseline']) samples[name].push(await measure(workers[name], sockets[name]));
  }
  const summary = (list) => ({ bare: median(list.map((s) => s.bare)), edit: median(list.map((s) => s.edit)), cpu: median(list.map((s) => s.cpu)) });
  const rows = { this: summary(samples.this), baseline: summary(samples.baseline) };
  const line = (label, row) =>
    `  ${label.padEnd(34)} bare request ${row.bare.toFixed(2)} ms · memory edit round trip ${row.edit.toFixed(2)} ms (workerd CPU ${row.cpu.toFixed(2)} ms) · ratio ${(row.edit / row.bare).toFixed(2)}`;
  console.log(`Memory edit over the workspace socket vs GET /api/auth/providers, median of ${ROUNDS} rounds × ${EDITS} sequential edits, local wrangler dev:`);
  console.log(line(`${BASELINE} (no frame check)`, rows.baseline));
  console.log(line('this revision (frame check)', rows.this));
  const added = rows.this.edit - rows.this.bare - (rows.baseline.edit - rows.baseline.bare);
  const addedCpu = rows.this.cpu - rows.baseline.cpu;
  console.log(`  added per writing frame: ${added.toFixed(2)} ms latency, ${addedCpu.toFixed(2)} ms CPU of workerd (each against its own bare request)`);
  recordFigures('frame-session-check', [
    { figure: 'frame session check adds, latency', value: added, unit: 'ms' },
    { figure: 'frame session check adds, workerd CPU', value: addedCpu, unit: 'ms' },
  ]);
} finally {
  for (const socket of Object.values(sockets)) socket.close();
  workers.this?.stop();
  workers.baseline?.stop();
}
