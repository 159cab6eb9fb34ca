// `npm run bench`: builds once, runs every bench below (each prints its own report), then prints
// one table of their headline figures. A new bench: put bench/NAME.mjs here, make it call
// buildProduct() and recordFigures() from bench/support.mjs, and add an npm script bench:NAME
// (tests/scripts/benches.test.ts checks that every bench is in both).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildProduct, root } from './support.mjs';

const BENCHES = [
  'bundle-size',
  'auth-cpu',
  'ssr-cpu',
  'research-submit',
  'free-tools',
  'workspace-socket',
  'workspace-paint',
  'model-caps',
  'limits',
  'revocation',
  'frame-session-check',
  'phase-two-search',
  'phase-prompt',
  'canvas',
  'plan-render',
  'stripe-webhook',
  'export',
  'export-pdf',
  'lighthouse',
];

if (process.argv.includes('--list') || process.argv.includes('--help')) {
  console.log('npm run bench runs, in order (each alone: npm run bench:NAME):');
  for (const bench of BENCHES) console.log(`  ${bench}`);
  process.exit(0);
}

buildProduct();
const scratch = mkdtempSync(join(tmpdir(), 'launchmate-bench-'));
const figuresFile = join(scratch, 'figures.ndjson');
const failed = [];
for (const bench of BENCHES) {
  console.log(`\n=== ${bench} ===`);
  const run = spawnSync(process.execPath, [join(root, 'bench', `${bench}.mjs`), '--no-build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_FIGURES_FILE: figuresFile },
  });
  if (run.status !== 0) failed.push(`${bench} (exit ${run.status ?? run.signal})`);
}

const rows = existsSync(figuresFile)
  ? readFileSync(figuresFile, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];
rmSync(scratch, { recursive: true, force: true });
const format = (value) => (typeof value !== 'number' || Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1));
const table = [['bench', 'figure', 'value'], ...rows.map((row) => [row.bench, row.figure, `${format(row.value)} ${row.unit}`.trim()])];
const widths = [0, 1].map((column) => Math.max(...table.map((row) => row[column].length)));
console.log('\n=== figures ===');
for (const [i, [bench, figure, value]] of table.entries()) {
  console.log(`${bench.padEnd(widths[0])}  ${figure.padEnd(widths[1])}  ${value}`);
  if (i === 0) console.log(`${'-'.repeat(widths[0])}  ${'-'.repeat(widths[1])}  -----`);
}
for (const bench of BENCHES.filter((name) => !rows.some((row) => row.bench === name))) console.log(`${bench}: no figures (see its output above)`);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
