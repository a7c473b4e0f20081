// The verdict for many circles (ADR 015): the small-N search of solver.ts grows far faster than the count
// (1,000 circles took 49 s), so above LARGE_PACKING_MIN_CIRCLES the verdict is built instead:
//   1. bottom-left placement (bottom-left.ts), O(N log N), in a container whose scale is searched: the smallest scale
//      at which every circle finds a place, by bisection to SCALE_PRECISION (the opening itself is tried whenever it
//      lies inside the bracket);
//   2. when that scale is above 1 (by at most SQUEEZE_REACH), a bounded improvement: the layout is shrunk towards
//      the opening and its overlaps relaxed by L-BFGS on the overlap energy (neighbour lists, O(N) per evaluation),
//      repaired and measured, within a fixed budget of circle-evaluations;
//   3. when it fits, the installable layout: the tightest layout centred and spread out evenly about the opening's
//      centre, as far as keeps the smallest gap item–item and item–wall largest.
// Every step is counted, not timed: no clock and no randomness, so the same circles in the same opening give the same
// layout in the browser and on the server, and a stored layout is reproducible.

import { EPSILON } from '../../tolerance';
import type { Opening } from '../../types';
import { containerOf, type Container } from '../container';
import { OverlapEnergy } from '../energy';
import { LbfgsWorkspace, minimize, type MinimizeOptions } from '../lbfgs';
import { PairList, findClosePairs } from '../neighbours';
import { areaLowerBoundScale, packCircles, type PackResult } from '../pack-circles';
import { regionOf, type Region } from '../greedy';
import { placeBottomLeft } from './bottom-left';
import { minPairGapMm, pairOverlaps } from './close-pairs';
import { minWallGapMm, scaleOfLayout } from './layout-measures';

/** From this many circles the verdict takes the large-N path (below it, the search of solver.ts). */
export const LARGE_PACKING_MIN_CIRCLES = 300;
/**
 * Work of the improvement step, in circle-evaluations (one evaluation of the energy of N circles costs N): about
 * 1,000 evaluations for 5,000 circles. Fixed, so the result is the same everywhere.
 */
export const LARGE_PACKING_WORK_BUDGET = 5_000_000;

export interface LargePackOptions {
  /** Improvement work in circle-evaluations (default LARGE_PACKING_WORK_BUDGET). */
  workBudget?: number;
  /** Told each better scale found. */
  onProgress?: (scale: number) => void;
}

/** A layout (x0, y0, x1, y1, …, mm, input order) and the smallest scale of the opening that holds it. */
interface Layout {
  x: Float64Array;
  scale: number;
}

/** Density of the bottom-left layout assumed for the first scale tried (the search corrects it). */
const GUESS_DENSITY = 0.8;
/** The scale is grown by this factor until the placement succeeds (doubling after GROWTH_STEPS tries). */
const GROWTH = 1.05;
const GROWTH_STEPS = 20;
const MAX_DOUBLINGS = 64;
/** The bisection on the scale stops when the bracket is this narrow (relative) or after SCALE_STEPS placements. */
const SCALE_PRECISION = 0.01;
const SCALE_STEPS = 12;
/** The fit is aimed slightly inside the opening. */
const FIT_MARGIN = 1e-9;
/**
 * Improvement: largest and smallest relative shrink step, how far below the opening a step aims (the repair gives
 * back a little of each shrink), L-BFGS iterations per step.
 */
const SQUEEZE_MAX_STEP = 0.03;
const SQUEEZE_AIM_BELOW = 0.002;
const SQUEEZE_MIN_STEP = 1e-4;
const SQUEEZE_ITERATIONS = 300;
/**
 * The improvement runs only for a layout within this share of the opening: it gains a few tenths of a percent to a
 * percent or two, so a layout further out does not fit either way, and its scale stands as found.
 */
const SQUEEZE_REACH = 0.05;
/** Repair: separation sweeps, overshoot of each push, margin of the final spread factor. */
const RELAX_SWEEPS = 30;
const RELAX_OVERSHOOT = 1e-9;
const REPAIR_MARGIN = 1e-12;
/** Spreading: bisection steps on the expansion factor, and of the centring shift. */
const EXPAND_STEPS = 50;
const CENTRE_HALVINGS = 12;

