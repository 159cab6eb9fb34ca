// Research submissions per second to one page on the local Worker, against a bare D1 insert
// measured in the same run.
//   node bench/research-submit.mjs [--no-build] [--seconds 8] [--concurrency 8]
//
// Both sides are HTTP requests to workerd under `wrangler dev` with local D1 (SQLite), from the
// same client, at the same concurrency:
// - product: POST /api/research/{urlKey}/submit with 3 answers: Origin/JSON checks, body
//   limit, zod, page and question lookups, validation against the questions, and the one atomic
//   INSERT … SELECT … WHERE count < max. Measured on a page with no limit and on a page with a
//   limit, whose count(*) grows with every stored response.
// - bare: bench/bare-insert/worker.js, a Worker that only runs one plain INSERT into the same
//   table of the same schema. The ratio is what the product's checks cost over the write itself.
// Local SQLite is not production D1 (a remote primary, network round trips): absolute figures
// say little about production; the ratio says how much work the endpoint adds around its write.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { startWorker } from './worker.mjs';

const root = resolve(import.meta.dirname, '..');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const SECONDS = arg('seconds', 8);
const CONCURRENCY = arg('concurrency', 8);

if (!process.argv.includes('--no-build')) execFileSync('vite', ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/** The bare-insert Worker on its own fresh local D1 with the product's migrations and one page. */
async function startBareInsert() {
  const config = join(root, 'bench/bare-insert/wrangler.toml');
  const persist = join(root, 'bench/.tmp/bare-state');
  rmSync(persist, { recursive: true, force: true });
  const wrangler = (args) => {
    const run = spawnSync('wrangler', [...args, '-c', config, '--persist-to', persist], { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    if (run.status !== 0) throw new Error(`wrangler ${args.join(' ')} failed: ${run.stderr}`);
  };
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local']);
  wrangler([
    'd1', 'execute', 'DB', '--local', '--command',
    "INSERT INTO users (id, email) VALUES ('u', 'bench@example.com'); INSERT INTO projects (id, owner_id) VALUES ('p', 'u'); " +
      "INSERT INTO research_pages (id, url_key, project_id, title, updated_at) VALUES ('bench-page', 'bench', 'p', 'Bench', 0);",
  ]);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn('wrangler', ['dev', '-c', config, '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persist, '--show-interactive-dev-session=false'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(origin, { method: 'POST', body: '[]' })).status === 204) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`The bare-insert Worker did not start:\n${output}`);
    await new Promise((done) => setTimeout(done, 250));
  }
  return { origin, stop: () => process.kill(-child.pid, 'SIGTERM') };
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
    fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin, ...headers }, body: JSON.stringify(body ?? {}) });

  // A founder, through the product's own flow: sign up, verify (development outbox), project, pages.
  const email = 'bench-research@example.com';
  await post('/api/auth/sign-up', { email, password: 'a long benchmark password' });
  const outbox = await (await fetch(`${origin}/dev/outbox`)).text();
  const token = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(outbox)?.[1];
  const verified = token && (await post(`/api/auth/verify-email/${token}`));
  if (!verified || verified.status !== 200) throw new Error('Could not verify the bench account');
  const cookie = verified.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
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

  const bareRun = await throughput(bareInsert, 204);
  const unlimitedRun = await throughput(submit(unlimited), 200);
  const limitedRun = await throughput(submit(limited), 200);

  const line = (label, run) =>
    `  ${label.padEnd(52)} ${run.perSecond.toFixed(0).padStart(6)} /s  (${run.count} in ${SECONDS} s)  ratio to bare ${(run.perSecond / bareRun.perSecond).toFixed(2)}`;
  console.log(`Research submissions on the local Worker (wrangler dev, local D1), ${CONCURRENCY} concurrent clients, ${SECONDS} s each:`);
  console.log(line('bare D1 insert (bench/bare-insert, one INSERT)', bareRun));
  console.log(line('submit, page without a limit', unlimitedRun));
  console.log(line('submit, page with a limit (count(*) in the insert)', limitedRun));
} finally {
  product.stop();
  bare.stop();
}
