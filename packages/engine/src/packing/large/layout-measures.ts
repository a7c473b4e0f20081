// Measures of a large layout in O(N) through close pairs (the all-pairs versions of pack-circles.ts and spread.ts are
// O(N²): 12.5 million pairs for 5,000 circles).

import { requiredScale, type Container } from '../container';
import { PairList, findClosePairs } from '../neighbours';
import { wallGapMm } from '../spread';

/** The smallest container scale that holds the layout (x = x0, y0, x1, y1, …). */
export function scaleOfLayout(container: Container, radii: Float64Array, x: Float64Array): number {
  let scale = 0;
  for (let i = 0; i < radii.length; i++)
    scale = Math.max(scale, requiredScale(container, x[2 * i]!, x[2 * i + 1]!, radii[i]!));
  return scale;
}

/** Smallest gap between two circles, mm (negative: the deepest overlap); +∞ for fewer than two circles. */
export function minPairGapMm(radii: Float64Array, x: Float64Array, pairs: PairList = new PairList()): number {
  const n = radii.length;
  if (n < 2) return Number.POSITIVE_INFINITY;
  let rSum = 0;
  for (let i = 0; i < n; i++) rSum += radii[i]!;
  // Pairs closer than r_i + r_j + skin: when the smallest of their gaps is below the skin it is the smallest of all.
  let skin = Math.max(rSum / n, Number.MIN_VALUE);
  for (;;) {
    findClosePairs(x, radii, skin, pairs);
    let gap = Number.POSITIVE_INFINITY;
    for (let k = 0; k < pairs.count; k++) {
      const i = pairs.first[k]!;
      const j = pairs.second[k]!;
      gap = Math.min(gap, Math.hypot(x[2 * i]! - x[2 * j]!, x[2 * i + 1]! - x[2 * j + 1]!) - radii[i]! - radii[j]!);
    }
    if (gap < skin) return gap;
    skin *= 4;
  }
}

/** Smallest gap between a circle and the wall of the container at scale 1, mm (negative when one sticks out). */
export function minWallGapMm(container: Container, radii: Float64Array, x: Float64Array): number {
  let gap = Number.POSITIVE_INFINITY;
  for (let i = 0; i < radii.length; i++) gap = Math.min(gap, wallGapMm(container, x[2 * i]!, x[2 * i + 1]!, radii[i]!));
  return gap;
}
