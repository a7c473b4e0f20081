// Constructive placement for many circles (ADR 015): largest first, each circle goes to the lowest free
// position (then the leftmost) where it touches two objects: two placed circles, or a placed circle and the wall, or
// two walls. Equal circles settle into hexagonal rows; a transit's few cable sizes settle into bands of such rows.
//
// Every placed circle is an anchor that proposes its best position for the current radius (touching it and one
// neighbour or the wall), kept in a heap. Placing a circle changes only the anchors near it, so only those are asked
// again: with the circle grid each placement costs O(1), the whole layout O(N log N), where the all-pairs greedy
// placement of the small-N solver costs O(N³).

import type { Container } from '../container';
import { intersectCircles, outside, regionOf, wallTouching, type Region } from '../greedy';
import { CircleGrid } from './circle-grid';

/** Relative slack of the touching tests (layouts are measured and checked exactly afterwards). */
const TOUCH_TOLERANCE = 1e-12;
/** Two positions whose heights differ by less than this share of the opening count as one row (then: leftmost). */
const ROW_TOLERANCE = 1e-9;
/**
 * An anchor with no free position for the current radius is closed (circles only ever take space away). A smaller
 * radius may fit where a larger did not, so closed anchors are asked again once the radius has fallen below this
 * share of the radius at which they were last asked (and always before the placement gives up).
 */
const REOPEN_RATIO = 0.9;

/** Proposals of the anchors, lowest (then leftmost) first; an entry is stale when its anchor was asked again since. */
class ProposalHeap {
  private rows: number[] = [];
  private xs: number[] = [];
  private anchors: number[] = [];
  private stamps: number[] = [];

  get size(): number {
    return this.rows.length;
  }

  clear(): void {
    this.rows.length = 0;
    this.xs.length = 0;
    this.anchors.length = 0;
    this.stamps.length = 0;
  }

  push(row: number, x: number, anchor: number, stamp: number): void {
    let k = this.rows.length;
    this.rows.push(row);
    this.xs.push(x);
    this.anchors.push(anchor);
    this.stamps.push(stamp);
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (!this.less(k, parent)) break;
      this.swap(k, parent);
      k = parent;
    }
  }

  /** The top entry's anchor and stamp (the heap must not be empty). */
  topAnchor(): number {
    return this.anchors[0]!;
  }

  topStamp(): number {
    return this.stamps[0]!;
  }

  pop(): void {
    const last = this.rows.length - 1;
    this.swap(0, last);
    this.rows.pop();
    this.xs.pop();
    this.anchors.pop();
    this.stamps.pop();
    let k = 0;
    for (;;) {
      const left = 2 * k + 1;
      const right = left + 1;
      let smallest = k;
      if (left < last && this.less(left, smallest)) smallest = left;
      if (right < last && this.less(right, smallest)) smallest = right;
      if (smallest === k) break;
      this.swap(k, smallest);
      k = smallest;
    }
  }

  private less(a: number, b: number): boolean {
    const ra = this.rows[a]!;
    const rb = this.rows[b]!;
    if (ra !== rb) return ra < rb;
    const xa = this.xs[a]!;
    const xb = this.xs[b]!;
    if (xa !== xb) return xa < xb;
    return this.anchors[a]! < this.anchors[b]!;
  }

  private swap(a: number, b: number): void {
    for (const list of [this.rows, this.xs, this.anchors, this.stamps]) {
      const t = list[a]!;
      list[a] = list[b]!;
      list[b] = t;
    }
  }
}

/**
 * Places the circles in `order` (largest first) into the container scaled by `scale`. Answers their centres
 * (x0, y0, x1, y1, … in input order) when every circle found a place, else null (it stops at the first that does not).
 */
