import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deterministicVerdict, sizeTransit } from '../../size-transit';
import { sampleCatalogue } from '../../testing/sample-catalogue';
import type { ItemInput, Opening, TransitInput } from '../../types';
import { containerOf, protrusionMm } from '../container';
import { areaLowerBoundScale } from '../pack-circles';
import { createRandom } from '../random';
import { packForVerdict } from '../verdict';
import { wallGapMm } from '../spread';
import { placeBottomLeft } from './bottom-left';
import { minPairGapMm, pairOverlaps } from './close-pairs';
import { LARGE_PACKING_MIN_CIRCLES, packLarge } from './pack-large';

type Centre = { xMm: number; yMm: number };

/** The all-pairs check, written out independently of the engine's close-pair shortcut. */
function bruteForce(opening: Opening, diametersMm: number[], centres: Centre[]) {
  const container = containerOf(opening)!;
  let maxOverlap = 0;
  let maxProtrusion = 0;
  let minGap = Number.POSITIVE_INFINITY;
  for (let i = 0; i < centres.length; i++) {
    const ri = diametersMm[i]! / 2;
    maxProtrusion = Math.max(maxProtrusion, protrusionMm(container, 1, centres[i]!.xMm, centres[i]!.yMm, ri));
    minGap = Math.min(minGap, wallGapMm(container, centres[i]!.xMm, centres[i]!.yMm, ri));
    for (let j = i + 1; j < centres.length; j++) {
      const d = Math.hypot(centres[i]!.xMm - centres[j]!.xMm, centres[i]!.yMm - centres[j]!.yMm);
      const gap = d - ri - diametersMm[j]! / 2;
      maxOverlap = Math.max(maxOverlap, -gap);
      minGap = Math.min(minGap, gap);
    }
  }
  return { maxOverlap, maxProtrusion, minGap };
}

/** A cable list as the benchmarks save it: lines of 50 cables, diameters cycled over five sizes. */
function cableBands(count: number): number[] {
  const sizes = [12, 16, 20, 25, 32];
  return Array.from({ length: count }, (_, i) => sizes[Math.floor(i / 50) % sizes.length]!);
}

/** A square whose area the circles fill to `fill`. */
function squareFor(diametersMm: number[], fill: number): Opening {
  const area = diametersMm.reduce((sum, d) => sum + (Math.PI * d * d) / 4, 0);
  const side = Math.sqrt(area / fill);
  return { shape: 'RECTANGLE', widthMm: side, heightMm: side };
}

const scaled = (opening: Opening, s: number): Opening =>
  opening.shape === 'ROUND'
    ? { shape: 'ROUND', diameterMm: opening.diameterMm! * s }
    : {
        shape: 'RECTANGLE',
        widthMm: opening.widthMm! * s,
        heightMm: opening.heightMm! * s,
        cornerRadiusMm: (opening.cornerRadiusMm ?? 0) * s,
      };

