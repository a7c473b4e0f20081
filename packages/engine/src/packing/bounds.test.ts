import { describe, expect, it } from 'vitest';
import { boundCircles, boundsAllow, lowerBoundScaleOf } from './bounds';
import type { Container } from './container';
import { packCircles, packingLowerBoundScale } from './pack-circles';
import { createRandom } from './random';

const unitCircles = (n: number) => boundCircles(new Float64Array(n).fill(1));
const round = (radiusMm: number): Container => ({ kind: 'round', radiusMm });

describe('packing lower bounds (ADR 039)', () => {
  it('never exceed a packing that exists: equal circles in a circle, proven optima', () => {
    // Container radius / circle radius of the proven optimal packings: 2 circles side by side, 7 as a hexagon
    // around one (radius 3), 19 as two hexagonal rings around one (1 + √2 + √6).
    const optimal: [number, number][] = [
      [2, 2],
      [3, 1 + 2 / Math.sqrt(3)],
      [7, 3],
      [19, 1 + Math.SQRT2 + Math.sqrt(6)],
    ];
    for (const [n, ratio] of optimal) {
      const bound = lowerBoundScaleOf(round(ratio), unitCircles(n));
      expect(bound).toBeLessThanOrEqual(1);
      expect(bound).toBeGreaterThan(0.74); // and they say something: within about 25 % of the optimum
    }
  });

  it('Oler’s inequality refuses what the area bound lets through: 7 unit circles in a circle of radius 2.8', () => {
    // Area: 7π ≤ 2.8²π = 7.84π, so the area bound allows it; the centres lie in a disk of radius 1.8 at mutual
    // distances ≥ 2: (2/√3)·π·0.81 + π·0.9 + 1 = 6.77 < 7.
    expect(boundsAllow(round(2.8), { ...unitCircles(7), areaMm2: 0 }, 1)).toBe(false);
    expect(Math.sqrt((7 * Math.PI) / (Math.PI * 2.8 * 2.8))).toBeLessThan(1);
    expect(packingLowerBoundScale({ shape: 'ROUND', diameterMm: 5.6 }, Array(7).fill(2))).toBeGreaterThan(1);
  });

  it('stay below every layout the search finds, round and rounded rectangles, with wall margins', () => {
    const random = createRandom(7);
    for (let trial = 0; trial < 6; trial++) {
      const n = 2 + random.int(14);
      const diametersMm = Array.from({ length: n }, () => 5 + random.next() * 40);
      const margins = trial % 3 === 0 ? diametersMm.map(() => random.next() * 5) : undefined;
      const opening =
        trial % 2 === 0
          ? ({ shape: 'ROUND', diameterMm: 100 } as const)
          : ({ shape: 'RECTANGLE', widthMm: 160, heightMm: 90, cornerRadiusMm: 20 * random.next() } as const);
      const found = packCircles(opening, diametersMm, {
        goal: 'tightest',
        iterationBudget: 8_000,
        timeBudgetMs: Number.POSITIVE_INFINITY,
        now: () => 0,
        wallMarginsMm: margins,
      });
      expect(packingLowerBoundScale(opening, diametersMm, margins)).toBeLessThanOrEqual(found.scale);
    }
  }, 60_000);

  it('answer no area and no circles', () => {
    expect(packingLowerBoundScale({ shape: 'ROUND', diameterMm: null }, [10])).toBe(Number.POSITIVE_INFINITY);
    expect(packingLowerBoundScale({ shape: 'ROUND', diameterMm: 100 }, [])).toBe(0);
  });
});
