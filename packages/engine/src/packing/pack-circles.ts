// Circle packing (spec §4 drawing): places the items' circles in the opening. See docs/decisions/004-packing-solver.md.

import { EPSILON } from '../tolerance';
import type { Opening } from '../types';
import {
  containerAreaMm2,
  containerOf,
  containerSizeMm,
  protrusionMm,
  requiredScale,
  type Container,
} from './container';
import { boundCircles, lowerBoundScaleOf } from './bounds';
import { CLOSE_PAIRS_MIN_CIRCLES, pairOverlaps } from './large/close-pairs';
import { createRandom } from './random';
import { PackingSearch, SearchBudget } from './solver';
import { minGapOf } from './spread';

export interface PackOptions {
  /**
   * 'fit' (default): stop at the first layout inside the opening. 'tightest': keep shrinking until the budget ends.
   * 'verdict': the product's anytime search (ADR 004): the fit's walk, then the tightest search, ending at the first
   * layout inside the opening.
   */
  goal?: 'fit' | 'tightest' | 'verdict';
  timeBudgetMs?: number;
  iterationBudget?: number;
  seed?: number;
  now?: () => number;
  /** Told each better scale the search finds (the browser shows the best so far while it searches). */
  onProgress?: (scale: number) => void;
  /**
   * Per circle, the gap it must keep to the wall beyond touching it, mm (a pipe's wall spacing, ADR 004); none when
   * absent. The scale and `fits` include it.
   */
  wallMarginsMm?: readonly number[];
  /**
   * Goal 'verdict': a layout to start from (e.g. the browser's best, sent with a save; ADR 039), one centre per
   * circle in input order. Only a hint: repaired into a valid layout before use, and ignored unless it has one
   * finite centre per circle.
   */
  start?: readonly { xMm: number; yMm: number }[];
  /**
   * Goal 'verdict': stop at once when the bounds prove that no layout fits (ADR 039; default true). false searches the
   * whole budget anyway: the benchmark's baseline, the search as it was before the bounds.
   */
  proveNoFit?: boolean;
}

export interface PackResult {
  fits: boolean;
  scale: number;
  centres: { xMm: number; yMm: number }[];
  /** Smallest gap item–item and item–wall of a fitting layout, mm; null when it does not fit. */
  minGapMm: number | null;
}

export interface LayoutCheck {
  valid: boolean;
  /** Largest overlap of two circles, mm (0 when none). */
  maxOverlapMm: number;
  /** Largest distance by which a circle sticks out of the opening, mm (0 when none). */
  maxProtrusionMm: number;
}

/** Scale can never be below this: the circles' total area must fit in the scaled opening's area. */
export function areaLowerBoundScale(opening: Opening, diametersMm: number[]): number {
  const container = containerOf(opening);
  if (container === null) return diametersMm.length === 0 ? 0 : Number.POSITIVE_INFINITY;
  let circlesAreaMm2 = 0;
  for (const d of diametersMm) circlesAreaMm2 += (Math.PI * d * d) / 4;
  return Math.sqrt(circlesAreaMm2 / containerAreaMm2(container));
}

/**
 * Scale can never be below this either (ADR 039): the area bound and Oler's inequality for the largest circles,
 * each keeping its wall margin. Above 1 it proves that no layout fits the opening.
 */
export function packingLowerBoundScale(
  opening: Opening,
  diametersMm: readonly number[],
  wallMarginsMm?: readonly number[],
): number {
  const container = containerOf(opening);
  if (container === null) return diametersMm.length === 0 ? 0 : Number.POSITIVE_INFINITY;
  const radii = diametersMm.map((d) => d / 2);
  return lowerBoundScaleOf(
    container,
    boundCircles(
      radii,
      radii.map((r, i) => r + (wallMarginsMm?.[i] ?? 0)),
    ),
  );
}

/**
 * Checks a layout: no two circles overlap by more than `tolerance` relative to the sum of their radii, and no
 * circle sticks out of the opening by more than `tolerance` relative to the opening's size. With wall margins, a
 * circle closer to the wall than its margin counts as sticking out by the difference.
 */
