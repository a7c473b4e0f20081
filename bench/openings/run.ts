// Smallest-opening benchmark (ADR 020): `suggestOpenings` as the browser's worker runs it, for item
// lists of 40 and 60 circles against the seeded standard sizes and the seeded catalogue (an in-memory database,
// migrated and seeded as `npm start` does). Prints per list the suggestions, the wall and CPU time of each run and
// the median against the target (< 2 s for 60 items), with the load average: the figures depend on the machine.
//
//   npm run bench:openings
//   npm run bench:openings -- --runs 5

import { loadavg } from 'node:os';
import { createDb } from '@sealplan/db';
import { suggestOpenings, type ItemInput, type TransitInput } from '@sealplan/engine';
import {
  createCatalogueRepository,
  loadCatalogue,
} from '../../apps/server/src/modules/catalogue/catalogue.repository';

const TARGET_MS = 2_000;
const i = process.argv.indexOf('--runs');
const RUNS = i > 0 ? Number(process.argv[i + 1]) : 3;

const cables: TransitInput = {
  shape: 'ROUND',
  itemTypeId: 'CABLE',
  transitTypeId: 'NOFIRNO',
  classId: 'WATERTIGHT',
  depthMm: 100,
  sparePercent: 20,
};
const pipes: TransitInput = {
  ...cables,
  itemTypeId: 'PIPE',
  classId: 'A_CLASS',
  depthMm: 150,
  sparePercent: 0,
};

const LISTS: { name: string; transit: TransitInput; items: ItemInput[] }[] = [
  {
    name: '60 mixed cables 8–48 mm',
    transit: cables,
    items: [
      { quantity: 20, outerDiameterMm: 12 },
      { quantity: 15, outerDiameterMm: 22 },
      { quantity: 10, outerDiameterMm: 35 },
      { quantity: 10, outerDiameterMm: 8 },
      { quantity: 5, outerDiameterMm: 48 },
    ],
  },
  { name: '60 equal cables 20 mm', transit: cables, items: [{ quantity: 60, outerDiameterMm: 20 }] },
  {
    name: '60 steel pipes 21.3–60.3 mm',
    transit: pipes,
    items: [
      { quantity: 30, outerDiameterMm: 21.3 },
      { quantity: 20, outerDiameterMm: 33.7 },
      { quantity: 10, outerDiameterMm: 60.3 },
    ],
  },
  { name: '40 equal cables 20 mm', transit: cables, items: [{ quantity: 40, outerDiameterMm: 20 }] },
];

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const handle = await createDb('memory://');
await handle.migrate();
await createCatalogueRepository(handle.db).seed();
const catalogue = await loadCatalogue(handle.db);
await handle.close();
const standards = catalogue.standardOpenings ?? [];
console.log(`smallest opening: ${standards.length} standard sizes, ${RUNS} runs per list; load ${load()}`);

let worst = 0;
for (const list of LISTS) {
  const walls: number[] = [];
  const cpus: number[] = [];
  let answer = '';
  for (let run = 0; run < RUNS; run++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = suggestOpenings({ transit: list.transit, items: list.items, catalogue, standards });
    walls.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
    const named = (s: (typeof result)['round']) =>
      s ? `${s.standard.id} (${s.fillPercent.toFixed(1)} %, ${s.provenBy})` : 'none';
    answer = `round ${named(result.round)}, rectangle ${named(result.rectangle)}`;
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  worst = Math.max(worst, median(walls));
  console.log(
    `  ${list.name.padEnd(30)} ${answer}\n    wall ${walls.map((w) => w.toFixed(0)).join(', ')} ms ` +
      `(median ${median(walls).toFixed(0)}), CPU ${cpus.map((c) => c.toFixed(0)).join(', ')} ms`,
  );
}
console.log(
  `slowest median ${worst.toFixed(0)} ms (target < ${TARGET_MS} ms for 60 items) ${worst < TARGET_MS ? 'met' : 'MISSED'}; load ${load()}`,
);
