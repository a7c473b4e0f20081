// Starts the real server for the Playwright run: built web app and server, a fresh database (embedded, or on the
// PostgreSQL server of DATABASE_URL), demo data, the administrator and one administrator per parallel worker
// (E2E_USERS) seeded, mail written to an outbox folder the tests read.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { buildWeb, root, run } from './lib.mjs';

const port = process.env.PORT ?? '3100';
const dataDir = `${root}.tmp/e2e-data-${port}`;
const webDist = process.env.E2E_WEB_DIST ?? `${root}apps/web/dist`;
rmSync(dataDir, { recursive: true, force: true });
rmSync(process.env.OUTBOX_DIR ?? `${root}.tmp/e2e-outbox-${port}`, { recursive: true, force: true });
if (!existsSync(`${webDist}/index.html`) || process.env.E2E_BUILD === 'true') {
  if ((await buildWeb(webDist)) !== 0) process.exit(1);
}
const env = {
  PGLITE_DIR: dataDir,
  WEB_DIST: webDist,
  SEED_DEMO: 'true',
  // The browser specs use the small demo portfolio; the 500-transit project is bench:list's (ADR 038).
  SEED_DEMO_LARGE: 'false',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  // PUBLIC_URL is left to its default, the address listened on (http://127.0.0.1:PORT, the tests' baseURL).
  HOST: '127.0.0.1',
  // The server shares the machine with Chromium (and, on CI, the PostgreSQL tests): niced bulk threads would starve.
  CPU_BULK_NICE: '0',
  ADMIN_EMAIL: 'admin@sealplan.local',
  ADMIN_PASSWORD: 'e2e-admin-password',
  // Webhooks (ADR 037): the webhooks spec's receiver runs on this machine, over plain http.
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_ALLOW_HTTP: 'true',
};
// DATABASE_URL names a PostgreSQL server (CI, ADR 026): the server gets a fresh database of its own there, made now,
// as the embedded one is made fresh above, so that a run never finds the rows of the one before.
if (process.env.DATABASE_URL)
  env.DATABASE_URL = await freshDatabase(process.env.DATABASE_URL, `sealplan_e2e_${port}`);
// External sign-in (ADR 018): the test identity providers run beside the app on the next two ports.
Object.assign(env, await startFakeProviders(Number(port) + 1, `http://127.0.0.1:${port}`));
// The server as production runs it: built once (ADR 019), worker pool included. E2E_BUILD=false (CI, after its
// build stage) takes the built server as it is.
if (!existsSync(`${root}apps/server/dist/server.mjs`) || process.env.E2E_BUILD !== 'false') {
  if ((await run('npm', ['run', 'build:server', '--silent'])) !== 0) process.exit(1);
}
if ((await run('node', ['apps/server/dist/seed.mjs'], { env })) !== 0) process.exit(1);
// One administrator per parallel Playwright worker (ADR 026), seeded exactly as the first one (provider
// organization, same roles), so that specs running side by side never share a user's settings or sign-ins.
for (const email of (process.env.E2E_USERS ?? '').split(',').filter(Boolean)) {
  const user = { ADMIN_EMAIL: email, ADMIN_PASSWORD: process.env.E2E_USER_PASSWORD, SEED_DEMO: 'false' };
  if ((await run('node', ['apps/server/dist/seed.mjs'], { env: { ...env, ...user } })) !== 0) process.exit(1);
}
process.exit(await run('node', ['--enable-source-maps', 'apps/server/dist/server.mjs'], { env }));

/** Drops and creates the database `name` on the server of `serverUrl`; answers its address. */
async function freshDatabase(serverUrl, name) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** Starts apps/server/src/testing/fake-providers/serve.ts; answers the app's environment for them. */
function startFakeProviders(basePort, appUrl) {
  // node itself (tsx as a loader), so that stopping this child stops the providers.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/testing/fake-providers/serve.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, FAKE_PROVIDERS_PORT: String(basePort), APP_URL: appUrl },
    },
  );
  process.on('exit', () => child.kill('SIGTERM'));
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      child.kill('SIGTERM');
      process.exit(0);
    });
  }
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve(JSON.parse(line)));
    child.once('exit', (code) => reject(new Error(`fake identity providers exited (${code})`)));
  });
}
