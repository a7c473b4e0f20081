import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';

/** The namespaces of the public pages, fetched on their own (FIRST_NAMESPACES in src/lib/i18n.ts). */
const PUBLIC_NAMESPACES = ['common', 'shell', 'auth', 'signin'];

/** Mantine's hooks and the components of the public pages' forms (login, register, passwords). */
const PUBLIC_FORM_CONTROLS =
  /node_modules[\\/]@mantine[\\/](hooks|core[\\/]esm[\\/]components[\\/](Alert|ActionIcon|Anchor|Button|Checkbox|CloseButton|Divider|Input|InputBase|PasswordInput|TextInput|Transition|UnstyledButton))[\\/]/;

/** `locale-<culture>` for a language's texts of the signed-in screens; null for anything else. */
function signedInTexts(id: string): string | null {
  const file = /locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(id);
  return file && !PUBLIC_NAMESPACES.includes(file[2]!) ? `locale-${file[1]}` : null;
}

export default defineConfig({
  // ADR 033: every text asset is also written gzipped and brotli-compressed; the server sends the one the browser
  // accepts (@fastify/static preCompressed), so no request pays for compressing.
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // `npm run dev` runs the API on PORT (default 3000, as the server reads it).
  server: { port: 5173, proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` } },
  build: {
    outDir: 'dist',
    modulePreload: false,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // ADR 033: what the entry loads before any route (React, the router, i18next, Mantine's core, the API client)
        // is one chunk: a page's first visit fetches it in one request instead of some thirty small ones, each of
        // which costs its own response headers and compresses worse alone. Route chunks split as before.
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'] },
            // The UI library's components beyond the entry's, in two chunks rather than some forty small ones, each
            // a request of its own before a screen can render (ADR 033): the form controls the public pages use (the
            // login page fetches this one only), then what three or more screens share.
            { name: 'ui-forms', test: PUBLIC_FORM_CONTROLS },
            {
              name: 'ui',
              test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui)[\\/]/,
              minShareCount: 3,
            },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/ },
            // A language's texts beyond the public pages' namespaces: one chunk per language.
            { name: signedInTexts },
          ],
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
