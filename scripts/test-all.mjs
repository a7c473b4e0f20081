// `npm run test:all`: installs what is missing, then runs every test tier and prints one closing summary line.
// Unit (engine, contracts, web), API on PGlite or on PostgreSQL when DATABASE_URL is set, and Playwright e2e.
import { readFileSync, mkdirSync, rmSync } from 'node:fs';
import { ensureChromium, ensureDependencies, root, run } from './lib.mjs';

ensureDependencies();
const chromium = ensureChromium();
const out = `${root}.tmp/test-results`;
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
const failedStages = [];

function addVitest(file) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests + (r.numRuntimeErrors ?? 0);
    totals.skipped += r.numPendingTests + r.numTodoTests;
  } catch {
    totals.failed += 1;
  }
}
function addPlaywright(file) {
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')).stats;
    totals.passed += s.expected + s.flaky;
    totals.flaky += s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
  } catch {
    totals.failed += 1;
  }
}

console.log(`\n== Unit and API tests (database: ${db}) ==`);
const vitestFile = `${out}/vitest.json`;
// UNIT=skip leaves out the tests that never touch a database (engine, contracts, web): CI runs them once.
const onlyDatabaseProjects = process.env.UNIT === 'skip' ? ['--project', 'server', '--project', 'db'] : [];
if (onlyDatabaseProjects.length) console.log('(Engine, contracts and web unit tests left out: UNIT=skip)');
const vitestCode = await run('npx', [
  'vitest',
  'run',
  ...onlyDatabaseProjects,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestFile}`,
]);
addVitest(vitestFile);
if (vitestCode !== 0) failedStages.push('vitest');

// CI runs the browser suite once (on PGlite) and the API and database suites on both databases: E2E=skip leaves it out.
if (process.env.E2E === 'skip') {
  console.log('\n(End-to-end tests left out: E2E=skip)');
} else {
  console.log(`\n== End-to-end tests in Chromium (database: ${db}) ==`);
  if (!chromium) {
    failedStages.push('e2e (no chromium)');
    totals.failed += 1;
  } else {
    const pwFile = `${out}/playwright.json`;
    const pwCode = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwFile, E2E_BUILD: process.env.E2E_BUILD ?? 'true' },
    });
    addPlaywright(pwFile);
    if (pwCode !== 0) failedStages.push('e2e');
  }
}

console.log(`\nTests on ${db}${failedStages.length ? ` — failed stages: ${failedStages.join(', ')}` : ''}`);
const flaky = totals.flaky ? ` (${totals.flaky} only on a retry: flaky, look at them)` : '';
console.log(`${totals.passed} passed${flaky}, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStages.length ? 1 : 0);
