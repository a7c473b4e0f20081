import { defineConfig } from 'vitest/config';

// One Vitest run with a project per workspace; tests live beside the code.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'engine', root: 'packages/engine', include: ['src/**/*.test.ts'] } },
      { test: { name: 'tooling', root: 'eslint', include: ['*.test.js'] } },
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'db',
          root: 'packages/db',
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['../../packages/db/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