/** Input order, largest first (ties in input order). */
function largestFirst(radii: Float64Array): number[] {
  return Array.from(radii, (_, i) => i).sort((a, b) => radii[b]! - radii[a]! || a - b);
}

/** No smaller scale can hold the circles: their area, and the largest circle on its own. */
function lowerBoundScale(
  opening: Opening,
  container: Container,
  diametersMm: number[],
  rMax: number,
): number {
  const halfSide =
    container.kind === 'round' ? container.radiusMm : Math.min(container.halfWidthMm, container.halfHeightMm);
  return Math.max(areaLowerBoundScale(opening, diametersMm), rMax / halfSide);
}

/** Moves the point (x, y) into the region, to its nearest point there, when it lies outside; true when it moved. */
function projectInto(region: Region, p: Float64Array, i: number): boolean {
  const x = p[2 * i]!;
  const y = p[2 * i + 1]!;
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const { coreX, coreY, grow } = region;
  if (ax > coreX && ay > coreY) {
    // Beyond a corner of the core rectangle: back onto the arc of radius `grow` around that corner.
    const dx = ax - coreX;
    const dy = ay - coreY;
    const h = Math.hypot(dx, dy);
    if (h <= grow) return false;
    p[2 * i] = Math.sign(x) * (coreX + (dx * grow) / h);
    p[2 * i + 1] = Math.sign(y) * (coreY + (dy * grow) / h);
    return true;
  }
  const limitX = coreX + grow;
  const limitY = coreY + grow;
  if (ax <= limitX && ay <= limitY) return false;
  p[2 * i] = Math.sign(x) * Math.min(ax, limitX);
  p[2 * i + 1] = Math.sign(y) * Math.min(ay, limitY);
  return true;
}

/**
 * Makes a layout valid in the container of scale `target` where it can: Gauss–Seidel sweeps push overlapping pairs
 * apart along their centre line and move circles that stick out back inside, until nothing moves; what is left is
 * spread about the centre. Answers the layout and the scale it needs (null when two centres coincide).
 */
function repair(
  container: Container,
  radii: Float64Array,
  source: Float64Array,
  target: number,
  pairs: PairList,
): Layout | null {
  const n = radii.length;
  const x = Float64Array.from(source);
  const regions = Array.from(radii, (r) => regionOf(container, target, r));
  for (let sweep = 0; sweep < RELAX_SWEEPS; sweep++) {
    let moved = false;
    findClosePairs(x, radii, 0, pairs);
    for (let k = 0; k < pairs.count; k++) {
      const i = pairs.first[k]!;
      const j = pairs.second[k]!;
      const dx = x[2 * i]! - x[2 * j]!;
      const dy = x[2 * i + 1]! - x[2 * j + 1]!;
      const reach = radii[i]! + radii[j]!;
      const d2 = dx * dx + dy * dy;
      if (d2 >= reach * reach || d2 === 0) continue;
      const d = Math.sqrt(d2);
      const half = ((reach - d) / 2) * (1 + RELAX_OVERSHOOT);
      x[2 * i] = x[2 * i]! + (half * dx) / d;
      x[2 * i + 1] = x[2 * i + 1]! + (half * dy) / d;
      x[2 * j] = x[2 * j]! - (half * dx) / d;
      x[2 * j + 1] = x[2 * j + 1]! - (half * dy) / d;
      moved = true;
    }
    for (let i = 0; i < n; i++) {
      const region = regions[i]!;
      if (region.grow >= 0 && region.coreX >= 0 && region.coreY >= 0 && projectInto(region, x, i))
        moved = true;
    }
    if (!moved) break;
  }
  findClosePairs(x, radii, 0, pairs);
  let spread = 1;
  for (let k = 0; k < pairs.count; k++) {
    const i = pairs.first[k]!;
    const j = pairs.second[k]!;
    const d = Math.hypot(x[2 * i]! - x[2 * j]!, x[2 * i + 1]! - x[2 * j + 1]!);
    const reach = radii[i]! + radii[j]!;
    if (d < reach) spread = Math.max(spread, reach / d);
  }
  if (!Number.isFinite(spread)) return null;
  if (spread > 1) {
    spread *= 1 + REPAIR_MARGIN;
    for (let k = 0; k < x.length; k++) x[k] = x[k]! * spread;
  }
  return { x, scale: scaleOfLayout(container, radii, x) };
}

