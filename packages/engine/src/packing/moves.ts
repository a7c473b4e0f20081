// The basin-hopping moves of the packing search (the quasi-human part of He et al. 2018 and Ye, Huang & Lü 2013):
// swap two circles of different sizes, relocate circles into the largest holes, or shake the whole layout; and the
// cut-and-splice of two layouts (Deaven & Ho 1995) that makes the population's children.

import { protrusionMm, type Container } from './container';
import type { OverlapEnergy } from './energy';
import type { Random } from './random';
import { randomPoint } from './starts';

/** Move probabilities: a swap below SWAP_BELOW (unequal circles only), a relocation below RELOCATE_BELOW, else a shake. */
const SWAP_BELOW = 0.25;
const RELOCATE_BELOW = 0.65;
/** A swap exchanges 1 to SWAP_MAX_PAIRS pairs; a relocation moves 1 to RELOCATE_MAX_CIRCLES circles. */
const SWAP_MAX_PAIRS = 2;
const RELOCATE_MAX_CIRCLES = 3;
/**
 * Stress-guided moves (the walks). Circles of different sizes: a swap below GUIDED_SWAP_BELOW, a relocation below
 * GUIDED_UNEQUAL_RELOCATE_BELOW, else a shake. Equal circles: a relocation below GUIDED_EQUAL_RELOCATE_BELOW, else
 * a shake.
 */
const GUIDED_SWAP_BELOW = 0.7;
const GUIDED_UNEQUAL_RELOCATE_BELOW = 0.9;
const GUIDED_EQUAL_RELOCATE_BELOW = 0.8;
/** A stress-guided swap exchanges a circle with one of a size 1 to this many distinct sizes larger or smaller. */
const GUIDED_SWAP_SIZE_REACH = 2;
/** A stress-guided relocation moves 1 to GUIDED_RELOCATE_MAX_CIRCLES circles; its shake is up to this many mean radii. */
const GUIDED_RELOCATE_MAX_CIRCLES = 2;
const GUIDED_SHAKE_MAX_MEAN_RADII = 0.5;
/** Tries to find a partner of a different size for a swap. */
const SWAP_PARTNER_TRIES = 10;
/** Probability that a relocation moves the most stressed circles rather than random ones. */
const RELOCATE_STRESSED = 0.5;
/** Stress is measured in a container this much smaller, so that circles pressed against the wall count too. */
const STRESS_SCALE = 0.98;
/** Shake amplitude range, in mean radii (uniform per coordinate). */
const SHAKE_MIN_MEAN_RADII = 0.05;
const SHAKE_MAX_MEAN_RADII = 0.6;
/** Candidate points tried when looking for the largest hole. */
const HOLE_SAMPLES = 40;
/** Pattern-search steps that move the best sample towards the centre of its hole. */
const HOLE_REFINE_STEPS = 12;
/** First pattern-search step: half the hole's clearance, at least this many mean radii. */
const HOLE_REFINE_MIN_MEAN_RADII = 0.1;
/** Cut-and-splice: the cut line's distance from the centre, at most this share of the layout's extent. */
const SPLICE_MAX_OFFSET = 0.3;

/** The six directions of the pattern search: cos, sin of k·60°. */
const HEX_DIRECTIONS = Float64Array.from({ length: 12 }, (_, k) =>
  (k % 2 === 0 ? Math.cos : Math.sin)((Math.floor(k / 2) * Math.PI) / 3),
);

export class Perturbation {
  private readonly n: number;
  private readonly rMean: number;
  /** False when all circles have the same size (swaps are then pointless). */
  readonly unequal: boolean;
  /** Energy of each circle (scratch of the stressed relocation). */
  private readonly stress: Float64Array;
  /** The stress perturbByStress measured last: a walk's refused hop leaves its layout, and so this, as it was. */
  private readonly lastStress: Float64Array;
  /** Circle indices by size, the start of each group of equal sizes in it (plus the end), and each circle's group. */
  private readonly bySize: Int32Array;
  private readonly sizeGroupStart: number[];
  private readonly sizeGroupOf: Int32Array;

