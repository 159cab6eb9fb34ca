// Measures the JavaScript a first visit to `/` downloads (the entry chunk, the chunks it imports
// statically, and the lazy route chunks of the landing page), gzipped, against a bare floor
// built in the same run: React 19 + react-dom + React Router's data router rendering one route.
//
//   node bench/bundle-size.mjs            build the product, build the floor, print both
//   node bench/bundle-size.mjs --no-build use the existing dist/client
import react from '@vitejs/plugin-react';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { buildProduct, recordFigures, root } from './support.mjs';

const LANDING_ROUTE_CHUNKS = ['MarketingLayout', 'Landing'];

const gzipKb = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

/** A chunk and everything it imports statically, transitively. */
function staticClosure(assetsDir, chunk, seen = new Set()) {
  if (seen.has(chunk)) return seen;
  seen.add(chunk);
  const code = readFileSync(join(assetsDir, chunk), 'utf8');
  for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) staticClosure(assetsDir, match[1], seen);
  return seen;
}

function initialJs(distDir, lazyChunkNames) {
  const assetsDir = join(distDir, 'assets');
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entry = /<script type="module" crossorigin src="\/assets\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error(`No entry script in ${distDir}/index.html`);
  const files = staticClosure(assetsDir, entry);
  const all = readdirSync(assetsDir);
  for (const name of lazyChunkNames) {
    const chunk = all.find((file) => file.startsWith(`${name}-`) && file.endsWith('.js'));
    if (!chunk) throw new Error(`No chunk named ${name} in ${assetsDir}`);
    staticClosure(assetsDir, chunk, files);
  }
  const sizes = [...files].map((file) => ({ file, kb: gzipKb(join(assetsDir, file)) })).sort((a, b) => b.kb - a.kb);
  return { sizes, totalKb: sizes.reduce((sum, { kb }) => sum + kb, 0) };
}

async function buildFloor() {
  const dir = join(root, 'bench/.tmp/floor');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/main.jsx"></script>');
  writeFileSync(
    join(dir, 'main.jsx'),
    `import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
const router = createBrowserRouter([{ path: '/', Component: () => <h1>Hello</h1> }]);
createRoot(document.getElementById('root')).render(<RouterProvider router={router} />);
`,
  );
  await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir: join(dir, 'dist'), emptyOutDir: true },
  });
  return initialJs(join(dir, 'dist'), []);
}

buildProduct();
const product = initialJs(join(root, 'dist/client'), LANDING_ROUTE_CHUNKS);
const floor = await buildFloor();

console.log('Initial JavaScript of / (gzip -9):');
for (const { file, kb } of product.sizes) console.log(`  ${kb.toFixed(1).padStart(6)} KB  ${file}`);
console.log(`  ${product.totalKb.toFixed(1).padStart(6)} KB  total`);
console.log(`Bare floor (React + react-dom + data router): ${floor.totalKb.toFixed(1)} KB`);
console.log(`Above the floor: ${(product.totalKb - floor.totalKb).toFixed(1)} KB (ratio ${(product.totalKb / floor.totalKb).toFixed(2)})`);
recordFigures('bundle-size', [
  { figure: 'initial JS of / (gzip)', value: product.totalKb, unit: 'KB' },
  { figure: 'bare React + router floor (gzip)', value: floor.totalKb, unit: 'KB' },
]);
