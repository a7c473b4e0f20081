// The search behind packCircles: quasi-physical energy minimisation with L-BFGS at a fixed container size,
// container shrinking by a step-halving squeeze, energy walks with quasi-human moves (relocate circles into holes,
// swap circles of different sizes, shake) and, for the tightest layout, a population of walked layouts recombined
// by cut-and-splice. See docs/decisions/004-packing-solver.md.

import { boundCircles, boundsAllow } from './bounds';
import { requiredScale, type Container } from './container';
import { ALL_PAIRS_MAX_CIRCLES, OverlapEnergy } from './energy';
import { greedyLayout, type GreedyRule } from './greedy';
import { LbfgsWorkspace, minimize, type MinimizeOptions, type ObjectiveWithGradient } from './lbfgs';
import { Perturbation } from './moves';
import { PairList, findClosePairs } from './neighbours';
import type { Random } from './random';
import { initialPositions, type StartKind } from './starts';

/** A verified layout: `x` = x0, y0, x1, y1, … (mm) and the smallest container scale that holds it exactly. */
export interface Layout {
  x: Float64Array;
  scale: number;
}

/** A member of the population: a layout at the end of a walk, and its energy in the population's container. */
interface Member {
  x: Float64Array;
  energy: number;
}

/** An energy walk in a fixed container: its layout and energy, its lowest energy, hops since that was reached. */
interface WalkState {
  x: Float64Array;
  energy: number;
  lowestEnergy: number;
  fails: number;
  /** The moves measured this layout's stress at the last hop (no hop was kept since). */
  stressKnown: boolean;
}

/** How often (in energy evaluations) the clock is read. */
const CLOCK_CHECK_EVALUATIONS = 8;

/** Counts energy evaluations (the deterministic budget) and watches the clock (the time budget). */
export class SearchBudget {
  private evaluations = 0;
  private lastClockCheck = 0;
  private timeUp = false;
  private readonly startMs: number;
  /** Share of the budget the search may use now (the fit keeps the rest to squeeze its best layout). */
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

  /** Limits the search to a share of the budget (1 = all of it). */
  limitTo(share: number): void {
    this.share = share;
    this.timeUp = false;
    this.lastClockCheck = this.evaluations - CLOCK_CHECK_EVALUATIONS;
  }

