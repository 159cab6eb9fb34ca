// Research submissions per second to one page on the local Worker, against a bare D1 insert
// measured in the same run.
//   node bench/research-submit.mjs [--no-build] [--rounds 6] [--seconds 2] [--concurrency 8]
//
// Both sides are HTTP requests to workerd under `wrangler dev` with local D1 (SQLite), from the
// same client, at the same concurrency:
// - product: POST /api/research/{urlKey}/submit with 3 answers: Origin/JSON checks, body
//   limit, zod, page and question lookups, validation against the questions, and the one atomic
//   INSERT … SELECT … WHERE count < max. Measured on a page with no limit and on a page with a
//   limit, whose count(*) grows with every stored response.
// - bare: bench/bare-insert/worker.js, a Worker that only runs one plain INSERT into the same
//   table of the same schema. The ratio is what the product's checks cost over the write itself.
// Throughput on a shared machine swings with other load, so the script also reads the CPU time
// workerd itself spends per request (from /proc, as bench/auth-cpu.mjs does), which is steadier.
// The machine may be shared: the three are measured in interleaved rounds and each figure is the
// median of its rounds, so a burst of other load hits all three alike.
// Local SQLite is not production D1 (a remote primary, network round trips): absolute figures
// say little about production; the ratio says how much work the endpoint adds around its write.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { bin, buildProduct, recordFigures, root } from './support.mjs';
import { cpuMs, startBenchWorker, startWorker } from './worker.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROUNDS = arg('rounds', 6);
const SECONDS = arg('seconds', 2);
const CONCURRENCY = arg('concurrency', 8);

buildProduct();

/** The bare-insert Worker on its own fresh local D1 with the product's migrations and one page. */
async function startBareInsert() {
  const config = join(root, 'bench/bare-insert/wrangler.toml');
  const persist = join(root, 'bench/.tmp/bare-state');
  rmSync(persist, { recursive: true, force: true });
  const wrangler = (args) => {
    const run = spawnSync(bin('wrangler'), [...args, '-c', config, '--persist-to', persist], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
    });
    if (run.status !== 0) throw new Error(`wrangler ${args.join(' ')} failed: ${run.stderr}`);
  };
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local']);
  wrangler([
    'd1',
    'execute',
    'DB',
    '--local',
    '--command',
    "INSERT INTO users (id, email) VALUES ('u', 'bench@example.com'); INSERT INTO projects (id, owner_id) VALUES ('p', 'u'); " +
      "INSERT INTO research_pages (id, url_key, project_id, title, updated_at) VALUES ('bench-page', 'bench', 'p', 'Bench', 0);",
  ]);
  return startBenchWorker(config, { persist, ready: async (origin) => (await fetch(origin, { method: 'POST', body: '[]' })).status === 204 });
}

/** Requests per second of `call` from CONCURRENCY clients for SECONDS; every answer must be `expected`. */
async function throughput(call, expected) {
  let done = 0;
  const stopAt = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < stopAt) {
        const response = await call(done);
        await response.arrayBuffer();
        if (response.status !== expected) throw new Error(`Answered ${response.status}, expected ${expected}`);
        done++;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - started) / 1000), count: done };
}

const answers = (i) => [
  { sequence: 1, question: 'What slows you down?', response: `Answer number ${i}: chasing invoices every Friday.` },
  { sequence: 2, question: 'How do you sell?', response: 'Online' },
  { sequence: 3, question: 'How painful is it?', response: 4 },
];

