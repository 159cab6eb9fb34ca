import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localAppUrl } from './scripts/local-address';

/** `npm run dev` serves here; PORT changes it, and APP_URL follows unless it is set. */
const devPort = Number(process.env.PORT ?? 5173);
const devAppUrl = localAppUrl(devPort);

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    cloudflare({
      // Vite's hot-reload preamble is an inline script: only the dev server's CSP admits it.
      config: command === 'serve' ? (config) => ({ vars: { ...config.vars, VITE_DEV_SERVER: 'true', APP_URL: devAppUrl } }) : undefined,
    }),
  ],
  // A busy port is an error rather than a silent move to another one, which APP_URL would not follow.
  server: { port: devPort, strictPort: true },
  build: {
    // bench/bundle-size.mjs measures gzipped sizes; skipping it here keeps builds fast.
    reportCompressedSize: false,
  },
}));
