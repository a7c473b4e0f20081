// The search behind packCircles: quasi-physical energy minimisation with L-BFGS at a fixed container size,
// container shrinking by bisection, and monotonic basin hopping with quasi-human moves (relocate circles into
// holes, swap circles of different sizes, shake). See docs/decisions/004-packing-solver.md.

import { protrusionMm, requiredScale, type Container } from './container';
import { ALL_PAIRS_MAX_CIRCLES, OverlapEnergy } from './energy';
import { minimize, type MinimizeOptions } from './lbfgs';
import { greedyLayout, type GreedyRule } from './greedy';
import { PairList, findClosePairs } from './neighbours';
const ENV = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
import type { Random } from './random';

/** A verified layout: `x` = x0, y0, x1, y1, … (mm) and the smallest container scale that holds it exactly. */
export interface Layout {
  x: Float64Array;
  scale: number;
}


/** How often (in energy evaluations) the clock is read. */
const CLOCK_CHECK_EVALUATIONS = 8;

/** Counts energy evaluations (the deterministic budget) and watches the clock (the time budget). */
export class SearchBudget {
  private evaluations = 0;
  private lastClockCheck = 0;
  private timeUp = false;
  private readonly startMs: number;
  /** Share of the budget the search may use now; the rest is kept for the final polish. */
  private share = 1;

  constructor(
    private readonly maxEvaluations: number,
    private readonly timeBudgetMs: number,
    private readonly now: () => number,
  ) {
    this.startMs = now();
  }

  charge(): void {
    this.evaluations++;
  }

  get used(): number {
    return this.evaluations;
  }

  /** Limits the search to a share of the budget (1 = all of it). */
  limitTo(share: number): void {
    this.share = share;
    this.timeUp = false;
    this.lastClockCheck = this.evaluations - CLOCK_CHECK_EVALUATIONS;
  }

  exhausted(): boolean {
    if (this.timeUp || this.evaluations >= this.share * this.maxEvaluations) return true;
    if (this.timeBudgetMs !== Number.POSITIVE_INFINITY && this.evaluations - this.lastClockCheck >= CLOCK_CHECK_EVALUATIONS) {
      this.lastClockCheck = this.evaluations;
      this.timeUp = this.now() - this.startMs >= this.share * this.timeBudgetMs;
    }
    return this.timeUp;
  }

  /** Share of the budget spent, 0–1 (the larger of evaluations and time). */
  fractionUsed(): number {
    const byCount = this.maxEvaluations === Number.POSITIVE_INFINITY ? 0 : this.evaluations / this.maxEvaluations;
    const byTime = this.timeBudgetMs === Number.POSITIVE_INFINITY ? 0 : (this.now() - this.startMs) / this.timeBudgetMs;
    return Math.max(byCount, byTime);
  }
}

/** Overlaps at or below this depth (relative to the largest radius) count as none while minimising. */
const FEASIBLE_DEPTH = 1e-10;
/** Spread factor margin of the repair, so that rounding cannot leave an overlap. */
const REPAIR_MARGIN = 1e-12;
/** Separation sweeps of the repair, and how much further than half the overlap each circle is pushed. */
const RELAX_SWEEPS = 30;
const RELAX_OVERSHOOT = 1e-9;
/** Density assumed for the first container size (a loose guess; the squeeze corrects it). */
const START_DENSITY = Number(ENV.SD ?? 0.8);
/** Squeeze: first relative shrink step, smallest step (the precision of the result), back-off factor. */
const SQUEEZE_FIRST_STEP = 0.02;
const SQUEEZE_HOP_STEP = 1e-3;
const SQUEEZE_MAX_STEP = 0.05;
const SQUEEZE_MIN_STEP = 1e-7;
/** Share of the budget kept to polish the best layout to full precision, and the polish's first step. */
const POLISH_SHARE = 0.03;
const POLISH_FIRST_STEP = 1e-4;
const SEARCH_MIN_STEP = Number(ENV.SMIN ?? 1e-7);
const SQUEEZE_BACKOFF = 0.25;
/** Basin hopping: the perturbed layout is minimised in a container this much (relative, log-uniform) smaller. */
const HOP_SHRINK_MIN = Number(ENV.HMIN ?? 1e-4);
const HOP_SHRINK_MAX = Number(ENV.HMAX ?? 1e-2);
/** Failed hops before a restart from a new layout: base + per circle. */
const PATIENCE_BASE = Number(ENV.PB ?? 40);
const PATIENCE_PER_CIRCLE = Number(ENV.PC ?? 8);
/** Fit goal: aim slightly inside the opening, and keep the last part of the budget to squeeze the best layout. */
const FIT_MARGIN = 1e-9;
const FIT_SEARCH_SHARE = 0.75;
/** Below this energy (in largest radii squared) a hop's layout is minimised fully: it may reach zero. */
const POLISH_ENERGY = Number(ENV.PE ?? 1e-4);
/** Candidate points tried when looking for the largest hole. */
const HOLE_SAMPLES = 40;
const PSWAP = Number(ENV.PSWAP ?? 0.4);
const PSMALL = Number(ENV.PSMALL ?? 0);
const PHOLE = Number(ENV.PHOLE ?? 0.4);
const HOLE_REFINE_STEPS = 12;
const HEX_DIRECTIONS = Float64Array.from({ length: 12 }, (_, k) => (k % 2 === 0 ? Math.cos : Math.sin)((Math.floor(k / 2) * Math.PI) / 3));

