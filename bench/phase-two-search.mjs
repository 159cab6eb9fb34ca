// Phase 2's evidence search on the local built Worker, with the fakes of Hacker News, Stack
// Exchange and Reddit answering in 300 ms and the fake model calling search_discussions at once:
//   - time from a member's send to the first source card (the search tool's output reaching the
//     sender's socket), against a bare answer's first token in the same run (no tool);
//   - outside calls of a phase's searches, then of the same phase repeated
//     (the 24-hour cache).
//   node bench/phase-two-search.mjs [--no-build] [--runs 8]
import { runnerImport } from 'vite';
import { buildProduct, recordFigures, root } from './support.mjs';
import { startWorker } from './worker.mjs';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 8;
const SOURCE_DELAY_MS = 300;
/** The phrases of one phase's search, as a co-founder would write them. */
const PHASE_PHRASES = ['dentist appointment cancellations', 'fill cancelled appointment slots', 'patients no show clinic'];

buildProduct();

const load = async (path) => (await runnerImport(path, { root, configFile: false, logLevel: 'silent' })).module;
const [{ startFakeOpenAi }, { startFakeHackerNews }, { startFakeStackExchange }, { startFakeReddit }] = await Promise.all([
  load('/tests/fakes/openai.ts'),
  load('/tests/fakes/hacker-news.ts'),
  load('/tests/fakes/stack-exchange.ts'),
  load('/tests/fakes/reddit.ts'),
]);
const model = await startFakeOpenAi();
const sources = await Promise.all([startFakeHackerNews(), startFakeStackExchange(), startFakeReddit()]);
for (const fake of sources) await fetch(`${fake.url}/__scenario`, { method: 'POST', body: JSON.stringify({ delayMs: SOURCE_DELAY_MS }) });
const [hackerNews, stackExchange, reddit] = sources;

const worker = await startWorker({
  OPENAI_API_KEY: 'sk-bench',
  OPENAI_BASE_URL: model.url,
  HACKER_NEWS_API_URL: `${hackerNews.url}/api/v1`,
  STACK_EXCHANGE_API_URL: `${stackExchange.url}/2.3`,
  REDDIT_AUTH_URL: `${reddit.url}/api/v1/access_token`,
  REDDIT_API_URL: reddit.url,
  REDDIT_CLIENT_ID: 'bench-client',
  REDDIT_CLIENT_SECRET: 'bench-secret',
  HACKER_NEWS_SEARCHES_PER_MINUTE: '100000',
  STACK_EXCHANGE_SEARCHES_PER_DAY: '100000',
  REDDIT_SEARCHES_PER_MINUTE: '100000',
  COFOUNDER_MESSAGES_PER_MEMBER_PER_DAY: '100000',
  COFOUNDER_MESSAGES_PER_PROJECT_PER_DAY: '100000',
  FREE_TOOLS_GLOBAL_PER_DAY: '100000',
});

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const outsideCalls = async () => {
  const counts = await Promise.all(sources.map(async (fake) => (await (await fetch(`${fake.url}/__requests`)).json()).length));
  return counts.reduce((total, count) => total + count, 0);
};
/**
 * Scripts the model's next answers. One lane for the whole bench (its tag is in every message, so
 * every request of the conversation finds it); scripting it again starts its replies over.
 */
const LANE = `bench${Date.now().toString(36)}`;
const script = (replies) => fetch(`${model.url}/__lanes/${LANE}`, { method: 'POST', body: JSON.stringify({ replies }) });

