// Lighthouse (the npm package) on `/`, `/pricing`, `/demo` and one blog article of the production build, served
// locally by `wrangler dev` (bench/worker.mjs), in Debian's Chromium with Lighthouse's default
// mobile settings (emulated phone, simulated slow 4G and 4x CPU slowdown). Prints the four
// category scores of each page, the median of RUNS runs (Lighthouse's own advice: performance
// varies from run to run, and more so on a busy machine; the load average is printed with each
// run), and for the median run the largest paint's element and its phases (time to first byte,
// load delay, load time, render delay) and the long tasks with their scripts, so a regression
// names its cause.
// Goal: performance 100, largest contentful paint within 1.2 s (1.0 s on /pricing), total
// blocking time within 100 ms, the three other categories 100 (docs/decisions/0034, 0069).
//
//   npm run bench:lighthouse                  (builds first; node bench/lighthouse.mjs --no-build does not)
//   RUNS=5 node bench/lighthouse.mjs
//   node bench/lighthouse.mjs --no-build --pages /,/demo --save bench/.tmp/lighthouse   (each run's report and trace as JSON)
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildProduct, recordFigures } from './support.mjs';
import { startWorker } from './worker.mjs';

const option = (name) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const PAGES = option('--pages')?.split(',') ?? ['/', '/pricing', '/demo', '/blog/finding-a-startup-idea-worth-your-time'];
const SAVE = option('--save');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const RUNS = Number(process.env.RUNS ?? 3);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const ms = (value) => `${Math.round(value)} ms`;

/** The largest paint's element and its phases, from the trace of the run (lcp-breakdown-insight). */
function largestPaint(audits) {
  const items = audits['lcp-breakdown-insight']?.details?.items ?? [];
  const phases = items.find((item) => item.type === 'table')?.items ?? [];
  const node = items.find((item) => item.type === 'node');
  const element = node ? `${node.selector ?? node.nodeLabel} ${(node.snippet ?? '').slice(0, 70)}` : 'none found';
  return { element, phases: phases.map((phase) => `${phase.label.toLowerCase()} ${ms(phase.duration)}`).join(', ') };
}

/** Main-thread tasks of 50 ms or more (as simulated), with the script each is attributed to. */
function longTasks(audits) {
  return (audits['long-tasks']?.details?.items ?? []).map((task) => `${ms(task.duration)} ${String(task.url).replace(/^https?:\/\/[^/]+/, '')}`);
}

buildProduct();

const server = await startWorker();
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
if (SAVE) mkdirSync(SAVE, { recursive: true });
const rows = [];
try {
  // One warm-up load so the first measured run does not pay for wrangler's cold start.
  await fetch(`${server.origin}/`);
  for (const path of PAGES) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${server.origin}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
      const { audits, categories } = result.lhr;
      console.log(
        `  ${path} run ${run + 1}: performance ${Math.round((categories.performance?.score ?? 0) * 100)}, LCP ${audits['largest-contentful-paint']?.displayValue}, TBT ${audits['total-blocking-time']?.displayValue} (load average ${load()})`,
      );
      if (SAVE) {
        const name = join(SAVE, `${path.replace(/\W+/g, '_')}-${run + 1}`);
        writeFileSync(`${name}.json`, JSON.stringify(result.lhr));
        writeFileSync(`${name}.trace.json`, JSON.stringify(result.artifacts.Trace));
      }
      runs.push(result.lhr);
    }
    // A run Lighthouse could not complete (its runtimeError says why) is reported, not scored 0.
    const failed = runs.filter((lhr) => lhr.runtimeError);
    const completed = runs.filter((lhr) => !lhr.runtimeError);
    for (const lhr of failed) console.error(`${path}: a run failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (completed.length === 0) throw new Error(`Every Lighthouse run of ${path} failed`);
    // The run with the median performance score stands for the page.
    const performance = completed.map((lhr) => lhr.categories.performance.score ?? 0);
    const { categories, audits } = completed.find((lhr) => (lhr.categories.performance.score ?? 0) === median(performance));
    const failing = Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && !['informative', 'manual', 'notApplicable'].includes(audit.scoreDisplayMode))
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    rows.push({
      path,
      scores: CATEGORIES.map((id) => Math.round((categories[id]?.score ?? 0) * 100)),
      allPerformance: performance.map((score) => Math.round(score * 100)),
      metrics: ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map(
        (id) =>
          `${id
            .split('-')
            .map((word) => word[0])
            .join('')
            .toUpperCase()} ${audits[id]?.displayValue ?? '?'}`,
      ),
      largestPaint: largestPaint(audits),
      longTasks: longTasks(audits),
      failing,
    });
  }
} finally {
  chrome.kill();
  server.stop();
}

console.log(`Lighthouse, mobile settings, median of ${RUNS} runs (load average ${load()}):`);
console.log(`  ${'page'.padEnd(40)} perf a11y  b-p  seo`);
for (const { path, scores, allPerformance, metrics, largestPaint, longTasks, failing } of rows) {
  console.log(
    `  ${path.padEnd(40)} ${scores.map((score) => String(score).padStart(4)).join(' ')}   ${metrics.join(', ')}; performance runs ${allPerformance.join(', ')}`,
  );
  // The phases are those the trace observed (no throttling); LCP above is Lighthouse's simulation of a phone.
  console.log(`            largest paint: ${largestPaint.element}`);
  console.log(`            its phases as observed: ${largestPaint.phases}`);
  if (longTasks.length > 0) console.log(`            long tasks (simulated): ${longTasks.join('; ')}`);
  if (failing.length > 0) console.log(`            below full marks: ${failing.join('; ')}`);
  recordFigures('lighthouse', [{ figure: `${path} perf / a11y / best practices / SEO`, value: scores.join(' / '), unit: '' }]);
}
