// Serves the built Worker with `wrangler dev` (as `npm start` does) on a free port, with its own
// fresh local D1 and KV, every migration applied and the blog loaded, for the benchmarks. Also reads the CPU time
// that workerd itself has used, from /proc.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { bin, root } from './support.mjs';

const freePort = () =>
  new Promise((resolvePort) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });

/**
 * Starts the Worker as a local development run (wrangler.toml's [vars] are production's); `vars`
 * override. `at` is the checkout to serve (its own build and wrangler.toml): this one unless a
 * benchmark compares against another revision.
 */
export async function startWorker(vars = {}, at = root) {
  if (!existsSync(join(at, 'dist/client/index.html'))) throw new Error('Build first: npm run build');
  const persist = join(at, 'bench/.tmp/state');
  rmSync(persist, { recursive: true, force: true });
  const migrate = spawnSync(bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], {
    cwd: at,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  if (migrate.status !== 0) throw new Error(`Migrations failed: ${migrate.stderr}`);
  // The blog too, as `npm start` loads it: article pages are measured like the others.
  const blog = spawnSync(process.execPath, ['scripts/load-blog.ts', '--persist-to', persist], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  if (blog.status !== 0) throw new Error(`Loading the blog failed: ${blog.stderr}`);

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const args = [
    'dev',
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    '--persist-to',
    persist,
    '--show-interactive-dev-session=false',
    '--var',
    `APP_URL:${origin}`,
    '--var',
    'ENVIRONMENT:development',
  ];
  for (const [name, value] of Object.entries(vars)) args.push('--var', `${name}:${value}`);
  const wrangler = spawn(bin('wrangler'), args, { cwd: at, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  wrangler.stdout.on('data', (chunk) => (output += chunk));
  wrangler.stderr.on('data', (chunk) => (output += chunk));

  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/auth/providers`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`wrangler dev did not start:\n${output}`);
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    origin,
    workerdPid: findDescendant(wrangler.pid, 'workerd'),
    stop: () => wrangler.pid && process.kill(-wrangler.pid, 'SIGTERM'),
  };
}

/**
 * Starts a bench's own Worker (`config`, its wrangler.toml) with `wrangler dev` on a free port,
 * with its local state in `persist` if given; ready once `ready(origin)` says so. With the pid of
 * its workerd, for cpuMs.
 */
export async function startBenchWorker(config, { ready, persist }) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const state = persist ? ['--persist-to', persist] : [];
  const child = spawn(bin('wrangler'), ['dev', '-c', config, '--port', String(port), '--ip', '127.0.0.1', ...state, '--show-interactive-dev-session=false'], {
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
      if (await ready(origin)) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${config} did not start:\n${output}`);
    await new Promise((done) => setTimeout(done, 250));
  }
  return { origin, workerdPid: findDescendant(child.pid, 'workerd'), stop: () => child.pid && process.kill(-child.pid, 'SIGTERM') };
}

function processTable() {
  const table = [];
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.push({ pid: Number(entry), comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ppid: Number(fields[1]) });
    } catch {
      // The process ended while we looked.
    }
  }
  return table;
}

function findDescendant(ancestor, comm) {
  const table = processTable();
  const isDescendant = (pid) => {
    for (let current = table.find((row) => row.pid === pid); current; current = table.find((row) => row.pid === current.ppid)) {
      if (current.ppid === ancestor) return true;
    }
    return false;
  };
  // wrangler dev runs two workerd processes: a proxy on the public port, and the runtime of the
  // Worker itself, which is the one with an inspector.
  const runtime = table.find(
    (row) => row.comm === comm && isDescendant(row.pid) && readFileSync(`/proc/${row.pid}/cmdline`, 'utf8').includes('--inspector-addr'),
  );
  if (!runtime) throw new Error(`No ${comm} runtime process under ${ancestor}`);
  return runtime.pid;
}

/** CPU time (user + system) used so far by a process, in milliseconds (10 ms resolution). */
export function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Mean CPU milliseconds per call over `runs` sequential calls. */
export async function cpuPerCall(pid, runs, call) {
  const before = cpuMs(pid);
  for (let i = 0; i < runs; i++) await call(i);
  return (cpuMs(pid) - before) / runs;
}
