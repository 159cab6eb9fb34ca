import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), cloudflare()],
  build: {
    // Report sizes honestly; bench/bundle-size.ts measures the gzipped initial load.
    reportCompressedSize: false,
  },
  server: { port: 5173 },
});
