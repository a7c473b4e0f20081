// API cost per request (ADR 019). For each database (PostgreSQL, then PGlite) it prepares a fresh
// database, seeds an organization, a signed-in user and a project of PROJECT_TRANSITS transits × ITEM_LINES item
// lines (sized as a save sizes them), starts the server as production runs it (the built bundle, NODE_ENV
// production, LOG_LEVEL info) and loads it with wrk (autocannon without it) over CONNECTIONS keep-alive connections:
//   GET /api/health, GET /api/auth/current-user, POST /api/project/getProjectAndTransits,
// the other reads the web app makes when a page loads (pages: settings, texts, menu, industries, dashboard, site
// counts, catalogue, item types, project site, customers, recent projects),
// then 200 users each reading the project every 2 s (100 reads a second, each user at a phase of its own:
// users-load.ts) for the p99.
// Every request to the server says what a browser's says in Accept-Encoding (BROWSER_ACCEPT_ENCODING), so an answer
// of 1 kB or more is compressed as a browser gets it (ADR 033) and its compression is counted.
// The server's CPU time (user + system, every thread, read from /proc) divided by the requests it answered is
// compared with a bare node:http server answering a small JSON body in the same run, so the load generator's own
// speed does not count. Figures are noisy on a shared machine: the load average is printed beside them, each load
// is compared with a floor measured right before it, and the loads run in ROUNDS rounds (3 unless --rounds says
// otherwise) whose median ratio is the figure a target is read from.
//
//   npm run bench:api                                  both databases, the built server
//   npm run bench:api -- --db postgres --duration 20   one database, longer runs
//   npm run bench:api -- --server source               the TypeScript source through tsx (how it ran before)
//   npm run bench:api -- --cpu-prof /tmp/prof          also writes the server's V8 CPU profile there
//   npm run bench:api -- --loads read                  only some loads (health,user,read,pages,users), e.g. to profile one
//   npm run bench:api -- --loads pages --reads translations   only the page reads whose name holds a word of the list
//   npm run bench:api -- --client wrk                  load with wrk (the floor too), the default when it is installed:
//   npm run bench:api -- --client autocannon           autocannon, the default otherwise, in-process; it
//                                                      reads large answers slowly, which spreads their requests out
//   npm run bench:api -- --rounds 1                    one round (quicker, noisier)
//   npm run bench:api -- --node-args "--max-semi-space-size=32"   flags for the server's node (to try a setting)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/sealplan_bench_api npm run bench:api   (dropped and re-created)

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createDb, type DbHandle } from '@sealplan/db';
import { createUserWithToken } from '../../apps/server/src/testing/factories';
import { createProjectServices } from '../../apps/server/src/modules/projects/project-services';
import { createCatalogueRepository } from '../../apps/server/src/modules/catalogue/catalogue.repository';
import { createInlineCpu } from '../../apps/server/src/workers/inline-cpu';
import { seedContentData } from '../../apps/server/src/modules/content/content.seed';
import { percentile, runUsersLoad } from './users-load';
import { preparePostgres, waitForHttp } from '../server-process';

/**
 * Targets (ADR 019, ADR 038): server CPU per request over the bare server's, and the p99 of the 200-user load.
 * Every read the web app makes when a page loads (the shell, the dashboard, the project page, the forms' lists)
 * is held to PAGE_READ.
 */
const TARGET_RATIO = { health: 5, currentUser: 8, projectRead: 10, pageRead: 10 } as const;
const TARGET_P99_MS = 50;
const PROJECT_TRANSITS = 4;
const ITEM_LINES = 8;
const CONNECTIONS = 50;
const REQUEST_TIMEOUT_S = 30;
/** What Chromium and Firefox send: the server's compression of a large answer is part of what a page load costs. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const USERS = 200;
const USER_INTERVAL_S = 2;
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/sealplan_bench_api';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILT_SERVER = join(ROOT, 'apps/server/dist/server.mjs');
const SOURCE_SERVER = join(ROOT, 'apps/server/src/server.ts');
/** Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ). */
const CLOCK_TICKS_PER_S = 100;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const DURATION_S = Number(arg('duration', '10'));
const WARMUP_S = Number(arg('warmup', '3'));
const ROUNDS = Number(arg('rounds', '3'));
const DATABASES = arg('db', 'both') === 'both' ? ['postgres', 'pglite'] : [arg('db', 'both')];
const SERVER_FORM = arg('server', 'built');
const CPU_PROF_DIR = arg('cpu-prof', '');
const PORT = Number(arg('port', '3171'));
const NODE_ARGS = arg('node-args', '').split(' ').filter(Boolean);
/**
 * The load generator: wrk (Debian's package) when it is installed, else autocannon (in-process), unless `--client`
 * names one. Autocannon reads large answers slowly, which spreads their requests out (ADR 038).
 */
