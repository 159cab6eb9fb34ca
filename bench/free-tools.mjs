// The free tools against the fake OpenAI-compatible server of tests/fakes/openai.ts streaming at
// 50 tokens a second (about 4 characters each), through the built Worker:
//   (a) in real Chromium, from the click on the submit button to the first visible idea card and
//       to the last, and to the persona's first field and to its completion (median of the runs);
//   (b) the Worker's own overhead per request: the first idea and the last byte through the
//       Worker against the Worker's own request to the fake (same model, prompt and schema)
//       replayed straight to it in the same run, at 50 tokens a second and at full speed.
// The machine's load shows in the figures: run it on a quiet machine and compare within a run.
//   node bench/free-tools.mjs [--no-build] [--runs N]
import { chromium } from 'playwright-core';
import { runnerImport } from 'vite';
import { buildProduct, recordFigures, root } from './support.mjs';
import { startWorker } from './worker.mjs';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const TOKENS_PER_SECOND = 50;

buildProduct();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value) => `${Math.round(value)} ms`;

// The fake is TypeScript: Vite's module runner loads it as the tests do.
const { module: fakes } = await runnerImport('/tests/fakes/openai.ts', { root, configFile: false, logLevel: 'silent' });
const fake = await fakes.startFakeOpenAi();
const scenario = (next) => fetch(`${fake.url}/__scenario`, { method: 'POST', body: JSON.stringify(next) });

const worker = await startWorker({
  OPENAI_API_KEY: 'sk-bench',
  OPENAI_BASE_URL: fake.url,
  FREE_TOOLS_PER_MINUTE: '100000',
  FREE_TOOLS_PER_DAY: '100000',
  FREE_TOOLS_GLOBAL_PER_DAY: '100000',
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });

try {
  const { origin } = worker;

  /** One generation in the page: milliseconds from the click to `first` and to `last` matching. */
  async function pageRun(path, label, text, submit, marks) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${origin}${path}`);
    await page.getByLabel(label).fill(text);
    await page.evaluate(({ first, last }) => {
      const seen = (window.__bench = {});
      document.addEventListener(
        'click',
        (event) => {
          if (event.target instanceof Element && event.target.closest('button[type="submit"]')) seen.submit = performance.now();
        },
        true,
      );
      // Stamped at the next frame: when the browser is about to paint the change.
      const stamp = (name) => requestAnimationFrame(() => (seen[name] ??= performance.now()));
      new MutationObserver(() => {
        if (!seen.firstQueued && document.querySelector(first)) {
          seen.firstQueued = true;
          stamp('first');
        }
        if (!seen.lastQueued && document.querySelector(last)) {
          seen.lastQueued = true;
          stamp('last');
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, marks);
    await page.getByRole('button', { name: submit }).click();
    await page.waitForFunction(() => window.__bench.last !== undefined, null, { timeout: 60_000 });
    const seen = await page.evaluate(() => window.__bench);
    await context.close();
    return { first: seen.first - seen.submit, last: seen.last - seen.submit };
  }

  async function pageFigures(name, run) {
    await run(); // Warm-up: chunks in the cache, the isolate and D1 awake.
    const results = [];
    for (let i = 0; i < RUNS; i++) results.push(await run());
    console.log(`${name}: first ${ms(median(results.map((r) => r.first)))}, complete ${ms(median(results.map((r) => r.last)))} (median of ${RUNS})`);
    recordFigures('free-tools', [
      { figure: `${name.trim().split(',')[0]}: click to first`, value: median(results.map((r) => r.first)), unit: 'ms' },
      { figure: `${name.trim().split(',')[0]}: click to complete`, value: median(results.map((r) => r.last)), unit: 'ms' },
    ]);
  }

  await scenario({ tokensPerSecond: TOKENS_PER_SECOND });
  console.log(`(a) In Chromium, from the click, the fake model streaming at ${TOKENS_PER_SECOND} tokens a second`);
  await pageFigures('  Business ideas, first card / last card', () =>
    pageRun('/business-ideas-generator', 'Which industry do you know best or want to explore?', 'Dental clinics', 'Generate business ideas', {
      first: '.idea-card',
      last: '.idea-card:nth-child(10)',
    }),
  );
  await pageFigures('  User persona, first field / complete', () =>
    pageRun('/user-persona-generator', 'Product description', 'Scheduling for dental clinics', 'Generate user persona', {
      first: '.persona__name',
      last: 'img.persona__picture',
    }),
  );

  /** Reads a streamed answer: ms to the first complete idea (`firstDone` of the text so far) and to the end. */
  async function timed(request, firstDone) {
    const started = performance.now();
    const response = await request();
    if (!response.ok) throw new Error(`Answered ${response.status}: ${await response.text()}`);
    const decoder = new TextDecoder();
    let text = '';
    let first;
    for await (const chunk of response.body) {
      text += decoder.decode(chunk, { stream: true });
      if (first === undefined && firstDone(text)) first = performance.now() - started;
    }
    return { first, last: performance.now() - started };
  }

  /** The model's text so far in an SSE answer of chat completions (a cut last line is left out). */
  const sseContent = (text) =>
    text
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => {
        try {
          return JSON.parse(line.slice(6)).choices[0]?.delta?.content ?? '';
        } catch {
          return '';
        }
      })
      .join('');

  // The very request the Worker sent the fake (model, messages, schema), replayed straight to it.
  let workerRequest;
  const direct = () =>
    timed(
      () =>
        fetch(`${fake.url}${workerRequest.path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: 'Bearer sk-bench' },
          body: workerRequest.body,
        }),
      // The first idea is complete once its solution string has closed in the streamed content.
      (text) => /"solution"\s*:\s*"(?:[^"\\]|\\.)*"\s*\}/.test(sseContent(text)),
    );
  const throughWorker = () =>
    timed(
      () =>
        fetch(`${origin}/api/free-tools/business-ideas`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson', Origin: origin },
          body: JSON.stringify({ industry: 'Dental clinics' }),
        }),
      (text) => text.includes('\n'),
    );

  console.log(
    "(b) The Worker's own overhead per business-ideas request: NDJSON through the Worker vs the Worker's own request to the fake replayed straight to it",
  );
  for (const speed of [TOKENS_PER_SECOND, undefined]) {
    await scenario(speed ? { tokensPerSecond: speed } : {});
    await throughWorker();
    workerRequest = (await (await fetch(`${fake.url}/__requests`)).json()).at(-1);
    const pairs = [];
    for (let i = 0; i < RUNS; i++) pairs.push({ direct: await direct(), worker: await throughWorker() });
    const figure = (key) => {
      const straight = median(pairs.map((pair) => pair.direct[key]));
      const through = median(pairs.map((pair) => pair.worker[key]));
      return `${ms(through)} vs ${ms(straight)} straight: ${through >= straight ? '+' : '−'}${ms(Math.abs(through - straight))} (×${(through / straight).toFixed(2)})`;
    };
    console.log(`  ${speed ? `at ${speed} tokens a second` : 'at full speed'}:`);
    console.log(`    first idea: ${figure('first')}`);
    console.log(`    last byte:  ${figure('last')}`);
  }
} finally {
  await browser.close();
  worker.stop();
  await fake.close();
}