export class PackingSearch {
  private readonly n: number;
  private readonly energy: OverlapEnergy;
  private readonly rMax: number;
  private readonly rMean: number;
  private readonly unequal: boolean;
  private readonly feasibleEnergy: number;
  private readonly options: MinimizeOptions;
  /** Looser stopping for hops: enough to tell a better basin, the squeeze then converges it. */
  private readonly coarse: MinimizeOptions;
  private readonly pairs = new PairList();
  private readonly stress: Float64Array;
  private readonly startScale: number;
  private readonly areaBoundScale: number;
  private restarts = 0;
  private bestScaleSoFar = Number.POSITIVE_INFINITY;
  /** The search ends as soon as a layout this small is found (the fit goal: 1). */
  private stopAtScale = 0;
  /** Counters for tuning (read by the benchmark's diagnostics only). */
  readonly stats = { starts: 0, hops: 0, improvements: 0, squeezeMins: 0, localMins: 0, iterations: 0, squeezeIterations: 0, moves: {} as Record<string, number[]> };
  private lastMove = '';

  constructor(
    private readonly container: Container,
    private readonly radii: Float64Array,
    areaBoundScale: number,
    private readonly rng: Random,
    private readonly budget: SearchBudget,
  ) {
    this.n = radii.length;
    this.energy = new OverlapEnergy(container, radii);
    let rMax = 0;
    let rMin = Number.POSITIVE_INFINITY;
    let sum = 0;
    for (const r of radii) {
      rMax = Math.max(rMax, r);
      rMin = Math.min(rMin, r);
      sum += r;
    }
    this.rMax = rMax;
    this.rMean = sum / this.n;
    this.unequal = rMax - rMin > 1e-9 * rMax;
    this.feasibleEnergy = (FEASIBLE_DEPTH * rMax) ** 2;
    this.stress = new Float64Array(this.n);
    this.startScale = areaBoundScale / Math.sqrt(START_DENSITY);
    this.areaBoundScale = areaBoundScale;
    this.options = {
      maxIterations: 1000 + 20 * this.n,
      fTarget: this.feasibleEnergy,
      gradTol: 1e-13 * rMax,
      stallWindow: Number(ENV.SW ?? 10),
      stallRatio: Number(ENV.SR ?? 1e-7),
      firstStep: 0.1,
      memory: Number(ENV.MEM ?? 7),
      shouldStop: () => budget.exhausted(),
    };
    this.coarse = { ...this.options, stallWindow: Number(ENV.CSW ?? 10), stallRatio: Number(ENV.CSR ?? 1e-7), maxIterations: Number(ENV.CMAX ?? this.options.maxIterations) };
  }

  /** Smallest container found in the budget. */
  tightest(): Layout {
    let best: Layout | null = null;
    let current: Layout | null = null;
    let fails = 0;
    const patience = PATIENCE_BASE + PATIENCE_PER_CIRCLE * this.n;
    while (current === null || !this.budget.exhausted()) {
      if (current === null || fails >= patience) {
        current = this.start();
        fails = 0;
      } else {
        this.stats.hops++;
        const y = this.perturb(current.x, current.scale);
        this.localMin(y, current.scale * (1 - this.logUniform(HOP_SHRINK_MIN, HOP_SHRINK_MAX)), this.coarse);
        let candidate = this.repair(y);
        if (candidate !== null && ENV.ALWAYS === '1') candidate = this.squeeze(candidate, SQUEEZE_HOP_STEP);
        if (candidate !== null && candidate.scale < current.scale) {
          this.stats.improvements++;
          current = ENV.ALWAYS === '1' ? candidate : this.squeeze(candidate, SQUEEZE_HOP_STEP);
          fails = 0;
        } else {
          fails++;
        }
      }
      if (best === null || current.scale < best.scale) best = current;
    }
    return best!;
  }