const WRK_INSTALLED = spawnSync('wrk', ['-v'], { encoding: 'utf8' }).error === undefined;
const CLIENT = arg('client', WRK_INSTALLED ? 'wrk' : 'autocannon');
if (CLIENT !== 'autocannon' && CLIENT !== 'wrk') throw new Error('--client is autocannon or wrk');
const LOADS = new Set(arg('loads', 'health,user,read,pages,users').split(','));
/** Only the page reads whose name holds one of these (comma list), e.g. to profile one. */
const READS = arg('reads', '').split(',').filter(Boolean);
const BARE_PORT = PORT + 1;
if (!DATABASES.every((d) => d === 'postgres' || d === 'pglite'))
  throw new Error('--db is postgres, pglite or both');
if (SERVER_FORM !== 'built' && SERVER_FORM !== 'source') throw new Error('--server is built or source');

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** CPU milliseconds (user + system, all threads) the process has used so far. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const ended = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await ended;
}

/**
 * A bare node:http server answering the size of JSON body /api/health answers: the floor of this machine. On
 * /bytes/N it answers N bytes of JSON instead: the floor for an answer as large as the project read's.
 */
function startBareServer(): ChildProcess {
  const body = JSON.stringify({
    success: true,
    data: {
      status: 'ok',
      database: { kind: 'postgres', reachable: true },
      version: '0.1.0',
      uptimeSeconds: 1,
    },
    messages: [],
  });
  const source = `const small = ${JSON.stringify(body)}; const sized = new Map();
    require('node:http').createServer((q, s) => {
      const n = q.url.startsWith('/bytes/') ? Number(q.url.slice(7)) : 0;
      if (n && !sized.has(n)) sized.set(n, JSON.stringify({ data: 'x'.repeat(Math.max(0, n - 11)) }));
      s.writeHead(200, { 'content-type': 'application/json' });
      s.end(n ? sized.get(n) : small);
    }).listen(${BARE_PORT}, '127.0.0.1');`;
  return spawn(process.execPath, ['-e', source], { stdio: 'ignore' });
}

interface Figures {
  requests: number;
  errors: number;
  reqPerS: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
}

interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
}

/** A Lua script for wrk that sends the load's method and body (wrk sends GET without a body otherwise). */
const wrkScripts = new Map<string, string>();
function wrkScript(options: LoadOptions): string | null {
  if ((options.method ?? 'GET') === 'GET' && options.body === undefined) return null;
  const key = `${options.method ?? 'GET'} ${options.body ?? ''}`;
  const kept = wrkScripts.get(key);
  if (kept) return kept;
  const file = join(mkdtempSync(join(tmpdir(), 'sealplan-wrk-')), 'load.lua');
  wrkScripts.set(key, file);
  writeFileSync(
    file,
    `wrk.method = ${JSON.stringify(options.method ?? 'GET')}\n` +
      (options.body === undefined ? '' : `wrk.body = ${JSON.stringify(options.body)}\n`),
  );
  return file;
}

/** wrk's duration figures ("850.00us", "1.20ms", "2.00s") in milliseconds. */
function wrkMs(figure: string): number {
  const value = parseFloat(figure);
  if (figure.endsWith('us')) return value / 1000;
  if (figure.endsWith('ms')) return value;
  if (figure.endsWith('m')) return value * 60_000;
  return value * 1000;
}

/**
 * One load by wrk (C, one thread): the same connections, headers and body as autocannon's. Autocannon parses every
 * answer in JavaScript and reads large compressed answers slowly (about 3,500 a second of 20 kB here), so the
 * requests of a large read arrive spread out and share fewer session statements (ADR 038); wrk reads them as fast
 * as the server writes them.
 */
