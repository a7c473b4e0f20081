// The browser suite (ADR 026). Two projects:
// - `per-user`: every spec that changes only its own user's data (language, units, bookmarks, customers and
//   projects it creates). Each worker signs in as its own administrator (support/session.ts, support/fixtures.ts),
//   so these specs run in parallel (E2E_WORKERS, 2 by default: one per core of the CI machine).
// - `global-data`: the specs that change what every user sees (site settings, translations, catalogue, content,
//   menu, products, e-mail templates, account approval, the seeded administrator's own sign-ins). One worker, as
//   the seeded administrator; `npm run test:all` runs it after `per-user`, never beside it.
// Rule for a new spec: sign in with the helpers of support/session.ts (or the `account` fixture) and add nothing
// here; if it changes global data, add its file name to GLOBAL_DATA_SPECS. See e2e/README.md.
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_OUTBOX = new URL(`../.tmp/e2e-outbox-${PORT}`, import.meta.url).pathname;
/** Parallel workers of the per-user project; the e2e server seeds one administrator for each. */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
export const PER_USER_PROJECT = 'per-user';
export const GLOBAL_DATA_PROJECT = 'global-data';
/** The per-worker administrators' password (scripts/e2e-server.mjs seeds them). */
export const WORKER_PASSWORD = 'e2e-worker-password';
/** The administrator of parallel worker `index` (its parallelIndex: 0 … E2E_WORKERS - 1). */
export const workerEmail = (index: number) => `e2e-worker-${index}@sealplan.local`;

/** Specs that change data every user sees: run alone, one at a time, as the seeded administrator. */
const GLOBAL_DATA_SPECS = [
  'accounts.spec.ts',
  'admin-accounts.spec.ts',
  'catalogue.spec.ts',
  'content-admin.spec.ts',
  'content-words.spec.ts',
  'external-sign-in.spec.ts',
];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.tmp/test-results/playwright.json' },
    ],
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace (DOM snapshots and a screencast of every action) cost about 40 % of the suite's CPU when
    // every test recorded one: a failing test is traced on its retry instead (CI retries once; locally --trace on).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: PER_USER_PROJECT, testIgnore: GLOBAL_DATA_SPECS },
    { name: GLOBAL_DATA_PROJECT, testMatch: GLOBAL_DATA_SPECS, workers: 1 },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      OUTBOX_DIR: E2E_OUTBOX,
      E2E_USERS: Array.from({ length: E2E_WORKERS }, (_, i) => workerEmail(i)).join(','),
      E2E_USER_PASSWORD: WORKER_PASSWORD,
      ...(process.env.E2E_WEB_DIST ? { E2E_WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
