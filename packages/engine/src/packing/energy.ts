// Quasi-physical energy of a layout in a container of fixed size (He et al. 2018; Ye, Huang & Lü 2013): the sum of
// squared overlap depths of circle pairs plus the sum of squared depths by which circles stick out of the
// container. It is zero exactly for a valid layout, and continuously differentiable, so L-BFGS can minimise it.

import { type Container } from './container';
import { PairList, findClosePairs } from './neighbours';

/** Below this many circles, all pairs are cheaper than a neighbour list. */
export const ALL_PAIRS_MAX_CIRCLES = 48;
/** Verlet skin of the neighbour list, in mean radii: the list holds pairs closer than rᵢ + rⱼ + skin. */
const SKIN_MEAN_RADII = 1.0;

export class OverlapEnergy {
  readonly n: number;
  readonly radii: Float64Array;
  /**
   * Radius each circle keeps from the wall: its radius plus the wall spacing it needs (a pipe's 20 mm rule, ADR 004);
   * the radii themselves without one.
   */
  readonly wallRadii: Float64Array;
  private readonly container: Container;
  private capRadius = 0;
  /** Rectangle: per circle, the half sizes of the core rectangle and the radius grown around it. */
  private readonly coreX: Float64Array;
  private readonly coreY: Float64Array;
  private readonly grow: Float64Array;
  private readonly pairs: PairList | null;
  private readonly reference: Float64Array;
  private readonly skin: number;
  private listValid = false;
  private readonly unitGrad = new Float64Array(2);

  constructor(container: Container, radii: Float64Array, wallRadii: Float64Array = radii) {
    this.n = radii.length;
    this.radii = radii;
    this.wallRadii = wallRadii;
    this.container = container;
    this.coreX = new Float64Array(this.n);
    this.coreY = new Float64Array(this.n);
    this.grow = new Float64Array(this.n);
    this.pairs = this.n > ALL_PAIRS_MAX_CIRCLES ? new PairList() : null;
    this.reference = new Float64Array(2 * this.n);
    let sum = 0;
    for (let i = 0; i < this.n; i++) sum += radii[i]!;
    this.skin = (SKIN_MEAN_RADII * sum) / Math.max(1, this.n);
    this.setScale(1);
  }

  /** Sizes the container: the opening scaled by `scale`. */
  setScale(scale: number): void {
    const c = this.container;
    if (c.kind === 'round') {
      this.capRadius = scale * c.radiusMm;
      return;
    }
    const rho = scale * c.cornerRadiusMm;
    for (let i = 0; i < this.n; i++) {
      const r = this.wallRadii[i]!;
      const grow = Math.max(rho - r, 0);
      this.grow[i] = grow;
      this.coreX[i] = scale * c.halfWidthMm - r - grow;
      this.coreY[i] = scale * c.halfHeightMm - r - grow;
    }
  }

  /** Energy at `x` (x0, y0, x1, y1, …); fills `g` with its gradient. */
  evaluate(x: Float64Array, g: Float64Array): number {
    g.fill(0);
    return this.pairEnergy(x, g) + this.containerEnergy(x, g);
  }

