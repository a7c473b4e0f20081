// The installable layout (ADR 004): once the circles fit, spread them so that the smallest gap
// between two items, and between an item and the wall, is as large as it can be (maximin), then centre the layout.
// A fitter places items evenly, not pressed to one side. Pure and deterministic: no randomness, no clock, a fixed
// number of trials, so the server stores the same spread layout for the same input.

import type { Opening } from '../types';
import { containerOf, protrusionMm, type Container } from './container';
import { OverlapEnergy } from './energy';
import { CLOSE_PAIRS_MIN_CIRCLES, minPairGapMm } from './large/close-pairs';
import { LbfgsWorkspace, minimize, type MinimizeOptions } from './lbfgs';

export interface SpreadResult {
  /** The spread layout (the input layout when no spreading improved it), centres relative to the opening's centre. */
  centres: { xMm: number; yMm: number }[];
  /** Smallest gap achieved, mm: item–item and item–wall (null without an opening or without circles). */
  minGapMm: number | null;
}

/** First growth of the smallest gap tried, in mean radii; the step doubles after a success, halves after a failure. */
const SPREAD_FIRST_STEP = 0.25;
/** The maximin stops when the step is below this (in mean radii) or after this many trials. */
const SPREAD_MIN_STEP = 1e-4;
const SPREAD_MAX_TRIALS = 48;
/** Minimisation of one trial: iterations (base + per circle), stop criteria as in the solver. */
const SPREAD_ITERATIONS_BASE = 200;
const SPREAD_ITERATIONS_PER_CIRCLE = 10;
const SPREAD_FEASIBLE_DEPTH = 1e-10;
const SPREAD_GRADIENT_TOLERANCE = 1e-13;
const SPREAD_STALL_WINDOW = 10;
const SPREAD_STALL_RATIO = 1e-7;
const SPREAD_FIRST_LBFGS_STEP = 0.1;
const SPREAD_MEMORY = 7;
/** Centring: the share of the full shift tried first, then halved this many times. */
const CENTRE_HALVINGS = 12;

/**
 * Gap between the circle (x, y, r) and the wall of the container at scale 1, mm (negative when it sticks out).
 * Round: exact. Rectangle with rounded corners: the distance of the centre to the boundary, less r.
 */
export function wallGapMm(container: Container, x: number, y: number, r: number): number {
  if (container.kind === 'round') return container.radiusMm - Math.hypot(x, y) - r;
  const rho = container.cornerRadiusMm;
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const cx = container.halfWidthMm - rho;
  const cy = container.halfHeightMm - rho;
  // Inside the corner square the nearest wall is the arc; elsewhere the nearer straight side.
  if (ax > cx && ay > cy) return rho - Math.hypot(ax - cx, ay - cy) - r;
  if (protrusionMm(container, 1, x, y, r) > 0) return -protrusionMm(container, 1, x, y, r);
  return Math.min(container.halfWidthMm - ax, container.halfHeightMm - ay) - r;
}

/** Smallest gap of a layout, item–item and item–wall, mm (x = x0, y0, x1, y1, …). */
export function layoutMinGapMm(container: Container, radii: ArrayLike<number>, x: ArrayLike<number>): number {
  let gap = Number.POSITIVE_INFINITY;
  const n = radii.length;
  // Many circles: the pairs through a grid (O(N)); the walls below, one circle at a time.
  const closePairs = n >= CLOSE_PAIRS_MIN_CIRCLES;
  if (closePairs) gap = minPairGapMm(radii, x);
  for (let i = 0; i < n; i++) {
    const xi = x[2 * i]!;
    const yi = x[2 * i + 1]!;
    const ri = radii[i]!;
    gap = Math.min(gap, wallGapMm(container, xi, yi, ri));
    for (let j = closePairs ? n : i + 1; j < n; j++) {
      gap = Math.min(gap, Math.hypot(xi - x[2 * j]!, yi - x[2 * j + 1]!) - ri - radii[j]!);
    }
  }
  return gap;
}

