// Container geometry of the circle packing: an opening scaled by `scale` about its centre.
// Round: radius R. Rectangle: half sizes (a, b) with corner radius rho, i.e. the core rectangle
// (a - rho, b - rho) grown by a disk of radius rho. A circle of radius r lies inside iff its centre lies in the
// container shrunk by r: the core rectangle (a - rho, b - rho) grown by max(rho - r, 0) (for r > rho the shrunk
// region is the sharp rectangle (a - r, b - r), which is the same formula).

import { effectiveCornerRadiusMm, positiveOrNull } from '../area';
import type { Opening } from '../types';

/** An opening with usable dimensions, as half sizes in mm. */
export type Container =
  | { kind: 'round'; radiusMm: number }
  | { kind: 'rect'; halfWidthMm: number; halfHeightMm: number; cornerRadiusMm: number };

/** The opening as a container, or null when it has no area (missing or non-positive dimensions). */
export function containerOf(opening: Opening): Container | null {
  if (opening.shape === 'ROUND') {
    const diameterMm = positiveOrNull(opening.diameterMm);
    return diameterMm === null ? null : { kind: 'round', radiusMm: diameterMm / 2 };
  }
  const widthMm = positiveOrNull(opening.widthMm);
  const heightMm = positiveOrNull(opening.heightMm);
  if (widthMm === null || heightMm === null) return null;
  return {
    kind: 'rect',
    halfWidthMm: widthMm / 2,
    halfHeightMm: heightMm / 2,
    cornerRadiusMm: effectiveCornerRadiusMm(widthMm, heightMm, opening.cornerRadiusMm),
  };
}

/** Area of the container at scale 1, mm². */
export function containerAreaMm2(container: Container): number {
  if (container.kind === 'round') return Math.PI * container.radiusMm * container.radiusMm;
  const rho = container.cornerRadiusMm;
  return 4 * container.halfWidthMm * container.halfHeightMm - rho * rho * (4 - Math.PI);
}

/** Largest half extent (the size tolerances are relative to). */
export function containerSizeMm(container: Container): number {
  return container.kind === 'round'
    ? container.radiusMm
    : Math.max(container.halfWidthMm, container.halfHeightMm);
}

/**
 * How far the circle (x, y, r) sticks out of the container scaled by `scale`: the distance of its centre outside
 * the shrunk container (≤ 0 inside). Inside the shrunk container the value is only a lower bound of the depth,
 * which is all the callers need.
 */
export function protrusionMm(container: Container, scale: number, x: number, y: number, r: number): number {
  if (container.kind === 'round') return Math.sqrt(x * x + y * y) + r - scale * container.radiusMm;
  const rho = scale * container.cornerRadiusMm;
  const inner = Math.max(rho - r, 0);
  const dx = Math.abs(x) - (scale * container.halfWidthMm - r - inner);
  const dy = Math.abs(y) - (scale * container.halfHeightMm - r - inner);
  if (dx > 0 && dy > 0) return Math.hypot(dx, dy) - inner;
  return Math.max(dx, dy) - inner;
}

const SCALE_BISECTION_STEPS = 200;

/**
 * Smallest container scale that holds the circle (x, y, r). Round: closed form. Rectangle: the scaled container
 * grows monotonically (it is convex and contains its centre), so bisection on the exact containment test; the
 * result always passes `protrusionMm(…) <= 0`.
 */
export function requiredScale(container: Container, x: number, y: number, r: number): number {
  if (container.kind === 'round') {
    let s = (Math.hypot(x, y) + r) / container.radiusMm;
    while (protrusionMm(container, s, x, y, r) > 0) s = nextUp(s);
    return s;
  }
  let lo = Math.max((Math.abs(x) + r) / container.halfWidthMm, (Math.abs(y) + r) / container.halfHeightMm);
  if (protrusionMm(container, lo, x, y, r) <= 0) return lo;
  let hi = Math.max(lo * 2, Number.MIN_VALUE);
  while (protrusionMm(container, hi, x, y, r) > 0) hi *= 2;
  for (let k = 0; k < SCALE_BISECTION_STEPS && hi > nextUp(lo); k++) {
    const mid = (lo + hi) / 2;
    if (protrusionMm(container, mid, x, y, r) > 0) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The next larger double (relative step), enough to absorb rounding in a containment test. */
function nextUp(s: number): number {
  return s + Math.max(Math.abs(s) * Number.EPSILON, Number.MIN_VALUE);
}