/**
 * Bounded improvement of a layout that needs more than the opening: shrink it towards the opening (a step of at most
 * SQUEEZE_MAX_STEP), relax the overlaps by L-BFGS in the smaller container, repair, keep it when it needs less; the
 * step halves after a failure. Ends when it fits, the step is below SQUEEZE_MIN_STEP, or the work budget is spent.
 */
function squeeze(
  container: Container,
  radii: Float64Array,
  start: Layout,
  workBudget: number,
  onImprove: (layout: Layout) => void,
): Layout {
  const n = radii.length;
  let rMax = 0;
  for (let i = 0; i < n; i++) rMax = Math.max(rMax, radii[i]!);
  const energy = new OverlapEnergy(container, radii);
  const maxEvaluations = Math.floor(workBudget / n);
  let evaluations = 0;
  const options: MinimizeOptions = {
    maxIterations: SQUEEZE_ITERATIONS,
    fTarget: (1e-10 * rMax) ** 2,
    gradTol: 1e-13 * rMax,
    stallWindow: 10,
    stallRatio: 1e-7,
    firstStep: 0.1,
    memory: 7,
    shouldStop: () => evaluations >= maxEvaluations,
  };
  const workspace = new LbfgsWorkspace(2 * n, options.memory);
  const objective = (p: Float64Array, g: Float64Array): number => {
    evaluations++;
    return energy.evaluate(p, g);
  };
  const pairs = new PairList();
  let best = start;
  const firstStep = () => Math.min(SQUEEZE_MAX_STEP, 1 - 1 / best.scale + SQUEEZE_AIM_BELOW);
  let step = firstStep();
  while (best.scale > 1 && step >= SQUEEZE_MIN_STEP && evaluations < maxEvaluations) {
    const target = best.scale * (1 - step);
    const y = Float64Array.from(best.x, (v) => (v * target) / best.scale);
    energy.setScale(target);
    minimize(objective, y, options, workspace);
    const candidate = repair(container, radii, y, target, pairs);
    if (candidate !== null && candidate.scale < best.scale) {
      best = candidate;
      onImprove(best);
      step = firstStep();
    } else {
      step /= 2;
    }
  }
  return best;
}

/**
 * The installable layout of a fitting tight layout: centred (its bounding box on the opening's centre, by the largest
 * share 1, ½, ¼, … that still fits), then spread about the centre by the factor f ≥ 1 where the smallest gap between
 * two items, which grows with f, meets the smallest gap to the wall, which shrinks with f (the largest smallest gap of
 * such a spread).
 */
function spreadOut(container: Container, radii: Float64Array, tight: Layout): Float64Array {
  const n = radii.length;
  let x = tight.x;
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  let rMean = 0;
  for (let i = 0; i < n; i++) {
    const r = radii[i]!;
    rMean += r / n;
    minX = Math.min(minX, x[2 * i]! - r);
    maxX = Math.max(maxX, x[2 * i]! + r);
    minY = Math.min(minY, x[2 * i + 1]! - r);
    maxY = Math.max(maxY, x[2 * i + 1]! + r);
  }
  const shiftX = -(minX + maxX) / 2;
  const shiftY = -(minY + maxY) / 2;
  for (let k = 0, share = 1; k <= CENTRE_HALVINGS; k++, share /= 2) {
    const y = Float64Array.from(x, (v, m) => v + share * (m % 2 === 0 ? shiftX : shiftY));
    if (scaleOfLayout(container, radii, y) <= 1) {
      x = y;
      break;
    }
  }
  const wallGap = (f: number) =>
    minWallGapMm(
      container,
      radii,
      Float64Array.from(x, (v) => v * f),
    );
  // The items' gap at factor f from the pairs closer than r_i + r_j + skin, capped at the skin: a pair not listed has
  // a gap of at least f·skin ≥ skin, so the figure is exact below the skin and a lower bound above it (a spread
  // that stops at the skin keeps every gap at least the skin).
  const skin = rMean;
  const pairs = new PairList();
  findClosePairs(x, radii, skin, pairs);
  const itemGap = (f: number) => {
    let gap = skin;
    for (let k = 0; k < pairs.count; k++) {
      const i = pairs.first[k]!;
      const j = pairs.second[k]!;
      gap = Math.min(
        gap,
        f * Math.hypot(x[2 * i]! - x[2 * j]!, x[2 * i + 1]! - x[2 * j + 1]!) - radii[i]! - radii[j]!,
      );
    }
    return gap;
  };
  let lo = 1;
  if (!(itemGap(lo) <= wallGap(lo))) return x;
  // The bracket: grown until the layout no longer fits (a layout of two or more circles leaves any opening).
  let hi = 2;
  for (let k = 0; k < EXPAND_STEPS && wallGap(hi) >= 0; k++) hi *= 2;
  for (let k = 0; k < EXPAND_STEPS; k++) {
    const mid = (lo + hi) / 2;
    if (wallGap(mid) >= 0 && itemGap(mid) <= wallGap(mid)) lo = mid;
    else hi = mid;
  }
  return Float64Array.from(x, (v) => v * lo);
}