  /** Variant B: energy-descent basin hopping in a fixed container a little smaller than the chain's best. */
  tightestByEnergy(): Layout {
    let best: Layout | null = null;
    let chain: Layout | null = null;
    let fails = 0;
    let target = 0;
    let current: Float64Array | null = null;
    let currentEnergy = Number.POSITIVE_INFINITY;
    let bestEnergy = Number.POSITIVE_INFINITY;
    const THETA = Number(ENV.THETA ?? 0);
    const patience = PATIENCE_BASE + PATIENCE_PER_CIRCLE * this.n;
    this.budget.limitTo(1 - POLISH_SHARE);
    while (chain === null || !this.budget.exhausted()) {
      if (chain === null || fails >= patience) {
        const restartMode = ENV.RESTART ?? 'fresh';
        if (best !== null && (restartMode === 'best' || (restartMode === 'mix' && this.rng.next() < 0.5))) {
          // Iterated local search: kick the best layout hard (several random swaps and relocations).
          const y = Float64Array.from(best.x);
          const kicks = Number(ENV.KICKS ?? 3);
          for (let k = 0; k < kicks; k++) {
            const i = this.rng.int(this.n);
            const j = this.rng.int(this.n);
            if (this.unequal) {
              const tx = y[2 * i]!;
              const ty = y[2 * i + 1]!;
              y[2 * i] = y[2 * j]!;
              y[2 * i + 1] = y[2 * j + 1]!;
              y[2 * j] = tx;
              y[2 * j + 1] = ty;
            } else {
              this.moveIntoHole(y, i, best.scale);
            }
          }
          this.localMin(y, best.scale);
          chain = this.squeeze(this.repair(y) ?? best, SQUEEZE_FIRST_STEP);
        } else {
          chain = this.start();
        }
        current = null;
        fails = 0;
      }
      if (best === null || chain.scale < best.scale) best = chain;
      this.bestScaleSoFar = best.scale;
      if (best.scale <= this.stopAtScale) return best;
      if (current === null) {
        target = chain.scale * (1 - this.logUniform(HOP_SHRINK_MIN, HOP_SHRINK_MAX));
        current = Float64Array.from(chain.x);
        currentEnergy = this.localMin(current, target, this.coarse);
        bestEnergy = currentEnergy;
        const candidate = this.repair(current);
        if (candidate !== null && candidate.scale < chain.scale) {
          chain = this.squeeze(candidate, SQUEEZE_HOP_STEP);
          current = null;
        }
        continue;
      }
      this.stats.hops++;
      this.energy.setScale(target);
      this.energy.perCircle(current, this.stress);
      const y = this.perturbStressed(current, target);
      const e = this.localMin(y, target, this.coarse);
      let candidate = this.repair(y);
      const decompress = ENV.DECOMP ?? '0';
      if (decompress !== '0' && (decompress === '1' || e < currentEnergy) && !(candidate !== null && candidate.scale < chain.scale)) {
        // Does the compressed structure fit the chain's container once the pressure is released?
        const z = Float64Array.from(y);
        this.localMin(z, chain.scale * (1 - 1e-6));
        const relaxed = this.repair(z);
        if (relaxed !== null && (candidate === null || relaxed.scale < candidate.scale)) candidate = relaxed;
      }
      const m = (this.stats.moves[this.lastMove] ??= [0, 0, 0]);
      m[0]!++;
      if (e < currentEnergy) m[1]!++;
      if (candidate !== null && candidate.scale < chain.scale) {
        m[2]!++;
        this.stats.improvements++;
        chain = this.squeeze(candidate, SQUEEZE_HOP_STEP);
        fails = 0;
        if (ENV.KEEPWALK === '1') {
          // Keep walking from the improved structure, in a container that follows the chain.
          if (best === null || chain.scale < best.scale) best = chain;
          if (best.scale <= this.stopAtScale) return best;
          target = chain.scale * (1 - this.logUniform(HOP_SHRINK_MIN, HOP_SHRINK_MAX));
          current = y;
          currentEnergy = this.localMin(current, target, this.coarse);
          bestEnergy = currentEnergy;
        } else {
          current = null;
        }
        continue;
      }
      if (e < bestEnergy) {
        bestEnergy = e;
        fails = 0;
        if (ENV.EVALBEST === '1' && candidate !== null) {
          const squeezed = this.squeeze(candidate, SQUEEZE_HOP_STEP);
          if (squeezed.scale < chain.scale) {
            m[2]!++;
            this.stats.improvements++;
            chain = squeezed;
            current = null;
            continue;
          }
        }
      } else {
        fails++;
      }
      if (e < currentEnergy || e <= bestEnergy * (1 + THETA)) {
        current = y;
        currentEnergy = e;
      }
    }
    this.budget.limitTo(1);
    return this.squeeze(best!, POLISH_FIRST_STEP, SQUEEZE_MIN_STEP);
  }

