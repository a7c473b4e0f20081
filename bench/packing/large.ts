// Large-N packing benchmark (ADR 015): the verdict for transits of 1,000 to MAX_TRANSIT_CIRCLES circles,
// the way the server and the browser size them (packForVerdict: the large-N path from LARGE_PACKING_MIN_CIRCLES).
// Cable lists in lines of 50 over five sleeve sizes, in squares and circles they fill to 50, 70, 85 and 95 %. Prints
// per case the verdict, the scale (how much the opening would have to grow or could shrink), the area bound below
// which nothing fits, the time, whether the layout is valid (all pairs, at the stated scale) and whether a second
// run gives the same layout. Asserts nothing about timing: figures depend on the machine and its load (printed).
//
//   npm run bench:packing-large
//   npm run bench:packing-large -- --circles 5000 --fills 0.5,0.85

import { loadavg } from 'node:os';
import { MAX_TRANSIT_CIRCLES } from '@sealplan/contracts';
import { areaLowerBoundScale, packForVerdict, validateLayout, type Opening } from '@sealplan/engine';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const COUNTS = arg('circles', `1000,2000,${MAX_TRANSIT_CIRCLES}`).split(',').map(Number);
const FILLS = arg('fills', '0.5,0.7,0.85,0.95').split(',').map(Number);
/** Outer diameters of the cable sleeves (mm) cycled over lines of 50 cables. */
const SLEEVES_MM = [22, 28, 36, 44, 55];
const CABLES_PER_LINE = 50;
/** Validation tolerance of every reported layout (as the engine's). */
const TOLERANCE = 1e-9;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

function cables(count: number): number[] {
  return Array.from(
    { length: count },
    (_, i) => SLEEVES_MM[Math.floor(i / CABLES_PER_LINE) % SLEEVES_MM.length]!,
  );
}

function openingFor(shape: 'ROUND' | 'RECTANGLE', diametersMm: number[], fill: number): Opening {
  const area = diametersMm.reduce((sum, d) => sum + (Math.PI * d * d) / 4, 0) / fill;
  return shape === 'ROUND'
    ? { shape, diameterMm: 2 * Math.sqrt(area / Math.PI) }
    : { shape, widthMm: Math.sqrt(area), heightMm: Math.sqrt(area) };
}

function scaled(opening: Opening, s: number): Opening {
  return opening.shape === 'ROUND'
    ? { ...opening, diameterMm: opening.diameterMm! * s }
    : { ...opening, widthMm: opening.widthMm! * s, heightMm: opening.heightMm! * s };
}

console.log(`# Large-N packing: ${COUNTS.join(', ')} circles; load ${load()}`);
console.log('circles  shape      fill  verdict        scale   bound   time ms  valid  same');
for (const count of COUNTS) {
  const d = cables(count);
  for (const shape of ['RECTANGLE', 'ROUND'] as const) {
    for (const fill of FILLS) {
      const opening = openingFor(shape, d, fill);
      const started = performance.now();
      const result = packForVerdict(opening, d);
      const ms = performance.now() - started;
      const again = packForVerdict(opening, d);
      const valid = validateLayout(
        result.fits ? opening : scaled(opening, result.scale),
        d,
        result.centres,
        TOLERANCE,
      );
      const same = again.centres.every(
        (c, i) => c.xMm === result.centres[i]!.xMm && c.yMm === result.centres[i]!.yMm,
      );
      console.log(
        `${String(count).padStart(7)}  ${shape.padEnd(9)} ${fill.toFixed(2)}  ${(result.fits ? 'fits' : 'does not fit').padEnd(13)}` +
          `${result.scale.toFixed(4).padStart(7)} ${areaLowerBoundScale(opening, d).toFixed(4).padStart(7)} ` +
          `${ms.toFixed(0).padStart(8)}  ${String(valid.valid).padEnd(5)}  ${same}`,
      );
    }
  }
}
console.log(`load ${load()}`);
