import { describe, expect, it } from 'vitest';
import {
  ceilTolerant,
  definitelyGreater,
  definitelyLess,
  floorTolerant,
  greaterOrNearlyEqual,
  lessOrNearlyEqual,
  nearlyEqual,
} from './tolerance';

describe('tolerance', () => {
  it.each([
    // [a, b, nearlyEqual]
    [0.1 + 0.2, 0.3, true], // 0.30000000000000004 vs 0.3: float noise
    [1, 1 + 1e-10, true],
    [1, 1 + 1e-6, false],
    [1e6, 1e6 + 1e-4, true], // relative: 1e-9 × 1e6 = 1e-3
    [1e6, 1e6 + 1e-2, false],
    [0, 1e-10, true], // absolute near 0 (scale is at least 1)
    [-2, -2 - 1e-12, true],
  ])('nearlyEqual(%s, %s) is %s', (a, b, expected) => {
    expect(nearlyEqual(a, b)).toBe(expected);
  });

  it.each([
    // [a, b, definitelyGreater, definitelyLess, lessOrNearlyEqual, greaterOrNearlyEqual]
    [2, 1, true, false, false, true],
    [1, 2, false, true, true, false],
    [0.1 + 0.2, 0.3, false, false, true, true],
    [63 + 1e-12, 63, false, false, true, true],
    [63.001, 63, true, false, false, true],
  ])('comparisons of %s and %s', (a, b, greater, less, lessOrEqual, greaterOrEqual) => {
    expect(definitelyGreater(a, b)).toBe(greater);
    expect(definitelyLess(a, b)).toBe(less);
    expect(lessOrNearlyEqual(a, b)).toBe(lessOrEqual);
    expect(greaterOrNearlyEqual(a, b)).toBe(greaterOrEqual);
  });

  it.each([
    [3, 3, 3],
    [3.0000000000000004, 3, 3], // noise does not round up or down
    [2.9999999999999996, 3, 3],
    [3.2, 4, 3],
    [3.9999, 4, 3],
    [-1.5, -1, -2],
    [0, 0, 0],
  ])('ceilTolerant(%s) = %s, floorTolerant = %s', (value, ceil, floor) => {
    expect(ceilTolerant(value)).toBe(ceil);
    expect(floorTolerant(value)).toBe(floor);
  });
});