  /** Moves guided by the energy of each circle (in `this.stress`): relocate or swap the most stressed circles. */
  private perturbStressed(source: Float64Array, scale: number): Float64Array {
    const y = Float64Array.from(source);
    const n = this.n;
    const u = this.rng.next();
    const pickStressed = (): number => {
      // Roulette on the stress, so that the most stressed is likely but not certain.
      let total = 0;
      for (let i = 0; i < n; i++) total += this.stress[i]!;
      if (!(total > 0)) return this.rng.int(n);
      let t = this.rng.next() * total;
      for (let i = 0; i < n; i++) {
        t -= this.stress[i]!;
        if (t <= 0) return i;
      }
      return n - 1;
    };
    if (this.unequal && u < PSWAP) {
      this.lastMove = 'swap';
      let i = pickStressed();
      let j = this.rng.int(n);
      for (let tries = 0; tries < 10 && this.radii[j] === this.radii[i]; tries++) j = this.rng.int(n);
      if (ENV.SWAPPROXY === '2') {
        // All swaps ranked by the energy change before minimising; one of the best few, at random.
        const base = new Float64Array(n);
        for (let q = 0; q < n; q++) base[q] = this.circleEnergyAt(y, q, y[2 * q]!, y[2 * q + 1]!, scale, -1);
        const topK = Number(ENV.TOPK ?? 5);
        const topDelta: number[] = [];
        const topPair: number[] = [];
        for (let p = 0; p < n; p++) {
          for (let q = p + 1; q < n; q++) {
            if (this.radii[q] === this.radii[p]) continue;
            const delta =
              this.circleEnergyAt(y, p, y[2 * q]!, y[2 * q + 1]!, scale, q) +
              this.circleEnergyAt(y, q, y[2 * p]!, y[2 * p + 1]!, scale, p) -
              base[p]! -
              base[q]!;
            if (topDelta.length < topK || delta < topDelta[topDelta.length - 1]!) {
              let at = topDelta.length;
              while (at > 0 && topDelta[at - 1]! > delta) at--;
              topDelta.splice(at, 0, delta);
              topPair.splice(at, 0, p * n + q);
              if (topDelta.length > topK) {
                topDelta.pop();
                topPair.pop();
              }
            }
          }
        }
        if (topPair.length > 0) {
          const pick = topPair[this.rng.int(topPair.length)]!;
          i = Math.floor(pick / n);
          j = pick % n;
        }
      } else if (ENV.SWAPPROXY === '1') {
        // Of the swaps of a few stressed circles with any other, take the one whose energy rises least before
        // minimising (a cheap look-ahead).
        let bestDelta = Number.POSITIVE_INFINITY;
        for (let a = 0; a < 3; a++) {
          const p = pickStressed();
          const base = this.circleEnergyAt(y, p, y[2 * p]!, y[2 * p + 1]!, scale, -1);
          for (let q = 0; q < n; q++) {
            if (this.radii[q] === this.radii[p]) continue;
            const delta =
              this.circleEnergyAt(y, p, y[2 * q]!, y[2 * q + 1]!, scale, q) +
              this.circleEnergyAt(y, q, y[2 * p]!, y[2 * p + 1]!, scale, p) -
              base -
              this.circleEnergyAt(y, q, y[2 * q]!, y[2 * q + 1]!, scale, -1) +
              this.rng.next() * 1e-12;
            if (delta < bestDelta) {
              bestDelta = delta;
              i = p;
              j = q;
            }
          }
        }
      }
      const tx = y[2 * i]!;
      const ty = y[2 * i + 1]!;
      y[2 * i] = y[2 * j]!;
      y[2 * i + 1] = y[2 * j + 1]!;
      y[2 * j] = tx;
      y[2 * j + 1] = ty;
    } else if (this.unequal && u < PSWAP + PSMALL) {
      this.lastMove = 'small';
      // A small circle into the largest vacancy: small circles wedged between large ones keep those apart.
      let i = this.rng.int(n);
      for (let k = 0; k < 2; k++) {
        const j = this.rng.int(n);
        if (this.radii[j]! < this.radii[i]!) i = j;
      }
      this.moveIntoHole(y, i, scale);
    } else if (u < PSWAP + PSMALL + PHOLE) {
      this.lastMove = 'hole';
      const count = 1 + this.rng.int(Math.min(2, n - 1));
      for (let k = 0; k < count; k++) {
        const i = pickStressed();
        this.stress[i] = 0;
        this.moveIntoHole(y, i, scale);
      }
    } else {
      this.lastMove = 'shake';
      const amplitude = this.rng.range(0.05, 0.5) * this.rMean;
      for (let k = 0; k < 2 * n; k++) y[k] = y[k]! + this.rng.range(-amplitude, amplitude);
    }
    return y;
  }

  /** First layout inside the opening (scale ≤ 1), or the tightest one found when the budget ends. */
  fit(): Layout {
    const variant = ENV.FITV ?? '1';
    if (variant === '3') {
      this.stopAtScale = 1;
      const layout = this.tightestByEnergy();
      return layout;
    }
    if (variant === '2') return this.fitByWalk();
    return this.fitOld();
  }

  /** Greedy placement in the container of the given scale; circles it could not place go into the largest holes. */
  private constructive(scale: number, rule: GreedyRule, noise: number): { x: Float64Array; complete: boolean } {
    const keys = Array.from(this.radii, (r) => r * Math.exp(noise * this.rng.range(-1, 1)));
    const order = Array.from({ length: this.n }, (_, i) => i).sort((a, b) => keys[b]! - keys[a]!);
    const g = greedyLayout(this.container, scale, this.radii, order, rule);
    if (g.placedCount === this.n) return { x: g.x, complete: true };
    // Unplaced circles: into the largest holes, smallest gaps first; the energy minimisation sorts out the rest.
    const y = g.x;
    for (const i of order) {
      if (g.placed[i] === 1) continue;
      y[2 * i] = Number.POSITIVE_INFINITY;
    }
    for (const i of order) {
      if (g.placed[i] === 1) continue;
      this.moveIntoHole(y, i, scale);
    }
    return { x: y, complete: false };
  }

