// Browser benchmarks (bench/<name>/run.ts: typing, list): builds the web app, starts the real server on a fresh
// embedded database with the demo seed, then drives Chromium through bench/<name>/run.ts, which prints its figures.
// Usage: node scripts/bench-browser.mjs <name> <default port>, as `npm run bench:typing` and `npm run bench:list`
// (env: BENCH_PORT to use another port, BENCH_BUILD=false to reuse an existing build).
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { buildWeb, root, run } from './lib.mjs';

const [name, defaultPort] = process.argv.slice(2);
if (!name || !existsSync(`${root}bench/${name}/run.ts`) || !defaultPort) {
  console.error('Usage: node scripts/bench-browser.mjs <name of a bench/<name>/run.ts> <default port>');
  process.exit(2);
}
const port = process.env.BENCH_PORT ?? defaultPort;
const webDist = process.env.BENCH_WEB_DIST ?? `${root}.tmp/bench-${name}-dist`;
const dataDir = `${root}.tmp/bench-${name}-data-${port}`;

if (!existsSync(`${webDist}/index.html`) || process.env.BENCH_BUILD !== 'false') {
  console.log('Building the web app…');
  if ((await buildWeb(webDist)) !== 0) process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
const env = {
  PORT: port,
  PGLITE_DIR: dataDir,
  WEB_DIST: webDist,
  SEED_DEMO: 'true',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  ADMIN_EMAIL: 'admin@sealplan.local',
  ADMIN_PASSWORD: 'bench-admin-password',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  OUTBOX_DIR: `${root}.tmp/bench-${name}-outbox`,
};
if ((await run('npx', ['tsx', 'apps/server/src/cli/seed.ts'], { env })) !== 0) process.exit(1);

const server = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  env: { ...process.env, ...env },
  stdio: 'inherit',
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});

const baseUrl = `http://127.0.0.1:${port}`;
const deadline = Date.now() + 120_000;
for (;;) {
  try {
    if ((await fetch(`${baseUrl}/api/health`)).ok) break;
  } catch {
    /* not up yet */
  }
  if (Date.now() > deadline) {
    console.error('The server did not start within 120 s.');
    stop();
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 500));
}

const code = await run('npx', ['tsx', `bench/${name}/run.ts`], {
  env: { BENCH_URL: baseUrl, BENCH_USER: env.ADMIN_EMAIL, BENCH_PASSWORD: env.ADMIN_PASSWORD },
});
stop();
process.exit(code);
