// The verdict's quick "does not fit" (ADR 039): the bounds stop a search that cannot succeed, and a starting layout
// (the browser's best, sent with a save) is only a hint: repaired before use, never trusted.
import { describe, expect, it } from 'vitest';
import {
  NEAR_MISS_SCALE,
  deterministicVerdict,
  hintedPackingIterationBudget,
  isNearMiss,
  packingIterationBudget,
} from '../verdict-budget';
import type { Opening } from '../types';
import { packCircles, validateLayout } from './pack-circles';

const BUDGET = 200_000;
/** Searches under a full machine (tests run beside each other) take longer than the default 5 s. */
const SLOW_MS = 120_000;

/** Runs the verdict with a clock that counts its readings: one reading per 8 energy evaluations. */
function countedVerdict(opening: Opening, diametersMm: number[], proveNoFit: boolean) {
  let readings = 0;
  const result = packCircles(opening, diametersMm, {
    goal: 'verdict',
    iterationBudget: BUDGET,
    timeBudgetMs: 1e12,
    now: () => readings++,
    proveNoFit,
  });
  return { result, evaluations: readings * 8 };
}

function scaled(opening: Opening, scale: number): Opening {
  return opening.shape === 'ROUND'
    ? { shape: 'ROUND', diameterMm: (opening.diameterMm ?? 0) * scale }
    : {
        shape: 'RECTANGLE',
        widthMm: (opening.widthMm ?? 0) * scale,
        heightMm: (opening.heightMm ?? 0) * scale,
        cornerRadiusMm: (opening.cornerRadiusMm ?? 0) * scale,
      };
}

describe('the verdict stops when a bound proves that nothing fits', () => {
  it(
    '7 circles of d 2 in a round d 5.6 (Oler): "does not fit" after a twentieth of the budget',
    () => {
      const opening: Opening = { shape: 'ROUND', diameterMm: 5.6 };
      const d = Array<number>(7).fill(2);
      const proved = countedVerdict(opening, d, true);
      const searched = countedVerdict(opening, d, false);
      expect(proved.result.fits).toBe(false);
      expect(searched.result.fits).toBe(false);
      expect(proved.evaluations).toBeLessThanOrEqual(0.05 * BUDGET + 2_000);
      expect(searched.evaluations).toBeGreaterThan(0.8 * BUDGET);
      // The answer still names the opening its layout needs, and that layout is valid there.
      expect(proved.result.scale).toBeGreaterThan(1);
      expect(proved.result.scale).toBeLessThan(1.1);
      expect(validateLayout(scaled(opening, proved.result.scale), d, proved.result.centres, 1e-9).valid).toBe(
        true,
      );
    },
    SLOW_MS,
  );

  it(
    'an overfilled rectangle (area bound) answers at once too',
    () => {
      const opening: Opening = { shape: 'RECTANGLE', widthMm: 100, heightMm: 60, cornerRadiusMm: 10 };
      const d = Array.from({ length: 30 }, (_, i) => 12 + (i % 5) * 3);
      const { result, evaluations } = countedVerdict(opening, d, true);
      expect(result.fits).toBe(false);
      expect(evaluations).toBeLessThanOrEqual(0.05 * BUDGET + 2_000);
    },
    SLOW_MS,
  );
});

describe('the verdict from a starting layout (a hint, never trusted)', () => {
  const d = [30, 30, 24, 24, 20, 18, 18, 16, 14, 12, 12, 10, 10, 8, 8, 8];
  const base: Opening = { shape: 'ROUND', diameterMm: 100 };
  const tightest = packCircles(base, d, {
    goal: 'tightest',
    iterationBudget: 150_000,
    timeBudgetMs: Number.POSITIVE_INFINITY,
    now: () => 0,
  });

  it(
    'goes on from a near-fitting layout: it fits an opening 0.3 % above it',
    () => {
      const opening = scaled(base, tightest.scale * 1.003);
      // The layout pushed 0.4 % outwards: it sticks out of this opening, so it is no certificate.
      const start = tightest.centres.map((c) => ({ xMm: c.xMm * 1.004, yMm: c.yMm * 1.004 }));
      expect(validateLayout(opening, d, start).valid).toBe(false);
      const answer = deterministicVerdict(opening, d, undefined, start);
      expect(answer.fits).toBe(true);
      expect(validateLayout(opening, d, answer.centres, 1e-9).valid).toBe(true);
      // The same input and start give the same answer (what the server stores is reproducible).
      expect(deterministicVerdict(opening, d, undefined, start)).toEqual(answer);
    },
    SLOW_MS,
  );

  const quick = {
    goal: 'verdict',
    iterationBudget: 30_000,
    timeBudgetMs: Number.POSITIVE_INFINITY,
    now: () => 0,
  } as const;

  it(
    'a start of the wrong length or with a non-finite centre is ignored: the same answer as without',
    () => {
      const opening = scaled(base, tightest.scale * 0.99);
      const without = packCircles(opening, d, quick);
      expect(packCircles(opening, d, { ...quick, start: tightest.centres.slice(1) })).toEqual(without);
      const broken = tightest.centres.map((c, i) => (i === 3 ? { xMm: Number.NaN, yMm: 0 } : c));
      expect(packCircles(opening, d, { ...quick, start: broken })).toEqual(without);
    },
    SLOW_MS,
  );

  it(
    'a hostile start (every centre at one point, or far away) never gives an invalid layout or a wrong "fits"',
    () => {
      const small = scaled(base, tightest.scale * 0.97);
      for (const start of [
        d.map(() => ({ xMm: 0, yMm: 0 })),
        d.map((_, i) => ({ xMm: 1e9 * (i + 1), yMm: -1e9 })),
      ]) {
        const answer = packCircles(small, d, { ...quick, start });
        expect(answer.fits).toBe(false);
        expect(validateLayout(scaled(small, answer.scale), d, answer.centres, 1e-9).valid).toBe(true);
      }
    },
    SLOW_MS,
  );

  it('a start valid in the opening enlarged by 1 % is a near miss (the full budget); one further out or overlapping is not', () => {
    const opening = scaled(base, tightest.scale * 1.003);
    const outwards = (factor: number) =>
      tightest.centres.map((c) => ({ xMm: c.xMm * factor, yMm: c.yMm * factor }));
    // 0.4 % outwards: sticks out of the opening, inside the opening 1 % larger.
    expect(validateLayout(opening, d, outwards(1.004)).valid).toBe(false);
    expect(isNearMiss(opening, d, outwards(1.004))).toBe(true);
    // 3 % outwards: a clear miss keeps the quarter budget.
    expect(isNearMiss(opening, d, outwards(1.03))).toBe(false);
    // Overlapping circles are no near miss, however small the opening they would need.
    expect(
      isNearMiss(
        opening,
        d,
        d.map(() => ({ xMm: 0, yMm: 0 })),
      ),
    ).toBe(false);
    expect(isNearMiss(opening, d, outwards(0.99))).toBe(false);
    // A wall margin counts as in every other check: pushed against the wall by it, the start misses by more.
    const margins = d.map(() => (tightest.scale * 100 * (NEAR_MISS_SCALE - 1)) / 2 + 1);
    expect(isNearMiss(opening, d, outwards(1.004), margins)).toBe(false);
  });

  it('the hinted budget is a quarter of the full one', () => {
    for (const n of [2, 40, 100, 299])
      expect(hintedPackingIterationBudget(n)).toBe(Math.round(packingIterationBudget(n) / 4));
  });
});
