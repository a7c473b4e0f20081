// Hostile bulk work against another company's saves (ADR 022). The built server (`npm run build:server`) runs as
// production runs it, on a PGlite directory (or PostgreSQL with DATABASE_URL, dropped and re-created). Company A
// sends at once three hostile schedule files made by apps/server/src/testing/hostile-files.ts (a zip bomb of
// 3 million tiny rows, one 300 MB cell, an archive of many entries whose record claims 65,535) and two PDF exports
// of a 5,000-transit project; meanwhile company B saves an ordinary transit (ten cables) again and again. Prints
// B's save p50 / p95 before and during the attack (target p95 ≤ 1 s), the server's peak RSS (sampled from /proc),
// what each of A's requests was answered, and that the server is up and B's saves are all stored afterwards.
//
//   npm run build:server && npx tsx bench/abuse/hostile-load.ts
//   npx tsx bench/abuse/hostile-load.ts -- --port 3200 --transits 5000 --rows 3000000 --cell-mb 300
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/sealplan_bench_abuse npx tsx bench/abuse/hostile-load.ts

import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { createDb, penetratingItems, transits, type DbHandle } from '@sealplan/db';
import { createUserWithToken } from '../../apps/server/src/testing/factories';
import {
  createCatalogueRepository,
  loadCatalogue,
} from '../../apps/server/src/modules/catalogue/catalogue.repository';
import { createExportProject } from '../../apps/server/src/modules/export/testing/export-factories';
import {
  makeHugeCellXlsx,
  makeManyEntriesZip,
  makeZipBombXlsx,
} from '../../apps/server/src/testing/hostile-files';
import { preparePostgres, waitForHttp } from '../server-process';

/** The other company's save, at p95, while the attack runs. */
const TARGET_SAVE_P95_MS = 1000;
/** B saves one transit after another with this pause between (a person saving often). */
const SAVE_PAUSE_MS = 100;
const BASELINE_MS = 10_000;
const RSS_SAMPLE_MS = 50;
/** Transits inserted per statement while the export project is copied up to its size. */
const COPY_BATCH = 250;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILT_SERVER = join(ROOT, 'apps/server/dist/server.mjs');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const PORT = Number(arg('port', '3175'));
const TRANSITS = Number(arg('transits', '5000'));
const ROWS = Number(arg('rows', '3000000'));
const CELL_MB = Number(arg('cell-mb', '300'));
const ENTRIES = Number(arg('entries', '20000'));

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The server's resident memory, all threads (VmRSS of /proc/<pid>/status). */
function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

/**
 * Company A with a project of TRANSITS transits: the export factory's transits (sized by the engine), copied
 * row for row up to the count, in batches (sizing 5,000 transits one by one would take the bench's whole time).
 */
async function seedBulkCompany(db: DbHandle) {
  const user = await createUserWithToken(db.db, { ttlMs: 24 * 3_600_000 });
  const orgId = user.organizationId!;
  const seeded = await createExportProject(db.db, orgId, await loadCatalogue(db.db));
  const rows = (await db.db.select().from(transits)).filter((r) => r.projectId === seeded.projectId);
  const items = (await db.db.select().from(penetratingItems)).filter((i) => i.organizationId === orgId);
  const itemsOf = new Map(rows.map((r) => [r.id, items.filter((i) => i.transitId === r.id)]));
  for (let made = rows.length; made < TRANSITS;) {
    const batch = Array.from({ length: Math.min(COPY_BATCH, TRANSITS - made) }, (_, k) => {
      const from = rows[(made + k) % rows.length]!;
      return {
        from,
        row: { ...from, id: randomUUID(), guid: randomUUID(), name: `${from.name} (${made + k + 1})` },
      };
    });
    await db.db.insert(transits).values(batch.map((b) => b.row));
    const copies = batch.flatMap((b) =>
      itemsOf
        .get(b.from.id)!
        .map((i) => ({ ...i, id: randomUUID(), guid: randomUUID(), transitId: b.row.id })),
    );
    if (copies.length) await db.db.insert(penetratingItems).values(copies);
    made += batch.length;
  }
  return { token: user.token, projectId: seeded.projectId };
}

