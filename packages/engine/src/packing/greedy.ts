// Constructive placement in a container of fixed size (the quasi-human part of He et al. and Huang et al.): the
// circles go in one by one, largest first, each at a position where it touches two objects (two circles, or a
// circle and the wall). Rule 'far' takes the candidate farthest from the centre (the layout grows inwards from the
// wall, leaving the middle for the rest); rule 'snug' takes the one with the smallest gap to a third object (the
// maximal hole degree of Huang et al. 2005). Fast, and with many small circles, as in cable transits, it often
// fills the opening outright; when it does not, its layout is a good start for the energy minimisation.

import type { Container } from './container';

export type GreedyRule = 'far' | 'snug';

export interface GreedyResult {
  /** x0, y0, x1, y1, … for the placed circles; 0 for the others. */
  x: Float64Array;
  placed: Uint8Array;
  placedCount: number;
}

/** Relative slack of the feasibility tests (the layout is repaired and verified afterwards anyway). */
const TOUCH_TOLERANCE = 1e-12;

/** The region where the centre of a circle of radius r may lie: a core rectangle grown by `grow` (round: a disk). */
export interface Region {
  coreX: number;
  coreY: number;
  grow: number;
}

export function regionOf(container: Container, scale: number, r: number): Region {
  if (container.kind === 'round') return { coreX: 0, coreY: 0, grow: scale * container.radiusMm - r };
  const rho = scale * container.cornerRadiusMm;
  const grow = Math.max(rho - r, 0);
  return {
    coreX: scale * container.halfWidthMm - r - grow,
    coreY: scale * container.halfHeightMm - r - grow,
    grow,
  };
}

/** Distance by which a point lies outside the region (≤ 0 inside). */
export function outside(region: Region, px: number, py: number): number {
  const dx = Math.abs(px) - region.coreX;
  const dy = Math.abs(py) - region.coreY;
  if (dx > 0 && dy > 0) return Math.hypot(dx, dy) - region.grow;
  return Math.max(dx, dy) - region.grow;
}

/** Intersections of two circles (centre, radius), appended to `out` as x, y pairs. */
export function intersectCircles(
  x0: number,
  y0: number,
  r0: number,
  x1: number,
  y1: number,
  r1: number,
  out: number[],
): void {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const d = Math.hypot(dx, dy);
  if (d === 0 || d > r0 + r1 || d < Math.abs(r0 - r1)) return;
  const a = (r0 * r0 - r1 * r1 + d * d) / (2 * d);
  const h = Math.sqrt(Math.max(0, r0 * r0 - a * a));
  const mx = x0 + (a * dx) / d;
  const my = y0 + (a * dy) / d;
  out.push(mx + (h * dy) / d, my - (h * dx) / d, mx - (h * dy) / d, my + (h * dx) / d);
}

/** Points of the region's boundary at distance `reach` from (cx, cy): where a circle touches the wall and circle c. */
export function wallTouching(region: Region, cx: number, cy: number, reach: number, out: number[]): void {
  const { coreX, coreY, grow } = region;
  if (coreX === 0 && coreY === 0) {
    intersectCircles(0, 0, grow, cx, cy, reach, out);
    return;
  }
  // Straight sides: x = ±(coreX + grow) for |y| ≤ coreY, and y = ±(coreY + grow) for |x| ≤ coreX.
  for (const sx of [-1, 1]) {
    const wx = sx * (coreX + grow);
    const h2 = reach * reach - (wx - cx) * (wx - cx);
    if (h2 >= 0) {
      const h = Math.sqrt(h2);
      for (const py of [cy - h, cy + h]) if (Math.abs(py) <= coreY) out.push(wx, py);
    }
  }
  for (const sy of [-1, 1]) {
    const wy = sy * (coreY + grow);
    const h2 = reach * reach - (wy - cy) * (wy - cy);
    if (h2 >= 0) {
      const h = Math.sqrt(h2);
      for (const px of [cx - h, cx + h]) if (Math.abs(px) <= coreX) out.push(px, wy);
    }
  }
  // Corner arcs, centred at (±coreX, ±coreY), radius grow, the outward quarter only.
  if (grow > 0) {
    for (const sx of [-1, 1]) {
      for (const sy of [-1, 1]) {
        const arcs: number[] = [];
        intersectCircles(sx * coreX, sy * coreY, grow, cx, cy, reach, arcs);
        for (let k = 0; k < arcs.length; k += 2) {
          if (sx * arcs[k]! >= coreX && sy * arcs[k + 1]! >= coreY) out.push(arcs[k]!, arcs[k + 1]!);
        }
      }
    }
  }
}