describe('packLarge (the largest allowed transit, ADR 015)', () => {
  it('packs 5,000 cables at 50 % fill: fits, valid by the all-pairs check, the smallest gap as stated', () => {
    const d = cableBands(5000);
    const opening = squareFor(d, 0.5);
    const result = packLarge(opening, d);
    expect(result.fits).toBe(true);
    expect(result.scale).toBeLessThanOrEqual(1);
    expect(result.centres).toHaveLength(5000);
    const check = bruteForce(opening, d, result.centres);
    expect(check.maxOverlap).toBeLessThanOrEqual(1e-9);
    expect(check.maxProtrusion).toBeLessThanOrEqual(0);
    expect(result.minGapMm).toBeCloseTo(check.minGap, 9);
    // Spread out: at 50 % fill every cable keeps a visible gap, not pressed together at one side.
    expect(result.minGapMm!).toBeGreaterThan(1);
  }, 120_000);

  it('answers "does not fit" at 95 % fill with a valid layout at its scale, above the area bound', () => {
    const d = cableBands(2000);
    const opening = squareFor(d, 0.95);
    const result = packLarge(opening, d);
    expect(result.fits).toBe(false);
    expect(result.minGapMm).toBeNull();
    expect(result.scale).toBeGreaterThan(1);
    expect(result.scale).toBeGreaterThanOrEqual(areaLowerBoundScale(opening, d));
    const check = bruteForce(scaled(opening, result.scale), d, result.centres);
    expect(check.maxOverlap).toBeLessThanOrEqual(1e-9);
    expect(check.maxProtrusion).toBeLessThanOrEqual(1e-9);
  }, 120_000);

  it('improves on the placement when that needs a little more than the opening (the squeeze)', () => {
    // Mixed cable sizes at 86 % fill in a wide rectangle: the placement alone needs a little more than the opening.
    const random = createRandom(7);
    const d = Array.from({ length: 300 }, () => Math.round(8 + 52 * random.next() ** 2));
    const area = d.reduce((sum, x) => sum + (Math.PI * x * x) / 4, 0);
    const side = Math.sqrt(area / 0.86);
    const opening: Opening = { shape: 'RECTANGLE', widthMm: side * 1.5, heightMm: side / 1.5 };
    const placed = packLarge(opening, d, { workBudget: 0 });
    const squeezed = packLarge(opening, d);
    expect(placed.scale).toBeGreaterThan(1);
    expect(squeezed.scale).toBeLessThan(placed.scale);
    expect(squeezed.scale).toBeLessThan(1.002);
    const check = bruteForce(squeezed.fits ? opening : scaled(opening, squeezed.scale), d, squeezed.centres);
    expect(check.maxOverlap).toBeLessThanOrEqual(1e-9);
    expect(check.maxProtrusion).toBeLessThanOrEqual(1e-9);
  }, 120_000);

  it('is reproducible: the same circles give the same layout, whatever time budget or seed the caller passes', () => {
    const d = cableBands(LARGE_PACKING_MIN_CIRCLES + 200);
    const opening = squareFor(d, 0.6);
    const first = packLarge(opening, d);
    const server = deterministicVerdict(opening, d);
    // A clock that runs a second per reading: any time budget is spent at once.
    let clockMs = 0;
    const browser = packForVerdict(opening, d, { seed: 99, timeBudgetMs: 1, now: () => (clockMs += 1000) });
    expect(server.centres).toEqual(first.centres);
    expect(browser.centres).toEqual(first.centres);
    expect(browser.fits).toBe(true);
  }, 120_000);

  it('holds round and rounded openings, a few large pipes among small cables (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'ROUND' | 'RECTANGLE'>('ROUND', 'RECTANGLE'),
        fc.integer({ min: 0, max: 5 }),
        fc.double({ min: 0.2, max: 0.7, noNaN: true }),
        fc.integer({ min: 1, max: 1000 }),
        (shape, pipes, fill, seed) => {
          let s = seed;
          const random = () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
          const d = [
            ...Array.from({ length: pipes }, () => 100 + Math.round(200 * random())),
            ...Array.from({ length: LARGE_PACKING_MIN_CIRCLES }, () => 6 + Math.round(30 * random())),
          ];
          const area = d.reduce((sum, x) => sum + (Math.PI * x * x) / 4, 0) / fill;
          const opening: Opening =
            shape === 'ROUND'
              ? { shape, diameterMm: 2 * Math.sqrt(area / Math.PI) }
              : {
                  shape,
                  widthMm: Math.sqrt(area * 2),
                  heightMm: Math.sqrt(area / 2),
                  cornerRadiusMm: Math.sqrt(area / 2) / 4,
                };
          const result = packLarge(opening, d);
          const at = result.fits ? opening : scaled(opening, result.scale);
          const check = bruteForce(at, d, result.centres);
          expect(check.maxOverlap).toBeLessThanOrEqual(1e-9 * 600);
          expect(check.maxProtrusion).toBeLessThanOrEqual(1e-9 * 600);
          if (result.fits) expect(result.minGapMm).toBeCloseTo(check.minGap, 9);
        },
      ),
      { numRuns: 12, seed: 17 },
    );
  }, 120_000);

  it('answers a missing opening and points as packCircles does', () => {
    const d = cableBands(LARGE_PACKING_MIN_CIRCLES);
    const none = packLarge({ shape: 'ROUND', diameterMm: 0 }, d);
    expect(none.fits).toBe(false);
    expect(none.scale).toBe(Number.POSITIVE_INFINITY);
    const points = packLarge(
      { shape: 'ROUND', diameterMm: 100 },
      d.map(() => 0),
    );
    expect(points.fits).toBe(true);
    expect(() => packLarge({ shape: 'ROUND', diameterMm: 100 }, [...d, -1])).toThrow(RangeError);
  });
});

describe('packForVerdict switches by circle count', () => {
  it('takes the large path from LARGE_PACKING_MIN_CIRCLES circles', () => {
    const d = cableBands(LARGE_PACKING_MIN_CIRCLES);
    const opening = squareFor(d, 0.5);
    expect(packForVerdict(opening, d).centres).toEqual(packLarge(opening, d).centres);
  });
});

