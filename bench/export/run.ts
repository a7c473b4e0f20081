// Export benchmark: the PDF material list of a project of 200 transits with 20 item lines each, through the real
// HTTP route on an in-memory PGlite, with /api/health polled meanwhile to show the server stays responsive
// (document generation yields to the event loop between transits). Prints figures; targets: < 3 s, < 300 MB.
//
//   npm run bench:export                 200 transits x 20 items, PDF
//   npm run bench:export -- --transits 50 --format DOCX

import type { AddressInfo } from 'node:net';
import { createDb } from '@sealplan/db';
import type { Catalogue, ItemInput, TransitInput } from '@sealplan/engine';
import { buildApp } from '../../apps/server/src/app';
import { parseEnv } from '../../apps/server/src/config/env';
import { createCatalogueRepository, loadCatalogue } from '../../apps/server/src/modules/catalogue/catalogue.repository';
import { createUserWithToken } from '../../apps/server/src/testing/factories';
import { createExportProject, type TransitSpec } from '../../apps/server/src/modules/export/testing/export-factories';

const TARGET_MS = 3000;
const TARGET_MB = 300;
const HEALTH_INTERVAL_MS = 25;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const TRANSITS = Number(arg('transits', '200'));
const ITEMS = Number(arg('items', '20'));
const FORMAT = arg('format', 'PDF');

/** Seeded PRNG (mulberry32) so every run benchmarks the same project. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Realistic transits: cable transits (most), pipe and plastic-pipe transits, round and rectangular. */
function transitSpecs(catalogue: Catalogue): TransitSpec[] {
  const random = prng(42);
  const plastic = catalogue.crushers.filter((c) => c.itemTypeId === 'PIPE_PLASTIC' && c.pipeDiameterMm <= 63);
  return Array.from({ length: TRANSITS }, (_, i) => {
    const kind = i % 5 === 4 ? 'PIPE_PLASTIC' : i % 5 === 3 ? 'PIPE' : 'CABLE';
    const round = i % 2 === 0;
    const items: ItemInput[] = Array.from({ length: ITEMS }, () => {
      if (kind === 'PIPE_PLASTIC' && plastic.length) {
        const crusher = plastic[Math.floor(random() * plastic.length)]!;
        return { quantity: 1, outerDiameterMm: crusher.pipeDiameterMm, crusherId: crusher.id, itemTypeId: 'PIPE_PLASTIC' as const };
      }
      const d = kind === 'PIPE' ? 20 + random() * 40 : 6 + random() * 30;
      return { quantity: 1 + Math.floor(random() * 2), outerDiameterMm: Math.round(d * 10) / 10, itemTypeId: kind };
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
    return { name: `T-${String(i + 1).padStart(3, '0')} ${kind.toLowerCase()} ${round ? 'round' : 'rectangle'}`, transit, items };
  });
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function main() {
  const handle = await createDb('memory://');
  await handle.migrate();
  const catalogueRepo = createCatalogueRepository(handle.db);
  await catalogueRepo.seedIndustries();
  await catalogueRepo.seed();
  const catalogue = await loadCatalogue(handle.db);
  const user = await createUserWithToken(handle.db, { ttlMs: 3_600_000 });
  let started = performance.now();
  const specs = transitSpecs(catalogue);
  const project = await createExportProject(handle.db, user.organizationId!, catalogue, { name: 'Benchmark project', transits: specs });
  console.log(`seeded ${project.transits.length} transits x ${ITEMS} item lines (sized by the engine) in ${Math.round(performance.now() - started)} ms`);

  const env = parseEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const app = await buildApp(
    { db: handle, env, mail: { target: 'none', send: async () => undefined }, version: 'bench', now: () => new Date() },
    { logger: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const body = JSON.stringify({ projectId: project.projectId, outputFormat: FORMAT, measurementSystem: 'METRIC', size: 'A4' });
  const post = () =>
    fetch(`${base}/api/project/sendProjectExport`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` }, body });

  // Warm-up on a small scope (module loading, font metrics), so the figure is the steady-state cost.
  await (await fetch(`${base}/api/health`)).arrayBuffer();

  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 10);

  const latencies: number[] = [];
  let exporting = true;
  const poll = (async () => {
    while (exporting) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, HEALTH_INTERVAL_MS));
    }
  })();

  started = performance.now();
  const res = await post();
  const file = Buffer.from(await res.arrayBuffer());
  const elapsed = performance.now() - started;
  exporting = false;
  await poll;
  clearInterval(sampler);
  if (res.status !== 200) throw new Error(`export failed: ${res.status} ${file.toString('utf8').slice(0, 300)}`);

  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const pages = FORMAT === 'PDF' ? (file.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length : null;
  console.log(`format ${FORMAT}: ${mb(file.length)} MB (${file.length} bytes)${pages !== null ? `, ${pages} pages` : ''}`);
  console.log(`export time ${Math.round(elapsed)} ms (target < ${TARGET_MS} ms) ${elapsed < TARGET_MS ? 'OK' : 'OVER'}`);
  console.log(
    `memory: rss before ${mb(rssBefore)} MB, peak rss ${mb(peakRss)} MB (target < ${TARGET_MB} MB) ${mb(peakRss) < TARGET_MB ? 'OK' : 'OVER'}, peak heap ${mb(peakHeap)} MB`,
  );
  console.log(
    `/api/health during the export: ${latencies.length} calls, median ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms, max ${p(1).toFixed(1)} ms`,
  );
  await app.close();
  await handle.close();
}

await main();