try {
  const { origin } = worker;
  let cookie = '';
  const post = async (path, body) => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
      body: JSON.stringify(body ?? {}),
    });
    const set = response.headers.getSetCookie().map((line) => line.split(';')[0]);
    if (set.length) cookie = set.join('; ');
    return response;
  };
  await post('/api/auth/sign-up', { email: 'phase-two-bench@example.com', password: 'a long benchmark password' });
  const outbox = await (await fetch(`${origin}/dev/outbox`)).text();
  const verifyToken = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(outbox)?.[1];
  if (!verifyToken || (await post(`/api/auth/verify-email/${verifyToken}`)).status !== 200) throw new Error('Could not verify the bench account');
  const { project } = await (await post('/api/project', { name: 'Bench phase 2' })).json();

  /** A socket that notes when each request's first text token and first tool output arrive. */
  const open = () =>
    new Promise((resolveSocket, reject) => {
      const ws = new WebSocket(`${origin.replace('http', 'ws')}/api/projects/${project.id}/cofounder`, { headers: { Cookie: cookie, Origin: origin } });
      const socket = { ws, firstText: new Map(), firstToolOutput: new Map(), ends: new Map() };
      ws.addEventListener('message', (event) => {
        const frame = JSON.parse(event.data);
        if (frame.type !== 'cf_agent_use_chat_response') return;
        if (frame.body) {
          const chunk = JSON.parse(frame.body);
          if (chunk.type === 'text-delta' && !socket.firstText.has(frame.id)) socket.firstText.set(frame.id, performance.now());
          if (chunk.type === 'tool-output-available' && !socket.firstToolOutput.has(frame.id)) socket.firstToolOutput.set(frame.id, performance.now());
        }
        if (frame.done) socket.ends.get(frame.id)?.();
      });
      ws.addEventListener('open', () => resolveSocket(socket), { once: true });
      ws.addEventListener('error', reject, { once: true });
    });
  /** Sends one message and resolves with the send time once the answer has ended. */
  const ask = async (socket, id, text) => {
    const done = new Promise((resolveDone) => socket.ends.set(id, resolveDone));
    const messages = [{ id: `${id}-message`, role: 'user', parts: [{ type: 'text', text: `${text} ${LANE}` }] }];
    const sentAt = performance.now();
    socket.ws.send(
      JSON.stringify({ type: 'cf_agent_use_chat_request', id, init: { method: 'POST', body: JSON.stringify({ messages, trigger: 'submit-message' }) } }),
    );
    await done;
    return sentAt;
  };

  const socket = await open();
  const toCard = [];
  const toBareToken = [];
  for (let run = 0; run < RUNS; run++) {
    // A bare answer: the same path with no tool, its first token.
    const bare = `bare${run}x${Date.now().toString(36)}`;
    await script([{ content: 'A plain answer.' }]);
    const bareSent = await ask(socket, bare, 'A plain question');
    toBareToken.push(socket.firstText.get(bare) - bareSent);
    // A search with a phrase never searched before (no cache), answered by every source in 300 ms.
    const tag = `card${run}x${Date.now().toString(36)}`;
    await script([{ toolCalls: [{ name: 'search_discussions', arguments: { queries: [`clinic cancellations ${tag}`] } }] }, { content: 'Found these.' }]);
    const sent = await ask(socket, tag, 'Find evidence');
    toCard.push(socket.firstToolOutput.get(tag) - sent);
  }

  // A phase's searches, then the same phase again: the second reads the cache.
  const phase = async (id) => {
    await script([{ toolCalls: [{ name: 'search_discussions', arguments: { queries: PHASE_PHRASES } }] }, { content: 'Found these.' }]);
    const before = await outsideCalls();
    await ask(socket, id, 'Size the problem');
    return (await outsideCalls()) - before;
  };
  const firstPhase = await phase('phase-first');
  const repeatedPhase = await phase('phase-repeated');

  const card = median(toCard);
  const bare = median(toBareToken);
  console.log(`Phase 2 search, sources answering in ${SOURCE_DELAY_MS} ms, ${RUNS} runs:`);
  console.log(`  send → first source card: median ${card.toFixed(0)} ms (max ${Math.max(...toCard).toFixed(0)})`);
  console.log(`  send → first token of a bare answer (baseline): median ${bare.toFixed(0)} ms`);
  console.log(
    `  ratio ${(card / bare).toFixed(1)}×; above the baseline: ${(card - bare).toFixed(0)} ms, of which ${SOURCE_DELAY_MS} ms is the sources' own delay`,
  );
  console.log(
    `  outside calls of a phase's search (${PHASE_PHRASES.length} phrases × 3 sources): ${firstPhase}; the same phase repeated: ${repeatedPhase} (${firstPhase - repeatedPhase} saved by the cache)`,
  );
  recordFigures('phase-two-search', [
    { figure: 'send to first source card (median, sources at 300 ms)', value: card, unit: 'ms' },
    { figure: 'send to first token of a bare answer (median)', value: bare, unit: 'ms' },
    { figure: 'outside calls saved by the cache over a repeated phase', value: firstPhase - repeatedPhase, unit: `of ${firstPhase}` },
  ]);
  socket.ws.close();
} finally {
  worker.stop();
  await Promise.all([model, ...sources].map((fake) => fake.close()));
}