  constructor(
    private readonly container: Container,
    private readonly radii: Float64Array,
    private readonly energy: OverlapEnergy,
    private readonly rng: Random,
  ) {
    this.n = radii.length;
    let rMax = 0;
    let rMin = Number.POSITIVE_INFINITY;
    let sum = 0;
    for (const r of radii) {
      rMax = Math.max(rMax, r);
      rMin = Math.min(rMin, r);
      sum += r;
    }
    this.rMean = sum / this.n;
    this.unequal = rMax - rMin > 1e-9 * rMax;
    this.stress = new Float64Array(this.n);
    this.lastStress = new Float64Array(this.n);
    this.bySize = Int32Array.from({ length: this.n }, (_, i) => i).sort((a, b) => radii[a]! - radii[b]!);
    this.sizeGroupStart = [];
    this.sizeGroupOf = new Int32Array(this.n);
    for (let k = 0; k < this.n; k++) {
      const i = this.bySize[k]!;
      const previous = k > 0 ? radii[this.bySize[k - 1]!]! : Number.NEGATIVE_INFINITY;
      if (radii[i]! - previous > 1e-9 * rMax) this.sizeGroupStart.push(k);
      this.sizeGroupOf[i] = this.sizeGroupStart.length - 1;
    }
    this.sizeGroupStart.push(this.n);
  }

  /** A perturbed copy of a layout in the container of the given scale: swap, relocate or shake. */
  perturb(source: Float64Array, scale: number): Float64Array {
    const y = Float64Array.from(source);
    const u = this.rng.next();
    if (this.unequal && u < SWAP_BELOW) this.swap(y);
    else if (u < RELOCATE_BELOW) this.relocate(y, scale);
    else this.shake(y);
    return y;
  }

  /**
   * A perturbed copy guided by the energy of each circle in the container of the given scale: swap a stressed
   * circle with another of a different size, relocate stressed circles into the largest holes, or shake. The
   * stressed circle is drawn with probability proportional to its energy. The copy is written to `out` when given
   * (the walks reuse one buffer instead of allocating one per hop). `sameAsLast`: the source and scale are those of
   * the previous call, so its stress is reused (most hops are refused and leave the walk's layout unchanged).
   */
  perturbByStress(source: Float64Array, scale: number, out?: Float64Array, sameAsLast = false): Float64Array {
    if (sameAsLast) {
      this.stress.set(this.lastStress);
    } else {
      this.energy.setScale(scale);
      this.energy.perCircle(source, this.stress);
      this.lastStress.set(this.stress);
    }
    const y = out ?? new Float64Array(source.length);
    y.set(source);
    const n = this.n;
    const u = this.rng.next();
    if (this.unequal && u < GUIDED_SWAP_BELOW) {
      const i = this.pickStressed();
      swapPlaces(y, i, this.nearSizePartnerOf(i));
    } else if (u < (this.unequal ? GUIDED_UNEQUAL_RELOCATE_BELOW : GUIDED_EQUAL_RELOCATE_BELOW)) {
      const count = 1 + this.rng.int(Math.min(GUIDED_RELOCATE_MAX_CIRCLES, n - 1));
      for (let k = 0; k < count; k++) {
        const i = this.pickStressed();
        this.stress[i] = 0;
        this.moveIntoHole(y, i, scale);
      }
    } else {
      const amplitude = this.rng.range(SHAKE_MIN_MEAN_RADII, GUIDED_SHAKE_MAX_MEAN_RADII) * this.rMean;
      for (let k = 0; k < 2 * n; k++) y[k] = y[k]! + this.rng.range(-amplitude, amplitude);
    }
    return y;
  }