  /** Energy walk with threshold acceptance in the real opening; ends at the first valid layout. */
  private fitByWalk(): Layout {
    const target = (1 - FIT_MARGIN) * (1 - Number(ENV.FITC ?? 0));
    const THETA = Number(ENV.THETA ?? 0);
    let best: Layout | null = null;
    let current: Float64Array | null = null;
    let currentEnergy = Number.POSITIVE_INFINITY;
    let bestEnergy = Number.POSITIVE_INFINITY;
    let fails = 0;
    const patience = PATIENCE_BASE + PATIENCE_PER_CIRCLE * this.n;
    this.budget.limitTo(FIT_SEARCH_SHARE);
    while (best === null || !this.budget.exhausted()) {
      let y: Float64Array;
      if (current === null || fails >= patience) {
        if (ENV.GREEDY !== '0') {
          const k = this.restarts++;
          const built = this.constructive(1 - FIT_MARGIN, k % 2 === 0 ? 'far' : 'snug', k < 2 ? 0 : Number(ENV.GNOISE ?? 0.1));
          y = built.x;
        } else {
          y = this.initialPositions(this.restarts++);
        }
        fails = 0;
        current = null;
      } else {
        this.energy.setScale(target);
        this.energy.perCircle(current, this.stress);
        y = this.perturbStressed(current, target);
      }
      let e = this.localMin(y, target, this.coarse);
      if (e > this.feasibleEnergy && e < POLISH_ENERGY * this.rMax * this.rMax) e = this.localMin(y, target);
      let candidate = this.repair(y);
      if (ENV.FITD === '1' && candidate !== null && candidate.scale > 1 && e <= bestEnergy) {
        const z = Float64Array.from(y);
        this.localMin(z, 1 - FIT_MARGIN);
        const relaxed = this.repair(z);
        if (relaxed !== null && relaxed.scale < candidate.scale) candidate = relaxed;
      }
      if (candidate !== null && (best === null || candidate.scale < best.scale)) best = candidate;
      if (best !== null && best.scale <= 1) return best;
      if (current === null || e < bestEnergy) {
        bestEnergy = e;
        fails = 0;
      } else {
        fails++;
      }
      if (current === null || e < currentEnergy || e <= bestEnergy * (1 + THETA)) {
        current = y;
        currentEnergy = e;
      }
    }
    this.budget.limitTo(1);
    this.stopAtScale = 1;
    return this.squeeze(best!, SQUEEZE_HOP_STEP);
  }

  private fitOld(): Layout {
    const target = 1 - FIT_MARGIN;
    let best: Layout | null = null;
    let current: Float64Array | null = null;
    let currentEnergy = Number.POSITIVE_INFINITY;
    let fails = 0;
    const patience = PATIENCE_BASE + PATIENCE_PER_CIRCLE * this.n;
    while (best === null || (!this.budget.exhausted() && this.budget.fractionUsed() < FIT_SEARCH_SHARE)) {
      let y: Float64Array;
      if (current === null || fails >= patience) {
        y = this.initialPositions(this.restarts++);
        fails = 0;
        current = null;
      } else {
        y = this.perturb(current, target);
      }
      const e = this.localMin(y, target);
      const candidate = this.repair(y);
      if (candidate !== null && (best === null || candidate.scale < best.scale)) best = candidate;
      if (best !== null && best.scale <= 1) return best;
      if (current === null || e < currentEnergy) {
        current = y;
        currentEnergy = e;
        fails = 0;
      } else {
        fails++;
      }
    }
    return this.squeeze(best!, SQUEEZE_HOP_STEP);
  }

  /** A new start: initial positions, minimised in a roomy container, repaired and squeezed. */
  start(): Layout {
    this.stats.starts++;
    const k = this.restarts++;
    const gshare = Number(ENV.GSTART ?? 0);
    if (gshare > 0 && (k % Math.round(1 / gshare) === 0)) {
      // Constructive start in a container a little smaller than the best so far (or the first guess).
      const s = this.bestScaleSoFar < Number.POSITIVE_INFINITY ? this.bestScaleSoFar * (1 - Number(ENV.GSHRINK ?? 0.01)) : this.startScale;
      const built = this.constructive(s, this.rng.next() < 0.5 ? 'far' : 'snug', k < 2 ? 0 : Number(ENV.GNOISE ?? 0.1));
      this.localMin(built.x, s);
      const layout = this.repair(built.x) ?? this.repair(this.spread(built.x))!;
      return this.squeeze(layout, SQUEEZE_HOP_STEP);
    }
    const x = this.initialPositions(k);
    this.localMin(x, this.startScale);
    let layout = this.repair(x) ?? this.repair(this.spread(x))!;
    if (ENV.DSTART) {
      // Release the pressure step by step: the first container where the compressed structure fits.
      const grow = Number(ENV.DSTART);
      let s = this.startScale;
      for (let k = 0; k < 200; k++) {
        s *= 1 + grow;
        const e = this.localMin(x, s);
        if (e <= this.feasibleEnergy * 1e6) break;
      }
      const relaxed = this.repair(x);
      if (relaxed !== null && relaxed.scale < layout.scale) layout = relaxed;
    }
    const out = this.squeeze(layout, SQUEEZE_FIRST_STEP);
    return out;
  }