/** The smallest gap of a layout in an opening (null without an opening or without circles). */
export function minGapOf(
  opening: Opening,
  diametersMm: number[],
  centres: { xMm: number; yMm: number }[],
): number | null {
  const container = containerOf(opening);
  if (container === null || diametersMm.length === 0 || centres.length !== diametersMm.length) return null;
  return layoutMinGapMm(
    container,
    diametersMm.map((d) => d / 2),
    centres.flatMap((c) => [c.xMm, c.yMm]),
  );
}

/** The container with its wall moved inwards by `m` (a rounded rectangle stays one: its corner radius shrinks). */
function shrunk(container: Container, m: number): Container | null {
  if (container.kind === 'round')
    return container.radiusMm > m ? { kind: 'round', radiusMm: container.radiusMm - m } : null;
  if (container.halfWidthMm <= m || container.halfHeightMm <= m) return null;
  return {
    kind: 'rect',
    halfWidthMm: container.halfWidthMm - m,
    halfHeightMm: container.halfHeightMm - m,
    cornerRadiusMm: Math.max(container.cornerRadiusMm - m, 0),
  };
}

/**
 * The gap the spreading maximises: the smallest item–item gap and item–wall gap beyond each item's wall margin, mm.
 * Without margins it is the smallest gap.
 */
function slackGapMm(
  container: Container,
  radii: Float64Array,
  margins: Float64Array,
  x: Float64Array,
): number {
  let gap = Number.POSITIVE_INFINITY;
  const n = radii.length;
  for (let i = 0; i < n; i++) {
    const xi = x[2 * i]!;
    const yi = x[2 * i + 1]!;
    const ri = radii[i]!;
    gap = Math.min(gap, wallGapMm(container, xi, yi, ri) - margins[i]!);
    for (let j = i + 1; j < n; j++) {
      gap = Math.min(gap, Math.hypot(xi - x[2 * j]!, yi - x[2 * j + 1]!) - ri - radii[j]!);
    }
  }
  return gap;
}

/** Every circle inside the opening (with its wall margin) and no two overlapping, without any tolerance. */
function strictlyValid(
  container: Container,
  radii: Float64Array,
  margins: Float64Array,
  x: Float64Array,
): boolean {
  const n = radii.length;
  for (let i = 0; i < n; i++) {
    if (protrusionMm(container, 1, x[2 * i]!, x[2 * i + 1]!, radii[i]! + margins[i]!) > 0) return false;
    for (let j = i + 1; j < n; j++) {
      if (Math.hypot(x[2 * i]! - x[2 * j]!, x[2 * i + 1]! - x[2 * j + 1]!) < radii[i]! + radii[j]!)
        return false;
    }
  }
  return true;
}

/**
 * Spreads a fitting layout (maximin, then centring). A trial asks for a smallest gap g larger than the best so far:
 * every circle grows by g/2 and the wall moves in by g/2 (and by each circle's wall margin), so a layout of the grown
 * circles without overlap has every item–item gap at least g and every item–wall gap at least g beyond the item's
 * margin; the overlap energy is minimised from the best layout. A trial is kept only when the result is valid and
 * that gap is larger, so spreading never makes a fitting layout invalid and never makes that gap smaller (without
 * margins: the smallest gap). Centring shifts the layout towards the opening's centre by the largest share (1, ½,
 * ¼, …) that keeps it valid and keeps the gap. A layout that does not fit (or that is not valid without tolerance)
 * is answered unchanged. `minGapMm` is the smallest gap item–item and item–wall of the layout answered.
 */