/**
 * The verdict for many circles (see the top of this file): fits with an installable layout, or does not fit with the
 * smallest scale of the opening found to hold them, and that layout.
 */
export function packLarge(
  opening: Opening,
  diametersMm: number[],
  options: LargePackOptions = {},
): PackResult {
  const container = containerOf(opening);
  // Nothing to search (no opening, or only points): packCircles answers these at once.
  if (container === null || diametersMm.every((d) => d === 0)) return packCircles(opening, diametersMm);
  for (const d of diametersMm) {
    if (!Number.isFinite(d) || d < 0) throw new RangeError(`packLarge: invalid diameter ${d}`);
  }
  const radii = Float64Array.from(diametersMm, (d) => d / 2);
  const order = largestFirst(radii);
  let best: Layout | null = null;
  const improve = (layout: Layout) => {
    best = layout;
    options.onProgress?.(layout.scale);
  };
  const placeAt = (scale: number): boolean => {
    const x = placeBottomLeft(container, scale, radii, order);
    if (x === null) return false;
    const layout = { x, scale: scaleOfLayout(container, radii, x) };
    if (best === null || layout.scale < best.scale) improve(layout);
    return true;
  };

  // 1. The smallest scale at which the placement succeeds: a guess, grown until it succeeds, then bisection (the
  // opening itself is tried as soon as it lies inside the bracket).
  let lo = lowerBoundScale(opening, container, diametersMm, radii[order[0]!]!);
  let hi = lo / Math.sqrt(GUESS_DENSITY);
  for (let k = 0; !placeAt(hi); k++) {
    // Doubling a scale that already holds the largest circle ends with room for all: never reached, but a bound
    // the worker can rely on rather than a loop without one.
    if (k >= GROWTH_STEPS + MAX_DOUBLINGS) throw new Error('packLarge: no layout at any scale');
    lo = hi;
    hi *= k < GROWTH_STEPS ? GROWTH : 2;
  }
  const fitScale = 1 - FIT_MARGIN;
  for (let k = 0; k < SCALE_STEPS && hi > lo * (1 + SCALE_PRECISION); k++) {
    const mid = lo < fitScale && fitScale < hi && best!.scale > 1 ? fitScale : Math.sqrt(lo * hi);
    if (placeAt(mid)) hi = mid;
    else lo = mid;
  }
  let layout: Layout = best!;

  // 2. Bounded improvement when it needs more than the opening.
  if (layout.scale > 1 && layout.scale <= 1 + SQUEEZE_REACH)
    layout = squeeze(container, radii, layout, options.workBudget ?? LARGE_PACKING_WORK_BUDGET, improve);

  // 3. The answer: spread when it fits, as found when it does not.
  const fits = layout.scale <= 1 && pairOverlaps(radii, layout.x, EPSILON).valid;
  const x = fits ? spreadOut(container, radii, layout) : layout.x;
  const centres = Array.from({ length: radii.length }, (_, i) => ({ xMm: x[2 * i]!, yMm: x[2 * i + 1]! }));
  return {
    fits,
    scale: scaleOfLayout(container, radii, x),
    centres,
    minGapMm: fits ? Math.min(minPairGapMm(radii, x), minWallGapMm(container, radii, x)) : null,
  };
}