  /** Minimises the energy in place in the container of the given scale; returns the energy reached. */
  private localMin(x: Float64Array, scale: number, options: MinimizeOptions = this.options): number {
    this.energy.setScale(scale);
    const energy = this.energy;
    const budget = this.budget;
    this.stats.localMins++;
    const result = minimize(
      (p, g) => {
        budget.charge();
        return energy.evaluate(p, g);
      },
      x,
      options,
    );
    this.stats.iterations += result.iterations;
    return result.f;
  }

  /**
   * Makes a layout valid: spreads the centres about the opening's centre just enough to remove every overlap,
   * then measures the container scale the layout needs. Null when two centres coincide.
   */
  private repair(source: Float64Array): Layout | null {
    const r = this.radii;
    const x = Float64Array.from(source);
    // Gauss–Seidel separation: push each overlapping pair apart along its centre line. Small overlaps vanish in a
    // few sweeps while the layout barely moves, unlike a uniform spread, which costs the largest relative overlap.
    const relaxSweeps = Number(ENV.RELAX ?? RELAX_SWEEPS);
    for (let sweep = 0; sweep < relaxSweeps; sweep++) {
      let moved = false;
      const push = (i: number, j: number): void => {
        const dx = x[2 * i]! - x[2 * j]!;
        const dy = x[2 * i + 1]! - x[2 * j + 1]!;
        const reach = r[i]! + r[j]!;
        const d2 = dx * dx + dy * dy;
        if (d2 >= reach * reach || d2 === 0) return;
        const d = Math.sqrt(d2);
        const half = ((reach - d) / 2) * (1 + RELAX_OVERSHOOT);
        x[2 * i] = x[2 * i]! + (half * dx) / d;
        x[2 * i + 1] = x[2 * i + 1]! + (half * dy) / d;
        x[2 * j] = x[2 * j]! - (half * dx) / d;
        x[2 * j + 1] = x[2 * j + 1]! - (half * dy) / d;
        moved = true;
      };
      this.forEachClosePair(x, push);
      if (!moved) break;
    }
    let spread = 1;
    this.forEachClosePair(x, (i, j) => {
      const dx = x[2 * i]! - x[2 * j]!;
      const dy = x[2 * i + 1]! - x[2 * j + 1]!;
      const reach = r[i]! + r[j]!;
      const d2 = dx * dx + dy * dy;
      if (d2 < reach * reach) spread = Math.max(spread, reach / Math.sqrt(d2));
    });
    if (!Number.isFinite(spread)) return null;
    if (spread > 1) spread *= 1 + REPAIR_MARGIN;
    let scale = 0;
    for (let i = 0; i < this.n; i++) {
      x[2 * i] = x[2 * i]! * spread;
      x[2 * i + 1] = x[2 * i + 1]! * spread;
      scale = Math.max(scale, requiredScale(this.container, x[2 * i]!, x[2 * i + 1]!, r[i]!));
    }
    return { x, scale };
  }

  /** Calls `visit` for every pair that may touch (all pairs for few circles, else a grid search). */
  private forEachClosePair(x: Float64Array, visit: (i: number, j: number) => void): void {
    if (this.n <= ALL_PAIRS_MAX_CIRCLES) {
      for (let i = 0; i < this.n; i++) for (let j = i + 1; j < this.n; j++) visit(i, j);
      return;
    }
    findClosePairs(x, this.radii, 0, this.pairs);
    for (let k = 0; k < this.pairs.count; k++) visit(this.pairs.first[k]!, this.pairs.second[k]!);
  }

  /** Separates coincident centres (a last resort: the energy pushes them apart anyway). */
  private spread(x: Float64Array): Float64Array {
    const y = Float64Array.from(x);
    for (let i = 0; i < this.n; i++) {
      y[2 * i] = y[2 * i]! + this.rng.range(-1, 1) * this.rMean;
      y[2 * i + 1] = y[2 * i + 1]! + this.rng.range(-1, 1) * this.rMean;
    }
    return y;
  }

