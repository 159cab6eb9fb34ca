import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { DEFAULT_DEV_PORT, localPort, localVars } from './scripts/local-dev.ts';

export default defineConfig(({ command }) => {
  // `vite dev` is a local run: development settings, APP_URL from the port
  // served. strictPort: a silently moved port would leave APP_URL, and e-mail links, on the old one.
  const port = localPort(process.env, DEFAULT_DEV_PORT);
  const local = command === 'serve';
  return {
    plugins: [
      react(),
      cloudflare({
        // Vite's hot-reload preamble is an inline script: only the dev server's CSP admits it.
        config: local ? (config) => ({ vars: { ...config.vars, ...localVars(port, process.env), VITE_DEV_SERVER: 'true' } }) : undefined,
      }),
    ],
    server: { port, strictPort: true },
    build: {
      // bench/bundle-size.mjs measures gzipped sizes; skipping it here keeps builds fast.
      reportCompressedSize: false,
    },
  };
});