const product = await startWorker();
const bare = await startBareInsert();
try {
  const { origin } = product;
  const post = (path, body, headers = {}) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, ...headers },
      body: JSON.stringify(body ?? {}),
    });

  // A founder, through the product's own flow: sign up, verify (development outbox), project, pages.
  const email = 'bench-research@example.com';
  await post('/api/auth/sign-up', { email, password: 'a long benchmark password' });
  const outbox = await (await fetch(`${origin}/dev/outbox`)).text();
  const token = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(outbox)?.[1];
  const verified = token && (await post(`/api/auth/verify-email/${token}`));
  if (!verified || verified.status !== 200) throw new Error('Could not verify the bench account');
  const cookie = verified.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const project = await (await post('/api/project/', { name: 'Bench' }, { Cookie: cookie })).json();
  const questions = [
    { text: 'What slows you down?', type: 'text' },
    { text: 'How do you sell?', type: 'multiple_choice', options: ['Online', 'In person'] },
    { text: 'How painful is it?', type: 'rating' },
  ];
  const newPage = async (max) => {
    const created = await post(`/api/research/projects/${project.project.id}/pages`, { title: 'Bench', questions, max_responses: max }, { Cookie: cookie });
    if (created.status !== 201) throw new Error(`Creating a page answered ${created.status}`);
    return (await created.json()).page.url_key;
  };
  const unlimited = await newPage(null);
  const limited = await newPage(100_000);

  const submit = (urlKey) => (i) => post(`/api/research/${urlKey}/submit`, { responses: answers(i), honeypot: '' });
  const bareInsert = (i) => fetch(bare.origin, { method: 'POST', body: JSON.stringify(answers(i)) });

  // Warm-up: JIT, isolates and SQLite caches on both sides.
  for (let i = 0; i < 50; i++) {
    await (await submit(unlimited)(i)).arrayBuffer();
    await (await bareInsert(i)).arrayBuffer();
  }

  const runs = { bare: [], unlimited: [], limited: [] };
  const cpu = { bare: [], unlimited: [], limited: [] };
  /** One round of one side: its rate, and workerd's CPU milliseconds per request meanwhile. */
  const measure = async (name, pid, call, expected) => {
    const before = cpuMs(pid);
    const { perSecond, count } = await throughput(call, expected);
    runs[name].push(perSecond);
    cpu[name].push((cpuMs(pid) - before) / count);
  };
  for (let round = 0; round < ROUNDS; round++) {
    await measure('bare', bare.workerdPid, bareInsert, 204);
    await measure('unlimited', product.workerdPid, submit(unlimited), 200);
    await measure('limited', product.workerdPid, submit(limited), 200);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const bareRate = median(runs.bare);
  const line = (label, values) =>
    `  ${label.padEnd(52)} ${median(values).toFixed(0).padStart(5)} /s  (rounds ${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})  ratio to bare ${(median(values) / bareRate).toFixed(2)}`;
  console.log(`Research submissions on the local Worker (wrangler dev, local D1), ${CONCURRENCY} concurrent clients,`);
  console.log(`median of ${ROUNDS} interleaved rounds of ${SECONDS} s:`);
  console.log(line('bare D1 insert (bench/bare-insert, one INSERT)', runs.bare));
  console.log(line('submit, page without a limit', runs.unlimited));
  console.log(line('submit, page with a limit (count(*) in the insert)', runs.limited));
  const cpuLine = (label, values) =>
    `  ${label.padEnd(52)} ${median(values).toFixed(2).padStart(6)} ms  ratio to bare ${(median(values) / median(cpu.bare)).toFixed(2)}`;
  console.log('CPU time of workerd per request (median of the rounds; 10 ms clock ticks averaged over each round):');
  console.log(cpuLine('bare D1 insert', cpu.bare));
  console.log(cpuLine('submit, page without a limit', cpu.unlimited));
  console.log(cpuLine('submit, page with a limit', cpu.limited));
  recordFigures('research-submit', [
    { figure: 'bare D1 insert', value: bareRate, unit: '/s' },
    { figure: 'submit, page without a limit', value: median(runs.unlimited), unit: '/s' },
    { figure: 'submit, page with a limit', value: median(runs.limited), unit: '/s' },
  ]);
} finally {
  product.stop();
  bare.stop();
}