export function validateLayout(
  opening: Opening,
  diametersMm: number[],
  centres: { xMm: number; yMm: number }[],
  tolerance: number = EPSILON,
  wallMarginsMm?: readonly number[],
): LayoutCheck {
  const container = containerOf(opening);
  if (
    container === null ||
    centres.length !== diametersMm.length ||
    (wallMarginsMm !== undefined && wallMarginsMm.length !== diametersMm.length)
  ) {
    return { valid: diametersMm.length === 0 && centres.length === 0, maxOverlapMm: 0, maxProtrusionMm: 0 };
  }
  let valid = true;
  let maxOverlapMm = 0;
  let maxProtrusionMm = 0;
  const sizeMm = containerSizeMm(container);
  // Many circles: the pairs through a grid (O(N)); the walls below, one circle at a time.
  const closePairs = centres.length >= CLOSE_PAIRS_MIN_CIRCLES;
  if (closePairs) {
    const pairs = pairOverlaps(
      diametersMm.map((d) => d / 2),
      centres.flatMap((c) => [c.xMm, c.yMm]),
      tolerance,
    );
    valid = pairs.valid;
    maxOverlapMm = pairs.maxOverlapMm;
  }
  for (let i = 0; i < centres.length; i++) {
    const ci = centres[i]!;
    const ri = diametersMm[i]! / 2;
    const out = protrusionMm(container, 1, ci.xMm, ci.yMm, ri + (wallMarginsMm?.[i] ?? 0));
    if (!(out <= tolerance * sizeMm)) valid = false;
    if (out > maxProtrusionMm) maxProtrusionMm = out;
    for (let j = closePairs ? centres.length : i + 1; j < centres.length; j++) {
      const cj = centres[j]!;
      const sum = ri + diametersMm[j]! / 2;
      const overlap = sum - Math.hypot(ci.xMm - cj.xMm, ci.yMm - cj.yMm);
      if (!(overlap <= tolerance * sum)) valid = false;
      if (overlap > maxOverlapMm) maxOverlapMm = overlap;
    }
  }
  return { valid, maxOverlapMm, maxProtrusionMm };
}

/**
 * Packs circles of the given diameters into the opening (centres relative to its centre, in input order).
 * The search ends at the first layout inside the opening ('fit') or when the budget is spent ('tightest').
 * Budgets: `iterationBudget` counts energy evaluations (deterministic: the same input, seed and budget give the
 * same layout everywhere); `timeBudgetMs` is read from `options.now`, by default `performance.now` — the engine's
 * only clock access, and only when no iteration budget alone was asked for. Whichever budget ends first stops it.
 */
export function packCircles(opening: Opening, diametersMm: number[], options: PackOptions = {}): PackResult {
  for (const d of diametersMm) {
    if (!Number.isFinite(d) || d < 0) throw new RangeError(`packCircles: invalid diameter ${d}`);
  }
  const margins = options.wallMarginsMm;
  if (margins !== undefined) {
    if (margins.length !== diametersMm.length)
      throw new RangeError('packCircles: one wall margin per circle is needed');
    for (const m of margins) {
      if (!Number.isFinite(m) || m < 0) throw new RangeError(`packCircles: invalid wall margin ${m}`);
    }
  }
  if (diametersMm.length === 0) return { fits: true, scale: 0, centres: [], minGapMm: null };
  const container = containerOf(opening);
  if (container === null) {
    return {
      fits: false,
      scale: Number.POSITIVE_INFINITY,
      centres: shelfLayout(null, diametersMm),
      minGapMm: null,
    };
  }
  const radii = Float64Array.from(diametersMm, (d) => d / 2);
  const n = radii.length;
  if (n === 1 || radii.every((r) => r === 0)) {
    // One circle (or only points): the centre is the best place, exactly.
    const centres = diametersMm.map(() => ({ xMm: 0, yMm: 0 }));
    const scale = layoutScale(container, diametersMm, centres, margins);
    return {
      fits: scale <= 1,
      scale,
      centres,
      minGapMm: scale <= 1 ? minGapOf(opening, diametersMm, centres) : null,
    };
  }

  const budget = createBudget(options);
  const search = new PackingSearch(
    container,
    radii,
    areaLowerBoundScale(opening, diametersMm),
    createRandom(options.seed ?? DEFAULT_SEED),
    budget,
    options.onProgress,
    margins === undefined ? radii : Float64Array.from(radii, (r, i) => r + margins[i]!),
  );
  const layout =
    options.goal === 'tightest'
      ? search.tightest()
      : options.goal === 'verdict'
        ? search.verdict(startOf(options.start, n), options.proveNoFit ?? true)
        : search.fit();
  const centres = Array.from({ length: n }, (_, i) => ({ xMm: layout.x[2 * i]!, yMm: layout.x[2 * i + 1]! }));
  // The reported scale is measured again on the returned centres, so it always describes a valid layout.
  const scale = layoutScale(container, diametersMm, centres, margins);
  const fits = scale <= 1 && validateLayout(opening, diametersMm, centres, EPSILON, margins).valid;
  return { fits, scale, centres, minGapMm: fits ? minGapOf(opening, diametersMm, centres) : null };
}

