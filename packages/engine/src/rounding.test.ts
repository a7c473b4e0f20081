import { describe, expect, it } from 'vitest';
import { ceilTo, roundTo } from './rounding';

describe('roundTo', () => {
  it.each([
    [1.005, 2, 1.01], // 1.005 * 100 = 100.49999999999999 in floats; the decimal string rounds it right
    [1.0049, 2, 1],
    [2.5, 0, 3], // half away from zero
    [-2.5, 0, -3],
    [-0.0001, 2, 0], // no -0
    [120.05, 1, 120.1],
    [120.04, 1, 120],
    [3.93701, 4, 3.937],
    [25.399986, 3, 25.4],
    [1e-7, 3, 0],
    [123456.789, -2, 123500],
  ])('roundTo(%s, %s) = %s', (value, decimals, expected) => {
    expect(Object.is(roundTo(value, decimals), expected)).toBe(true);
  });

  it('leaves non-finite values alone', () => {
    expect(roundTo(Number.NaN, 2)).toBeNaN();
    expect(roundTo(Number.POSITIVE_INFINITY, 2)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('ceilTo', () => {
  it.each([
    [1.001, 2, 1.01],
    [1.01, 2, 1.01],
    [0.1 + 0.2, 1, 0.3], // 0.30000000000000004 is 0.3, not 0.4
    [392.7375, 0, 393],
    [0, 1, 0],
  ])('ceilTo(%s, %s) = %s', (value, decimals, expected) => {
    expect(ceilTo(value, decimals)).toBe(expected);
  });
});
