import { defineConfig } from 'vitest/config';

// The database and server suites: each file builds its own app and database. ADR 026: the files a worker runs share
// their loaded modules (no isolation), which halves the CPU spent loading the server again for every file.
const serverSide = { isolate: false, testTimeout: 30_000, hookTimeout: 60_000 };
/** FAST_CHECK_SEED fixes the property tests' draw (CI); see the file. */
const fastCheckSeed = new URL('./vitest.fast-check.ts', import.meta.url).pathname;

// One Vitest run with a project per workspace; tests live beside the code.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'engine',
          root: 'packages/engine',
          include: ['src/**/*.test.ts'],
          setupFiles: [fastCheckSeed],
        },
      },
      { test: { name: 'tooling', root: 'eslint', include: ['*.test.js'] } },
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'db',
          root: 'packages/db',
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/testing/global-setup.ts'],
          ...serverSide,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          setupFiles: [fastCheckSeed],
          // The template database, then pg-boss's schema in it (on PostgreSQL, ADR 037).
          globalSetup: [
            '../../packages/db/src/testing/global-setup.ts',
            'src/testing/queue-template-setup.ts',
          ],
          ...serverSide,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