export function placeBottomLeft(
  container: Container,
  scale: number,
  radii: Float64Array,
  order: readonly number[],
): Float64Array | null {
  const n = radii.length;
  let rMax = 0;
  let rSum = 0;
  for (let i = 0; i < n; i++) {
    rMax = Math.max(rMax, radii[i]!);
    rSum += radii[i]!;
  }
  const halfWidth = scale * (container.kind === 'round' ? container.radiusMm : container.halfWidthMm);
  const halfHeight = scale * (container.kind === 'round' ? container.radiusMm : container.halfHeightMm);
  const rowUnit = ROW_TOLERANCE * Math.max(halfWidth, halfHeight);
  const slack = TOUCH_TOLERANCE * Math.max(halfWidth, halfHeight, rMax);
  const grid = new CircleGrid(halfWidth, halfHeight, rSum / n, n);
  const x = new Float64Array(2 * n);
  /** Placed circles in placement order; `open[i]` while anchor i may still have a free position. */
  const placed: number[] = [];
  const open = new Uint8Array(n);
  /** The best proposal of each anchor (index n: the walls alone), and its stamp. */
  const proposalX = new Float64Array(n + 1);
  const proposalY = new Float64Array(n + 1);
  const stamps = new Int32Array(n + 1);
  const heap = new ProposalHeap();
  const neighbours: number[] = [];
  const candidates: number[] = [];
  let r = Number.NaN;
  let region: Region = { coreX: 0, coreY: 0, grow: 0 };
  let askedAtRadius = Number.POSITIVE_INFINITY;

  /** True when a circle of the current radius at (cx, cy) is inside and overlaps no placed circle. */
  const free = (cx: number, cy: number): boolean => {
    if (outside(region, cx, cy) > slack) return false;
    return !grid.some(cx, cy, r, (j) => {
      const dx = cx - x[2 * j]!;
      const dy = cy - x[2 * j + 1]!;
      const reach = r + radii[j]! - slack;
      return reach > 0 && dx * dx + dy * dy < reach * reach;
    });
  };

  /** Picks the lowest (then leftmost) free position of `candidates`; files it for `anchor`. False when none is free. */
  const propose = (anchor: number): boolean => {
    let bestRow = Number.POSITIVE_INFINITY;
    let bestX = Number.POSITIVE_INFINITY;
    let bestY = 0;
    // Cheapest first: only candidates that would beat the best so far are tested for freedom.
    for (let k = 0; k < candidates.length; k += 2) {
      const cx = candidates[k]!;
      const cy = candidates[k + 1]!;
      const row = Math.round(cy / rowUnit);
      if (row > bestRow || (row === bestRow && cx >= bestX)) continue;
      if (!free(cx, cy)) continue;
      bestRow = row;
      bestX = cx;
      bestY = cy;
    }
    stamps[anchor] = stamps[anchor]! + 1;
    if (bestRow === Number.POSITIVE_INFINITY) return false;
    proposalX[anchor] = bestX;
    proposalY[anchor] = bestY;
    heap.push(bestRow, bestX, anchor, stamps[anchor]!);
    return true;
  };

  /** Asks anchor p (a placed circle) for its best position for the current radius; closes it when it has none. */
  const ask = (p: number): void => {
    const px = x[2 * p]!;
    const py = x[2 * p + 1]!;
    const reachP = radii[p]! + r;
    neighbours.length = 0;
    grid.some(px, py, reachP + r, (q) => {
      if (q !== p) neighbours.push(q);
      return false;
    });
    candidates.length = 0;
    wallTouching(region, px, py, reachP, candidates);
    for (const q of neighbours) {
      const qx = x[2 * q]!;
      const qy = x[2 * q + 1]!;
      const reachQ = radii[q]! + r;
      const dx = qx - px;
      const dy = qy - py;
      if (dx * dx + dy * dy <= (reachP + reachQ) * (reachP + reachQ))
        intersectCircles(px, py, reachP, qx, qy, reachQ, candidates);
    }
    if (!propose(p)) open[p] = 0;
  };

  /** The walls alone: the opening's bottom-left corner (a round opening: its lowest point). */
  const askWalls = (): void => {
    candidates.length = 0;
    const { coreX, coreY, grow } = region;
    if (container.kind === 'round') candidates.push(0, -grow);
    else
      for (const sx of [-1, 1])
        for (const sy of [-1, 1])
          candidates.push(sx * (coreX + grow * Math.SQRT1_2), sy * (coreY + grow * Math.SQRT1_2));
    propose(n);
  };

  /** Asks every open anchor again (a new radius), or every anchor (`reopen`). */
  const askAll = (reopen: boolean): void => {
    heap.clear();
    if (reopen) askedAtRadius = r;
    for (const p of placed) {
      if (reopen) open[p] = 1;
      if (open[p] === 1) ask(p);
    }
    askWalls();
  };

  for (const i of order) {
    if (radii[i] !== r) {
      r = radii[i]!;
      region = regionOf(container, scale, r);
      if (region.grow < 0 || region.coreX < 0 || region.coreY < 0) return null;
      askAll(r < REOPEN_RATIO * askedAtRadius);
    }
    for (;;) {
      while (heap.size > 0 && heap.topStamp() !== stamps[heap.topAnchor()]) heap.pop();
      if (heap.size > 0) break;
      // Nothing proposed: anchors closed at a larger radius may hold a place for this one; else the circle does not fit.
      if (askedAtRadius === r) return null;
      askAll(true);
    }
    const anchor = heap.topAnchor();
    const cx = proposalX[anchor]!;
    const cy = proposalY[anchor]!;
    x[2 * i] = cx;
    x[2 * i + 1] = cy;
    grid.insert(i, cx, cy, r);
    placed.push(i);
    open[i] = 1;
    // The anchors whose positions the new circle may block or complete, the new circle itself, and the walls.
    neighbours.length = 0;
    grid.some(cx, cy, 3 * r, (p) => {
      neighbours.push(p);
      return false;
    });
    const near = neighbours.slice();
    for (const p of near) if (open[p] === 1) ask(p);
    askWalls();
  }
  return x;
}
