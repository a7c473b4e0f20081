import { describe, expect, it } from 'vitest';
import {
  circleAreaMm2,
  cornerRadiusTooLarge,
  effectiveCornerRadiusMm,
  maxCornerRadiusMm,
  transitAreaMm2,
} from './area';
import type { Opening } from './types';

describe('transitAreaMm2 (spec §9 Area, §5 Transit area)', () => {
  it.each<[string, Opening, number]>([
    // round: π d² / 4
    ['round d 100: π × 100² / 4 = 2500π', { shape: 'ROUND', diameterMm: 100 }, 2500 * Math.PI],
    ['round d 200: 10000π = 31415.93', { shape: 'ROUND', diameterMm: 200 }, 31415.926535897932],
    [
      'round d 102.26: π × 10457.1076 / 4',
      { shape: 'ROUND', diameterMm: 102.26 },
      (Math.PI * 10457.1076) / 4,
    ],
    ['round without diameter', { shape: 'ROUND' }, 0],
    ['round d null', { shape: 'ROUND', diameterMm: null }, 0],
    ['round d 0', { shape: 'ROUND', diameterMm: 0 }, 0],
    ['round d −10', { shape: 'ROUND', diameterMm: -10 }, 0],
    // rectangle: w × h − r² × (4 − π)
    ['200 × 100, no radius = 20000', { shape: 'RECTANGLE', widthMm: 200, heightMm: 100 }, 20000],
    ['200 × 100, r 0 = 20000', { shape: 'RECTANGLE', widthMm: 200, heightMm: 100, cornerRadiusMm: 0 }, 20000],
    // 20000 − 10² × (4 − π) = 20000 − 400 + 100π = 19914.159265...
    [
      '200 × 100, r 10 = 19600 + 100π',
      { shape: 'RECTANGLE', widthMm: 200, heightMm: 100, cornerRadiusMm: 10 },
      19600 + 100 * Math.PI,
    ],
    // ADR 010: r 40 on a 50 high rectangle is above the largest radius (25): not a rounded rectangle, no area.
    [
      '100 × 50, r 40 above 25: no area',
      { shape: 'RECTANGLE', widthMm: 100, heightMm: 50, cornerRadiusMm: 40 },
      0,
    ],
    // r 25 exactly is allowed: 5000 − 625 × (4 − π) = 2500 + 625π
    [
      '100 × 50, r 25 allowed',
      { shape: 'RECTANGLE', widthMm: 100, heightMm: 50, cornerRadiusMm: 25 },
      2500 + 625 * Math.PI,
    ],
    // r 25 on 50 × 50 is a circle of d 50: 2500 − 625 × (4 − π) = 625π = π × 50² / 4
    [
      '50 × 50, r 25 is a circle',
      { shape: 'RECTANGLE', widthMm: 50, heightMm: 50, cornerRadiusMm: 25 },
      circleAreaMm2(50),
    ],
    [
      'negative radius counts as 0',
      { shape: 'RECTANGLE', widthMm: 200, heightMm: 100, cornerRadiusMm: -5 },
      20000,
    ],
    ['missing height', { shape: 'RECTANGLE', widthMm: 200 }, 0],
    ['zero width', { shape: 'RECTANGLE', widthMm: 0, heightMm: 100 }, 0],
    ['negative height', { shape: 'RECTANGLE', widthMm: 100, heightMm: -100 }, 0],
    ['NaN width', { shape: 'RECTANGLE', widthMm: Number.NaN, heightMm: 100 }, 0],
  ])('%s', (_label, opening, expected) => {
    expect(transitAreaMm2(opening)).toBeCloseTo(expected, 9);
  });

  it('the largest corner radius is half the shorter side; above it is too large (ADR 010)', () => {
    expect(maxCornerRadiusMm(200, 100)).toBe(50);
    expect(cornerRadiusTooLarge(200, 100, 80)).toBe(true);
    expect(cornerRadiusTooLarge(200, 100, 50)).toBe(false);
    expect(cornerRadiusTooLarge(200, 100, 50 + 1e-12)).toBe(false);
    expect(cornerRadiusTooLarge(200, 100, 50.01)).toBe(true);
    expect(cornerRadiusTooLarge(200, 100, null)).toBe(false);
    expect(cornerRadiusTooLarge(null, 100, 80)).toBe(false);
    expect(effectiveCornerRadiusMm(100, 50, 10)).toBe(10);
    expect(effectiveCornerRadiusMm(100, 50, null)).toBe(0);
  });
});