/** Company B: a customer and a project to save transits into, through the API like the web app. */
async function seedOtherCompany(db: DbHandle) {
  const user = await createUserWithToken(db.db, { ttlMs: 24 * 3_600_000 });
  const seeded = await createExportProject(db.db, user.organizationId!, await loadCatalogue(db.db), {
    name: 'Other company project',
    transits: [],
  });
  return { token: user.token, projectId: seeded.projectId };
}

interface Answer {
  status: number;
  code?: string;
  ms: number;
}

/**
 * POSTs JSON with node:http rather than fetch: fetch gives up waiting for headers after 300 s, and an export that
 * waits its turn behind the others can take longer than that to be answered.
 */
function post(base: string, token: string, path: string, body: unknown): Promise<Answer> {
  const started = performance.now();
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(
      `${base}${path}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let code: string | undefined;
          if (res.headers['content-type']?.includes('json'))
            code = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: { code?: string } }).error
              ?.code;
          resolve({ status: res.statusCode ?? 0, code, ms: performance.now() - started });
        });
      },
    );
    req.on('error', (error) => resolve({ status: 0, code: error.message, ms: performance.now() - started }));
    req.end(payload);
  });
}

/** An ordinary transit of ten cables, as the transit editor saves a new one. */
const ordinarySave = (projectId: string, n: number) => ({
  transit: {
    projectId,
    name: `Bulkhead ${n}`,
    shape: 'RECTANGLE',
    widthMm: 300,
    heightMm: 200,
    penetratingItemTypeId: 'CABLE',
    transitTypeId: 'NOFIRNO',
    classId: 'A_60_CLASS',
    sealantType: 'NOFIRNO_SEALANT',
    sealantDepth: 'DOUBLE',
    depthMm: 150,
  },
  penetratingItems: [12, 16, 20, 25, 32].map((d) => ({
    itemTypeId: 'CABLE',
    quantity: 2,
    outerDiameterMm: d,
  })),
});

/** B saves until `running()` is false; answers each save's time and the saves that failed. */
async function saveLoop(
  base: string,
  b: { token: string; projectId: string },
  running: () => boolean,
  from: number,
) {
  const times: number[] = [];
  const failed: Answer[] = [];
  let n = from;
  while (running()) {
    const answer = await post(
      base,
      b.token,
      '/api/project/savePenetratingItemsAndTransit',
      ordinarySave(b.projectId, n++),
    );
    if (answer.status === 200) times.push(answer.ms);
    else failed.push(answer);
    await new Promise((r) => setTimeout(r, SAVE_PAUSE_MS));
  }
  return { times: times.sort((x, y) => x - y), failed, next: n };
}

const saveFigures = (sorted: number[]) =>
  `${sorted.length} saves, p50 ${quantile(sorted, 0.5).toFixed(0)} ms, p95 ${quantile(sorted, 0.95).toFixed(0)} ms, ` +
  `max ${quantile(sorted, 1).toFixed(0)} ms`;

async function main() {
  if (!existsSync(BUILT_SERVER))
    throw new Error(`${BUILT_SERVER} is missing: run npm run build:server first`);
  console.log(`load average: ${load()} (1, 5, 15 min)`);
  const files = {
    [`zip bomb, ${ROWS.toLocaleString('en')} tiny rows`]: makeZipBombXlsx({ rows: ROWS }),
    [`one ${CELL_MB} MB cell`]: makeHugeCellXlsx({ bytes: CELL_MB * 1024 * 1024 }),
    [`${ENTRIES.toLocaleString('en')} entries, 65,535 declared`]: makeManyEntriesZip({
      entries: ENTRIES,
      declaredEntries: 0xffff,
    }),
  };
  for (const [name, bytes] of Object.entries(files))
    console.log(`hostile file: ${name}: ${(bytes.length / 1024).toFixed(0)} kB`);

  let serverEnv: Record<string, string>;
  let db: DbHandle;
  let cleanup = () => {};
  if (process.env.DATABASE_URL) {
    await preparePostgres(process.env.DATABASE_URL);
    db = await createDb(process.env.DATABASE_URL);
    serverEnv = { DATABASE_URL: process.env.DATABASE_URL };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'sealplan-bench-abuse-'));
    db = await createDb(dir);
    serverEnv = { DATABASE_URL: '', PGLITE_DIR: dir };
    cleanup = () => rmSync(dir, { recursive: true, force: true });
  }
  await db.migrate();
  const catalogueRepo = createCatalogueRepository(db.db);
  await catalogueRepo.seedIndustries();
  await catalogueRepo.seed();
  const seedStarted = performance.now();
  const a = await seedBulkCompany(db);
  const b = await seedOtherCompany(db);
  await db.close();
  console.log(
    `seeded company A (${TRANSITS} transits) and company B in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`,
  );

  const server = spawn(process.execPath, [BUILT_SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...serverEnv,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORT}`;
  let exitCode: number;
  try {
    await waitForHttp(`${base}/api/health`, server, 120_000);
    const pid = server.pid!;
    // Warm-up: both lanes' first workers start and load their code.
    await post(base, b.token, '/api/project/savePenetratingItemsAndTransit', ordinarySave(b.projectId, 0));
    const rssBefore = rssBytes(pid);
    let peakRss = rssBefore;
    const sampler = setInterval(() => {
      try {
        peakRss = Math.max(peakRss, rssBytes(pid));
      } catch {
        // the server ended: reported below
      }
    }, RSS_SAMPLE_MS);

    const baselineEnd = performance.now() + BASELINE_MS;
    const baseline = await saveLoop(base, b, () => performance.now() < baselineEnd, 1);
    console.log(
      `company B alone: ${saveFigures(baseline.times)}; server rss ${mb(rssBefore)} MB; load ${load()}`,
    );

    let attacking = true;
    const during = saveLoop(base, b, () => attacking, baseline.next);
    const attackStarted = performance.now();
    const attack = [
      ...Object.entries(files).map(([name, bytes]) =>
        post(base, a.token, '/api/schedules/readScheduleFile', {
          fileName: 'schedule.xlsx',
          contentBase64: Buffer.from(bytes).toString('base64'),
        }).then((answer) => ({ name: `schedule file: ${name}`, answer })),
      ),
      ...[1, 2].map((n) =>
        post(base, a.token, '/api/project/sendProjectExport', {
          projectId: a.projectId,
          measurementSystem: 'METRIC',
          outputFormat: 'PDF',
        }).then((answer) => ({ name: `export ${n}: PDF of ${TRANSITS} transits`, answer })),
      ),
    ];
    const answers = await Promise.all(attack);
    attacking = false;
    const attackMs = performance.now() - attackStarted;
    const saved = await during;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, rssBytes(pid));

    for (const { name, answer } of answers)
      console.log(
        `company A ${name}: ${answer.status} ${answer.code ?? ''} after ${(answer.ms / 1000).toFixed(1)} s`,
      );
    const p95 = quantile(saved.times, 0.95);
    console.log(
      `company B during the attack (${(attackMs / 1000).toFixed(0)} s): ${saveFigures(saved.times)}; load ${load()}`,
    );
    if (saved.failed.length)
      console.log(
        `company B saves refused: ${saved.failed.map((f) => `${f.status} ${f.code ?? ''}`).join(', ')}`,
      );
    console.log(
      `server rss: ${mb(rssBefore)} MB before, peak ${mb(peakRss)} MB during the attack, ${mb(rssBytes(pid))} MB after`,
    );

    // Afterwards: the server answers, and every save B was answered 200 for is stored.
    const health = await fetch(`${base}/api/health`);
    const project = await fetch(`${base}/api/project/getProjectAndTransits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
      body: JSON.stringify({ projectId: b.projectId }),
    });
    const stored = ((await project.json()) as { data: { transits: unknown[] } }).data.transits.length;
    const answered = 1 + baseline.times.length + saved.times.length;
    console.log(
      `after: health ${health.status}; company B's transits stored ${stored} of ${answered} saves answered 200`,
    );
    const met =
      p95 <= TARGET_SAVE_P95_MS && saved.failed.length === 0 && health.status === 200 && stored === answered;
    console.log(
      `\ncompany B's save p95 during the attack: ${p95.toFixed(0)} ms (target ≤ ${TARGET_SAVE_P95_MS} ms), ` +
        `server peak rss ${mb(peakRss)} MB: ${met ? 'met' : 'NOT MET'}`,
    );
    exitCode = met ? 0 : 1;
  } finally {
    if (server.exitCode === null) {
      const ended = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await ended;
    }
    cleanup();
  }
  process.exitCode = exitCode;
}

await main();
