import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    cloudflare({
      // Vite's hot-reload preamble is an inline script: only the dev server's CSP admits it.
      config: command === 'serve' ? (config) => ({ vars: { ...config.vars, VITE_DEV_SERVER: 'true' } }) : undefined,
    }),
  ],
  build: {
    // bench/bundle-size.mjs measures gzipped sizes; skipping it here keeps builds fast.
    reportCompressedSize: false,
  },
  environments: {
    // The Worker reads the client build's manifest to link each rendered page's CSS and
    // preload its scripts (worker/ssr/client-assets.ts, docs/decisions/0034).
    client: { build: { manifest: true } },
  },
}));
