/**
 * Global setup of the e2e project: serve the BUILT product with `wrangler dev` on a free port,
 * against a fresh local D1 database of its own, and hand its address to the tests.
 *
 * - `vite build` must have run: it writes dist/ and .wrangler/deploy/config.json, the redirect
 *   that makes wrangler use dist/launchmate/wrangler.json (the built Worker and dist/client).
 * - State lives in .wrangler/e2e-state, wiped on every run, so `npm start`'s data is untouched.
 * - APP_URL is set to the server's own origin with `--var` (wrangler's CLI vars override the
 *   config's [vars]); the Worker's CSRF check compares the browser's Origin with it.
 * - wrangler's output goes to .wrangler/e2e-wrangler.log; it is printed when startup fails.
 * - The free tools talk to the fake OpenAI-compatible server of tests/fakes/openai.ts, run here
 *   in Node; tests steer it through its address (inject('fakeOpenAiUrl')). Their rate limits are
 *   raised so that the suite's many generations from one address are not refused.
 * - The co-founder's discussion search talks to the fakes of Hacker News, Stack Exchange and
 *   Reddit (tests/fakes), with Reddit's credentials set so that all three are offered; tests steer
 *   them through their addresses (inject('fakeHackerNewsUrl') and the others).
 * - Phase 8's weekly check-in comes every CHECK_IN_INTERVAL_SECONDS here, not every week, so that
 *   the browser sees it arrive; it still posts once per ISO week, and only in projects that turn it
 *   on (tests/e2e/workspace-phase-seven-eight.test.ts).
 * - The server has no Stripe keys, so 'Get Pro' opens the labelled local test checkout, whose
 *   signed event goes through the real webhook code; the fake Stripe is started beside it for
 *   tests that need Stripe's own API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startFakeAppStore, startFakeBraveSearch, startFakeGitHub } from '../fakes/competitor-sources';
import { startFakeHackerNews } from '../fakes/hacker-news';
import { startFakeOpenAi } from '../fakes/openai';
import { startFakeReddit } from '../fakes/reddit';
import { startFakeSites } from '../fakes/sites';
import { startFakeStackExchange } from '../fakes/stack-exchange';
import { startFakeStripe } from '../fakes/stripe';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the wrangler dev server, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseUrl: string;
    /** Origin of the fake OpenAI-compatible server the free tools call. */
    fakeOpenAiUrl: string;
    /** Origins of the fakes of the discussion sources the co-founder searches. */
    fakeHackerNewsUrl: string;
    fakeStackExchangeUrl: string;
    fakeRedditUrl: string;
    /** Stripe's API (tests/fakes/stripe.ts), for tests that start a server with Stripe keys. */
    fakeStripeUrl: string;
    /** The competitors' own sites (tests/fakes/sites.ts) that phase 3's sources link to. */
    fakeSitesUrl: string;
  }
}

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Relative to ROOT; every wrangler command of the suite runs with ROOT as its working directory. */
export const E2E_STATE_DIR = '.wrangler/e2e-state';
/** Where research pages send partner respondents after submitting, under the test server; {id} is theirs. */
export const SURVEYSWAP_CALLBACK_PATH = '/?partner_respondent={id}';
/** The test server's interval of the weekly check-in (production's is a week): seconds, not days. */
export const CHECK_IN_INTERVAL_SECONDS = 3;
const LOG_FILE = join(ROOT, '.wrangler', 'e2e-wrangler.log');
const STARTUP_TIMEOUT_MS = 60_000;

export const wranglerCommand = (): [string, string] => [process.execPath, join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js')];

/** Quiet, offline-friendly wrangler: no telemetry, no fetch of the Request.cf object, no colours. */
export const wranglerEnv = (): Record<string, string | undefined> => ({
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  NO_COLOR: '1',
  FORCE_COLOR: '0',
});

export function runWrangler(args: string[]): Promise<void> {
  const [node, cli] = wranglerCommand();
  return new Promise((resolve, reject) => {
    const child = spawn(node, [cli, ...args], { cwd: ROOT, env: wranglerEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`"wrangler ${args.join(' ')}" failed with exit code ${code}:\n${output}`));
    });
  });
}

