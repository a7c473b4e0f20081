import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  // ADR 033: every text asset is also written gzipped and brotli-compressed; the server sends the one the browser
  // accepts (@fastify/static preCompressed), so no request pays for compressing.
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // `npm run dev` runs the API on PORT (default 3000, as the server reads it).
  server: { port: 5173, proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // ADR 033: what the entry loads before any route (React, the router, i18next, Mantine's core, the API client)
        // is one chunk: a page's first visit fetches it in one request instead of some thirty small ones, each of
        // which costs its own response headers and compresses worse alone. Route chunks split as before.
        codeSplitting: {
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
        // A language's texts are chunks of their own (ADR 033), named so that a reader of the network log (and
        // the first-load browser test) can tell which language was fetched.
        chunkFileNames: (chunk) => {
          const locale = /locales\/([^/]+)\/([^/]+)\.json$/.exec(chunk.facadeModuleId ?? '');
          return locale ? `assets/locale-${locale[1]}-${locale[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  worker: { format: 'es' },
});
