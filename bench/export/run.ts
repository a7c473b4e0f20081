// Export benchmark: the PDF material list of a project of 200 transits with 20 item lines each, through the real
// HTTP route on an in-memory PGlite (or PostgreSQL with DATABASE_URL), with /api/health polled meanwhile to show the server stays responsive
// (document generation yields to the event loop between transits and between batches of pages). Prints each run,
// the worst run against the targets, the load average (other jobs on the machine skew the figures: compare runs
// made under a similar load), and where the time goes (loading, document model, rendering), measured directly.
//
//   npm run bench:export                 200 transits x 20 items, every format (PDF, RTF, DOCX, CSV), 3 runs each
//   npm run bench:export -- --transits 50 --format DOCX --runs 1
// Documents are built in the server's worker pool (ADR 015): the health figures of each format are the point.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/sealplan_bench npm run bench:export   (an empty database)
//
// CPU profile of a run: node --cpu-prof --cpu-prof-dir=/tmp/export-prof --import tsx bench/export/run.ts --runs 1

import { loadavg } from 'node:os';
import { createDb } from '@sealplan/db';
import type { Catalogue, ItemInput, TransitInput } from '@sealplan/engine';
import { EXPORT_FORMATS, type ExportFormat } from '@sealplan/contracts';
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
import { createExportRepository } from '../../apps/server/src/modules/export/export.repository';
import { loadCatalogueForExport } from '../../apps/server/src/modules/export/export-catalogue';
import {
  buildExportDocument,
  storedSizing,
} from '../../apps/server/src/modules/export/export-document.builder';
import { renderFile } from '../../apps/server/src/modules/export/render-file';
import { seededRandom } from '../seeded-random';

const TARGET_MS = 3000;
/** Memory the export itself may take: growth of the process RSS while it runs (PGlite's heap is there before). */
const TARGET_MB = 300;
/** "The server stays responsive": 95 % of health checks during an export answer within this. */
const TARGET_HEALTH_P95_MS = 100;
const HEALTH_INTERVAL_MS = 25;
/** Health is first measured this long with no export running: the machine's own noise, to compare against. */
const BASELINE_MS = 10_000;
const MEMORY_SAMPLE_MS = 10;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const TRANSITS = Number(arg('transits', '200'));
const ITEMS = Number(arg('items', '20'));
const FORMAT_ARG = arg('format', 'ALL');
const FORMATS: readonly ExportFormat[] =
  FORMAT_ARG === 'ALL' ? EXPORT_FORMATS : EXPORT_FORMATS.filter((f) => f === FORMAT_ARG);
if (FORMATS.length === 0) throw new Error(`--format must be ALL or one of ${EXPORT_FORMATS.join(', ')}`);
const RUNS = Number(arg('runs', '3'));

