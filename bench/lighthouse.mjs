// Lighthouse (the npm package) on `/`, `/pricing`, `/demo` and one blog article of the production build, served
// locally by `wrangler dev` (bench/worker.mjs), in Debian's Chromium with Lighthouse's default
// mobile settings (emulated phone, simulated slow 4G and 4x CPU slowdown). Prints the four
// category scores of each page, the median of RUNS runs (Lighthouse's own advice: performance
// varies from run to run, and more so on a busy machine; the load average is printed).
// Goal: performance 100 with first contentful paint within 1.0 s, the three others 100
// (docs/decisions/0034).
//
//   npm run bench:lighthouse                  (builds first; node bench/lighthouse.mjs --no-build does not)
//   RUNS=5 node bench/lighthouse.mjs
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildProduct, recordFigures } from './support.mjs';
import { startWorker } from './worker.mjs';

const PAGES = ['/', '/pricing', '/demo', '/blog/finding-a-startup-idea-worth-your-time'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const RUNS = Number(process.env.RUNS ?? 3);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

buildProduct();

const server = await startWorker();
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
const rows = [];
try {
  // One warm-up load so the first measured run does not pay for wrangler's cold start.
  await fetch(`${server.origin}/`);
  for (const path of PAGES) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${server.origin}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
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
      failing,
    });
  }
} finally {
  chrome.kill();
  server.stop();
}

console.log(
  `Lighthouse, mobile settings, median of ${RUNS} runs (load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}):`,
);
console.log(`  ${'page'.padEnd(40)} perf a11y  b-p  seo`);
for (const { path, scores, allPerformance, metrics, failing } of rows) {
  console.log(
    `  ${path.padEnd(40)} ${scores.map((score) => String(score).padStart(4)).join(' ')}   ${metrics.join(', ')}; performance runs ${allPerformance.join(', ')}`,
  );
  if (failing.length > 0) console.log(`            below full marks: ${failing.join('; ')}`);
  recordFigures('lighthouse', [{ figure: `${path} perf / a11y / best practices / SEO`, value: scores.join(' / '), unit: '' }]);
}