  /**
   * A child of two layouts, after the cut-and-splice crossover of Deaven & Ho (1995, Physical Review Letters 75):
   * `b` is turned by a random angle (round openings) and mirrored at random (a symmetry of the opening, so it
   * stays as good); a random line cuts the plane; the child takes the circles of `a` on one side and those of `b`
   * on the other. A circle on `a`'s side in both takes `a`'s place, which leaves its place in `b` vacant; the
   * circles on neither side (about a quarter of them: where a circle lies in `a` says nothing of where it lies in
   * `b`) take those vacant places, largest circle to largest place, and any left over go into the largest holes.
   * The energy minimisation then settles the seam.
   */
  splice(a: Float64Array, b: Float64Array, scale: number): Float64Array {
    const n = this.n;
    const round = this.container.kind === 'round';
    const angle = round ? this.rng.range(0, 2 * Math.PI) : 0;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const mirrorX = this.rng.next() < 0.5 ? -1 : 1;
    const mirrorY = !round && this.rng.next() < 0.5 ? -1 : 1;
    const direction = this.rng.range(0, 2 * Math.PI);
    const ux = Math.cos(direction);
    const uy = Math.sin(direction);
    let extent = 0;
    for (let k = 0; k < 2 * n; k++) extent = Math.max(extent, Math.abs(a[k]!));
    const offset = this.rng.range(-SPLICE_MAX_OFFSET, SPLICE_MAX_OFFSET) * extent;
    const child = new Float64Array(2 * n);
    const bx = new Float64Array(n);
    const by = new Float64Array(n);
    const homeless: number[] = [];
    const vacant: number[] = [];
    for (let i = 0; i < n; i++) {
      const mx = mirrorX * b[2 * i]!;
      const my = mirrorY * b[2 * i + 1]!;
      bx[i] = cos * mx - sin * my;
      by[i] = sin * mx + cos * my;
    }
    for (let i = 0; i < n; i++) {
      const fromA = ux * a[2 * i]! + uy * a[2 * i + 1]! > offset;
      const onBSide = ux * bx[i]! + uy * by[i]! <= offset;
      if (fromA) {
        child[2 * i] = a[2 * i]!;
        child[2 * i + 1] = a[2 * i + 1]!;
        if (onBSide) vacant.push(i);
      } else if (onBSide) {
        child[2 * i] = bx[i]!;
        child[2 * i + 1] = by[i]!;
      } else {
        child[2 * i] = Number.POSITIVE_INFINITY;
        homeless.push(i);
      }
    }
    const bySizeDown = (i: number, j: number): number => this.radii[j]! - this.radii[i]!;
    homeless.sort(bySizeDown);
    vacant.sort(bySizeDown);
    const matched = Math.min(homeless.length, vacant.length);
    for (let k = 0; k < matched; k++) {
      const i = homeless[k]!;
      const v = vacant[k]!;
      child[2 * i] = bx[v]!;
      child[2 * i + 1] = by[v]!;
    }
    for (let k = matched; k < homeless.length; k++) this.moveIntoHole(child, homeless[k]!, scale);
    return child;
  }

  /** A circle drawn with probability proportional to its stress (uniformly when there is none). */
  private pickStressed(): number {
    const n = this.n;
    let total = 0;
    for (let i = 0; i < n; i++) total += this.stress[i]!;
    if (!(total > 0)) return this.rng.int(n);
    let t = this.rng.next() * total;
    for (let i = 0; i < n; i++) {
      t -= this.stress[i]!;
      if (t <= 0) return i;
    }
    return n - 1;
  }

  /** Exchanges the places of one or two pairs of circles, of different sizes where possible. */
  private swap(y: Float64Array): void {
    const n = this.n;
    const swaps = 1 + this.rng.int(SWAP_MAX_PAIRS);
    for (let k = 0; k < swaps; k++) {
      const i = this.rng.int(n);
      swapPlaces(y, i, this.partnerOf(i));
    }
  }

  /**
   * A circle of a nearby different size to swap with circle i: one of the sizes 1 to GUIDED_SWAP_SIZE_REACH steps
   * up or down the list of distinct sizes (reflected at its ends). Exchanging neighbours in size reshapes the
   * layout without tearing it apart, as exchanging the largest with the smallest would.
   */
  private nearSizePartnerOf(i: number): number {
    const groups = this.sizeGroupStart.length - 1;
    const step = (1 + this.rng.int(GUIDED_SWAP_SIZE_REACH)) * (this.rng.next() < 0.5 ? -1 : 1);
    const own = this.sizeGroupOf[i]!;
    const group = own + step >= 0 && own + step < groups ? own + step : own - step;
    if (group < 0 || group >= groups) return this.partnerOf(i);
    const first = this.sizeGroupStart[group]!;
    return this.bySize[first + this.rng.int(this.sizeGroupStart[group + 1]! - first)]!;
  }