  exhausted(): boolean {
    if (this.timeUp || this.evaluations >= this.share * this.maxEvaluations) return true;
    if (
      this.timeBudgetMs !== Number.POSITIVE_INFINITY &&
      this.evaluations - this.lastClockCheck >= CLOCK_CHECK_EVALUATIONS
    ) {
      this.lastClockCheck = this.evaluations;
      this.timeUp = this.now() - this.startMs >= this.share * this.timeBudgetMs;
    }
    return this.timeUp;
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
const START_DENSITY = 0.8;
/** Squeeze: first relative shrink step of a new start, of an improved hop, largest step, back-off factor. */
const SQUEEZE_FIRST_STEP = 0.02;
const SQUEEZE_HOP_STEP = 1e-3;
const SQUEEZE_MAX_STEP = 0.05;
const SQUEEZE_BACKOFF = 0.25;
/** A squeeze step counts as a clean gain (the step may grow) when it gains at least this share of the step. */
const SQUEEZE_CLEAN_GAIN = 0.1;
/** Smallest relative squeeze step: the precision of the result. */
const SQUEEZE_MIN_STEP = 1e-7;
/**
 * Tightest: squeezes inside the search stop at this step (a hundredth of the gaps the search tells apart), and the
 * best layout is squeezed to SQUEEZE_MIN_STEP in the last TIGHTEST_POLISH_SHARE of the budget. Squeezing every
 * start and member to full precision took most of the budget with 80–100 circles (ADR 004).
 */
const SQUEEZE_SEARCH_MIN_STEP = 1e-5;
const TIGHTEST_POLISH_SHARE = 0.03;
/** Hops without a new lowest energy before a walk gives up (the fit: restarts): base + per circle. */
const PATIENCE_BASE = 40;
const PATIENCE_PER_CIRCLE = 8;
/** Tightest, equal circles: the first starts (the symmetric lattice patches, ADR 004), one per first member. */
const EQUAL_FIRST_STARTS: StartKind[] = ['lattice-point', 'lattice-triangle', 'lattice-edge', 'random'];
/**
 * Tightest: the population's container, this much smaller than the first start's layout, and at least
 * COMPRESSED_MIN_SHRINK smaller than the best layout found.
 */
const COMPRESSED_SHRINK = 0.08;
const COMPRESSED_MIN_SHRINK = 0.02;
/**
 * The verdict's population container: this much smaller than the layout it starts from. The verdict asks whether a
 * layout fits the opening, not how small one can be: a container compressed by half as much ranks the structures
 * that are close to fitting better (at +0.5 %, 74 % → 84 % called "fits" in the browser, 65 % → 76 % on the
 * server; ADR 004).
 */
const VERDICT_COMPRESSED_SHRINK = 0.04;
/** Population: members, share of the patience each walk gets, and when two members' energies count as the same. */
const POPULATION_SIZE = 4;
const EVOLVE_PATIENCE_SHARE = 0.25;
const DUPLICATE_ENERGY = 1e-7;
/** Population: probability that a child is one member moved by this many random moves rather than a splice. */
const MUTATION_PROBABILITY = 0.2;
const MUTATION_MOVES = 3;
/** Fit goal: aim slightly inside the opening, and keep the last part of the budget to squeeze the best layout. */
const FIT_MARGIN = 1e-9;
const FIT_SEARCH_SHARE = 0.75;
/** Verdict: share of the budget the fit's walk may use before the tightest search takes over (ADR 004). */
const VERDICT_FIT_SHARE = 0.15;
/**
 * Verdict with a starting layout (ADR 039): the share of the budget the fit's walk keeps (its constructive starts
 * still fit an easy list at once when the layout sent is stale).
 */
const VERDICT_HINTED_FIT_SHARE = 0.05;
/**
 * Verdict when the bounds prove that nothing fits (ADR 039): the share of the budget spent on a layout to report (the
 * opening it needs), and how far past the opening the bound must be (far above the layouts' tolerance, 1e-9).
 */
const VERDICT_PROVEN_SHARE = 0.05;
const PROOF_MARGIN = 1e-6;
/** A hop's minimisation gives up when after this many iterations its energy is still above the walk's. */
const SCREEN_ITERATIONS = 8;
/** Below this energy (in largest radii squared) a hop's layout is minimised again: it may reach zero. */
const POLISH_ENERGY = 1e-4;
/** Fit: the constructive starts after the first two sort the circles by size with this much log-normal noise. */
const FIT_ORDER_NOISE = 0.1;
/** L-BFGS: iterations per minimisation (base + per circle), first step, memory (curvature pairs kept). */
const LBFGS_MAX_ITERATIONS_BASE = 1000;
const LBFGS_MAX_ITERATIONS_PER_CIRCLE = 20;
const LBFGS_FIRST_STEP = 0.1;
const LBFGS_MEMORY = 7;
/** L-BFGS stops when the energy fell by less than this ratio over this many iterations. */
const LBFGS_STALL_WINDOW = 10;
const LBFGS_STALL_RATIO = 1e-7;
/** L-BFGS stops when the largest gradient component is below this, relative to the largest radius. */
const LBFGS_GRADIENT_TOLERANCE = 1e-13;

/** The packing search. Needs at least two circles; packCircles answers fewer directly. */
export class PackingSearch {
  private readonly n: number;
  private readonly energy: OverlapEnergy;
  private readonly moves: Perturbation;
  private readonly rMean: number;
  private readonly rMax: number;
  private readonly feasibleEnergy: number;
  private readonly polishEnergy: number;
  private readonly options: MinimizeOptions;
  /** The same, for the first iterations of a hop only. */
  private readonly screenOptions: MinimizeOptions;
  private readonly workspace: LbfgsWorkspace;
  /** The energy with its gradient, counted against the budget (the objective of every minimisation). */
  private readonly objective: ObjectiveWithGradient;
  private readonly pairs = new PairList();
  /** Container of the starts: roomy, so that the first minimisation only has to compress. */
  private readonly startScale: number;
  private restarts = 0;
  /** Kinds of the next starts, before they alternate between random points and randomly placed lattices. */
  private readonly firstStarts: StartKind[];
  /** The search may end as soon as its best layout needs no more than this scale (the verdict: 1; else 0). */
  private stopAtScale = 0;
  /** Buffer of the next hop's layout (swapped with the walk's when a hop is kept). */
  private spareHop: Float64Array;

  constructor(
    private readonly container: Container,
    private readonly radii: Float64Array,
    private readonly areaBoundScale: number,
    private readonly rng: Random,
    private readonly budget: SearchBudget,
    /** Told each better scale found (the browser shows the best so far while the verdict searches). */
    private readonly onImprove: (scale: number) => void = () => {},
    /** The radius each circle keeps from the wall: radius + wall spacing (ADR 004); the radii without one. */
    private readonly wallRadii: Float64Array = radii,
  ) {
    this.n = radii.length;
    this.energy = new OverlapEnergy(container, radii, wallRadii);
    this.moves = new Perturbation(container, radii, this.energy, rng);
    let rMax = 0;
    let sum = 0;
    for (const r of radii) {
      rMax = Math.max(rMax, r);
      sum += r;
    }
    this.rMean = sum / this.n;
    this.firstStarts = this.moves.unequal ? [] : [...EQUAL_FIRST_STARTS];
    this.rMax = rMax;
    this.feasibleEnergy = (FEASIBLE_DEPTH * rMax) ** 2;
    this.polishEnergy = POLISH_ENERGY * rMax * rMax;
    this.startScale = areaBoundScale / Math.sqrt(START_DENSITY);
    this.options = {
      maxIterations: LBFGS_MAX_ITERATIONS_BASE + LBFGS_MAX_ITERATIONS_PER_CIRCLE * this.n,
      fTarget: this.feasibleEnergy,
      gradTol: LBFGS_GRADIENT_TOLERANCE * rMax,
      stallWindow: LBFGS_STALL_WINDOW,
      stallRatio: LBFGS_STALL_RATIO,
      firstStep: LBFGS_FIRST_STEP,
      memory: LBFGS_MEMORY,
      shouldStop: () => budget.exhausted(),
    };
    this.screenOptions = { ...this.options, maxIterations: SCREEN_ITERATIONS };
    this.workspace = new LbfgsWorkspace(2 * this.n, LBFGS_MEMORY);
    this.spareHop = new Float64Array(2 * this.n);
    const energy = this.energy;
    this.objective = (p, g) => {
      budget.charge();
      return energy.evaluate(p, g);
    };
  }

  /**
   * Smallest container found in the budget: a small population of layouts in one container well below the first
   * start's layout (COMPRESSED_SHRINK smaller; the verdict's VERDICT_COMPRESSED_SHRINK), where no layout fits and
   * the energy ranks structures. Each member
   * is the end of an energy walk (stress-guided moves, kept when the energy does not rise) run until stuck. A new
   * member comes from a new start until the population is full (every start counts as a layout too), then from the
   * cut-and-splice of two members (or, less often, one member moved by a few random moves), walked until stuck; it
   * replaces the member with the highest energy when it is lower and not already there (same energy). Every member
   * that enters is repaired and squeezed (squeezing, not the energy, gives the layout's size) and kept when it
   * beats the best. The container stays put unless the best layout comes within COMPRESSED_MIN_SHRINK of it; then
   * it shrinks and every member is minimised again in it.
   */
  tightest(initial?: Layout): Layout {
    const patience = Math.round(EVOLVE_PATIENCE_SHARE * (PATIENCE_BASE + PATIENCE_PER_CIRCLE * this.n));
    let best = initial ?? this.start();
    let target = best.scale * (1 - (this.stopAtScale > 0 ? VERDICT_COMPRESSED_SHRINK : COMPRESSED_SHRINK));
    const population: Member[] = [];
    const settle = (layout: Layout): Layout => {
      if (layout.scale >= best.scale) return layout;
      best = layout;
      this.onImprove(best.scale);
      if (target <= best.scale * (1 - COMPRESSED_MIN_SHRINK)) return layout;
      target = best.scale * (1 - COMPRESSED_MIN_SHRINK);
      for (const m of population) m.energy = this.localMin(m.x, target);
      return layout;
    };
    const admit = (member: Member): void => {
      const repaired = this.repair(member.x);
      if (repaired !== null)
        settle(this.squeeze(repaired, SQUEEZE_HOP_STEP, this.stopAtScale, SQUEEZE_SEARCH_MIN_STEP));
    };
    this.budget.limitTo(1 - TIGHTEST_POLISH_SHARE);
    let source: Float64Array = Float64Array.from(best.x);
    while (!this.budget.exhausted() && best.scale > this.stopAtScale) {
      const walk = this.walkFrom(source, target);
      while (walk.fails < patience && !this.budget.exhausted()) this.hop(walk, target);
      if (this.budget.exhausted()) break;
      const child: Member = { x: walk.x, energy: walk.energy };
      if (!population.some((m) => Math.abs(m.energy - child.energy) <= DUPLICATE_ENERGY * m.energy)) {
        if (population.length < POPULATION_SIZE) {
          population.push(child);
          admit(child);
        } else {
          let worst = 0;
          for (let k = 1; k < population.length; k++)
            if (population[k]!.energy > population[worst]!.energy) worst = k;
          if (child.energy < population[worst]!.energy) {
            population[worst] = child;
            admit(child);
          }
        }
      }
      source =
        population.length < POPULATION_SIZE
          ? Float64Array.from(settle(this.start()).x)
          : this.child(population, target);
    }
    this.budget.limitTo(1);
    if (best.scale <= this.stopAtScale) return best;
    return this.squeeze(best, SQUEEZE_SEARCH_MIN_STEP, this.stopAtScale);
  }

  /** A child of the population: the cut-and-splice of two members, or one member moved by a few random moves. */
  private child(population: Member[], scale: number): Float64Array {
    if (this.rng.next() < MUTATION_PROBABILITY) {
      let x = population[this.rng.int(population.length)]!.x;
      for (let k = 0; k < MUTATION_MOVES; k++) x = this.moves.perturb(x, scale);
      return x;
    }
    const i = this.rng.int(population.length);
    let j = this.rng.int(population.length - 1);
    if (j >= i) j++;
    return this.moves.splice(population[i]!.x, population[j]!.x, scale);
  }

  /** A walk starting at `x` (minimised in place in the container of the given scale). */
  private walkFrom(x: Float64Array, scale: number): WalkState {
    const energy = this.localMin(x, scale);
    return { x, energy, lowestEnergy: energy, fails: 0, stressKnown: false };
  }

  /**
   * One hop of an energy walk: a stress-guided move, minimised (screened); kept when the energy does not rise (or
   * is the walk's lowest). Counts hops without a new lowest energy in `fails`.
   */
  private hop(walk: WalkState, scale: number): void {
    const y = this.moves.perturbByStress(walk.x, scale, this.spareHop, walk.stressKnown);
    walk.stressKnown = true;
    const e = this.screenedHopMin(y, scale, walk.energy);
    if (e < walk.lowestEnergy) {
      walk.lowestEnergy = e;
      walk.fails = 0;
    } else {
      walk.fails++;
    }
    if (!(e < walk.energy || e <= walk.lowestEnergy)) return;
    // The walk owns its layout array (a fresh start, child or copy), so the old one becomes the next hop's buffer.
    this.spareHop = walk.x;
    walk.x = y;
    walk.energy = e;
    walk.stressKnown = false;
  }

  /**
   * Minimises a hop's layout unless, after SCREEN_ITERATIONS iterations, its energy is still above `ceiling` (the
   * walk's energy): then it gives up and answers +∞. Most hops end above the walk's energy and are refused; the
   * first iterations already show which (ADR 004), so the walk makes several times as many hops in its time.
   */
  private screenedHopMin(y: Float64Array, scale: number, ceiling: number): number {
    this.energy.setScale(scale);
    if (minimize(this.objective, y, this.screenOptions, this.workspace).f > ceiling)
      return Number.POSITIVE_INFINITY;
    return this.hopMin(y, scale);
  }

  /** Minimises a hop's layout; once more when it ends close to zero energy (it may reach zero). */
  private hopMin(y: Float64Array, scale: number): number {
    const e = this.localMin(y, scale);
    return e > this.feasibleEnergy && e < this.polishEnergy ? this.localMin(y, scale) : e;
  }

  /**
   * First layout inside the opening (scale ≤ 1) from the fit's walk (below), or the tightest one found when the
   * budget ends: the last quarter of the budget squeezes the best layout found, stopping as soon as it fits.
   */
  fit(): Layout {
    this.budget.limitTo(FIT_SEARCH_SHARE);
    const best = this.fitWalk();
    this.budget.limitTo(1);
    if (best.scale <= 1) return best;
    return this.squeeze(best, SQUEEZE_HOP_STEP, 1);
  }

  /**
   * The product's verdict (ADR 004): an anytime search that ends at the first layout inside the opening. The fit's
   * walk first (VERDICT_FIT_SHARE of the budget: easy lists fit at once), then the tightest search from its best
   * layout, stopping as soon as a layout fits; when the budget ends, the smallest layout found (scale > 1).
   */
  verdict(hint?: Float64Array, proveNoFit = true): Layout {
    this.stopAtScale = 1;
    // A bound proves that no layout fits (ADR 039): a short search for the opening the answer names, then stop.
    if (
      proveNoFit &&
      !boundsAllow(this.container, boundCircles(this.radii, this.wallRadii), 1 + PROOF_MARGIN)
    ) {
      this.budget.limitTo(VERDICT_PROVEN_SHARE / 2);
      let best = this.fitWalk();
      const hinted = hint === undefined ? null : this.repair(hint);
      if (hinted !== null && hinted.scale < best.scale) best = hinted;
      this.budget.limitTo(VERDICT_PROVEN_SHARE);
      best = this.squeeze(best, SQUEEZE_HOP_STEP, 1, SQUEEZE_SEARCH_MIN_STEP);
      this.budget.limitTo(1);
      return best;
    }
    // A starting layout (the browser's best, ADR 039) replaces most of the fit's walk: it is only a hint, repaired into
    // a valid layout here, and the search starts from the better of the two.
    const hinted = hint === undefined ? null : this.repair(hint);
    this.budget.limitTo(hinted === null ? VERDICT_FIT_SHARE : VERDICT_HINTED_FIT_SHARE);
    let quick = this.fitWalk();
    if (hinted !== null && hinted.scale < quick.scale) {
      quick = hinted;
      this.onImprove(quick.scale);
    }
    this.budget.limitTo(1);
    if (quick.scale <= 1 || this.budget.exhausted()) return quick;
    return this.tightest(quick);
  }

  /**
   * The fit's walk: constructive starts (greedy placement in the opening itself, which often fits outright with many
   * small circles), then an energy walk in the opening: stress-guided moves, kept when the energy does not rise,
   * ending at the first layout whose repair fits. Restarts after `patience` hops without a new lowest energy. Ends
   * when a layout fits or the current share of the budget is spent (but never before it has a layout).
   */
  private fitWalk(): Layout {
    const target = 1 - FIT_MARGIN;
    let best: Layout | null = null;
    let current: Float64Array | null = null;
    let currentEnergy = Number.POSITIVE_INFINITY;
    let bestEnergy = Number.POSITIVE_INFINITY;
    let fails = 0;
    const patience = PATIENCE_BASE + PATIENCE_PER_CIRCLE * this.n;
    while (best === null || !this.budget.exhausted()) {
      let y: Float64Array;
      if (current === null || fails >= patience) {
        const k = this.restarts++;
        y = this.constructive(target, k % 2 === 0 ? 'far' : 'snug', k < 2 ? 0 : FIT_ORDER_NOISE);
        fails = 0;
        current = null;
      } else {
        y = this.moves.perturbByStress(current, target);
      }
      const e = this.hopMin(y, target);
      const candidate = this.repair(y);
      if (candidate !== null && (best === null || candidate.scale < best.scale)) {
        best = candidate;
        this.onImprove(best.scale);
      }
      if (best !== null && best.scale <= 1) return best;
      if (current === null || e < bestEnergy) {
        bestEnergy = e;
        fails = 0;
      } else {
        fails++;
      }
      if (current === null || e < currentEnergy || e <= bestEnergy) {
        current = y;
        currentEnergy = e;
      }
    }
    return best;
  }

  /**
   * Greedy placement in the container of the given scale, largest first (sizes perturbed by `noise`); circles it
   * could not place go into the largest holes, and the energy minimisation sorts out the rest.
   */
  private constructive(scale: number, rule: GreedyRule, noise: number): Float64Array {
    const keys = Array.from(this.radii, (r) => r * Math.exp(noise * this.rng.range(-1, 1)));
    const order = Array.from({ length: this.n }, (_, i) => i).sort((a, b) => keys[b]! - keys[a]!);
    const g = greedyLayout(this.container, scale, this.radii, order, rule, this.wallRadii);
    if (g.placedCount === this.n) return g.x;
    const y = g.x;
    for (const i of order) if (g.placed[i] !== 1) y[2 * i] = Number.POSITIVE_INFINITY;
    for (const i of order) if (g.placed[i] !== 1) this.moves.moveIntoHole(y, i, scale);
    return y;
  }

  /**
   * A new start: initial positions, minimised in a roomy container, repaired and squeezed. Equal circles begin with
   * the symmetric lattice patches; after those, starts alternate between random points and a randomly placed
   * lattice.
   */
  private start(): Layout {
    const x = initialPositions(
      this.container,
      this.radii,
      this.rMean,
      this.startScale,
      this.firstStarts.shift() ?? (this.restarts++ % 2 === 1 ? 'lattice-random' : 'random'),
      this.rng,
    );
    this.localMin(x, this.startScale);
    const layout = this.repair(x) ?? this.repair(this.spread(x))!;
    return this.squeeze(layout, SQUEEZE_FIRST_STEP, 0, SQUEEZE_SEARCH_MIN_STEP);
  }

  /** Minimises the energy in place in the container of the given scale; returns the energy reached. */
  private localMin(x: Float64Array, scale: number): number {
    this.energy.setScale(scale);
    return minimize(this.objective, x, this.options, this.workspace).f;
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
    for (let sweep = 0; sweep < RELAX_SWEEPS; sweep++) {
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
      scale = Math.max(scale, requiredScale(this.container, x[2 * i]!, x[2 * i + 1]!, this.wallRadii[i]!));
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
   * keep the result when it is smaller; the step grows after a clean gain and backs off on failure, down to the
   * precision wanted (`minStep`), or until the layout needs no more than `stopAtScale`.
   */
  private squeeze(layout: Layout, firstStep: number, stopAtScale = 0, minStep = SQUEEZE_MIN_STEP): Layout {
    let best = layout;
    let step = firstStep;
    const y = new Float64Array(2 * this.n);
    while (step > minStep && !this.budget.exhausted()) {
      y.set(best.x);
      const e = this.localMin(y, best.scale * (1 - step));
      const candidate = this.repair(y);
      const gain = candidate === null ? 0 : 1 - candidate.scale / best.scale;
      if (candidate !== null && gain > 0) best = candidate;
      if (best.scale <= stopAtScale) break;
      if (gain >= SQUEEZE_CLEAN_GAIN * step) {
        if (e <= this.feasibleEnergy) step = Math.min(2 * step, SQUEEZE_MAX_STEP);
      } else {
        step *= SQUEEZE_BACKOFF;
      }
    }
    return best;
  }
}
