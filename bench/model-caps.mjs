// A misbehaving model against the built Worker (`wrangler dev`, as `npm start` serves it): the
// fake OpenAI-compatible server of tests/fakes/openai.ts streams a 10 MB answer (the persona's
// narrative, 1,024 characters a chunk) to 4 visitors at once, each reading the persona's NDJSON
// stream. Prints, per visitor, how the answer ended, the bytes the Worker sent and how long it
// took; the resident memory of the Worker's runtime (workerd) before and at its peak; and
// whether a bystander's request during the run was answered.
//   node bench/model-caps.mjs [--no-build]
import { readFileSync } from 'node:fs';
import { runnerImport } from 'vite';
import { buildProduct, recordFigures, root } from './support.mjs';
import { startWorker } from './worker.mjs';

const VISITORS = 4;
const ANSWER_CHARS = 10_000_000;
/** A visitor stops reading after this long, whatever the Worker still sends. */
const READ_LIMIT_MS = 60_000;

buildProduct();

const { module: fakes } = await runnerImport('/tests/fakes/openai.ts', { root, configFile: false, logLevel: 'silent' });
const fake = await fakes.startFakeOpenAi();
const worker = await startWorker({
  OPENAI_API_KEY: 'sk-bench',
  OPENAI_BASE_URL: fake.url,
  FREE_TOOLS_PER_MINUTE: '100000',
  FREE_TOOLS_PER_DAY: '100000',
  FREE_TOOLS_GLOBAL_PER_DAY: '100000',
});

/** Resident memory of a process in MB, or undefined once it has gone. */
function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
    return kb / 1024;
  } catch {
    return undefined;
  }
}

const mb = (bytes) => (bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(2)} MB` : `${bytes.toLocaleString('en')} bytes`);

/** One visitor: reads the whole NDJSON answer (or until READ_LIMIT_MS) and counts its bytes. */
async function visit(origin) {
  const started = performance.now();
  const reading = new AbortController();
  const limit = setTimeout(() => reading.abort(), READ_LIMIT_MS);
  let bytes = 0;
  let tail = '';
  let ended;
  try {
    const response = await fetch(`${origin}/api/free-tools/user-persona`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson', Origin: origin },
      body: JSON.stringify({ product_description: 'Scheduling for dental clinics' }),
      signal: reading.signal,
    });
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      tail = (tail + Buffer.from(chunk).toString('utf8')).slice(-300);
    }
    const last = tail.trim().split('\n').at(-1) ?? '';
    ended = `${response.status} ${response.ok ? (/"type":"(\w+)"/.exec(last)?.[1] ?? 'no event') : last.slice(0, 80)}`;
  } catch (error) {
    ended = reading.signal.aborted ? `still sending after ${READ_LIMIT_MS / 1000} s` : `connection failed (${error.cause?.code ?? error.message})`;
  } finally {
    clearTimeout(limit);
  }
  return { ended, bytes, ms: performance.now() - started };
}

try {
  const answer = JSON.stringify({ ...fakes.FAKE_PERSONA, narrative_description: 'x'.repeat(ANSWER_CHARS) });
  await fetch(`${fake.url}/__scenario`, { method: 'POST', body: JSON.stringify({ content: answer, chunkChars: 1024 }) });

  const pid = worker.workerdPid;
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid) ?? 0)), 50);

  const visitors = Promise.all(Array.from({ length: VISITORS }, () => visit(worker.origin)));
  // A bystander asks for something else while the four answers stream.
  await new Promise((done) => setTimeout(done, 1000));
  const bystander = await fetch(`${worker.origin}/api/free-tools/user-persona/count`).then(
    (response) => `${response.status}`,
    (error) => `failed (${error.cause?.code ?? error.message})`,
  );
  const results = await visitors;
  clearInterval(sampler);
  const after = rssMb(pid);

  console.log(
    `${VISITORS} visitors at once, each streaming a persona whose model answer is ${mb(ANSWER_CHARS)} (the fake's SSE sends 1,024 characters a chunk):`,
  );
  results.forEach((result, i) =>
    console.log(`  visitor ${i + 1}: ${result.ended}, ${mb(result.bytes)} sent to the visitor in ${(result.ms / 1000).toFixed(1)} s`),
  );
  console.log(`  bytes sent to the visitors in total: ${mb(results.reduce((sum, result) => sum + result.bytes, 0))}`);
  console.log(
    `  workerd RSS: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at peak, ${after === undefined ? 'the runtime is gone (crashed)' : `${after.toFixed(0)} MB after`}`,
  );
  console.log(`  bystander's request during the run: ${bystander}`);
  recordFigures('model-caps', [
    { figure: `bytes sent to ${VISITORS} visitors of 10 MB answers`, value: results.reduce((sum, result) => sum + result.bytes, 0) / 1e6, unit: 'MB' },
    { figure: 'workerd memory at peak', value: peak, unit: 'MB' },
  ]);
  console.log(`  model requests received by the fake: ${(await (await fetch(`${fake.url}/__requests`)).json()).length}`);
} finally {
  worker.stop();
  await fake.close();
}
