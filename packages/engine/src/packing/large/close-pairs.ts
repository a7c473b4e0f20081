// Pair measures of a layout through close pairs (neighbours.ts): O(N) where the all-pairs loops of pack-circles.ts and
// spread.ts are O(N²) (12.5 million pairs for 5,000 circles). Used from CLOSE_PAIRS_MIN_CIRCLES circles.

import { PairList, findClosePairs } from '../neighbours';

/** From this many circles the layout checks go through close pairs instead of all pairs. */
export const CLOSE_PAIRS_MIN_CIRCLES = 200;

/** Smallest gap between two circles, mm (negative: the deepest overlap); +∞ for fewer than two circles. */
export function minPairGapMm(radii: ArrayLike<number>, x: ArrayLike<number>): number {
  const n = radii.length;
  if (n < 2) return Number.POSITIVE_INFINITY;
  const r = Float64Array.from(radii);
  const p = Float64Array.from(x);
  let rSum = 0;
  for (let i = 0; i < n; i++) rSum += r[i]!;
  const pairs = new PairList();
  // Pairs closer than r_i + r_j + skin: when the smallest of their gaps is below the skin it is the smallest of all.
  let skin = Math.max(rSum / n, Number.MIN_VALUE);
  for (;;) {
    findClosePairs(p, r, skin, pairs);
    let gap = Number.POSITIVE_INFINITY;
    for (let k = 0; k < pairs.count; k++) {
      const i = pairs.first[k]!;
      const j = pairs.second[k]!;
      gap = Math.min(gap, Math.hypot(p[2 * i]! - p[2 * j]!, p[2 * i + 1]! - p[2 * j + 1]!) - r[i]! - r[j]!);
    }
    if (gap < skin) return gap;
    skin *= 4;
  }
}

/**
 * The overlapping pairs of a layout: the largest overlap, mm (0 when none), and whether every overlap is at most
 * `tolerance` relative to the sum of the two radii (validateLayout's rule).
 */
export function pairOverlaps(
  radii: ArrayLike<number>,
  x: ArrayLike<number>,
  tolerance: number,
): { valid: boolean; maxOverlapMm: number } {
  const r = Float64Array.from(radii);
  const p = Float64Array.from(x);
  const pairs = new PairList();
  findClosePairs(p, r, 0, pairs);
  let valid = true;
  let maxOverlapMm = 0;
  for (let k = 0; k < pairs.count; k++) {
    const i = pairs.first[k]!;
    const j = pairs.second[k]!;
    const sum = r[i]! + r[j]!;
    const overlap = sum - Math.hypot(p[2 * i]! - p[2 * j]!, p[2 * i + 1]! - p[2 * j + 1]!);
    if (!(overlap <= tolerance * sum)) valid = false;
    if (overlap > maxOverlapMm) maxOverlapMm = overlap;
  }
  return { valid, maxOverlapMm };
}
