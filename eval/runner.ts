import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { phaseOf } from '#contracts/phases/registry';
import type { MemoryEntry } from '#contracts/workspace';
import { startFakeAppStore, startFakeBraveSearch, startFakeGitHub } from '../tests/fakes/competitor-sources';
import { startFakeHackerNews } from '../tests/fakes/hacker-news';
import { startFakeOpenAi } from '../tests/fakes/openai';
import { startFakeReddit } from '../tests/fakes/reddit';
import type { FakeServer, RecordedRequest } from '../tests/fakes/server';
import { startFakeSites } from '../tests/fakes/sites';
import { startFakeStackExchange } from '../tests/fakes/stack-exchange';
import { ROOT, runWrangler, startWranglerDev, wranglerEnv } from '../tests/e2e/global-setup';
import { fakeScript, type FakeBehaviour } from './fake-model';
import { messagesOf, type Scenario } from './scenario';
import { turnsOf, type Language, type OutgoingSearch, type Transcript } from './transcript';
import { Member } from './workspace-client';

/**
 * Runs scenarios through the built product (docs/evals.md): `wrangler dev` of the build, as
 * tests/e2e/global-setup.ts serves it, with its own local state; each scenario in a fresh
 * project, driven over the workspace socket as a member's browser does. Outside sources are the
 * test fakes (tests/fakes/), which answer every search the same way on every run; the model is
 * the one configured, or the fake model with a behaviour's script.
 */

export type ModelChoice = { kind: 'configured'; apiKey: string; baseUrl: string | undefined; name: string } | { kind: 'fake'; behaviour: FakeBehaviour };

/** Each evaluation its own local state, so that two may run at once. */
const STATE_DIR = `.wrangler/eval-state/${process.pid}`;
const SECRETS_FILE = join(ROOT, '.wrangler', `eval-${process.pid}.vars`);
const LOG_FILE = join(ROOT, '.wrangler', `eval-${process.pid}-wrangler.log`);
const SCHEMA_FILE = join(ROOT, '.wrangler', `eval-${process.pid}-schema.sql`);
const PASSWORD = 'evaluation password of a fresh account';

/** The query parameters that carry a search phrase, across the sources' APIs. */
const PHRASE_PARAMETERS = ['query', 'q', 'term', 'intitle'];

interface Sources {
  fakes: Record<string, FakeServer>;
  close(): Promise<void>;
}

async function startSources(): Promise<Sources> {
  const sites = await startFakeSites();
  const fakes: Record<string, FakeServer> = {
    'hacker-news': await startFakeHackerNews(),
    'stack-exchange': await startFakeStackExchange(),
    reddit: await startFakeReddit(),
    github: await startFakeGitHub(sites.url),
    'app-store': await startFakeAppStore(sites.url),
    'brave-search': await startFakeBraveSearch(sites.url),
  };
  return { fakes, close: async () => void (await Promise.all([sites, ...Object.values(fakes)].map((fake) => fake.close()))) };
}

/** The searches the sources received since the last call, and they forget them. */
async function takeSearches(sources: Sources): Promise<OutgoingSearch[]> {
  const searches: OutgoingSearch[] = [];
  for (const [source, fake] of Object.entries(sources.fakes)) {
    const received = (await (await fetch(`${fake.url}/__requests`)).json()) as RecordedRequest[];
    await fetch(`${fake.url}/__reset`, { method: 'POST' });
    for (const request of received) {
      const params = new URL(request.path, 'http://source.local').searchParams;
      const phrase = PHRASE_PARAMETERS.map((name) => params.get(name))
        .filter(Boolean)
        .join(' ');
      if (phrase) searches.push({ source, query: phrase });
    }
  }
  return searches;
}

/** An operator's command against the evaluation's database (as tests/e2e/support.ts runs them). */
function operator(script: string, ...args: string[]): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [`scripts/${script}`, ...args, '--persist-to', STATE_DIR],
      { cwd: ROOT, env: wranglerEnv(), timeout: 60_000 },
      (error, _out, stderr) => (error ? reject(new Error(`${script} failed: ${stderr}`)) : resolve()),
    ),
  );
}

