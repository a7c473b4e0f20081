import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sizeTransit } from '../size-transit';
import { sampleCatalogue } from '../testing/sample-catalogue';
import type { Opening } from '../types';
import { areaLowerBoundScale, packCircles, validateLayout } from './pack-circles';
import { minGapOf, spreadLayout, wallGapMm } from './spread';
import { packForVerdict } from './verdict';

const round = (diameterMm: number): Opening => ({ shape: 'ROUND', diameterMm });

describe('wallGapMm (hand-checked)', () => {
  it('round: radius − distance − r', () => {
    expect(wallGapMm({ kind: 'round', radiusMm: 50 }, 30, 40, 5)).toBeCloseTo(-5, 12);
    expect(wallGapMm({ kind: 'round', radiusMm: 50 }, 0, 0, 10)).toBe(40);
  });
  it('rectangle with rounded corners: the nearer side, or the arc in a corner', () => {
    const rect = { kind: 'rect' as const, halfWidthMm: 100, halfHeightMm: 50, cornerRadiusMm: 20 };
    expect(wallGapMm(rect, 0, 0, 10)).toBe(40);
    expect(wallGapMm(rect, 90, 0, 5)).toBe(5);
    // Corner centre (80, 30): a circle at (90, 40) is hypot(10, 10) from it, so 20 − 14.142 − 2 from the arc.
    expect(wallGapMm(rect, 90, 40, 2)).toBeCloseTo(20 - Math.hypot(10, 10) - 2, 12);
  });
});