/** Runs a script of ours with the same Node, for example the blog loader. */
function runNode(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: wranglerEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`"node ${args.join(' ')}" failed with exit code ${code}:\n${output}`))));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('Could not pick a free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function groupIsAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ends wrangler and workerd: the whole process group, politely first. */
async function stopServer(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (!pid || !groupIsAlive(pid)) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + 5_000;
  while (groupIsAlive(pid) && Date.now() < deadline) await sleep(100);
  if (groupIsAlive(pid)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

const logOf = (logFile: string) => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '(no output)');

async function waitUntilServing(child: ChildProcess, baseUrl: string, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`wrangler dev exited (${child.exitCode ?? child.signalCode}) before serving. Its output:\n${logOf(logFile)}`);
    }
    try {
      const response = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      lastProblem = `GET / answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new Error(`wrangler dev did not serve ${baseUrl}/ within ${STARTUP_TIMEOUT_MS / 1000} s (${lastProblem}). Its output:\n${logOf(logFile)}`);
}

export interface WranglerDev {
  /** Its origin, e.g. http://127.0.0.1:41234. */
  url: string;
  /** Ends wrangler and its workerd children. */
  stop(): Promise<void>;
}

/**
 * Serves the BUILT product with `wrangler dev` on a free loopback port, its D1 and objects in
 * `stateDir` (relative to ROOT), with APP_URL set to its own origin and these vars, its output in
 * `logFile`; resolves once it serves `/`. It runs in its own process group: stop() ends wrangler
 * and its workerd children together, and so does this process exiting without stop().
 */
export async function startWranglerDev(options: {
  stateDir: string;
  logFile: string;
  vars: (url: string) => Record<string, string>;
  /** Read instead of .dev.vars (a developer's own keys must not reach a test server). */
  envFile?: string;
  env?: Record<string, string | undefined>;
}): Promise<WranglerDev> {
  const port = await freePort();
  const inspectorPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const vars = Object.entries({ APP_URL: url, ...options.vars(url) }).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
  const logFd = openSync(options.logFile, 'w');
  const [node, cli] = wranglerCommand();
  const child = spawn(
    node,
    [
      cli,
      'dev',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--inspector-port',
      String(inspectorPort),
      '--persist-to',
      options.stateDir,
      ...(options.envFile ? ['--env-file', options.envFile] : []),
      ...vars,
      '--show-interactive-dev-session=false',
    ],
    { cwd: ROOT, env: options.env ?? wranglerEnv(), detached: true, stdio: ['ignore', logFd, logFd] },
  );
  closeSync(logFd);

  // If the test run dies without stop(), do not leave a server behind.
  const killOnExit = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.on('exit', killOnExit);
  const stop = async () => {
    await stopServer(child);
    process.off('exit', killOnExit);
  };
  try {
    await waitUntilServing(child, url, options.logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

export default async function setup(project: TestProject) {
  for (const built of ['dist/client/index.html', '.wrangler/deploy/config.json']) {
    if (!existsSync(join(ROOT, built))) {
      throw new Error(`The e2e tests serve the built product, but ${built} is missing. Run \`npm run build\` first.`);
    }
  }

  rmSync(join(ROOT, E2E_STATE_DIR), { recursive: true, force: true });
  mkdirSync(join(ROOT, E2E_STATE_DIR), { recursive: true });
  await runWrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', E2E_STATE_DIR]);
  await runNode(['scripts/load-blog.ts', '--persist-to', E2E_STATE_DIR]);

  const fakeOpenAi = await startFakeOpenAi();
  const fakeHackerNews = await startFakeHackerNews();
  const fakeStackExchange = await startFakeStackExchange();
  const fakeReddit = await startFakeReddit();
  const fakeStripe = await startFakeStripe();
  // Phase 3's competitor sources and the competitors' sites they link to.
  const fakeSites = await startFakeSites();
  const fakeGitHub = await startFakeGitHub(fakeSites.url);
  const fakeAppStore = await startFakeAppStore(fakeSites.url);
  const fakeBraveSearch = await startFakeBraveSearch(fakeSites.url);
  const closeFakes = async () => {
    await Promise.all([fakeStripe.close(), fakeSites.close(), fakeGitHub.close(), fakeAppStore.close(), fakeBraveSearch.close()]);
    await fakeOpenAi.close();
    await fakeHackerNews.close();
    await fakeStackExchange.close();
    await fakeReddit.close();
  };

  let server: WranglerDev;
  try {
    server = await startWranglerDev({
      stateDir: E2E_STATE_DIR,
      logFile: LOG_FILE,
      vars: (url) => ({
        ENVIRONMENT: 'test',
        // Partner respondents of research pages return to a page of the server itself.
        SURVEYSWAP_CALLBACK_URL: `${url}${SURVEYSWAP_CALLBACK_PATH}`,
        OPENAI_API_KEY: 'sk-e2e',
        OPENAI_BASE_URL: fakeOpenAi.url,
        FREE_TOOLS_PER_MINUTE: '1000',
        FREE_TOOLS_PER_DAY: '1000',
        HACKER_NEWS_API_URL: `${fakeHackerNews.url}/api/v1`,
        STACK_EXCHANGE_API_URL: `${fakeStackExchange.url}/2.3`,
        REDDIT_AUTH_URL: `${fakeReddit.url}/api/v1/access_token`,
        REDDIT_API_URL: fakeReddit.url,
        REDDIT_CLIENT_ID: 'fake-reddit-client',
        REDDIT_CLIENT_SECRET: 'fake-reddit-secret',
        GITHUB_API_URL: fakeGitHub.url,
        ITUNES_API_URL: fakeAppStore.url,
        BRAVE_SEARCH_API_URL: fakeBraveSearch.url,
        BRAVE_SEARCH_API_KEY: 'fake-brave-key',
        // The fake sites listen on 127.0.0.1: readable only with this, in a test environment.
        PAGE_READER_ALLOW_LOOPBACK: 'true',
        CHECK_IN_INTERVAL_SECONDS: String(CHECK_IN_INTERVAL_SECONDS),
      }),
    });
  } catch (error) {
    await closeFakes();
    throw error;
  }
  const baseUrl = server.url;

  project.provide('baseUrl', baseUrl);
  project.provide('fakeOpenAiUrl', fakeOpenAi.url);
  project.provide('fakeHackerNewsUrl', fakeHackerNews.url);
  project.provide('fakeStackExchangeUrl', fakeStackExchange.url);
  project.provide('fakeRedditUrl', fakeReddit.url);
  project.provide('fakeStripeUrl', fakeStripe.url);
  project.provide('fakeSitesUrl', fakeSites.url);

  return async function teardown() {
    await server.stop();
    await closeFakes();
  };
}