export interface Runner {
  /** Plays one scenario in a fresh project. */
  run(scenario: Scenario, run: number): Promise<Transcript>;
  stop(): Promise<void>;
}

/** Serves the built product against the sources' fakes and the chosen model; each run() plays one scenario in a fresh project. */
export async function startRunner(model: ModelChoice, options: { turnTimeoutMs: number; log: (line: string) => void }): Promise<Runner> {
  for (const built of ['dist/client/index.html', '.wrangler/deploy/config.json'])
    if (!existsSync(join(ROOT, built))) throw new Error(`The evaluation serves the built product, but ${built} is missing: run \`npm run build\` first.`);
  const sources = await startSources();
  const fakeModel = model.kind === 'fake' ? await startFakeOpenAi() : null;
  rmSync(join(ROOT, STATE_DIR), { recursive: true, force: true });
  mkdirSync(join(ROOT, STATE_DIR), { recursive: true });
  options.log('Creating the evaluation’s local database…');
  // Every migration in one statement file: a throw-away database needs their tables, not the
  // record of which were applied, and one `d1 execute` takes seconds where `migrations apply` takes tens.
  const migrations = readdirSync(join(ROOT, 'migrations'))
    .filter((file) => file.endsWith('.sql'))
    .sort();
  writeFileSync(SCHEMA_FILE, migrations.map((file) => readFileSync(join(ROOT, 'migrations', file), 'utf8')).join('\n'));
  await runWrangler(['d1', 'execute', 'DB', '--local', '--persist-to', STATE_DIR, '--file', SCHEMA_FILE]);
  // The key goes in a file only this user reads, never on a command line other processes can see.
  writeFileSync(SECRETS_FILE, `OPENAI_API_KEY=${model.kind === 'fake' ? 'sk-eval-fake' : model.apiKey}\n`, { mode: 0o600 });
  const { fakes } = sources;
  options.log('Starting the built product…');
  const server = await startWranglerDev({
    stateDir: STATE_DIR,
    logFile: LOG_FILE,
    envFile: SECRETS_FILE,
    vars: () => ({
      // Development, on a loopback address: the outbox verifies the evaluation's accounts.
      ENVIRONMENT: 'development',
      ...(model.kind === 'fake' ? { OPENAI_BASE_URL: fakeModel!.url, OPENAI_MODEL: `fake-${model.behaviour}` } : {}),
      ...(model.kind === 'configured' && model.baseUrl ? { OPENAI_BASE_URL: model.baseUrl } : {}),
      ...(model.kind === 'configured' ? { OPENAI_MODEL: model.name } : {}),
      COFOUNDER_MESSAGES_PER_MEMBER_PER_DAY: '100000',
      COFOUNDER_MESSAGES_PER_PROJECT_PER_DAY: '100000',
      FREE_TOOLS_GLOBAL_PER_DAY: '100000',
      HACKER_NEWS_API_URL: `${fakes['hacker-news']!.url}/api/v1`,
      STACK_EXCHANGE_API_URL: `${fakes['stack-exchange']!.url}/2.3`,
      REDDIT_AUTH_URL: `${fakes.reddit!.url}/api/v1/access_token`,
      REDDIT_API_URL: fakes.reddit!.url,
      REDDIT_CLIENT_ID: 'fake-reddit-client',
      REDDIT_CLIENT_SECRET: 'fake-reddit-secret',
      GITHUB_API_URL: fakes.github!.url,
      ITUNES_API_URL: fakes['app-store']!.url,
      BRAVE_SEARCH_API_URL: fakes['brave-search']!.url,
      BRAVE_SEARCH_API_KEY: 'fake-brave-key',
      HACKER_NEWS_SEARCHES_PER_MINUTE: '100000',
      STACK_EXCHANGE_SEARCHES_PER_DAY: '100000',
      REDDIT_SEARCHES_PER_MINUTE: '100000',
      GITHUB_SEARCHES_PER_MINUTE: '100000',
      APP_STORE_SEARCHES_PER_MINUTE: '100000',
      WEB_SEARCHES_PER_DAY: '100000',
      // The fake sites listen on 127.0.0.1: readable only with this, in development.
      PAGE_READER_ALLOW_LOOPBACK: 'true',
    }),
  }).catch(async (error: unknown) => {
    await Promise.all([sources.close(), fakeModel?.close()]);
    throw error;
  });
  const origin = server.url;

  // An account per plan and privacy mode (both are the account's), a project per run. A free
  // phase's scenario runs on the Free plan, as most founders there are: the model is offered the
  // free phases' tools only. A Pro phase's runs on Pro, set as the operator sets it.
  const accounts = new Map<string, string>();
  const accountFor = async (scenario: Scenario): Promise<string> => {
    const pro = !phaseOf(scenario.phase)!.free;
    const key = `${pro ? 'pro' : 'free'}-${scenario.privacyMode ? 'private' : 'open'}`;
    const known = accounts.get(key);
    if (known) return known;
    const email = `eval-${key}-${Date.now().toString(36)}@example.com`;
    const member = await Member.signUp(origin, email, PASSWORD);
    if (pro) await operator('plan.ts', 'set', email, 'pro');
    if (scenario.privacyMode) await member.json('PUT', '/api/user/privacy-mode', { privacyMode: true });
    accounts.set(key, email);
    return email;
  };

  async function run(scenario: Scenario, runNumber: number): Promise<Transcript> {
    const behaviour = model.kind === 'fake' ? model.behaviour : undefined;
    const messages = messagesOf(scenario);
    const languageOf = (text: string): Language => messages.find((message) => message.text === text)?.language ?? scenario.language;
    const transcript: Transcript = {
      scenario: scenario.name,
      phase: scenario.phase,
      run: runNumber,
      model: model.kind === 'fake' ? `fake:${model.behaviour}` : model.name,
      privacyMode: scenario.privacyMode,
      appUrl: origin,
      privateNames: scenario.privateNames,
      judge: scenario.judge,
      ...(scenario.expect ? { expect: scenario.expect } : {}),
      turns: [],
      startingMemory: [],
      memory: [],
      teamMembers: [],
      searches: [],
    };
    const member = await Member.signIn(origin, await accountFor(scenario), PASSWORD);
    const { project } = await member.json<{ project: { id: string } }>('POST', '/api/project', { name: `Evaluation: ${scenario.name}` });
    const socket = await member.open(project.id);
    try {
      await takeSearches(sources);
      await socket.ask({ type: 'phase_open', phase: scenario.phase });
      const created: { entry: MemoryEntry; accepted: boolean }[] = [];
      for (const seed of scenario.memory) created.push({ entry: await socket.createEntry(seed.content), accepted: seed.accepted });
      for (const { entry, accepted } of created) if (accepted) await socket.acceptEntry(entry);
      transcript.startingMemory = socket.state().memory;
      if (fakeModel && behaviour) {
        // The fake model follows this project's script: a lane chosen by a tag in a note to the team,
        // which the model reads with the conversation and the graders never see.
        const tag = `evallane${Date.now().toString(36)}${runNumber}`;
        await fetch(`${fakeModel.url}/__lanes/${tag}`, { method: 'POST', body: JSON.stringify({ replies: fakeScript(scenario, behaviour) }) });
        await socket.send(`(${tag})`, { note: true, timeoutMs: 20_000 });
      }
      for (const message of messages) await socket.send(message.text, { timeoutMs: options.turnTimeoutMs });
      const state = socket.state();
      transcript.turns = turnsOf(await member.messages(project.id), languageOf);
      transcript.memory = state.memory;
      transcript.teamMembers = state.teamMembers ?? [];
      transcript.searches = await takeSearches(sources);
    } catch (error) {
      transcript.error = error instanceof Error ? error.message : String(error);
    } finally {
      socket.close();
      await member.request('DELETE', `/api/project/${project.id}`).catch(() => undefined);
    }
    return transcript;
  }

  return {
    run,
    stop: async () => {
      await server.stop();
      await Promise.all([sources.close(), fakeModel?.close()]);
      rmSync(SECRETS_FILE, { force: true });
      rmSync(SCHEMA_FILE, { force: true });
      rmSync(join(ROOT, STATE_DIR), { recursive: true, force: true });
    },
  };
}