export function spreadLayout(
  opening: Opening,
  diametersMm: number[],
  centres: { xMm: number; yMm: number }[],
  wallMarginsMm?: readonly number[],
): SpreadResult {
  const container = containerOf(opening);
  const n = diametersMm.length;
  if (
    container === null ||
    n === 0 ||
    centres.length !== n ||
    (wallMarginsMm !== undefined && wallMarginsMm.length !== n)
  )
    return { centres, minGapMm: null };
  const radii = Float64Array.from(diametersMm, (d) => d / 2);
  const margins = Float64Array.from({ length: n }, (_, i) => Math.max(wallMarginsMm?.[i] ?? 0, 0));
  let best = Float64Array.from(centres.flatMap((c) => [c.xMm, c.yMm]));
  let bestGap = slackGapMm(container, radii, margins, best);
  if (!strictlyValid(container, radii, margins, best))
    return { centres, minGapMm: layoutMinGapMm(container, radii, best) };

  let rMean = 0;
  let rMax = 0;
  for (const r of radii) {
    rMean += r / n;
    rMax = Math.max(rMax, r);
  }
  const workspace = new LbfgsWorkspace(2 * n, SPREAD_MEMORY);
  const options: MinimizeOptions = {
    maxIterations: SPREAD_ITERATIONS_BASE + SPREAD_ITERATIONS_PER_CIRCLE * n,
    fTarget: (SPREAD_FEASIBLE_DEPTH * rMax) ** 2,
    gradTol: SPREAD_GRADIENT_TOLERANCE * rMax,
    stallWindow: SPREAD_STALL_WINDOW,
    stallRatio: SPREAD_STALL_RATIO,
    firstStep: SPREAD_FIRST_LBFGS_STEP,
    memory: SPREAD_MEMORY,
    shouldStop: () => false,
  };
  const grown = new Float64Array(n);
  const grownWall = new Float64Array(n);
  let step = SPREAD_FIRST_STEP * Math.max(rMean, Number.MIN_VALUE);
  for (let trial = 0; trial < SPREAD_MAX_TRIALS && step > SPREAD_MIN_STEP * rMean; trial++) {
    const g = Math.max(bestGap, 0) + step;
    const inner = shrunk(container, g / 2);
    let kept = false;
    if (inner !== null) {
      for (let i = 0; i < n; i++) {
        grown[i] = radii[i]! + g / 2;
        grownWall[i] = grown[i]! + margins[i]!;
      }
      const energy = new OverlapEnergy(inner, grown, grownWall);
      const y = Float64Array.from(best);
      minimize((p, grad) => energy.evaluate(p, grad), y, options, workspace);
      const gap = slackGapMm(container, radii, margins, y);
      if (gap > bestGap && strictlyValid(container, radii, margins, y)) {
        best = y;
        bestGap = gap;
        kept = true;
      }
    }
    step = kept ? step * 2 : step / 2;
  }

  // Centring: the middle of the layout's bounding box towards the opening's centre.
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    minX = Math.min(minX, best[2 * i]! - radii[i]!);
    maxX = Math.max(maxX, best[2 * i]! + radii[i]!);
    minY = Math.min(minY, best[2 * i + 1]! - radii[i]!);
    maxY = Math.max(maxY, best[2 * i + 1]! + radii[i]!);
  }
  const shiftX = -(minX + maxX) / 2;
  const shiftY = -(minY + maxY) / 2;
  let share = 1;
  for (let k = 0; k <= CENTRE_HALVINGS && (shiftX !== 0 || shiftY !== 0); k++, share /= 2) {
    const y = Float64Array.from(best);
    for (let i = 0; i < n; i++) {
      y[2 * i] = y[2 * i]! + share * shiftX;
      y[2 * i + 1] = y[2 * i + 1]! + share * shiftY;
    }
    if (slackGapMm(container, radii, margins, y) >= bestGap && strictlyValid(container, radii, margins, y)) {
      best = y;
      break;
    }
  }
  return {
    centres: Array.from({ length: n }, (_, i) => ({ xMm: best[2 * i]!, yMm: best[2 * i + 1]! })),
    minGapMm: layoutMinGapMm(container, radii, best),
  };
}
