// `npm run test:all`: installs what is missing, then runs every test tier and prints one closing summary line.
// Unit (engine, contracts, web), API on PGlite or on PostgreSQL when DATABASE_URL is set, and Playwright e2e.
import { readFileSync, mkdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { databaseFreeTests } from './database-free-tests.mjs';
import { ensureChromium, ensureDependencies, root, run } from './lib.mjs';

ensureDependencies();
const chromium = ensureChromium();
const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
// A folder per database and tier: CI runs the API pass beside the browser suite (ADR 026), on one PostgreSQL server.
const out = `${root}.tmp/test-results/${db.toLowerCase()}${process.env.VITEST === 'skip' ? '-browser' : ''}`;
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
const failedStages = [];
// The failed tests by name, printed again under the closing summary: a long run's log is often read from its end.
const failedTests = [];

function addVitest(file) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests + (r.numRuntimeErrors ?? 0);
    totals.skipped += r.numPendingTests + r.numTodoTests;
    for (const file of r.testResults ?? []) {
      const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failed) failedTests.push(`${file.name.replace(root, '')} › ${t.fullName}`);
      if (!failed.length && file.status === 'failed')
        failedTests.push(`${file.name.replace(root, '')}: ${file.message}`);
    }
  } catch {
    totals.failed += 1;
  }
}
// Playwright's report nests suites (file, describe) around specs; a spec's last result is what counted.
function playwrightFailures(suite, path = []) {
  const here = suite.title ? [...path, suite.title] : path;
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? []) {
      const last = test.results?.at(-1);
      if (test.status === 'unexpected')
        failedTests.push(
          `${[...here, spec.title].join(' › ')}${last?.error?.message ? `: ${firstLine(last.error.message)}` : ''}`,
        );
    }
  for (const child of suite.suites ?? []) playwrightFailures(child, here);
}
function firstLine(text) {
  // Playwright's messages carry terminal colours.
  return (
    stripVTControlCharacters(text)
      .split('\n')
      .find((line) => line.trim()) ?? ''
  );
}
function addPlaywright(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    for (const suite of report.suites ?? []) playwrightFailures(suite);
    for (const error of report.errors ?? [])
      failedTests.push(`(outside any test) ${firstLine(error.message ?? '')}`);
    const s = report.stats;
    totals.passed += s.expected + s.flaky;
    totals.flaky += s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
  } catch {
    totals.failed += 1;
  }
}

// VITEST=skip leaves out the unit and API tests (CI runs them in a stage of their own before the browser suite).
if (process.env.VITEST === 'skip') console.log('\n(Unit and API tests left out: VITEST=skip)');
else await runVitest();

async function runVitest() {
  console.log(`\n== Unit and API tests (database: ${db}) ==`);
  const vitestFile = `${out}/vitest.json`;
  // UNIT=skip leaves out the tests that never touch a database: CI runs them once. Those are the engine, contracts
  // and web projects, and the server's and database package's test files that reach no database (document writers,
  // file readers, plugins: found from their imports, scripts/database-free-tests.mjs). The built-server test
  // (apps/server/src/build.test.ts) runs on its own embedded database whatever DATABASE_URL says, so it belongs to
  // the once-only part too. Exclude patterns are relative to each project's root.
  const onceOnly = [
    'src/build.test.ts',
    ...new Set([...databaseFreeTests(`${root}apps/server`), ...databaseFreeTests(`${root}packages/db`)]),
  ];
  const onlyDatabaseProjects =
    process.env.UNIT === 'skip'
      ? ['--project', 'server', '--project', 'db', ...onceOnly.flatMap((file) => ['--exclude', file])]
      : [];
  if (onlyDatabaseProjects.length)
    console.log(
      `(Unit tests that reach no database left out: UNIT=skip. Engine, contracts, web, and ${onceOnly.join(', ')})`,
    );
  // Vitest runs (cores - 1) test files at once by default: one on a 2-core CI machine. Its main process is mostly
  // idle once the files are collected, so every core runs a file (ADR 026). VITEST_MAX_WORKERS overrides it: CI's
  // PostgreSQL pass runs beside the browser suite, which already fills the cores, and more files at once there only
  // stretch each test towards its timeout.
  const workers = Number(process.env.VITEST_MAX_WORKERS) || availableParallelism();
  // VITEST_TEST_TIMEOUT (ms) replaces the configured per-test time-out: a time-out is there to end a hang, and a
  // tier that shares a busy machine (CI's PostgreSQL pass) needs more room than one that has it alone.
  const timeout = Number(process.env.VITEST_TEST_TIMEOUT) || 0;
  const vitestCode = await run('npx', [
    'vitest',
    'run',
    `--maxWorkers=${workers}`,
    ...(timeout ? [`--testTimeout=${timeout}`, `--hookTimeout=${2 * timeout}`] : []),
    ...onlyDatabaseProjects,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestFile}`,
  ]);
  addVitest(vitestFile);
  if (vitestCode !== 0) failedStages.push('vitest');
}

// CI runs the browser suite once (on PGlite) and the API and database suites on both databases: E2E=skip leaves it out.
if (process.env.E2E === 'skip') {
  console.log('\n(End-to-end tests left out: E2E=skip)');
} else {
  console.log(`\n== End-to-end tests in Chromium (database: ${db}) ==`);
  if (!chromium) {
    failedStages.push('e2e (no chromium)');
    totals.failed += 1;
  } else {
    // ADR 026: the projects of e2e/playwright.config.ts: the per-user specs in parallel, then the specs that change
    // global data alone, on a fresh server.
    // The first run builds the web app and the server (unless E2E_BUILD=false: CI built them); the second reuses them.
    let build = process.env.E2E_BUILD ?? 'true';
    for (const project of ['per-user', 'global-data']) {
      const pwFile = `${out}/playwright-${project}.json`;
      const pwCode = await run(
        'npx',
        ['playwright', 'test', '-c', 'e2e/playwright.config.ts', `--project=${project}`],
        { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwFile, E2E_BUILD: build } },
      );
      build = 'false';
      addPlaywright(pwFile);
      if (pwCode !== 0) failedStages.push(`e2e ${project}`);
    }
  }
}

console.log(`\nTests on ${db}${failedStages.length ? ` — failed stages: ${failedStages.join(', ')}` : ''}`);
const flaky = totals.flaky ? ` (${totals.flaky} only on a retry: flaky, look at them)` : '';
console.log(`${totals.passed} passed${flaky}, ${totals.failed} failed, ${totals.skipped} skipped`);
if (failedTests.length) console.log(`Failed:\n${failedTests.map((t) => `  ✗ ${t}`).join('\n')}`);
process.exit(failedStages.length ? 1 : 0);
