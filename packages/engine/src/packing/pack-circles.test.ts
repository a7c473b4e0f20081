import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Opening } from '../types';
import { areaLowerBoundScale, packCircles, validateLayout, type PackResult } from './pack-circles';

// Small deterministic budgets keep the suite fast; quality is measured by the benchmark (bench/packing).
const QUICK = { iterationBudget: 3000, seed: 7 } as const;
/** Budget for the hand-checked optima (still deterministic: an iteration budget, no clock). */
const TIGHT = { goal: 'tightest', iterationBudget: 60_000, seed: 1 } as const;
const OPTIMUM_TOLERANCE = 1e-6;

function scaled(opening: Opening, scale: number): Opening {
  if (opening.shape === 'ROUND') return { shape: 'ROUND', diameterMm: (opening.diameterMm ?? 0) * scale };
  return {
    shape: 'RECTANGLE',
    widthMm: (opening.widthMm ?? 0) * scale,
    heightMm: (opening.heightMm ?? 0) * scale,
    cornerRadiusMm: (opening.cornerRadiusMm ?? 0) * scale,
  };
}

/** The layout is valid in the opening scaled by the reported scale (the contract of `scale`). */
function expectValidAtScale(opening: Opening, diametersMm: number[], result: PackResult): void {
  expect(result.centres).toHaveLength(diametersMm.length);
  expect(validateLayout(scaled(opening, result.scale), diametersMm, result.centres).valid).toBe(true);
}

describe('packCircles — hand-checked cases', () => {
  it('an empty list fits with scale 0', () => {
    expect(packCircles({ shape: 'ROUND', diameterMm: 100 }, [])).toEqual({
      fits: true,
      scale: 0,
      centres: [],
      minGapMm: null,
    });
  });

  it.each<[string, Opening, number]>([
    ['d 10 in a round d 20: scale 0.5', { shape: 'ROUND', diameterMm: 20 }, 0.5],
    ['d 10 in 30 × 20: the height decides, 10 / 20', { shape: 'RECTANGLE', widthMm: 30, heightMm: 20 }, 0.5],
    [
      'd 10 in 20 × 20 with corner radius 10 (a circle)',
      { shape: 'RECTANGLE', widthMm: 20, heightMm: 20, cornerRadiusMm: 10 },
      0.5,
    ],
    ['d 10 in a round d 8: must grow by 10 / 8', { shape: 'ROUND', diameterMm: 8 }, 1.25],
  ])('one circle sits at the centre: %s', (_, opening, scale) => {
    const result = packCircles(opening, [10]);
    expect(result.centres).toEqual([{ xMm: 0, yMm: 0 }]);
    expect(result.scale).toBeCloseTo(scale, 12);
    expect(result.fits).toBe(scale <= 1);
  });

  it.each<[string, Opening, number, number]>([
    // Two unit circles side by side: container radius 2 (ratio 2).
    ['2 equal circles in a circle, ratio 2', { shape: 'ROUND', diameterMm: 4 }, 2, 2],
    // Hexagonal flower: one in the middle, six around, container radius 3 (ratio 3).
    ['7 equal circles in a circle, ratio 3', { shape: 'ROUND', diameterMm: 6 }, 7, 2],
    // The hexagonal lattice points (spacing 2) within 2√7 of a lattice point: 1 + 6 + 6 + 6 + 12 = 31 (norms 0, 1,
    // 3, 4, 7), the outer 12 at distance 2√7 from the centre: container radius 1 + 2√7 (the Packomania record).
    [
      '31 equal circles in a circle, ratio 1 + 2√7',
      { shape: 'ROUND', diameterMm: 2 * (1 + 2 * Math.sqrt(7)) },
      31,
      2,
    ],
    // Four unit circles in a 2 × 2 grid: square side 4.
    [
      '4 equal circles in a square of side 4',
      { shape: 'RECTANGLE', widthMm: 4, heightMm: 4, cornerRadiusMm: 0 },
      4,
      2,
    ],
  ])('%s', (_, opening, count, diameterMm) => {
    const diametersMm = Array.from({ length: count }, () => diameterMm);
    const result = packCircles(opening, diametersMm, TIGHT);
    expectValidAtScale(opening, diametersMm, result);
    expect(Math.abs(result.scale - 1)).toBeLessThan(OPTIMUM_TOLERANCE);
  });

  it.each<[string, number[], number]>([
    // Radius 1 beside radius 2 on one diameter: container radius 1 + 2 = 3.
    ['radii 1 and 2: container radius 3', [2, 4], 3],
    // Circles of radius √1 … √6: container radius 5.350963 (the Packomania record, rounded to 6 decimals).
    ['radii √1 … √6: container radius 5.350963', [1, 2, 3, 4, 5, 6].map((i) => 2 * Math.sqrt(i)), 5.350963],
  ])('circles of different sizes, tightest: %s', (_, diametersMm, radius) => {
    const opening: Opening = { shape: 'ROUND', diameterMm: 2 * radius };
    const result = packCircles(opening, diametersMm, TIGHT);
    expectValidAtScale(opening, diametersMm, result);
    expect(Math.abs(result.scale - 1)).toBeLessThan(1e-6);
  });

  it('an opening without area never fits', () => {
    for (const opening of [
      { shape: 'ROUND', diameterMm: 0 },
      { shape: 'ROUND', diameterMm: null },
      { shape: 'RECTANGLE', widthMm: 100, heightMm: 0 },
      { shape: 'RECTANGLE', widthMm: -5, heightMm: 100 },
    ] satisfies Opening[]) {
      const result = packCircles(opening, [10, 20]);
      expect(result.fits).toBe(false);
      expect(result.centres).toHaveLength(2);
    }
  });

  it('answers fits for a roomy opening and stops there', () => {
    const diametersMm = [20, 20, 15, 10, 10, 8];
    const opening: Opening = { shape: 'ROUND', diameterMm: 80 };
    const result = packCircles(opening, diametersMm, QUICK);
    expect(result.fits).toBe(true);
    expect(result.scale).toBeLessThanOrEqual(1);
    expect(validateLayout(opening, diametersMm, result.centres).valid).toBe(true);
  });

  it('reports how much larger an opening that is too small must be', () => {
    const diametersMm = [10, 10, 10];
    const opening: Opening = { shape: 'ROUND', diameterMm: 15 };
    const result = packCircles(opening, diametersMm, QUICK);
    expect(result.fits).toBe(false);
    // Three circles of d 10 need a container of d 10 (1 + 2/√3) = 21.547 at best: scale ≥ 1.4365.
    expect(result.scale).toBeGreaterThanOrEqual((10 * (1 + 2 / Math.sqrt(3))) / 15 - 1e-9);
    expectValidAtScale(opening, diametersMm, result);
  });

  it('rejects diameters that are not finite non-negative numbers', () => {
    expect(() => packCircles({ shape: 'ROUND', diameterMm: 10 }, [1, -1])).toThrow(RangeError);
    expect(() => packCircles({ shape: 'ROUND', diameterMm: 10 }, [Number.NaN])).toThrow(RangeError);
  });

  it('stops on the time budget with the clock it is given', () => {
    let nowMs = 0;
    const result = packCircles(
      { shape: 'ROUND', diameterMm: 100 },
      Array.from({ length: 30 }, () => 17),
      {
        goal: 'tightest',
        timeBudgetMs: 50,
        // Every reading advances the fake clock by 1 ms, so the search must end after about 50 readings.
        now: () => nowMs++,
      },
    );
    expect(nowMs).toBeLessThan(200);
    expect(result.centres).toHaveLength(30);
  });
});