describe('placeBottomLeft', () => {
  const rect = (w: number, h: number) => containerOf({ shape: 'RECTANGLE', widthMm: w, heightMm: h })!;

  it('lays equal circles in hexagonal rows from the bottom-left corner', () => {
    // Width 10: five circles of radius 1 in the bottom row, four in the valleys above (height 1 + √3 over it).
    const radii = new Float64Array(9).fill(1);
    const x = placeBottomLeft(rect(10, 4), 1, radii, [0, 1, 2, 3, 4, 5, 6, 7, 8])!;
    expect(x).not.toBeNull();
    for (let i = 0; i < 5; i++) {
      expect(x[2 * i]).toBeCloseTo(-4 + 2 * i, 9);
      expect(x[2 * i + 1]).toBeCloseTo(-1, 9);
    }
    for (let i = 5; i < 9; i++) {
      expect(x[2 * i]).toBeCloseTo(-3 + 2 * (i - 5), 9);
      expect(x[2 * i + 1]).toBeCloseTo(-1 + Math.sqrt(3), 9);
    }
  });

  it('answers null when a circle finds no place', () => {
    const radii = new Float64Array(10).fill(1);
    // Nine fit (five below, four in the valleys: height 2 + √3 < 4); no tenth place is left beside them.
    expect(placeBottomLeft(rect(10, 4), 1, radii.subarray(0, 9), [...Array(9).keys()])).not.toBeNull();
    expect(placeBottomLeft(rect(10, 4), 1, radii, [...Array(10).keys()])).toBeNull();
    // A circle wider than the opening.
    expect(placeBottomLeft(rect(10, 4), 1, Float64Array.of(3), [0])).toBeNull();
  });
});

describe('close-pair measures agree with all pairs', () => {
  it('smallest gap and overlaps (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: -100, max: 100, noNaN: true }),
            fc.double({ min: -100, max: 100, noNaN: true }),
            fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 12, noNaN: true })),
          ),
          { minLength: 2, maxLength: 80 },
        ),
        (circles) => {
          const radii = circles.map((c) => c[2]);
          const x = circles.flatMap((c) => [c[0], c[1]]);
          let minGap = Number.POSITIVE_INFINITY;
          let maxOverlap = 0;
          for (let i = 0; i < circles.length; i++)
            for (let j = i + 1; j < circles.length; j++) {
              const gap =
                Math.hypot(x[2 * i]! - x[2 * j]!, x[2 * i + 1]! - x[2 * j + 1]!) - radii[i]! - radii[j]!;
              minGap = Math.min(minGap, gap);
              maxOverlap = Math.max(maxOverlap, -gap);
            }
          expect(minPairGapMm(radii, x)).toBeCloseTo(minGap, 9);
          expect(pairOverlaps(radii, x, 0).maxOverlapMm).toBeCloseTo(maxOverlap, 9);
          expect(pairOverlaps(radii, x, 0).valid).toBe(maxOverlap <= 0);
        },
      ),
      { numRuns: 200, seed: 5 },
    );
  });
});

describe('sizeTransit with the largest transit', () => {
  const transit: TransitInput = {
    shape: 'RECTANGLE',
    widthMm: 2500,
    heightMm: 2500,
    itemTypeId: 'CABLE',
    transitTypeId: 'NOFIRNO',
    classId: 'A_60_CLASS',
    sealantType: 'NOFIRNO_SEALANT',
    sealantDepth: 'DOUBLE',
    depthMm: 150,
  };
  const items: ItemInput[] = Array.from({ length: 100 }, (_, i) => ({
    itemTypeId: 'CABLE',
    quantity: 50,
    outerDiameterMm: [12, 16, 20, 25, 32][i % 5]!,
  }));

  it('solves 5,000 cables in their sleeves (66 % fill), and keeps its own layout when it comes back as the certificate', () => {
    const solved = sizeTransit({ transit, items, catalogue: sampleCatalogue });
    expect(solved.packing.source).toBe('solved');
    expect(solved.packing.fits).toBe(true);
    expect(solved.packing.circles).toHaveLength(5000);
    const centres = solved.packing.circles.map((c) => ({ xMm: c.xMm, yMm: c.yMm }));
    const again = sizeTransit({ transit, items, catalogue: sampleCatalogue, packing: { centres } });
    expect(again.packing.source).toBe('precomputed');
    expect(again.packing.minGapMm).toBeCloseTo(solved.packing.minGapMm!, 9);
  }, 120_000);
});
