// Builds the server once for production (ADR 019): the TypeScript of the server and of the internal packages
// (@sealplan/engine, contracts, db, consumed as source) is bundled by esbuild into dist/, so `npm start` runs
// plain JavaScript instead of compiling every module through a runtime loader at each start. Packages from
// node_modules stay external (loaded as installed). Outputs:
//   dist/server.mjs      the HTTP server (src/server.ts)
//   dist/seed.mjs        the start command's migrate-and-seed step (src/cli/seed.ts)
//   dist/cpu-worker.mjs  the worker pool's thread entry (the pool loads ./cpu-worker.mjs beside itself)
//   dist/pglite-worker.mjs  the embedded database's thread (packages/db loads ./pglite-worker.mjs beside itself)
// dist/ sits beside src/, so paths the code resolves from its own file (../package.json, ../../web/dist) hold.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const outdir = fileURLToPath(new URL('./dist', import.meta.url));
rmSync(outdir, { recursive: true, force: true });

/** Bare imports stay external, except the workspace's own packages, which are TypeScript source to bundle. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@sealplan/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
await build({
  absWorkingDir: here,
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/cli/seed.ts',
    'cpu-worker': 'src/workers/cpu-worker-entry.ts',
    'pglite-worker': '../../packages/db/src/pglite-thread/pglite-worker.mjs',
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: `node${process.versions.node.split('.')[0]}`,
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
  // Names stay readable in stack traces and CPU profiles.
  minify: false,
  legalComments: 'none',
  banner: { js: `// Built from apps/server/src by apps/server/build.mjs; do not edit.` },
});
const version = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).version;
process.stdout.write(
  `Server ${version} built into apps/server/dist in ${Math.round(performance.now() - started)} ms.\n`,
);
