// Lower bounds on the container scale a packing needs (ADR 039): no layout of the circles fits an opening scaled by
// less. They let the verdict say "does not fit" at once where a search could only fail slowly.
//
// Two bounds, both proofs, not estimates:
// - Area: the circles' total area is at most the container's.
// - Oler's inequality (Oler 1961, "An inequality in the geometry of numbers", Acta Mathematica 105; also Folkman &
//   Graham 1969): k points with mutual distances ≥ 1 in a compact convex set C of area A and perimeter P number at
//   most (2/√3)·A + P/2 + 1. Take the k largest circles: each has radius ≥ r_k (the k-th largest), so their centres
//   are ≥ 2·r_k apart, and each centre lies in the container shrunk by its wall radius (radius + wall margin), which
//   is inside the container shrunk by w_k (the smallest wall radius among them): a convex set (the inner parallel
//   body of a disk or rounded rectangle). Scaling by 1/(2·r_k) gives k ≤ (2/√3)·A/d² + P/(2d) + 1 with d = 2·r_k.
//   For equal circles in a circle it is 86–96 % of the best-known container (N 2–50); for mixed sizes the area
//   bound is usually the stronger (ADR 039).

import type { Container } from './container';

/** Oler's inequality's area coefficient, 2/√3. */
const OLER_AREA = 2 / Math.sqrt(3);
/** Bisection steps of the bound's scale (relative precision far below the verdict's tolerance). */
const BOUND_BISECTIONS = 60;

/** Area and perimeter of the container scaled by `scale` and shrunk by `offset` (its inner parallel body); null when empty. */
function innerBody(
  container: Container,
  scale: number,
  offset: number,
): { area: number; perimeter: number } | null {
  if (container.kind === 'round') {
    const r = scale * container.radiusMm - offset;
    return r < 0 ? null : { area: Math.PI * r * r, perimeter: 2 * Math.PI * r };
  }
  const a = scale * container.halfWidthMm - offset;
  const b = scale * container.halfHeightMm - offset;
  if (a < 0 || b < 0) return null;
  const c = Math.max(scale * container.cornerRadiusMm - offset, 0);
  return { area: 4 * a * b - (4 - Math.PI) * c * c, perimeter: 4 * (a + b) - (8 - 2 * Math.PI) * c };
}

/**
 * The circles sorted by radius, largest first, with per prefix the smallest wall radius: what the bounds need,
 * computed once per search.
 */
export interface BoundCircles {
  /** Radii, largest first. */
  radii: Float64Array;
  /** Per prefix k (0-based: circles 0..k), the smallest wall radius among them. */
  prefixWallRadii: Float64Array;
  /** Sum of the circles' areas, mm². */
  areaMm2: number;
}

export function boundCircles(radii: ArrayLike<number>, wallRadii: ArrayLike<number> = radii): BoundCircles {
  const order = Array.from({ length: radii.length }, (_, i) => i).sort((i, j) => radii[j]! - radii[i]!);
  const sorted = Float64Array.from(order, (i) => radii[i]!);
  const prefixWallRadii = new Float64Array(order.length);
  let smallest = Number.POSITIVE_INFINITY;
  let areaMm2 = 0;
  order.forEach((i, k) => {
    smallest = Math.min(smallest, wallRadii[i]!);
    prefixWallRadii[k] = smallest;
    areaMm2 += Math.PI * radii[i]! * radii[i]!;
  });
  return { radii: sorted, prefixWallRadii, areaMm2 };
}

/** Whether the bounds allow the circles in the container scaled by `scale` (false: no layout can fit there). */
export function boundsAllow(container: Container, circles: BoundCircles, scale: number): boolean {
  const whole = innerBody(container, scale, 0);
  if (whole === null || circles.areaMm2 > whole.area) return false;
  const n = circles.radii.length;
  for (let k = 0; k < n; k++) {
    const body = innerBody(container, scale, circles.prefixWallRadii[k]!);
    if (body === null) return false;
    const d = 2 * circles.radii[k]!;
    if (d <= 0) break; // points from here on: no distance to keep
    if (k + 1 > OLER_AREA * (body.area / (d * d)) + body.perimeter / (2 * d) + 1) return false;
  }
  return true;
}

/**
 * The smallest container scale the bounds allow: no layout of the circles fits the opening scaled by less. (A
 * lower bound: the scale a layout really needs may be larger.)
 */
export function lowerBoundScaleOf(container: Container, circles: BoundCircles): number {
  if (circles.radii.length === 0) return 0;
  let lo = 0;
  let hi = 1;
  while (!boundsAllow(container, circles, hi)) {
    lo = hi;
    hi *= 2;
    if (!Number.isFinite(hi)) return Number.POSITIVE_INFINITY;
  }
  for (let step = 0; step < BOUND_BISECTIONS; step++) {
    const mid = (lo + hi) / 2;
    if (boundsAllow(container, circles, mid)) hi = mid;
    else lo = mid;
  }
  return lo;
}
