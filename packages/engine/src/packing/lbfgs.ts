// Limited-memory BFGS (Nocedal & Wright, Numerical Optimization, 2nd ed., algorithm 7.4 and 7.5) with an Armijo
// backtracking line search. Written here because the engine has no dependencies.

/** Fills `g` with the gradient at `x` and returns the objective. */
export type ObjectiveWithGradient = (x: Float64Array, g: Float64Array) => number;

export interface MinimizeOptions {
  maxIterations: number;
  /** Stop as soon as the objective is at or below this value. */
  fTarget: number;
  /** Stop when the largest gradient component is at or below this value. */
  gradTol: number;
  /** Stop when the objective fell by less than `stallRatio` (relative) over the last `stallWindow` iterations. */
  stallWindow: number;
  stallRatio: number;
  /** Step length tried first when there is no curvature information yet. */
  firstStep: number;
  memory: number;
  /** Polled once per iteration: true ends the minimisation (budget spent). */
  shouldStop: () => boolean;
}

export interface MinimizeResult {
  f: number;
  iterations: number;
}

const ARMIJO_C1 = 1e-4;
const MAX_LINE_SEARCH_STEPS = 30;
/** Curvature pairs with sᵀy at or below this (relative to |s||y|) are skipped: they would spoil the Hessian model. */
const MIN_CURVATURE = 1e-12;

/**
 * The scratch arrays of a minimisation, kept between calls: a search minimises thousands of times, and allocating
 * them each time costs as much as the arithmetic for a few dozen circles.
 */
export class LbfgsWorkspace {
  readonly sHistory: Float64Array;
  readonly yHistory: Float64Array;
  readonly rho: Float64Array;
  readonly alphaHistory: Float64Array;
  readonly g: Float64Array;
  readonly gNew: Float64Array;
  readonly xNew: Float64Array;
  readonly d: Float64Array;
  /** The objective over the last iterations (the stall test), grown to the window asked for. */
  fHistory = new Float64Array(0);

  constructor(
    readonly size: number,
    readonly memory: number,
  ) {
    this.sHistory = new Float64Array(memory * size);
    this.yHistory = new Float64Array(memory * size);
    this.rho = new Float64Array(memory);
    this.alphaHistory = new Float64Array(memory);
    this.g = new Float64Array(size);
    this.gNew = new Float64Array(size);
    this.xNew = new Float64Array(size);
    this.d = new Float64Array(size);
  }
}