/** Positions touching two walls (sharp corners) or the middle of each corner arc. */
function wallCorners(region: Region, out: number[]): void {
  const { coreX, coreY, grow } = region;
  const diagonal = grow * Math.SQRT1_2;
  if (coreX === 0 && coreY === 0) {
    out.push(grow, 0);
    return;
  }
  for (const sx of [-1, 1])
    for (const sy of [-1, 1]) out.push(sx * (coreX + diagonal), sy * (coreY + diagonal));
}

/**
 * Places the circles in `order` into the container of the given scale. Circles that find no position are left out
 * (placed[i] = 0).
 */
export function greedyLayout(
  container: Container,
  scale: number,
  radii: Float64Array,
  order: readonly number[],
  rule: GreedyRule,
  /** The radius each circle keeps from the wall (radius + wall spacing, ADR 004); the radii without one. */
  wallRadii: Float64Array = radii,
): GreedyResult {
  const n = radii.length;
  const x = new Float64Array(2 * n);
  const placed = new Uint8Array(n);
  const placedIndex: number[] = [];
  const candidates: number[] = [];
  let rMax = 0;
  for (let i = 0; i < n; i++) rMax = Math.max(rMax, radii[i]!);
  for (const i of order) {
    const r = radii[i]!;
    const region = regionOf(container, scale, wallRadii[i]!);
    if (region.grow < 0 || region.coreX < 0 || region.coreY < 0) continue;
    candidates.length = 0;
    wallCorners(region, candidates);
    for (let a = 0; a < placedIndex.length; a++) {
      const p = placedIndex[a]!;
      const px = x[2 * p]!;
      const py = x[2 * p + 1]!;
      const reachP = radii[p]! + r;
      wallTouching(region, px, py, reachP, candidates);
      for (let b = a + 1; b < placedIndex.length; b++) {
        const q = placedIndex[b]!;
        const dx = x[2 * q]! - px;
        const dy = x[2 * q + 1]! - py;
        const reachQ = radii[q]! + r;
        if (dx * dx + dy * dy <= (reachP + reachQ) * (reachP + reachQ)) {
          intersectCircles(px, py, reachP, x[2 * q]!, x[2 * q + 1]!, reachQ, candidates);
        }
      }
    }
    let bestScore = Number.NEGATIVE_INFINITY;
    let bestX = 0;
    let bestY = 0;
    const slack = TOUCH_TOLERANCE * scale * rMax;
    for (let k = 0; k < candidates.length; k += 2) {
      const cx = candidates[k]!;
      const cy = candidates[k + 1]!;
      const wallGap = -outside(region, cx, cy);
      if (wallGap < -slack) continue;
      // Gaps to everything: two are ~0 (the objects it touches); the third smallest measures how snug it sits.
      let gap1 = wallGap;
      let gap2 = Number.POSITIVE_INFINITY;
      let gap3 = Number.POSITIVE_INFINITY;
      let feasible = true;
      for (const p of placedIndex) {
        const gap = Math.hypot(cx - x[2 * p]!, cy - x[2 * p + 1]!) - radii[p]! - r;
        if (gap < -slack) {
          feasible = false;
          break;
        }
        if (gap < gap1) {
          gap3 = gap2;
          gap2 = gap1;
          gap1 = gap;
        } else if (gap < gap2) {
          gap3 = gap2;
          gap2 = gap;
        } else if (gap < gap3) {
          gap3 = gap;
        }
      }
      if (!feasible) continue;
      const score = rule === 'far' ? Math.hypot(cx, cy) : -gap3;
      if (score > bestScore) {
        bestScore = score;
        bestX = cx;
        bestY = cy;
      }
    }
    if (bestScore === Number.NEGATIVE_INFINITY) continue;
    x[2 * i] = bestX;
    x[2 * i + 1] = bestY;
    placed[i] = 1;
    placedIndex.push(i);
  }
  return { x, placed, placedCount: placedIndex.length };
}
