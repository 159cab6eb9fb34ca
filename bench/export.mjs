// The project export (docs/decisions/0046-project-export.md): time and size of each format for a
// project at its limits (100 memory entries with 30 competitors and 3 personas, 500 canvas notes),
// against a bare baseline in the same run: the same project as JSON (JSON.stringify, as the
// account export writes it). The export's own code is bundled for Node with esbuild and run here,
// on the V8 that workerd also uses; the PDF reads its fonts from the build (dist/client).
//   node bench/export.mjs [--no-build] [--runs N]
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { buildProduct, recordFigures, root } from './support.mjs';

const argument = (name, fallback) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const RUNS = argument('--runs', 5);

buildProduct();

const entry = `
export { buildExportDocument } from './worker/services/export/document.ts';
export { writeMarkdown } from './worker/services/export/markdown.ts';
export { writeDocx } from './worker/services/export/docx.ts';
export { writePdf } from './worker/services/export/pdf.ts';
export { asEntries, canvasItems, fullMemoryContents } from './tests/fixtures/full-project.ts';
`;
const outfile = join(root, 'bench/.tmp/export-bundle.mjs');
await build({
  stdin: { contents: entry, resolveDir: root, loader: 'ts' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile,
  logLevel: 'warning',
  banner: { js: "import { createRequire as createBenchRequire } from 'node:module'; const require = createBenchRequire(import.meta.url);" },
});
const exporter = await import(pathToFileURL(outfile).href);

const project = {
  name: 'Clinic waitlist: ș ț 诊所',
  memory: exporter.asEntries(exporter.fullMemoryContents()),
  canvas: exporter.canvasItems(500),
  research: { pages: [], truncated: false },
  sourceReadAt: {},
  appUrl: 'https://launchmate.example',
};
const loadFont = (path) =>
  readFile(join(root, 'dist/client', path)).then((buffer) => buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
const request = { phases: [1, 2, 3, 4], includeCanvas: true };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function measure(make) {
  const times = [];
  let size = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const output = await make();
    times.push(performance.now() - started);
    size = typeof output === 'string' ? Buffer.byteLength(output) : output.byteLength;
  }
  return { ms: median(times), kb: size / 1024 };
}

const document = () => exporter.buildExportDocument(project, request);
const results = {
  'JSON (baseline)': await measure(() => JSON.stringify(project)),
  Markdown: await measure(() => exporter.writeMarkdown(document())),
  'Word (.docx)': await measure(() => exporter.writeDocx(document())),
  PDF: await measure(() => exporter.writePdf(document(), loadFont)),
};
const baseline = results['JSON (baseline)'];
console.log(`Export of a project at its limits (median of ${RUNS} runs):`);
for (const [format, { ms, kb }] of Object.entries(results)) {
  console.log(
    `  ${format.padEnd(16)} ${ms.toFixed(1).padStart(8)} ms (${(ms / baseline.ms).toFixed(1)}x baseline)  ${kb.toFixed(1).padStart(8)} KB (${(kb / baseline.kb).toFixed(2)}x)`,
  );
}
recordFigures(
  'export',
  Object.entries(results).flatMap(([format, { ms, kb }]) => [
    { figure: `export ${format} time`, value: Number(ms.toFixed(1)), unit: 'ms' },
    { figure: `export ${format} size`, value: Number(kb.toFixed(1)), unit: 'KB' },
  ]),
);