/** Minimises in place: `x` ends at the best point found. */
export function minimize(
  fg: ObjectiveWithGradient,
  x: Float64Array,
  options: MinimizeOptions,
  workspace: LbfgsWorkspace = new LbfgsWorkspace(x.length, options.memory),
): MinimizeResult {
  const n = x.length;
  const m = options.memory;
  if (workspace.size !== n || workspace.memory !== m)
    throw new RangeError('minimize: workspace of another size');
  // Curvature pairs in one flat array each: pair k occupies [k n, (k + 1) n).
  const { sHistory, yHistory, rho, alphaHistory, xNew, d } = workspace;
  let stored = 0;
  let newest = -1;

  let g = workspace.g;
  let gNew = workspace.gNew;
  let f = fg(x, g);
  const window = Math.max(1, options.stallWindow);
  if (workspace.fHistory.length < window) workspace.fHistory = new Float64Array(window);
  const fHistory = workspace.fHistory;
  let iterations = 0;
  // The largest gradient component, measured where the gradient is written (here, then with each accepted step).
  let gMax = 0;
  for (let i = 0; i < n; i++) {
    const gi = Math.abs(g[i]!);
    if (gi > gMax) gMax = gi;
  }

  while (iterations < options.maxIterations) {
    if (f <= options.fTarget) break;
    if (gMax <= options.gradTol) break;
    const slot = iterations % window;
    if (iterations >= window && fHistory[slot]! - f <= options.stallRatio * f) break;
    if (options.shouldStop()) break;
    fHistory[slot] = f;
    iterations++;

    // Two-loop recursion: d = -H g. Each pass over the vector updates d with one curvature pair and takes the dot
    // product the next pair needs with the updated values, in the same order as separate passes would: the same
    // numbers, with half the passes (most of a minimisation's own work for a few dozen circles).
    let slope = 0;
    if (stored === 0) {
      for (let i = 0; i < n; i++) {
        const di = -g[i]!;
        d[i] = di;
        slope += di * g[i]!;
      }
    } else {
      let idx = newest;
      let base = idx * n;
      let dot = 0;
      for (let i = 0; i < n; i++) {
        const di = -g[i]!;
        d[i] = di;
        dot += sHistory[base + i]! * di;
      }
      for (let k = 0; k < stored; k++) {
        const a = rho[idx]! * dot;
        alphaHistory[idx] = a;
        const yBase = base;
        if (k + 1 < stored) {
          idx = idx === 0 ? m - 1 : idx - 1;
          base = idx * n;
          dot = 0;
          for (let i = 0; i < n; i++) {
            const di = d[i]! - a * yHistory[yBase + i]!;
            d[i] = di;
            dot += sHistory[base + i]! * di;
          }
        } else {
          for (let i = 0; i < n; i++) d[i] = d[i]! - a * yHistory[yBase + i]!;
        }
      }
      // Scale by γ = sᵀy / yᵀy of the newest pair, then walk forwards from the oldest.
      let yy = 0;
      const newestBase = newest * n;
      for (let i = 0; i < n; i++) yy += yHistory[newestBase + i]! * yHistory[newestBase + i]!;
      const gamma = 1 / (rho[newest]! * yy);
      idx = (newest - stored + 1 + m) % m;
      base = idx * n;
      dot = 0;
      for (let i = 0; i < n; i++) {
        const di = d[i]! * gamma;
        d[i] = di;
        dot += yHistory[base + i]! * di;
      }
      for (let k = 0; k < stored; k++) {
        const b = alphaHistory[idx]! - rho[idx]! * dot;
        const sBase = base;
        if (k + 1 < stored) {
          idx = idx === m - 1 ? 0 : idx + 1;
          base = idx * n;
          dot = 0;
          for (let i = 0; i < n; i++) {
            const di = d[i]! + b * sHistory[sBase + i]!;
            d[i] = di;
            dot += yHistory[base + i]! * di;
          }
        } else {
          for (let i = 0; i < n; i++) {
            const di = d[i]! + b * sHistory[sBase + i]!;
            d[i] = di;
            slope += di * g[i]!;
          }
        }
      }
    }
    if (!(slope < 0)) {
      // Not a descent direction (stale curvature): restart from steepest descent.
      stored = 0;
      slope = 0;
      for (let i = 0; i < n; i++) {
        d[i] = -g[i]!;
        slope -= g[i]! * g[i]!;
      }
    }

    let alpha = stored === 0 ? options.firstStep : 1;
    let fNew = Number.POSITIVE_INFINITY;
    let accepted = false;
    for (let step = 0; step < MAX_LINE_SEARCH_STEPS; step++) {
      for (let i = 0; i < n; i++) xNew[i] = x[i]! + alpha * d[i]!;
      fNew = fg(xNew, gNew);
      if (fNew <= f + ARMIJO_C1 * alpha * slope) {
        accepted = true;
        break;
      }
      // Minimiser of the quadratic through f, slope and fNew, kept within [0.1, 0.5] of the step.
      const denominator = 2 * (fNew - f - slope * alpha);
      const quadratic = denominator > 0 ? (-slope * alpha * alpha) / denominator : 0.5 * alpha;
      alpha = Math.min(0.5 * alpha, Math.max(0.1 * alpha, quadratic));
    }
    if (!accepted) {
      if (stored === 0) break;
      stored = 0;
      continue;
    }

    const slotNext = newest === m - 1 ? 0 : newest + 1;
    const base = slotNext * n;
    let sy = 0;
    let ss = 0;
    let yy = 0;
    gMax = 0;
    for (let i = 0; i < n; i++) {
      const gi = Math.abs(gNew[i]!);
      if (gi > gMax) gMax = gi;
      const si = xNew[i]! - x[i]!;
      const yi = gNew[i]! - g[i]!;
      sHistory[base + i] = si;
      yHistory[base + i] = yi;
      sy += si * yi;
      ss += si * si;
      yy += yi * yi;
    }
    if (sy > MIN_CURVATURE * Math.sqrt(ss * yy)) {
      newest = slotNext;
      rho[newest] = 1 / sy;
      stored = Math.min(stored + 1, m);
    }
    x.set(xNew);
    const swap = g;
    g = gNew;
    gNew = swap;
    f = fNew;
  }
  return { f, iterations };
}