  /** Energy of each circle: its container term plus half of each of its overlaps (for choosing moves). */
  perCircle(x: Float64Array, out: Float64Array): void {
    out.fill(0);
    const n = this.n;
    const r = this.radii;
    const visit = (i: number, j: number): void => {
      const dx = x[2 * i]! - x[2 * j]!;
      const dy = x[2 * i + 1]! - x[2 * j + 1]!;
      const p = r[i]! + r[j]! - Math.sqrt(dx * dx + dy * dy);
      if (p > 0) {
        out[i] = out[i]! + 0.5 * p * p;
        out[j] = out[j]! + 0.5 * p * p;
      }
    };
    if (this.pairs === null) {
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) visit(i, j);
    } else {
      this.refreshList(x);
      for (let k = 0; k < this.pairs.count; k++) visit(this.pairs.first[k]!, this.pairs.second[k]!);
    }
    for (let i = 0; i < n; i++) {
      const p = this.protrusion(x[2 * i]!, x[2 * i + 1]!, i, this.unitGrad);
      if (p > 0) out[i] = out[i]! + p * p;
    }
  }

  private refreshList(x: Float64Array): void {
    const pairs = this.pairs!;
    if (this.listValid) {
      const limit = (this.skin / 2) * (this.skin / 2);
      let moved = false;
      for (let i = 0; i < 2 * this.n; i += 2) {
        const dx = x[i]! - this.reference[i]!;
        const dy = x[i + 1]! - this.reference[i + 1]!;
        if (dx * dx + dy * dy > limit) {
          moved = true;
          break;
        }
      }
      if (!moved) return;
    }
    findClosePairs(x, this.radii, this.skin, pairs);
    this.reference.set(x);
    this.listValid = true;
  }

  private pairEnergy(x: Float64Array, g: Float64Array): number {
    const n = this.n;
    const r = this.radii;
    let e = 0;
    if (this.pairs === null) {
      for (let i = 0; i < n; i++) {
        const xi = x[2 * i]!;
        const yi = x[2 * i + 1]!;
        const ri = r[i]!;
        let gx = 0;
        let gy = 0;
        for (let j = i + 1; j < n; j++) {
          const dx = xi - x[2 * j]!;
          const dy = yi - x[2 * j + 1]!;
          const reach = ri + r[j]!;
          const d2 = dx * dx + dy * dy;
          if (d2 >= reach * reach) continue;
          const d = Math.sqrt(d2);
          const p = reach - d;
          e += p * p;
          if (d > 0) {
            const k = (-2 * p) / d;
            gx += k * dx;
            gy += k * dy;
            g[2 * j] = g[2 * j]! - k * dx;
            g[2 * j + 1] = g[2 * j + 1]! - k * dy;
          } else {
            // Coincident centres: push apart along x (any direction will do).
            gx -= 2 * p;
            g[2 * j] = g[2 * j]! + 2 * p;
          }
        }
        g[2 * i] = g[2 * i]! + gx;
        g[2 * i + 1] = g[2 * i + 1]! + gy;
      }
      return e;
    }
    this.refreshList(x);
    const pairs = this.pairs;
    const first = pairs.first;
    const second = pairs.second;
    for (let k = 0; k < pairs.count; k++) {
      const i = first[k]!;
      const j = second[k]!;
      const dx = x[2 * i]! - x[2 * j]!;
      const dy = x[2 * i + 1]! - x[2 * j + 1]!;
      const reach = r[i]! + r[j]!;
      const d2 = dx * dx + dy * dy;
      if (d2 >= reach * reach) continue;
      const d = Math.sqrt(d2);
      const p = reach - d;
      e += p * p;
      if (d > 0) {
        const c = (-2 * p) / d;
        g[2 * i] = g[2 * i]! + c * dx;
        g[2 * i + 1] = g[2 * i + 1]! + c * dy;
        g[2 * j] = g[2 * j]! - c * dx;
        g[2 * j + 1] = g[2 * j + 1]! - c * dy;
      } else {
        g[2 * i] = g[2 * i]! - 2 * p;
        g[2 * j] = g[2 * j]! + 2 * p;
      }
    }
    return e;
  }

  private containerEnergy(x: Float64Array, g: Float64Array): number {
    let e = 0;
    const grad = this.unitGrad;
    for (let i = 0; i < this.n; i++) {
      const p = this.protrusion(x[2 * i]!, x[2 * i + 1]!, i, grad);
      if (p <= 0) continue;
      e += p * p;
      g[2 * i] = g[2 * i]! + 2 * p * grad[0]!;
      g[2 * i + 1] = g[2 * i + 1]! + 2 * p * grad[1]!;
    }
    return e;
  }

  /** Depth by which circle i at (px, py) sticks out (≤ 0 inside); `grad` gets its gradient when positive. */
  private protrusion(px: number, py: number, i: number, grad: Float64Array): number {
    if (this.container.kind === 'round') {
      const d = Math.sqrt(px * px + py * py);
      const p = d + this.wallRadii[i]! - this.capRadius;
      if (p > 0) {
        grad[0] = d > 0 ? px / d : 0;
        grad[1] = d > 0 ? py / d : 0;
      }
      return p;
    }
    const dx = Math.abs(px) - this.coreX[i]!;
    const dy = Math.abs(py) - this.coreY[i]!;
    const grow = this.grow[i]!;
    const sx = px > 0 ? 1 : px < 0 ? -1 : 0;
    const sy = py > 0 ? 1 : py < 0 ? -1 : 0;
    if (dx > 0 && dy > 0) {
      const h = Math.sqrt(dx * dx + dy * dy);
      grad[0] = (sx * dx) / h;
      grad[1] = (sy * dy) / h;
      return h - grow;
    }
    if (dx >= dy) {
      grad[0] = sx;
      grad[1] = 0;
      return dx - grow;
    }
    grad[0] = 0;
    grad[1] = sy;
    return dy - grow;
  }
}
