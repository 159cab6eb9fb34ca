// The co-founder workspace over WebSockets, on the local built Worker against the fake model
// (tests/fakes/openai.ts, run in this process): for each streamed token, the time from the fake
// writing it to the sender's socket and to each of 10 viewers' sockets; and workerd's CPU time
// per streamed answer (the Worker and the object run in the same workerd process).
//   node bench/workspace-socket.mjs [--no-build] [--answers 8]
import { ServerResponse } from 'node:http';
import { runnerImport } from 'vite';
import { buildProduct, recordFigures, root } from './support.mjs';
import { cpuMs, startWorker } from './worker.mjs';

const answersArg = process.argv.indexOf('--answers');
const ANSWERS = answersArg > 0 ? Number(process.argv[answersArg + 1]) : 8;
const VIEWERS = 10;
const TOKENS = 100;
const TOKENS_PER_SECOND = 50;

buildProduct();

// Each token is 4 characters (the fake's chunk size) and names itself: "007 ".
const token = (index) => `${String(index).padStart(3, '0')} `;
const content = Array.from({ length: TOKENS }, (_, index) => token(index)).join('');

// When the fake writes each token: the fake runs in this process, so its writes are timed here.
const written = new Map();
// oxlint-disable-next-line typescript/unbound-method -- called below with .call(this)
const write = ServerResponse.prototype.write;
ServerResponse.prototype.write = function (chunk, ...rest) {
  const match = typeof chunk === 'string' && /"content":"(\d{3} )"/.exec(chunk);
  if (match) written.set(match[1], performance.now());
  return write.call(this, chunk, ...rest);
};

const { module: fakes } = await runnerImport('/tests/fakes/openai.ts', { root, configFile: false, logLevel: 'silent' });
const fake = await fakes.startFakeOpenAi();
await fetch(`${fake.url}/__scenario`, { method: 'POST', body: JSON.stringify({ replies: [{ content, tokensPerSecond: TOKENS_PER_SECOND }] }) });

const worker = await startWorker({
  OPENAI_API_KEY: 'sk-bench',
  OPENAI_BASE_URL: fake.url,
  COFOUNDER_MESSAGES_PER_MEMBER_PER_DAY: '100000',
  COFOUNDER_MESSAGES_PER_PROJECT_PER_DAY: '100000',
  FREE_TOOLS_GLOBAL_PER_DAY: '100000',
});

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const fmt = (value) => `${value.toFixed(1)} ms`;

try {
  const { origin, workerdPid } = worker;
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
  const email = 'workspace-bench@example.com';
  await post('/api/auth/sign-up', { email, password: 'a long benchmark password' });
  const outbox = await (await fetch(`${origin}/dev/outbox`)).text();
  const verifyToken = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(outbox)?.[1];
  if (!verifyToken || (await post(`/api/auth/verify-email/${verifyToken}`)).status !== 200) throw new Error('Could not verify the bench account');
  const { project } = await (await post('/api/project', { name: 'Bench' })).json();

  /** A socket that timestamps every streamed text token it receives. */
  const open = () =>
    new Promise((resolveSocket, reject) => {
      const ws = new WebSocket(`${origin.replace('http', 'ws')}/api/projects/${project.id}/cofounder`, { headers: { Cookie: cookie, Origin: origin } });
      const socket = { ws, received: new Map(), ends: new Map() };
      ws.addEventListener('message', (event) => {
        const frame = JSON.parse(event.data);
        if (frame.type !== 'cf_agent_use_chat_response') return;
        if (frame.done) socket.ends.get(frame.id)?.();
        if (!frame.body) return;
        const chunk = JSON.parse(frame.body);
        if (chunk.type === 'text-delta' && !socket.received.has(chunk.delta)) socket.received.set(chunk.delta, performance.now());
      });
      ws.addEventListener('open', () => resolveSocket(socket), { once: true });
      ws.addEventListener('error', reject, { once: true });
    });
  const sender = await open();
  const viewers = await Promise.all(Array.from({ length: VIEWERS }, open));

  const senderDelays = [];
  const viewerDelays = [];
  const firstTokenDelays = [];
  let cpu = 0;
  for (let answer = 0; answer < ANSWERS; answer++) {
    written.clear();
    for (const socket of [sender, ...viewers]) socket.received.clear();
    const id = `bench-${answer}`;
    const done = new Promise((resolveDone) => sender.ends.set(id, resolveDone));
    const messages = [{ id: `bench-message-${answer}`, role: 'user', parts: [{ type: 'text', text: `Benchmark message ${answer}` }] }];
    const before = cpuMs(workerdPid);
    sender.ws.send(
      JSON.stringify({ type: 'cf_agent_use_chat_request', id, init: { method: 'POST', body: JSON.stringify({ messages, trigger: 'submit-message' }) } }),
    );
    await done;
    // Let the viewers' last frames arrive before reading the CPU counter and the timings.
    await Promise.all(
      viewers.map((viewer) => new Promise((resolveViewer) => (viewer.received.has(token(TOKENS - 1)) ? resolveViewer() : viewer.ends.set(id, resolveViewer)))),
    );
    cpu += cpuMs(workerdPid) - before;
    for (const [text, at] of written) {
      const atSender = sender.received.get(text);
      if (atSender !== undefined) senderDelays.push(atSender - at);
      for (const viewer of viewers) {
        const atViewer = viewer.received.get(text);
        if (atViewer !== undefined) viewerDelays.push(atViewer - at);
      }
    }
    firstTokenDelays.push(sender.received.get(token(0)) - written.get(token(0)));
  }
  for (const socket of [sender, ...viewers]) socket.ws.close();

  console.log(`Co-founder workspace, ${ANSWERS} answers of ${TOKENS} tokens at ${TOKENS_PER_SECOND} tokens/s, 1 sender + ${VIEWERS} viewers:`);
  console.log(`  model's first token → sender's socket: median ${fmt(percentile(firstTokenDelays, 50))}, max ${fmt(Math.max(...firstTokenDelays))}`);
  console.log(`  every token → sender's socket: median ${fmt(percentile(senderDelays, 50))}, p95 ${fmt(percentile(senderDelays, 95))}`);
  console.log(
    `  every token → each of ${VIEWERS} viewers: median ${fmt(percentile(viewerDelays, 50))}, p95 ${fmt(percentile(viewerDelays, 95))} (${viewerDelays.length} deliveries)`,
  );
  console.log(`  workerd CPU per streamed answer (Worker + object, 11 sockets): ${(cpu / ANSWERS).toFixed(0)} ms`);
  recordFigures('workspace-socket', [
    { figure: "model's first token to sender's socket (median)", value: percentile(firstTokenDelays, 50), unit: 'ms' },
    { figure: `every token to ${VIEWERS} viewers (p95)`, value: percentile(viewerDelays, 95), unit: 'ms' },
    { figure: 'workerd CPU per streamed answer', value: cpu / ANSWERS, unit: 'ms' },
  ]);
} finally {
  worker.stop();
  await fake.close();
}