describe('validateLayout and areaLowerBoundScale', () => {
  const opening: Opening = { shape: 'RECTANGLE', widthMm: 40, heightMm: 20, cornerRadiusMm: 10 };

  it.each<[string, { xMm: number; yMm: number }[], boolean]>([
    [
      'two circles touching, inside',
      [
        { xMm: -5, yMm: 0 },
        { xMm: 5, yMm: 0 },
      ],
      true,
    ],
    [
      'two circles overlapping by 0.01',
      [
        { xMm: -4.995, yMm: 0 },
        { xMm: 5, yMm: 0 },
      ],
      false,
    ],
    [
      'a circle touching the straight wall',
      [
        { xMm: -10, yMm: 0 },
        { xMm: 10, yMm: 0 },
      ],
      true,
    ],
    // The corner arc: centre (10, 0) + radius 10; a circle of radius 5 at (10 + 5 cos 45°, 5 sin 45°) touches it.
    [
      'a circle touching the corner arc',
      [
        { xMm: -10, yMm: 0 },
        { xMm: 10 + 5 * Math.SQRT1_2, yMm: 5 * Math.SQRT1_2 },
      ],
      true,
    ],
    [
      'a circle in the cut-off corner',
      [
        { xMm: -10, yMm: 0 },
        { xMm: 14.9, yMm: 4.9 },
      ],
      false,
    ],
  ])('%s', (_, centres, valid) => {
    expect(validateLayout(opening, [10, 10], centres).valid).toBe(valid);
  });

  it('area bound: four circles of d 10 in a round d 20 need at least √(4 × 25π / 100π) = 1', () => {
    expect(areaLowerBoundScale({ shape: 'ROUND', diameterMm: 20 }, [10, 10, 10, 10])).toBeCloseTo(1, 12);
  });
});

// Random instances: 1–9 circles of 1–40 mm in round or rounded-rectangle openings.
const diametersArb = fc.array(fc.double({ min: 1, max: 40, noNaN: true }), { minLength: 1, maxLength: 9 });
const openingArb: fc.Arbitrary<Opening> = fc.oneof(
  fc
    .double({ min: 10, max: 150, noNaN: true })
    .map((diameterMm): Opening => ({ shape: 'ROUND', diameterMm })),
  fc
    .record({
      widthMm: fc.double({ min: 10, max: 150, noNaN: true }),
      heightMm: fc.double({ min: 10, max: 150, noNaN: true }),
      cornerShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
    })
    .map(({ widthMm, heightMm, cornerShare }): Opening => ({
      shape: 'RECTANGLE',
      widthMm,
      heightMm,
      cornerRadiusMm: cornerShare * Math.min(widthMm, heightMm),
    })),
);
const goalArb = fc.constantFrom<'fit' | 'tightest'>('fit', 'tightest');
const PROPERTY_RUNS = 40;