describe('spreadLayout', () => {
  it('spreads two circles pressed together to equal gaps, centred', () => {
    // d 100, circles 20 and 20 touching at the middle: maximin puts them 20 apart from each other and the wall.
    const opening = round(100);
    const result = spreadLayout(
      opening,
      [20, 20],
      [
        { xMm: -10, yMm: 0 },
        { xMm: 10, yMm: 0 },
      ],
    );
    // Along a diameter: wall gap g, item 20, gap g, item 20, gap g = 100 → g = 20.
    expect(result.minGapMm).toBeGreaterThan(19.99);
    expect(result.minGapMm).toBeLessThanOrEqual(20 + 1e-9);
    expect(validateLayout(opening, [20, 20], result.centres, 0).valid).toBe(true);
  });

  it('spreads in a rounded rectangle too: two circles in a corner move apart and off the walls', () => {
    // 200 × 100, corner radius 10; circles 20 touching each other and the bottom wall at the left.
    const opening: Opening = { shape: 'RECTANGLE', widthMm: 200, heightMm: 100, cornerRadiusMm: 10 };
    const centres = [
      { xMm: -80, yMm: -40 },
      { xMm: -60, yMm: -40 },
    ];
    expect(minGapOf(opening, [20, 20], centres)).toBeCloseTo(0, 9);
    const result = spreadLayout(opening, [20, 20], centres);
    // Best: both on the middle line, 200 = 3 g + 40 along it, limited by 100 = 2 g + 20 across: g = 40.
    expect(result.minGapMm).toBeGreaterThan(39.9);
    expect(validateLayout(opening, [20, 20], result.centres, 0).valid).toBe(true);
  });

  it('answers a layout that does not fit unchanged', () => {
    const centres = [
      { xMm: 0, yMm: 0 },
      { xMm: 5, yMm: 0 },
    ];
    expect(spreadLayout(round(100), [20, 20], centres).centres).toBe(centres);
  });

  it('is deterministic (the server stores it)', () => {
    const d = [30, 22, 22, 15, 15, 12, 8, 8, 8];
    const packed = packCircles(round(80), d, {
      iterationBudget: 20_000,
      timeBudgetMs: Infinity,
      now: () => 0,
    });
    expect(packed.fits).toBe(true);
    expect(spreadLayout(round(80), d, packed.centres)).toEqual(spreadLayout(round(80), d, packed.centres));
  });

  // Property: spreading a fitting layout never makes it invalid and never makes its smallest gap smaller.
  it('never makes a fitting layout invalid and never decreases the smallest gap (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 5, max: 60 }), { minLength: 2, maxLength: 14 }),
        fc.double({ min: 1.02, max: 1.6, noNaN: true }),
        fc.boolean(),
        fc.integer({ min: 1, max: 1000 }),
        (diametersMm, room, rectangle, seed) => {
          let areaMm2 = 0;
          for (const d of diametersMm) areaMm2 += (Math.PI * d * d) / 4;
          const side = Math.sqrt(areaMm2 / 0.6) * room;
          const opening: Opening = rectangle
            ? { shape: 'RECTANGLE', widthMm: side * 1.3, heightMm: side, cornerRadiusMm: side / 8 }
            : round((side * 2) / Math.sqrt(Math.PI));
          const packed = packCircles(opening, diametersMm, {
            seed,
            iterationBudget: 5000,
            timeBudgetMs: Infinity,
            now: () => 0,
          });
          if (!packed.fits) return;
          const before = minGapOf(opening, diametersMm, packed.centres)!;
          const spread = spreadLayout(opening, diametersMm, packed.centres);
          expect(validateLayout(opening, diametersMm, spread.centres).valid).toBe(true);
          expect(spread.minGapMm!).toBeGreaterThanOrEqual(before);
          expect(spread.minGapMm).toBe(minGapOf(opening, diametersMm, spread.centres));
          // A packed layout starts near gap 0, so the first spreading gains a lot whatever it does; spreading an
          // already spread layout is where a step that lost gap would show.
          const again = spreadLayout(opening, diametersMm, spread.centres);
          expect(validateLayout(opening, diametersMm, again.centres).valid).toBe(true);
          expect(again.minGapMm!).toBeGreaterThanOrEqual(spread.minGapMm!);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("spreadLayout with wall margins (a pipe's spacing to the wall, ADR 004)", () => {
  /** Smallest item–item gap and item–wall gap beyond each item's margin: what the spreading maximises. */
  const slackOf = (
    opening: Opening,
    d: number[],
    margins: number[],
    centres: { xMm: number; yMm: number }[],
  ) => {
    let gap = Number.POSITIVE_INFINITY;
    d.forEach((di, i) => {
      const c = centres[i]!;
      gap = Math.min(gap, minGapOf(opening, [di], [c])! - margins[i]!);
      for (let j = i + 1; j < d.length; j++) {
        const o = centres[j]!;
        gap = Math.min(gap, Math.hypot(c.xMm - o.xMm, c.yMm - o.yMm) - (di + d[j]!) / 2);
      }
    });
    return gap;
  };

  it('keeps the margin: one circle with a margin of 10 next to one without', () => {
    // d 100, circles 20 and 20. Along a diameter: g + 10, 20, g, 20, g = 100 → g = 16.67 (the margined circle 26.67
    // from the wall).
    const opening = round(100);
    const d = [20, 20];
    const margins = [10, 0];
    const result = spreadLayout(
      opening,
      d,
      [
        { xMm: -10, yMm: 0 },
        { xMm: 10, yMm: 0 },
      ],
      margins,
    );
    expect(validateLayout(opening, d, result.centres, 0, margins).valid).toBe(true);
    expect(slackOf(opening, d, margins, result.centres)).toBeGreaterThan(50 / 3 - 0.01);
    expect(minGapOf(opening, [20], [result.centres[0]!])).toBeGreaterThan(10 + 50 / 3 - 0.01);
    // The smallest gap stated is the smallest gap of the layout, margins aside.
    expect(result.minGapMm).toBe(minGapOf(opening, d, result.centres));
  });

  it('never breaks a margin and never decreases the gap beyond the margins (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ d: fc.integer({ min: 5, max: 60 }), margin: fc.integer({ min: 0, max: 12 }) }), {
          minLength: 2,
          maxLength: 10,
        }),
        fc.double({ min: 1.05, max: 1.6, noNaN: true }),
        fc.boolean(),
        fc.integer({ min: 1, max: 1000 }),
        (circles, room, rectangle, seed) => {
          const d = circles.map((c) => c.d);
          const margins = circles.map((c) => c.margin);
          let areaMm2 = 0;
          for (const c of circles) areaMm2 += (Math.PI * (c.d + 2 * c.margin) ** 2) / 4;
          const side = Math.sqrt(areaMm2 / 0.6) * room;
          const opening: Opening = rectangle
            ? { shape: 'RECTANGLE', widthMm: side * 1.3, heightMm: side, cornerRadiusMm: side / 8 }
            : round((side * 2) / Math.sqrt(Math.PI));
          const packed = packCircles(opening, d, {
            seed,
            wallMarginsMm: margins,
            iterationBudget: 5000,
            timeBudgetMs: Infinity,
            now: () => 0,
          });
          if (!packed.fits) return;
          expect(validateLayout(opening, d, packed.centres, undefined, margins).valid).toBe(true);
          const before = slackOf(opening, d, margins, packed.centres);
          const spread = spreadLayout(opening, d, packed.centres, margins);
          expect(validateLayout(opening, d, spread.centres, undefined, margins).valid).toBe(true);
          expect(slackOf(opening, d, margins, spread.centres)).toBeGreaterThanOrEqual(before - 1e-9);
          const again = spreadLayout(opening, d, spread.centres, margins);
          expect(validateLayout(opening, d, again.centres, undefined, margins).valid).toBe(true);
          expect(slackOf(opening, d, margins, again.centres)).toBeGreaterThanOrEqual(
            slackOf(opening, d, margins, spread.centres) - 1e-9,
          );
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('packForVerdict', () => {
  it('answers the first layout that fits, spread, with its smallest gap', () => {
    const d = [40, 30, 30, 20, 20, 20, 10, 10];
    const result = packForVerdict(round(120), d, {
      iterationBudget: 50_000,
      timeBudgetMs: Infinity,
      now: () => 0,
    });
    expect(result.fits).toBe(true);
    expect(validateLayout(round(120), d, result.centres).valid).toBe(true);
    expect(result.minGapMm).toBeGreaterThan(0);
    expect(result.scale).toBeLessThanOrEqual(1);
  });

  it('answers an honest "does not fit" with the scale the opening would need', () => {
    // Two circles of 60 cannot fit in 100 (they need 120).
    const result = packForVerdict(round(100), [60, 60], {
      iterationBudget: 5000,
      timeBudgetMs: Infinity,
      now: () => 0,
    });
    expect(result.fits).toBe(false);
    expect(result.minGapMm).toBeNull();
    expect(result.scale).toBeGreaterThanOrEqual(1.2 - 1e-9);
  });
});

describe('packForVerdict when the area alone is too large', () => {
  it('answers "does not fit" with a valid layout at its scale, at least the area bound', () => {
    const d = Array.from({ length: 30 }, (_, i) => 10 + (i % 7) * 5);
    const opening = round(100);
    const result = packForVerdict(opening, d, {
      iterationBudget: 100_000,
      timeBudgetMs: Infinity,
      now: () => 0,
    });
    expect(result.fits).toBe(false);
    expect(result.scale).toBeGreaterThanOrEqual(areaLowerBoundScale(opening, d));
    expect(validateLayout(round(100 * result.scale), d, result.centres).valid).toBe(true);
  });
});

describe('the certificate check (property): a sent layout is stored as fitting only when it is valid', () => {
  const transit = { shape: 'ROUND' as const, diameterMm: 200, itemTypeId: 'PIPE_PLASTIC' as const };

  // Random centres are rarely valid; this one sends layouts on both sides of the tolerance: two circles whose
  // overlap, and a third whose protrusion through the wall, are a random number of tolerances (1e-9) deep.
  it('decides at the tolerance: overlaps and protrusions just inside are kept, just outside refused', () => {
    const EPS = 1e-9;
    fc.assert(
      fc.property(
        fc.double({ min: -4, max: 4, noNaN: true }),
        fc.double({ min: -4, max: 4, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        (overlapTolerances, protrusionTolerances, angle) => {
          // Circles 40 and 20 along a line through the centre at `angle`; a circle 30 against the wall opposite.
          const cos = Math.cos(angle);
          const sin = Math.sin(angle);
          const reach = 30 * (1 - overlapTolerances * EPS);
          const wallDistance = 100 - 15 + protrusionTolerances * EPS * 100;
          const centres = [
            { xMm: 0, yMm: 0 },
            { xMm: reach * cos, yMm: reach * sin },
            { xMm: -wallDistance * cos, yMm: -wallDistance * sin },
          ];
          const items = [40, 20, 30].map((d) => ({
            quantity: 1,
            outerDiameterMm: d,
            itemTypeId: 'PIPE_PLASTIC' as const,
          }));
          const valid = validateLayout(round(200), [40, 20, 30], centres).valid;
          // Away from the rounding of the arithmetic the decision is the tolerance's.
          if (Math.abs(overlapTolerances - 1) > 0.01 && Math.abs(protrusionTolerances - 1) > 0.01)
            expect(valid).toBe(overlapTolerances <= 1 && protrusionTolerances <= 1);
          const result = sizeTransit({
            transit,
            items,
            catalogue: sampleCatalogue,
            packing: { centres },
            solver: () => ({
              fits: false,
              scale: 2,
              centres: centres.map(() => ({ xMm: 0, yMm: 0 })),
              minGapMm: null,
            }),
          });
          expect(result.packing.source).toBe(valid ? 'precomputed' : 'solved');
          expect(result.packing.fits).toBe(valid);
          if (valid) expect(result.packing.circles.map((c) => ({ xMm: c.xMm, yMm: c.yMm }))).toEqual(centres);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps every valid layout exactly as sent, and never keeps an invalid one as fitting', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 10, max: 60 }), { minLength: 1, maxLength: 6 }),
        fc.array(
          fc.record({
            xMm: fc.double({ min: -120, max: 120, noNaN: true }),
            yMm: fc.double({ min: -120, max: 120, noNaN: true }),
          }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        (diametersMm, centres) => {
          const items = diametersMm.map((d) => ({
            quantity: 1,
            outerDiameterMm: d,
            itemTypeId: 'PIPE_PLASTIC' as const,
          }));
          const sized = sizeTransit({ transit, items, catalogue: sampleCatalogue, solvePacking: false });
          const placed = sized.packing.circles.map((c) => c.diameterMm);
          const valid = centres.length === placed.length && validateLayout(round(200), placed, centres).valid;
          const result = sizeTransit({
            transit,
            items,
            catalogue: sampleCatalogue,
            packing: { centres },
            solver: () => ({
              fits: false,
              scale: 2,
              centres: placed.map(() => ({ xMm: 0, yMm: 0 })),
              minGapMm: null,
            }),
          });
          if (valid) {
            expect(result.packing).toMatchObject({ source: 'precomputed', fits: true });
            expect(result.packing.circles.map((c) => ({ xMm: c.xMm, yMm: c.yMm }))).toEqual(centres);
          } else {
            expect(result.packing.source).toBe('solved');
            expect(result.packing.fits).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
