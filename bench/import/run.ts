// Schedule import benchmark (ADR 020): 2,000 schedule rows across 100 transits imported into a project through the
// real HTTP route, on an in-memory PGlite (or PostgreSQL with DATABASE_URL). Each run imports into a fresh project
// whose 100 transits exist (round, cable, with dimensions and no items), so every run sizes 100 transits of 20
// cables in the worker pool and writes them in one transaction. Prints each run's time and its phases as the
// server logs them, the worst against the target, and the load average (other jobs on the machine skew figures).
//
//   npm run bench:import                       2,000 rows, 100 transits, 3 runs
//   npm run bench:import -- --rows 500 --transits 20 --runs 1

import { loadavg } from 'node:os';
import { createDb } from '@sealplan/db';
import type { ImportScheduleReport } from '@sealplan/contracts';
import { serveApp } from '../serve-app';
import {
  createCatalogueRepository,
  loadCatalogue,
} from '../../apps/server/src/modules/catalogue/catalogue.repository';
import { createUserWithToken } from '../../apps/server/src/testing/factories';
import {
  createExportProject,
  type TransitSpec,
} from '../../apps/server/src/modules/export/testing/export-factories';
import { seededRandom } from '../seeded-random';

const TARGET_MS = 2000;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const ROWS = Number(arg('rows', '2000'));
const TRANSITS = Number(arg('transits', '100'));
const RUNS = Number(arg('runs', '3'));

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

/** Empty cable transits with room for their share of the schedule. */
function transitSpecs(): TransitSpec[] {
  return Array.from({ length: TRANSITS }, (_, i) => ({
    name: `MCT-${String(i + 1).padStart(3, '0')}`,
    transit: {
      shape: 'ROUND',
      diameterMm: 300,
      copies: 1,
      itemTypeId: 'CABLE',
      transitTypeId: 'NOFIRNO',
      classId: 'A_60_CLASS',
      sealantType: 'NOFIRNO_SEALANT',
      sealantDepth: 'DOUBLE',
      depthMm: 150,
    },
    items: [],
  }));
}

/** A schedule as a cable list has it: tag, type, OD with a decimal comma, quantity, transit. */
function scheduleRows(): string[][] {
  const random = seededRandom(7);
  return Array.from({ length: ROWS }, (_, i) => [
    `W-${String(i + 1).padStart(5, '0')}`,
    'Power cable',
    (8 + Math.round(random() * 220) / 10).toFixed(1).replace('.', ','),
    '1',
    `MCT-${String((i % TRANSITS) + 1).padStart(3, '0')}`,
  ]);
}

async function main() {
  console.log(`load average at start: ${load()} (1, 5, 15 min; 2 cores)`);
  const handle = await createDb(process.env.DATABASE_URL ?? 'memory://');
  console.log(`database: ${handle.kind}`);
  await handle.migrate();
  const catalogueRepo = createCatalogueRepository(handle.db);
  await catalogueRepo.seedIndustries();
  await catalogueRepo.seed();
  const catalogue = await loadCatalogue(handle.db);
  const user = await createUserWithToken(handle.db, { ttlMs: 3_600_000 });

  const { app, base } = await serveApp(handle);
  const rows = scheduleRows();
  const body = (projectId: string, dryRun: boolean) =>
    JSON.stringify({
      projectId,
      headings: ['Cable tag', 'Type', 'OD (mm)', 'Qty', 'Transit'],
      rows,
      mapping: { tag: 0, type: 1, outerDiameter: 2, quantity: 3, transit: 4 },
      dryRun,
    });
  const post = async (payload: string) => {
    const res = await fetch(`${base}/api/schedules/importSchedule`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: payload,
    });
    const json = (await res.json()) as { data: ImportScheduleReport };
    if (res.status !== 200)
      throw new Error(`import answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
    return json.data;
  };

  // A warm-up import starts the worker and loads the engine in it, as a running server has done long before.
  const warm = await createExportProject(handle.db, user.organizationId!, catalogue, {
    transits: transitSpecs().slice(0, 2),
  });
  await post(body(warm.projectId, false));

  const times: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const project = await createExportProject(handle.db, user.organizationId!, catalogue, {
      name: `Import run ${run}`,
      transits: transitSpecs(),
    });
    const loadBefore = load();
    const dryStarted = performance.now();
    await post(body(project.projectId, true));
    const dryMs = performance.now() - dryStarted;
    const started = performance.now();
    const report = await post(body(project.projectId, false));
    const ms = performance.now() - started;
    times.push(ms);
    const fits = report.transits.filter((t) => t.fits).length;
    console.log(
      `run ${run}: ${ROWS} rows into ${report.transits.length} transits: ${Math.round(ms)} ms ` +
        `(applied ${report.applied}, ${report.counts.imported} rows, ${fits} transits fit; dry run ${Math.round(dryMs)} ms; ` +
        `load ${loadBefore})`,
    );
  }
  const worst = Math.max(...times);
  console.log(
    `worst ${Math.round(worst)} ms, median ${Math.round([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!)} ms ` +
      `(target < ${TARGET_MS} ms: ${worst < TARGET_MS ? 'met' : 'NOT met'}); load average at the end: ${load()}`,
  );
  await app.close();
  await handle.close();
}

await main();