  /**
   * Shrinks the container around a layout while its basin allows: minimise in a container `step` smaller, repair,
   * keep the result when it is smaller; the step halves on failure, down to the precision wanted.
   */
  private squeeze(layout: Layout, firstStep: number, minStep: number = SEARCH_MIN_STEP): Layout {
    let best = layout;
    let step = firstStep;
    const y = new Float64Array(2 * this.n);
    while (step > minStep && !this.budget.exhausted()) {
      y.set(best.x);
      this.stats.squeezeMins++;
      const before = this.stats.iterations;
      const e = this.localMin(y, best.scale * (1 - step));
      this.stats.squeezeIterations += this.stats.iterations - before;
      const candidate = this.repair(y);
      const gain = candidate === null ? 0 : 1 - candidate.scale / best.scale;
      if (candidate !== null && gain > 0) best = candidate;
      if (best.scale <= this.stopAtScale) break;
      if (gain >= 0.1 * step) {
        if (e <= this.feasibleEnergy) step = Math.min(2 * step, SQUEEZE_MAX_STEP);
      } else {
        step *= SQUEEZE_BACKOFF;
      }
    }
    return best;
  }

  /** Starting positions: alternately uniform random points and a hexagonal lattice patch (rotated, shifted). */
  private initialPositions(restart: number): Float64Array {
    const x = new Float64Array(2 * this.n);
    const s = this.startScale;
    const c = this.container;
    const halfW = s * (c.kind === 'round' ? c.radiusMm : c.halfWidthMm);
    const halfH = s * (c.kind === 'round' ? c.radiusMm : c.halfHeightMm);
    const kinds = (ENV.KINDS ?? 'random,lattice').split(',');
    const kind = kinds[restart % kinds.length];
    if (kind === 'rings' && c.kind === 'round') {
      // Largest circles along the wall, then rings inwards: dense packings of unequal circles look like this.
      const order = Array.from({ length: this.n }, (_, i) => i).sort((a, b) => this.radii[b]! - this.radii[a]!);
      let outer = s * c.radiusMm * Number(ENV.RING_SHRINK ?? 1);
      let k = 0;
      while (k < this.n) {
        const ringR = Math.max(outer - this.radii[order[k]!]!, 0);
        const members: number[] = [];
        let angle = 0;
        while (k < this.n) {
          const r = this.radii[order[k]!]!;
          const need = ringR > r ? 2 * Math.asin(Math.min(1, r / (ringR))) : 2 * Math.PI;
          if (members.length > 0 && angle + need > 2 * Math.PI) break;
          members.push(order[k]!);
          angle += need;
          k++;
          if (ringR <= r) break;
        }
        const start = this.rng.range(0, 2 * Math.PI);
        let a = start;
        const slack = (2 * Math.PI - angle) / members.length;
        let widest = 0;
        for (const i of members) {
          const r = this.radii[i]!;
          const half = ringR > r ? Math.asin(Math.min(1, r / ringR)) : Math.PI;
          a += half;
          x[2 * i] = ringR * Math.cos(a);
          x[2 * i + 1] = ringR * Math.sin(a);
          a += half + Math.max(slack, 0);
          widest = Math.max(widest, 2 * r);
        }
        outer = ringR - widest / 2 + 1e-9;
        if (outer <= 0) outer = 0;
      }
      return x;
    }
    if (kind === 'lattice') {
      const spacing = 2 * this.rMean;
      const angle = this.rng.range(0, Math.PI / 3);
      const offsetX = this.rng.range(0, spacing);
      const offsetY = this.rng.range(0, spacing);
      const cos = Math.cos(angle);
      const sin = Math.sin(angle);
      const reach = Math.hypot(halfW, halfH) + 2 * spacing;
      const rows = Math.ceil(reach / (spacing * Math.sqrt(3) / 2));
      const cols = Math.ceil(reach / spacing) + 1;
      const points: { x: number; y: number; need: number }[] = [];
      for (let row = -rows; row <= rows; row++) {
        for (let col = -cols; col <= cols; col++) {
          const lx = (col + (row & 1 ? 0.5 : 0)) * spacing + offsetX;
          const ly = (row * spacing * Math.sqrt(3)) / 2 + offsetY;
          const px = cos * lx - sin * ly;
          const py = sin * lx + cos * ly;
          points.push({ x: px, y: py, need: requiredScale(c, px, py, this.rMean) });
        }
      }
      points.sort((a, b) => a.need - b.need);
      const order = this.shuffledIndices();
      for (let k = 0; k < this.n; k++) {
        const i = order[k]!;
        const p = points[k] ?? { x: 0, y: 0 };
        x[2 * i] = p.x;
        x[2 * i + 1] = p.y;
      }
      return x;
    }
    for (let i = 0; i < this.n; i++) {
      const p = this.randomPoint(s);
      x[2 * i] = p[0];
      x[2 * i + 1] = p[1];
    }
    return x;
  }

  /** Uniform random point inside the container of the given scale. */
  private randomPoint(scale: number): [number, number] {
    const c = this.container;
    const halfW = scale * (c.kind === 'round' ? c.radiusMm : c.halfWidthMm);
    const halfH = scale * (c.kind === 'round' ? c.radiusMm : c.halfHeightMm);
    for (;;) {
      const px = this.rng.range(-halfW, halfW);
      const py = this.rng.range(-halfH, halfH);
      if (protrusionMm(c, scale, px, py, 0) <= 0) return [px, py];
    }
  }