/** Realistic transits: cable transits (most), pipe and plastic-pipe transits, round and rectangular. */
function transitSpecs(catalogue: Catalogue): TransitSpec[] {
  const random = seededRandom(42);
  const plastic = catalogue.crushers.filter((c) => c.itemTypeId === 'PIPE_PLASTIC' && c.pipeDiameterMm <= 63);
  return Array.from({ length: TRANSITS }, (_, i) => {
    const kind = i % 5 === 4 ? 'PIPE_PLASTIC' : i % 5 === 3 ? 'PIPE' : 'CABLE';
    const round = i % 2 === 0;
    const items: ItemInput[] = Array.from({ length: ITEMS }, () => {
      if (kind === 'PIPE_PLASTIC' && plastic.length) {
        const crusher = plastic[Math.floor(random() * plastic.length)]!;
        return {
          quantity: 1,
          outerDiameterMm: crusher.pipeDiameterMm,
          crusherId: crusher.id,
          itemTypeId: 'PIPE_PLASTIC' as const,
        };
      }
      const d = kind === 'PIPE' ? 20 + random() * 40 : 6 + random() * 30;
      return {
        quantity: 1 + Math.floor(random() * 2),
        outerDiameterMm: Math.round(d * 10) / 10,
        itemTypeId: kind,
      };
    });
    const transit: TransitInput = {
      shape: round ? 'ROUND' : 'RECTANGLE',
      diameterMm: round ? 400 : null,
      widthMm: round ? null : 500,
      heightMm: round ? null : 300,
      cornerRadiusMm: round ? null : 20,
      copies: 1 + (i % 3),
      sparePercent: 10,
      itemTypeId: kind,
      transitTypeId: kind === 'PIPE' ? 'NOFIRNO/CER' : 'NOFIRNO',
      classId: 'A_CLASS',
      sealantType: 'NOFIRNO_SEALANT',
      sealantDepth: 'DOUBLE',
      depthMm: 150,
    };
    return {
      name: `T-${String(i + 1).padStart(3, '0')} ${kind.toLowerCase()} ${round ? 'round' : 'rectangle'}`,
      transit,
      items,
    };
  });
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const ok = (pass: boolean) => (pass ? 'OK' : 'OVER');

interface RunFigures {
  ms: number;
  bytes: number;
  pages: number | null;
  rssBeforeMb: number;
  rssGrowthMb: number;
  peakRssMb: number;
  heapBeforeMb: number;
  peakHeapMb: number;
  health: number[];
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function main() {
  console.log(`load average before seeding: ${load()} (1, 5, 15 min; 2 cores)`);
  // DATABASE_URL (PostgreSQL): the server process then holds no database, so its peak RSS is the server's own.
  const handle = await createDb(process.env.DATABASE_URL ?? 'memory://');
  console.log(`database: ${handle.kind}`);
  await handle.migrate();
  const catalogueRepo = createCatalogueRepository(handle.db);
  await catalogueRepo.seedIndustries();
  await catalogueRepo.seed();
  const catalogue = await loadCatalogue(handle.db);
  const user = await createUserWithToken(handle.db, { ttlMs: 3_600_000 });
  const started = performance.now();
  const specs = transitSpecs(catalogue);
  const project = await createExportProject(handle.db, user.organizationId!, catalogue, {
    name: 'Benchmark project',
    transits: specs,
  });
  console.log(
    `seeded ${project.transits.length} transits x ${ITEMS} item lines (sized by the engine) in ${Math.round(performance.now() - started)} ms`,
  );

  const { app, base } = await serveApp(handle);
  const summary: string[] = [];
  const baseline: number[] = [];
  const baselineEnd = performance.now() + BASELINE_MS;
  for (let due = performance.now(); performance.now() < baselineEnd;) {
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    const answered = performance.now();
    baseline.push(answered - due);
    due = Math.max(due + HEALTH_INTERVAL_MS, answered);
  }
  baseline.sort((a, b) => a - b);
  summary.push(
    `none (baseline, ${BASELINE_MS / 1000} s): health median ${quantile(baseline, 0.5).toFixed(1)} ms, ` +
      `p95 ${quantile(baseline, 0.95).toFixed(1)} ms, max ${quantile(baseline, 1).toFixed(1)} ms (${baseline.length} calls)`,
  );
  for (const format of FORMATS) summary.push(await benchFormat(format, { handle, base, user, project }));
  console.log(`\n/api/health p95 while each format is exported (target < ${TARGET_HEALTH_P95_MS} ms):`);
  for (const line of summary) console.log(`  ${line}`);
  await app.close();
  await handle.close();
}

interface BenchContext {
  handle: Awaited<ReturnType<typeof createDb>>;
  base: string;
  user: Awaited<ReturnType<typeof createUserWithToken>>;
  project: Awaited<ReturnType<typeof createExportProject>>;
}

/** Runs and prints one format's figures; answers its one-line summary. */
async function benchFormat(FORMAT: ExportFormat, { handle, base, user, project }: BenchContext) {
  console.log(`\n--- ${FORMAT} ---`);
  const post = (scope: object) =>
    fetch(`${base}/api/project/sendProjectExport`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({
        projectId: project.projectId,
        outputFormat: FORMAT,
        measurementSystem: 'METRIC',
        size: 'A4',
        ...scope,
      }),
    });

  // Warm-up on a small scope (module loading, font metrics, JIT), so the figures are the steady-state cost.
  await (await fetch(`${base}/api/health`)).arrayBuffer();
  await (await post({ scope: 'CURRENT', transitIds: [project.transits[0]!.id] })).arrayBuffer();

  async function run(): Promise<RunFigures> {
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, MEMORY_SAMPLE_MS);

    const health: number[] = [];
    let exporting = true;
    // Each check is timed from when it was due, so one that could not be sent while the loop was blocked counts
    // its whole wait.
    const poll = (async () => {
      let due = performance.now();
      while (exporting) {
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
        const res = await fetch(`${base}/api/health`);
        await res.arrayBuffer();
        const answered = performance.now();
        health.push(answered - due);
        due = Math.max(due + HEALTH_INTERVAL_MS, answered);
      }
    })();

    const t0 = performance.now();
    const res = await post({});
    const file = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - t0;
    exporting = false;
    await poll;
    clearInterval(sampler);
    const after = process.memoryUsage();
    peakRss = Math.max(peakRss, after.rss);
    peakHeap = Math.max(peakHeap, after.heapUsed);
    if (res.status !== 200)
      throw new Error(`export failed: ${res.status} ${file.toString('utf8').slice(0, 300)}`);
    return {
      ms,
      bytes: file.length,
      pages: FORMAT === 'PDF' ? (file.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length : null,
      rssBeforeMb: mb(before.rss),
      rssGrowthMb: mb(peakRss - before.rss),
      peakRssMb: mb(peakRss),
      heapBeforeMb: mb(before.heapUsed),
      peakHeapMb: mb(peakHeap),
      health: health.sort((a, b) => a - b),
    };
  }

  const runs: RunFigures[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const r = await run();
    runs.push(r);
    console.log(
      `run ${i}: ${Math.round(r.ms)} ms, ${r.bytes} bytes${r.pages !== null ? `, ${r.pages} pages` : ''}; ` +
        `rss ${r.rssBeforeMb} MB +${r.rssGrowthMb} MB, heap ${r.heapBeforeMb} MB -> peak ${r.peakHeapMb} MB; ` +
        `/api/health ${r.health.length} calls, median ${quantile(r.health, 0.5).toFixed(1)} ms, p95 ${quantile(r.health, 0.95).toFixed(1)} ms, ` +
        `max ${quantile(r.health, 1).toFixed(1)} ms; load ${load()}`,
    );
    if (global.gc) global.gc();
  }

  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  const worstMs = times.at(-1)!;
  const worstGrowth = Math.max(...runs.map((r) => r.rssGrowthMb));
  const health = runs.flatMap((r) => r.health).sort((a, b) => a - b);
  const p95 = quantile(health, 0.95);
  console.log(`\n${FORMAT}, ${TRANSITS} transits x ${ITEMS} items, ${RUNS} run(s):`);
  console.log(
    `export time: median ${Math.round(quantile(times, 0.5))} ms, worst ${Math.round(worstMs)} ms (target < ${TARGET_MS} ms) ${ok(worstMs < TARGET_MS)}`,
  );
  console.log(
    `export memory: rss growth worst +${worstGrowth} MB (target < ${TARGET_MB} MB) ${ok(worstGrowth < TARGET_MB)}; ` +
      `process peak rss ${Math.max(...runs.map((r) => r.peakRssMb))} MB` +
      `${handle.kind === 'pglite' ? ' (mostly the in-memory PGlite database)' : ''}, ` +
      `peak heap ${Math.max(...runs.map((r) => r.peakHeapMb))} MB`,
  );
  console.log(
    `/api/health during the exports: ${health.length} calls, median ${quantile(health, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
      `(target < ${TARGET_HEALTH_P95_MS} ms) ${ok(p95 < TARGET_HEALTH_P95_MS)}, max ${quantile(health, 1).toFixed(1)} ms`,
  );
  console.log(`load average after: ${load()}`);

  // Where the time goes, measured directly on the export module's parts (no HTTP, no concurrent health checks).
  const repo = createExportRepository(handle.db);
  const orgId = user.organizationId!;
  const t0 = performance.now();
  const found = (await repo.findProject(orgId, project.projectId))!;
  const transits = await repo.listTransits(orgId, found.id);
  const items = await repo.listItems(
    orgId,
    transits.filter((t) => !storedSizing(t.results)).map((t) => t.id),
  );
  const exportCatalogue = await loadCatalogueForExport(handle.db);
  const t1 = performance.now();
  const doc = buildExportDocument({
    project: found,
    transits,
    items,
    catalogue: exportCatalogue,
    unitSystem: 'METRIC',
    paperSize: 'A4',
    materialsOnly: false,
    preparedBy: { name: 'Bench', email: 'bench@example.com', organization: 'Bench' },
    generatedOn: new Date(),
  });
  const t2 = performance.now();
  await renderFile(doc, FORMAT);
  const t3 = performance.now();
  console.log(
    `phases: load from the database ${Math.round(t1 - t0)} ms (items read for ${items.length ? new Set(items.map((i) => i.transitId)).size : 0} unsized transits), ` +
      `document model ${Math.round(t2 - t1)} ms, ${FORMAT} rendering ${Math.round(t3 - t2)} ms (on this thread, for the figures)`,
  );
  return (
    `${FORMAT.padEnd(4)} export median ${Math.round(quantile(times, 0.5))} ms: health median ${quantile(health, 0.5).toFixed(1)} ms, ` +
    `p95 ${p95.toFixed(1)} ms ${ok(p95 < TARGET_HEALTH_P95_MS)}, max ${quantile(health, 1).toFixed(1)} ms (${health.length} calls)`
  );
}

await main();
