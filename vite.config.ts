import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { exportFonts } from './scripts/export-fonts.ts';
import { localVars } from './scripts/local-address.ts';
import { pdfkitInWorkers } from './scripts/pdfkit-in-workers.ts';
import { routeModuleNames } from './scripts/route-module-names.ts';

/** `npm run dev` serves here; PORT changes it, and APP_URL follows unless it is set. */
const devPort = Number(process.env.PORT ?? 5173);

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    routeModuleNames(),
    exportFonts(),
    pdfkitInWorkers(),
    cloudflare({
      // The dev server is a local run: development vars over wrangler.toml's production ones. Vite's
      // hot-reload preamble is an inline script: only the dev server's CSP admits it.
      config: command === 'serve' ? (config) => ({ vars: { ...config.vars, ...localVars(devPort), VITE_DEV_SERVER: 'true' } }) : undefined,
    }),
  ],
  // A busy port is an error rather than a silent move to another one, which APP_URL would not follow.
  server: { port: devPort, strictPort: true },
  build: {
    // bench/bundle-size.mjs measures gzipped sizes; skipping it here keeps builds fast.
    reportCompressedSize: false,
  },
  resolve: {
    alias: [
      // pdfkit's browser build: no file system, which a Worker does not have (docs/decisions/0047).
      { find: /^pdfkit$/, replacement: fileURLToPath(new URL('./node_modules/pdfkit/js/pdfkit.browser.mjs', import.meta.url)) },
    ],
  },
  environments: {
    // The Worker reads the client build's manifest to link each rendered page's CSS and
    // preload its scripts (worker/ssr/client-assets.ts, docs/decisions/0034).
    client: { build: { manifest: true } },
  },
}));