function runWrk(options: LoadOptions, durationS: number) {
  const script = wrkScript(options);
  const args = [
    '-t1',
    `-c${options.connections ?? CONNECTIONS}`,
    `-d${durationS}s`,
    `--timeout`,
    `${REQUEST_TIMEOUT_S}s`,
    '--latency',
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    ...(script ? ['-s', script] : []),
    options.url,
  ];
  const run = spawnSync('wrk', args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk failed (is it installed? apt-get install wrk): ${run.stderr}`);
  const out = run.stdout;
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN);
  const failed =
    Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) +
    [...out.matchAll(/(?:connect|read|write|timeout) (\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
  return {
    requests,
    failed,
    reqPerS: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p50: wrkMs(/ 50%\s+(\S+)/.exec(out)?.[1] ?? 'NaN'),
    p99: wrkMs(/ 99%\s+(\S+)/.exec(out)?.[1] ?? 'NaN'),
  };
}

async function runLoad(pid: number, options: LoadOptions): Promise<Figures> {
  if (CLIENT === 'wrk') {
    runWrk(options, WARMUP_S);
    const before = cpuMs(pid);
    const result = runWrk(options, DURATION_S);
    const used = cpuMs(pid) - before;
    if (result.failed >= result.requests) throw new Error(`${options.url}: every request failed`);
    return { ...result, errors: result.failed, cpuMsPerRequest: used / result.requests };
  }
  const base = {
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? CONNECTIONS,
    // A request unanswered this long counts as failed (and is printed as such).
    timeout: REQUEST_TIMEOUT_S,
  };
  await autocannon({ ...base, duration: WARMUP_S });
  const before = cpuMs(pid);
  const result = await autocannon({ ...base, duration: DURATION_S });
  const used = cpuMs(pid) - before;
  const answered = result.requests.total;
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed >= answered) throw new Error(`${options.url}: every request failed`);
  return {
    requests: answered,
    errors: failed,
    reqPerS: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: used / answered,
  };
}

/** The organization, user, customer and project the loads read; sized on this thread, before the server starts. */
async function seed(db: DbHandle) {
  await db.migrate();
  const catalogueRepo = createCatalogueRepository(db.db);
  await catalogueRepo.seedIndustries();
  await catalogueRepo.seed();
  // The menu, texts and templates a real installation starts with: the menu read answers the seeded sidebar.
  await seedContentData(db.db);
  const user = await createUserWithToken(db.db, { ttlMs: 24 * 3_600_000 });
  const orgId = user.organizationId!;
  const services = createProjectServices(db.db, () => new Date(), createInlineCpu());
  const customer = await services.customers.saveOne(orgId, {
    name: 'Bench Yards',
    industryId: 'OFF_SHORE',
    contactFirstName: 'Ingrid',
    contactLastName: 'Hansen',
    contactPhone: '+47 55 123 456',
    contactEmail: 'ingrid@example.com',
  });
  const project = await services.projects.saveOne(orgId, user.id, {
    name: 'Bench project',
    customerId: customer.id,
    industryId: 'OFF_SHORE',
    description: 'Four transits of eight item lines',
  });
  for (let t = 0; t < PROJECT_TRANSITS; t++) {
    await services.transits.savePenetratingItemsAndTransit(orgId, {
      transit: {
        projectId: project.id,
        name: `Bulkhead ${t + 1}`,
        shape: 'RECTANGLE',
        widthMm: 400,
        heightMm: 300,
        penetratingItemTypeId: 'CABLE',
        transitTypeId: 'NOFIRNO',
        classId: 'A_60_CLASS',
        sealantType: 'NOFIRNO_SEALANT',
        sealantDepth: 'DOUBLE',
        depthMm: 150,
      },
      penetratingItems: Array.from({ length: ITEM_LINES }, (_, i) => ({
        quantity: 3,
        outerDiameterMm: 12 + 4 * i,
        crusherId: null,
        sort: i,
      })),
    } as never);
  }
  return { token: user.token, projectId: project.id };
}

function startServer(kind: string, env: Record<string, string>): ChildProcess {
  const profile = CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${join(CPU_PROF_DIR, kind)}`] : [];
  const args =
    SERVER_FORM === 'built'
      ? [...NODE_ARGS, ...profile, BUILT_SERVER]
      : [...NODE_ARGS, ...profile, '--import', 'tsx', SOURCE_SERVER];
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const row = (name: string, f: Figures, floor: Figures | null, target?: number) => {
  const ratio = floor ? f.cpuMsPerRequest / floor.cpuMsPerRequest : NaN;
  const verdict =
    target === undefined ? '' : ratio <= target ? `  ≤ ${target}× met` : `  > ${target}× MISSED`;
  return (
    `  ${name.padEnd(34)} ${f.reqPerS.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(3)} ms  ` +
    `p99 ${String(f.p99).padStart(4)} ms  ${f.cpuMsPerRequest.toFixed(3)} CPU-ms/req` +
    (f.errors ? `  ${f.errors} FAILED (errors, timeouts or non-2xx)` : '') +
    (floor ? `  ${ratio.toFixed(1)}× floor${verdict}` : '')
  );
};

async function benchDatabase(kind: string) {
  let serverEnv: Record<string, string>;
  let cleanup = () => {};
  let db: DbHandle;
  if (kind === 'postgres') {
    const url = process.env.DATABASE_URL ?? DEFAULT_PG_URL;
    await preparePostgres(url);
    db = await createDb(url);
    serverEnv = { DATABASE_URL: url };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'sealplan-bench-api-'));
    db = await createDb(dir);
    serverEnv = { DATABASE_URL: '', PGLITE_DIR: dir };
    cleanup = () => rmSync(dir, { recursive: true, force: true });
  }
  const { token, projectId } = await seed(db);
  await db.close();

  const bare = startBareServer();
  const server = startServer(kind, serverEnv);
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitForHttp(`http://127.0.0.1:${BARE_PORT}/`, bare);
    await waitForHttp(`${base}/api/health`, server);
    const browser = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    const auth = { ...browser, authorization: `Bearer ${token}` };
    const read = {
      url: `${base}/api/project/getProjectAndTransits`,
      method: 'POST' as const,
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ projectId }),
    };
    const probe = await fetch(read.url, read);
    // The answer's JSON as the server writes it (fetch undoes the compression it travelled in).
    const text = await probe.text();
    const answer = JSON.parse(text) as { data: { transits: unknown[] } };
    if (!answer.data) throw new Error(`the project read failed: ${text}`);
    const readBytes = Buffer.byteLength(text);
    if (answer.data.transits.length !== PROJECT_TRANSITS) throw new Error('the project read misses transits');

    console.log(
      `\n${kind} (${SERVER_FORM} server, load ${load()}, loaded by ${CLIENT}` +
        `${CLIENT === 'autocannon' && !WRK_INSTALLED ? ': wrk is not installed (apt-get install wrk)' : ''}); ` +
        `project read answers ${readBytes} bytes`,
    );
    // Each round measures the floor again right before the loads it is compared with; the summary takes the
    // median ratio over the rounds, so one noisy moment of a shared machine does not decide a target.
    const ratios = new Map<string, number[]>();
    const note = (name: string, f: Figures, floor: Figures) =>
      ratios.set(name, [...(ratios.get(name) ?? []), f.cpuMsPerRequest / floor.cpuMsPerRequest]);
    const post = (path: string, body: unknown = {}): LoadOptions => ({
      url: `${base}${path}`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const get = (path: string): LoadOptions => ({ url: `${base}${path}`, headers: auth });
    // What the web app asks for when a page loads, as it asks (apps/web: lib/, features/*/api).
    const pageReads: [string, LoadOptions][] = [
      ['GET /api/settings', get('/api/settings')],
      ['GET /api/translations/all', get('/api/translations/all?culture=en-US')],
      ['content/getMainMenu', post('/api/content/getMainMenu')],
      ['industry/getActive', post('/api/industry/getActive')],
      ['project/getDashboardData', post('/api/project/getDashboardData')],
      ['site/getStatusCounts', post('/api/site/getStatusCounts')],
      ['project/getFormData', post('/api/project/getFormData')],
      ['project/getPenetratingItemTypes', post('/api/project/getPenetratingItemTypes')],
      ['site/getProjectSite', post('/api/site/getProjectSite', { projectId })],
      ['customer/getActive', post('/api/customer/getActive')],
      ['project/getRecentProjects', post('/api/project/getRecentProjects')],
    ];
    const sizes: string[] = [];
    for (const [name, options] of [['project read', read] as const, ...pageReads]) {
      const res = await fetch(options.url, options);
      if (!res.ok) throw new Error(`${options.url}: ${res.status} ${await res.text()}`);
      const encoding = res.headers.get('content-encoding');
      sizes.push(`${name} ${Buffer.byteLength(await res.text())} B${encoding ? ` (${encoding})` : ''}`);
    }
    console.log(`  answers: ${sizes.join(', ')}`);
    const loads: { key: string; name: string; target?: number; options: LoadOptions }[] = [
      {
        key: 'health',
        name: 'GET /api/health',
        target: TARGET_RATIO.health,
        options: { url: `${base}/api/health`, headers: browser },
      },
      {
        key: 'user',
        name: 'GET /api/auth/current-user',
        target: TARGET_RATIO.currentUser,
        options: { url: `${base}/api/auth/current-user`, headers: auth },
      },
      {
        key: 'read',
        name: `getProjectAndTransits (${PROJECT_TRANSITS}×${ITEM_LINES})`,
        target: TARGET_RATIO.projectRead,
        options: read,
      },
      ...pageReads
        .filter(([name]) => READS.length === 0 || READS.some((r) => name.includes(r)))
        .map(([name, options]) => ({
          key: 'pages',
          name,
          target: TARGET_RATIO.pageRead,
          options,
        })),
    ];
    for (let round = 1; round <= ROUNDS; round++) {
      if (ROUNDS > 1) console.log(`  round ${round} of ${ROUNDS} (load ${load()})`);
      for (const l of loads.filter((l) => LOADS.has(l.key))) {
        // The floor is measured right before each load, so both see the machine as it is at that moment.
        const floor = await runLoad(bare.pid!, { url: `http://127.0.0.1:${BARE_PORT}/` });
        console.log(row('bare node:http (floor)', floor, null));
        const figures = await runLoad(server.pid!, l.options);
        console.log(row(l.name, figures, floor, l.target));
        note(l.name, figures, floor);
        if (l.key === 'read' && round === 1) {
          // The same bytes from the bare server: how much of the read is the size of its answer alone.
          const sized = await runLoad(bare.pid!, { url: `http://127.0.0.1:${BARE_PORT}/bytes/${readBytes}` });
          console.log(row(`bare node:http, ${readBytes} bytes`, sized, floor));
        }
      }
    }
    if (ROUNDS > 1) {
      console.log(`  median over ${ROUNDS} rounds (range):`);
      for (const l of loads) {
        const all = ratios.get(l.name);
        if (!all) continue;
        const median = percentile(all, 50);
        const verdict =
          l.target === undefined ? '' : median <= l.target ? `≤ ${l.target}× met` : `> ${l.target}× MISSED`;
        console.log(
          `  ${l.name.padEnd(34)} ${median.toFixed(1)}× floor (${Math.min(...all).toFixed(1)}–${Math.max(...all).toFixed(1)})  ${verdict}`,
        );
      }
    }
    if (LOADS.has('users')) {
      const floor = await runLoad(bare.pid!, { url: `http://127.0.0.1:${BARE_PORT}/` });
      let before = 0;
      let used = 0;
      const users = await runUsersLoad({
        ...read,
        users: USERS,
        intervalMs: USER_INTERVAL_S * 1000,
        warmupMs: WARMUP_S * 1000,
        durationMs: Math.max(DURATION_S, 10) * 1000,
        onMeasureStart: () => (before = cpuMs(server.pid!)),
        onMeasureEnd: () => (used = cpuMs(server.pid!) - before),
      });
      const figures: Figures = {
        requests: users.requests,
        errors: users.errors,
        reqPerS: users.requests / Math.max(DURATION_S, 10),
        p50: Math.round(percentile(users.latenciesMs, 50)),
        p99: Math.round(percentile(users.latenciesMs, 99)),
        cpuMsPerRequest: used / users.requests,
      };
      const p99 =
        figures.p99 < TARGET_P99_MS ? `p99 < ${TARGET_P99_MS} ms met` : `p99 ≥ ${TARGET_P99_MS} ms MISSED`;
      console.log(`${row(`${USERS} users, a read every ${USER_INTERVAL_S} s`, figures, floor)}  ${p99}`);
    }
    console.log(`  load average after: ${load()}`);
  } finally {
    await Promise.all([stop(server), stop(bare)]);
    cleanup();
  }
}

if (SERVER_FORM === 'built' && !existsSync(BUILT_SERVER)) {
  const built = spawnSync('npm', ['run', 'build:server', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}
for (const kind of DATABASES) await benchDatabase(kind);
