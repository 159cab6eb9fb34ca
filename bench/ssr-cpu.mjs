// CPU time that workerd spends rendering one public page (docs/decisions/0034), read from
// workerd's own process counters, against the app shell of a page the Worker does not render
// (/signin) in the same run. Each page is fetched RUNS times in a row after a warm-up; the
// marketing pages' edge cache is turned off (PAGE_CACHE_SECONDS=0), so every request renders.
// The counters tick in 10 ms steps, so each figure is the mean over a batch of requests.
//   npm run bench:ssr-cpu      (builds first; node bench/ssr-cpu.mjs --no-build does not)   RUNS=50 by default
import { loadavg } from 'node:os';
import { buildProduct, recordFigures } from './support.mjs';
import { cpuPerCall, startWorker } from './worker.mjs';

const RUNS = Number(process.env.RUNS ?? 50);
const BATCHES = 5;
const PAGES = ['/', '/pricing', '/demo', '/blog', '/blog/finding-a-startup-idea-worth-your-time', '/business-ideas-generator', '/no-such-page'];
// The same data read through the API, for pages that read D1: the local D1 runs its SQLite inside
// the same workerd process (in production it runs elsewhere), so its work is counted here too.
const DATA_READS = {
  '/blog': '/api/general/articles',
  '/blog/finding-a-startup-idea-worth-your-time': '/api/general/article/finding-a-startup-idea-worth-your-time',
  '/business-ideas-generator': '/api/free-tools/business-ideas/count',
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

buildProduct();
const worker = await startWorker({ PAGE_CACHE_SECONDS: '0' });
const { origin, workerdPid } = worker;
try {
  const load = async (path) => {
    const response = await fetch(`${origin}${path}`);
    const html = await response.text();
    if (path.startsWith('/api/') ? !response.ok : !html.includes('<div id="root">')) throw new Error(`${path} answered ${response.status} without a page`);
    return html;
  };
  // Warm up the isolate, its route modules and the database.
  for (const path of ['/signin', ...PAGES, ...Object.values(DATA_READS)]) for (let i = 0; i < 3; i++) await load(path);
  if (!(await load('/')).includes('<h1')) throw new Error('/ did not arrive rendered');

  const measure = async (path) => {
    const batches = [];
    for (let batch = 0; batch < BATCHES; batch++) batches.push(await cpuPerCall(workerdPid, RUNS / BATCHES, () => load(path)));
    return median(batches);
  };
  const shell = await measure('/signin');
  console.log(
    `CPU time of workerd per page request (median of ${BATCHES} batches of ${RUNS / BATCHES}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}):`,
  );
  console.log(`  ${'/signin (app shell, not rendered)'.padEnd(48)} ${shell.toFixed(1)} ms`);
  for (const path of PAGES) {
    const total = await measure(path);
    const read = DATA_READS[path] ? await measure(DATA_READS[path]) : null;
    const readNote = read === null ? '' : `; the same data through the API: ${read.toFixed(1)} ms`;
    console.log(`  ${path.padEnd(48)} ${total.toFixed(1)} ms  (rendering ≈ ${(total - shell).toFixed(1)} ms more than the shell${readNote})`);
    recordFigures('ssr-cpu', [{ figure: `workerd CPU per request of ${path}`, value: total.toFixed(1), unit: 'ms' }]);
  }
} finally {
  worker.stop();
}