  /** A random circle to swap with circle i, of a different size where a few draws find one. */
  private partnerOf(i: number): number {
    let j = this.rng.int(this.n);
    for (let tries = 0; tries < SWAP_PARTNER_TRIES && this.radii[j] === this.radii[i]; tries++)
      j = this.rng.int(this.n);
    return j;
  }

  /** Moves a few circles (the most stressed, or random ones) into the largest holes. */
  private relocate(y: Float64Array, scale: number): void {
    const n = this.n;
    const count = 1 + this.rng.int(Math.min(RELOCATE_MAX_CIRCLES, n - 1));
    const stressed = this.rng.next() < RELOCATE_STRESSED;
    if (stressed) {
      this.energy.setScale(scale * STRESS_SCALE);
      this.energy.perCircle(y, this.stress);
    }
    for (let k = 0; k < count; k++) {
      const i = stressed ? this.mostStressed() : this.rng.int(n);
      this.stress[i] = -1;
      this.moveIntoHole(y, i, scale);
    }
  }

  /** Adds uniform noise to every coordinate. */
  private shake(y: Float64Array): void {
    const amplitude = this.rng.range(SHAKE_MIN_MEAN_RADII, SHAKE_MAX_MEAN_RADII) * this.rMean;
    for (let k = 0; k < 2 * this.n; k++) y[k] = y[k]! + this.rng.range(-amplitude, amplitude);
  }

  private mostStressed(): number {
    let best = 0;
    for (let i = 1; i < this.n; i++) if (this.stress[i]! > this.stress[best]!) best = i;
    return best;
  }

  /** Moves circle i to the point farthest from the other circles and the wall: best of random samples, refined. */
  moveIntoHole(y: Float64Array, i: number, scale: number): void {
    let bestX = y[2 * i]!;
    let bestY = y[2 * i + 1]!;
    let bestClearance = Number.NEGATIVE_INFINITY;
    for (let s = 0; s < HOLE_SAMPLES; s++) {
      const [px, py] = randomPoint(this.container, scale, this.rng);
      const clearance = this.clearance(y, i, scale, px, py, bestClearance);
      if (clearance > bestClearance) {
        bestClearance = clearance;
        bestX = px;
        bestY = py;
      }
    }
    // Pattern search towards the centre of the hole (the point farthest from everything around it).
    let step = Math.max(bestClearance, HOLE_REFINE_MIN_MEAN_RADII * this.rMean) * 0.5;
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
    y[2 * i] = bestX;
    y[2 * i + 1] = bestY;
  }

  /** Distance from (px, py) to the nearest circle other than `skip` or to the wall; stops early below `floor`. */
  private clearance(
    y: Float64Array,
    skip: number,
    scale: number,
    px: number,
    py: number,
    floor: number,
  ): number {
    let clearance = -protrusionMm(this.container, scale, px, py, 0);
    for (let j = 0; j < this.n && clearance > floor; j++) {
      if (j === skip) continue;
      // Circle j is nearer than the clearance so far when its distance is below clearance + rⱼ: compare squares and
      // take the root only then (this runs for every sample of every relocation).
      const reach = clearance + this.radii[j]!;
      const dx = px - y[2 * j]!;
      const dy = py - y[2 * j + 1]!;
      const d2 = dx * dx + dy * dy;
      if (reach > 0 && d2 < reach * reach) clearance = Math.sqrt(d2) - this.radii[j]!;
    }
    return clearance;
  }
}

/** Exchanges the places of circles i and j. */
function swapPlaces(y: Float64Array, i: number, j: number): void {
  const tx = y[2 * i]!;
  const ty = y[2 * i + 1]!;
  y[2 * i] = y[2 * j]!;
  y[2 * i + 1] = y[2 * j + 1]!;
  y[2 * j] = tx;
  y[2 * j + 1] = ty;
}