  private shuffledIndices(): number[] {
    const order = Array.from({ length: this.n }, (_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = this.rng.int(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    return order;
  }

  private logUniform(min: number, max: number): number {
    return min * Math.exp(this.rng.next() * Math.log(max / min));
  }

  /** A perturbed copy of a layout (the basin-hopping move): relocate, swap or shake. */
  private perturb(source: Float64Array, scale: number): Float64Array {
    const y = Float64Array.from(source);
    const n = this.n;
    const u = this.rng.next();
    if (n >= 2 && this.unequal && u < 0.25) {
      const swaps = 1 + this.rng.int(2);
      for (let k = 0; k < swaps; k++) {
        const i = this.rng.int(n);
        let j = this.rng.int(n);
        for (let tries = 0; tries < 10 && this.radii[j] === this.radii[i]; tries++) j = this.rng.int(n);
        const tx = y[2 * i]!;
        const ty = y[2 * i + 1]!;
        y[2 * i] = y[2 * j]!;
        y[2 * i + 1] = y[2 * j + 1]!;
        y[2 * j] = tx;
        y[2 * j + 1] = ty;
      }
    } else if (n >= 2 && u < 0.65) {
      const count = 1 + this.rng.int(Math.min(3, n - 1));
      const stressed = this.rng.next() < 0.5;
      if (stressed) this.energy.setScale(scale * 0.98);
      if (stressed) this.energy.perCircle(y, this.stress);
      for (let k = 0; k < count; k++) {
        const i = stressed ? this.mostStressed() : this.rng.int(n);
        this.stress[i] = -1;
        this.moveIntoHole(y, i, scale);
      }
    } else {
      const amplitude = this.rng.range(0.05, 0.6) * this.rMean;
      for (let k = 0; k < 2 * n; k++) y[k] = y[k]! + this.rng.range(-amplitude, amplitude);
    }
    return y;
  }

  private mostStressed(): number {
    let best = 0;
    for (let i = 1; i < this.n; i++) if (this.stress[i]! > this.stress[best]!) best = i;
    return best;
  }

  /** Moves circle i to the sampled point farthest from the other circles and the container wall. */
  private moveIntoHole(y: Float64Array, i: number, scale: number): void {
    let bestX = y[2 * i]!;
    let bestY = y[2 * i + 1]!;
    let bestClearance = Number.NEGATIVE_INFINITY;
    for (let s = 0; s < HOLE_SAMPLES; s++) {
      const [px, py] = this.randomPoint(scale);
      const clearance = this.clearance(y, i, scale, px, py, bestClearance);
      if (clearance > bestClearance) {
        bestClearance = clearance;
        bestX = px;
        bestY = py;
      }
    }
    if (ENV.REFINE !== '0') {
      // Pattern search towards the centre of the hole (the point farthest from everything around it).
      let step = Math.max(bestClearance, 0.1 * this.rMean) * 0.5;
      for (let k = 0; k < HOLE_REFINE_STEPS; k++) {
        let improved = false;
        for (let dir = 0; dir < 6; dir++) {
          const px = bestX + step * HEX_DIRECTIONS[2 * dir]!;
          const py = bestY + step * HEX_DIRECTIONS[2 * dir + 1]!;
          const clearance = this.clearance(y, i, scale, px, py, bestClearance);
          if (clearance > bestClearance) {
            bestClearance = clearance;
            bestX = px;
            bestY = py;
            improved = true;
          }
        }
        if (!improved) step *= 0.5;
      }
    }
    y[2 * i] = bestX;
    y[2 * i + 1] = bestY;
  }

  /** Energy of circle i if it stood at (px, py): overlaps with the others (except `skip`) and with the wall. */
  private circleEnergyAt(y: Float64Array, i: number, px: number, py: number, scale: number, skip: number): number {
    const ri = this.radii[i]!;
    const wall = protrusionMm(this.container, scale, px, py, ri);
    let e = wall > 0 ? wall * wall : 0;
    for (let j = 0; j < this.n; j++) {
      if (j === i || j === skip) continue;
      const p = ri + this.radii[j]! - Math.hypot(px - y[2 * j]!, py - y[2 * j + 1]!);
      if (p > 0) e += p * p;
    }
    return e;
  }

  /** Distance from (px, py) to the nearest circle other than `skip` or to the wall; stops early below `floor`. */
  private clearance(y: Float64Array, skip: number, scale: number, px: number, py: number, floor: number): number {
    let clearance = -protrusionMm(this.container, scale, px, py, 0);
    for (let j = 0; j < this.n && clearance > floor; j++) {
      if (j === skip) continue;
      clearance = Math.min(clearance, Math.hypot(px - y[2 * j]!, py - y[2 * j + 1]!) - this.radii[j]!);
    }
    return clearance;
  }
}