describe('packCircles — properties', () => {
  it('returns a valid layout at the reported scale, never below the area bound', () => {
    fc.assert(
      fc.property(openingArb, diametersArb, goalArb, fc.nat(1000), (opening, diametersMm, goal, seed) => {
        const result = packCircles(opening, diametersMm, { goal, iterationBudget: 1500, seed });
        expectValidAtScale(opening, diametersMm, result);
        expect(result.scale).toBeGreaterThanOrEqual(areaLowerBoundScale(opening, diametersMm) * (1 - 1e-9));
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it('never says fits for a layout that is not valid in the real opening', () => {
    fc.assert(
      fc.property(openingArb, diametersArb, fc.nat(1000), (opening, diametersMm, seed) => {
        const result = packCircles(opening, diametersMm, { iterationBudget: 1500, seed });
        if (result.fits) {
          expect(result.scale).toBeLessThanOrEqual(1);
          expect(validateLayout(opening, diametersMm, result.centres).valid).toBe(true);
        }
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it('is deterministic for a seed and an iteration budget', () => {
    fc.assert(
      fc.property(openingArb, diametersArb, goalArb, fc.nat(1000), (opening, diametersMm, goal, seed) => {
        const options = { goal, iterationBudget: 1000, seed };
        expect(packCircles(opening, diametersMm, options)).toEqual(
          packCircles(opening, diametersMm, options),
        );
      }),
      { numRuns: 20 },
    );
  });

  it('uses a neighbour grid for many circles and still returns valid layouts', () => {
    const diametersMm = Array.from({ length: 120 }, (_, i) => 8 + ((i * 37) % 50));
    const opening: Opening = { shape: 'RECTANGLE', widthMm: 600, heightMm: 400, cornerRadiusMm: 50 };
    const result = packCircles(opening, diametersMm, { goal: 'tightest', iterationBudget: 4000, seed: 3 });
    expectValidAtScale(opening, diametersMm, result);
  });
});

describe("packCircles and validateLayout with wall margins (a pipe's spacing to the wall, ADR 004)", () => {
  it('one circle of d 60 with a margin of 25 needs a round opening of 2 × (30 + 25) = 110', () => {
    const result = packCircles({ shape: 'ROUND', diameterMm: 100 }, [60], { wallMarginsMm: [25] });
    expect(result.fits).toBe(false);
    expect(result.scale).toBeCloseTo(1.1, 12);
    expect(packCircles({ shape: 'ROUND', diameterMm: 110 }, [60], { wallMarginsMm: [25] }).fits).toBe(true);
  });

  it('a circle touching the wall is valid without a margin and not with one', () => {
    const opening: Opening = { shape: 'RECTANGLE', widthMm: 100, heightMm: 60, cornerRadiusMm: 10 };
    const centres = [{ xMm: 40, yMm: 0 }];
    expect(validateLayout(opening, [20], centres).valid).toBe(true);
    expect(validateLayout(opening, [20], centres, undefined, [0]).valid).toBe(true);
    const check = validateLayout(opening, [20], centres, undefined, [5]);
    expect(check.valid).toBe(false);
    expect(check.maxProtrusionMm).toBeCloseTo(5, 12);
    // One margin per circle, or the layout cannot be checked.
    expect(validateLayout(opening, [20], centres, undefined, []).valid).toBe(false);
  });

  it('rejects margins that are not one finite non-negative number per circle', () => {
    const round: Opening = { shape: 'ROUND', diameterMm: 100 };
    expect(() => packCircles(round, [10, 10], { wallMarginsMm: [1] })).toThrow(RangeError);
    expect(() => packCircles(round, [10, 10], { wallMarginsMm: [1, -1] })).toThrow(RangeError);
    expect(() => packCircles(round, [10, 10], { wallMarginsMm: [1, Number.NaN] })).toThrow(RangeError);
  });

  it('every goal keeps each circle its margin from the wall at the reported scale (property)', () => {
    fc.assert(
      fc.property(
        openingArb,
        diametersArb,
        fc.array(fc.double({ min: 0, max: 15, noNaN: true }), { minLength: 40, maxLength: 40 }),
        fc.constantFrom<'fit' | 'tightest' | 'verdict'>('fit', 'tightest', 'verdict'),
        fc.nat(1000),
        (opening, diametersMm, marginPool, goal, seed) => {
          const margins = diametersMm.map((_, i) => marginPool[i % marginPool.length]!);
          const result = packCircles(opening, diametersMm, {
            goal,
            seed,
            iterationBudget: 1500,
            wallMarginsMm: margins,
          });
          const at = scaled(opening, result.scale);
          expect(validateLayout(at, diametersMm, result.centres, 1e-9, margins).valid).toBe(true);
          if (result.fits)
            expect(validateLayout(opening, diametersMm, result.centres, undefined, margins).valid).toBe(true);
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