/** A starting layout as the search's coordinates, or undefined unless it has one finite centre per circle. */
function startOf(start: PackOptions['start'], n: number): Float64Array | undefined {
  if (start === undefined || start.length !== n) return undefined;
  const x = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const c = start[i]!;
    if (!Number.isFinite(c.xMm) || !Number.isFinite(c.yMm)) return undefined;
    x[2 * i] = c.xMm;
    x[2 * i + 1] = c.yMm;
  }
  return x;
}

/**
 * The smallest scale of the opening that holds the layout, each circle at least its wall margin from the wall
 * (Infinity without an opening, 0 without circles).
 */
export function measuredScale(
  opening: Opening,
  diametersMm: number[],
  centres: { xMm: number; yMm: number }[],
  wallMarginsMm?: readonly number[],
): number {
  const container = containerOf(opening);
  if (container === null) return diametersMm.length === 0 ? 0 : Number.POSITIVE_INFINITY;
  return layoutScale(container, diametersMm, centres, wallMarginsMm);
}

/** Default seed, so that calls without one are reproducible too (given an iteration budget). */
export const DEFAULT_SEED = 1;
/** Default time budget when neither budget is given. */
export const DEFAULT_TIME_BUDGET_MS = 1000;
/** Default iteration budget when there is no clock to measure a time budget. */
export const DEFAULT_ITERATION_BUDGET = 200_000;

function createBudget(options: PackOptions): SearchBudget {
  const clock = options.now ?? defaultClock();
  const timeBudgetMs =
    clock === null
      ? Number.POSITIVE_INFINITY
      : (options.timeBudgetMs ??
        (options.iterationBudget === undefined ? DEFAULT_TIME_BUDGET_MS : Number.POSITIVE_INFINITY));
  const iterationBudget =
    options.iterationBudget ??
    (timeBudgetMs === Number.POSITIVE_INFINITY ? DEFAULT_ITERATION_BUDGET : Number.POSITIVE_INFINITY);
  return new SearchBudget(iterationBudget, timeBudgetMs, clock ?? (() => 0));
}

/** `performance.now` where the platform has it (browsers, Node): the single clock access of the engine. */
function defaultClock(): (() => number) | null {
  const performance = (globalThis as { performance?: { now?: () => number } }).performance;
  return typeof performance?.now === 'function' ? () => performance.now!() : null;
}

function layoutScale(
  container: Container,
  diametersMm: number[],
  centres: { xMm: number; yMm: number }[],
  wallMarginsMm?: readonly number[],
): number {
  let scale = 0;
  for (let i = 0; i < centres.length; i++) {
    const wallRadius = diametersMm[i]! / 2 + (wallMarginsMm?.[i] ?? 0);
    scale = Math.max(scale, requiredScale(container, centres[i]!.xMm, centres[i]!.yMm, wallRadius));
  }
  return scale;
}

/** Rows of circles, largest first, in a box of the opening's aspect ratio (for an opening without area). */
function shelfLayout(container: Container | null, diametersMm: number[]): { xMm: number; yMm: number }[] {
  const aspect = container?.kind === 'rect' ? container.halfWidthMm / container.halfHeightMm : 1;
  let sumSquares = 0;
  let maxD = 0;
  for (const d of diametersMm) {
    sumSquares += d * d;
    maxD = Math.max(maxD, d);
  }
  const rowWidth = Math.max(maxD, Math.sqrt(sumSquares * aspect));
  const order = diametersMm.map((_, i) => i).sort((a, b) => diametersMm[b]! - diametersMm[a]!);
  const centres = diametersMm.map(() => ({ xMm: 0, yMm: 0 }));
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  let width = 0;
  for (const i of order) {
    const d = diametersMm[i]!;
    if (x > 0 && x + d > rowWidth) {
      y += rowHeight;
      x = 0;
      rowHeight = 0;
    }
    centres[i] = { xMm: x + d / 2, yMm: y + d / 2 };
    x += d;
    width = Math.max(width, x);
    rowHeight = Math.max(rowHeight, d);
  }
  const height = y + rowHeight;
  return centres.map((c) => ({ xMm: c.xMm - width / 2, yMm: c.yMm - height / 2 }));
}
