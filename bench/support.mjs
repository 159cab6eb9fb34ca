// What every bench shares: the project's own tools (so `node bench/x.mjs` works without
// node_modules/.bin on PATH), the build it measures, and its headline figures for the table that
// `npm run bench` (bench/run.mjs) prints.
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');

/** A command installed by npm, e.g. bin('wrangler'), whatever PATH says. */
export const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Builds the product (`vite build`) unless the bench was run with --no-build (bench/run.mjs builds once). */
export function buildProduct() {
  if (process.argv.includes('--no-build')) return;
  execFileSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}

/**
 * Hands figures to bench/run.mjs (through the file it names in BENCH_FIGURES_FILE), one row of
 * its table each: `{ figure: 'sign-in CPU', value: 212.4, unit: 'ms' }`. Alone, a bench only prints.
 */
export function recordFigures(bench, figures) {
  const file = process.env.BENCH_FIGURES_FILE;
  if (!file) return;
  for (const { figure, value, unit } of figures) appendFileSync(file, `${JSON.stringify({ bench, figure, value, unit })}\n`);
}
