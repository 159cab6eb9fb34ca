// The PDF export's writer in workerd (bench/export-pdf/worker.ts, fonts from the built static
// assets): CPU time, wall time, PDF size and font bytes used for a small document in every language
// and for a project at its limits, against a small plain-Latin document and a bare request in the
// same run; and the bundle the writer adds to a Worker, against an empty one.
//   node bench/export-pdf.mjs [--no-build] [--runs N]
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { bin, buildProduct, recordFigures, root } from './support.mjs';
import { cpuMs, startBenchWorker } from './worker.mjs';

const runsFlag = process.argv.indexOf('--runs');
const RUNS = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 10;
const config = join(root, 'bench/export-pdf/wrangler.toml');

/** `wrangler deploy --dry-run` of an entry with the bench's configuration: its upload size, raw and gzipped, in KiB. */
function bundleSize(entry) {
  const outdir = join(root, 'bench/.tmp/export-pdf-bundle');
  rmSync(outdir, { recursive: true, force: true });
  const run = spawnSync(bin('wrangler'), ['deploy', '--dry-run', '--outdir', outdir, '-c', config, entry], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  const match = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(run.stdout + run.stderr);
  if (!match) throw new Error(`wrangler deploy --dry-run failed:\n${run.stdout}${run.stderr}`);
  return { raw: Number(match[1]), gzip: Number(match[2]) };
}

buildProduct();
const writer = bundleSize('bench/export-pdf/worker.ts');
const empty = bundleSize('bench/export-pdf/bare.ts');

const worker = await startBenchWorker(config, { ready: async (origin) => (await fetch(`${origin}/bare`)).ok });
try {
  const exportOnce = async (name) => {
    const response = await fetch(`${worker.origin}/${name}`);
    if (response.status !== 200) throw new Error(`/${name} answered ${response.status}: ${await response.text()}`);
    const pdf = new Uint8Array(await response.arrayBuffer());
    return { bytes: pdf.length, fontBytes: Number(response.headers.get('X-Font-Bytes')) };
  };
  /** Mean CPU of workerd and wall time per request, over `runs` requests one after another. */
  const measure = async (name, runs) => {
    let result;
    const cpuBefore = cpuMs(worker.workerdPid);
    const started = performance.now();
    for (let i = 0; i < runs; i++) {
      if (name === 'bare') await (await fetch(`${worker.origin}/bare`)).arrayBuffer();
      else result = await exportOnce(name);
    }
    return { cpu: (cpuMs(worker.workerdPid) - cpuBefore) / runs, wall: (performance.now() - started) / runs, ...result };
  };

  // Warm up the isolate, its JIT and the asset reads.
  for (const name of ['latin', 'small', 'full', 'latin', 'small', 'full']) await exportOnce(name);

  const bare = await measure('bare', RUNS * 5);
  const latin = await measure('latin', RUNS);
  const small = await measure('small', RUNS);
  const full = await measure('full', Math.max(3, Math.round(RUNS / 2)));

  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  const row = (label, figures) =>
    console.log(
      `  ${label.padEnd(44)} ${figures.cpu.toFixed(1).padStart(7)} ms CPU ${figures.wall.toFixed(1).padStart(7)} ms wall ${kib(figures.bytes).padStart(11)} PDF ${kib(figures.fontBytes).padStart(11)} of fonts used`,
    );
  console.log(`The PDF export's writer in workerd (mean of ${RUNS} runs; /proc CPU has a 10 ms resolution):`);
  console.log(`  ${'bare request'.padEnd(44)} ${bare.cpu.toFixed(1).padStart(7)} ms CPU ${bare.wall.toFixed(1).padStart(7)} ms wall`);
  row('small document, plain Latin (baseline)', latin);
  row('small document, every language', small);
  row('project at its limits (500 notes …)', full);
  console.log(`Bundle: the writer adds ${writer.raw - empty.raw} KiB (gzip ${(writer.gzip - empty.gzip).toFixed(1)} KiB) to a Worker.`);
  recordFigures('export-pdf', [
    { figure: 'CPU per PDF, small plain Latin', value: latin.cpu - bare.cpu, unit: 'ms' },
    { figure: 'CPU per PDF, small in every language', value: small.cpu - bare.cpu, unit: 'ms' },
    { figure: 'CPU per PDF, project at its limits', value: full.cpu - bare.cpu, unit: 'ms' },
    { figure: 'PDF size, project at its limits', value: full.bytes / 1024, unit: 'KiB' },
    { figure: 'Font bytes used, project at its limits', value: full.fontBytes / 1024, unit: 'KiB' },
    { figure: 'Bundle added by the writer (gzip)', value: writer.gzip - empty.gzip, unit: 'KiB' },
  ]);
} finally {
  worker.stop();
}
