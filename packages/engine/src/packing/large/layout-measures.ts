// Measures of a layout against its opening, O(N) (the pair measures are in close-pairs.ts).

import { requiredScale, type Container } from '../container';
import { wallGapMm } from '../spread';

/** The smallest container scale that holds the layout (x = x0, y0, x1, y1, …). */
export function scaleOfLayout(container: Container, radii: Float64Array, x: Float64Array): number {
  let scale = 0;
  for (let i = 0; i < radii.length; i++)
    scale = Math.max(scale, requiredScale(container, x[2 * i]!, x[2 * i + 1]!, radii[i]!));
  return scale;
}

/** Smallest gap between a circle and the wall of the container at scale 1, mm (negative when one sticks out). */
export function minWallGapMm(container: Container, radii: Float64Array, x: Float64Array): number {
  let gap = Number.POSITIVE_INFINITY;
  for (let i = 0; i < radii.length; i++)
    gap = Math.min(gap, wallGapMm(container, x[2 * i]!, x[2 * i + 1]!, radii[i]!));
  return gap;
}
