// Close pairs of circles through a uniform grid: O(N) instead of O(N²) once N is large.

/** Growable list of index pairs (i < j), with the grid's scratch arrays kept for the next search. */
export class PairList {
  first = new Int32Array(64);
  second = new Int32Array(64);
  count = 0;
  /**
   * The grid of the last search: first circle per cell, next circle in the same cell, each circle's cell. Kept
   * between searches: a walk rebuilds its list every few energy evaluations (ADR 004), and three new typed arrays
   * each time were only garbage to collect.
   */
  head = new Int32Array(0);
  next = new Int32Array(0);
  cellOf = new Int32Array(0);

  clear(): void {
    this.count = 0;
  }

  push(i: number, j: number): void {
    if (this.count === this.first.length) {
      const first = new Int32Array(this.count * 2);
      const second = new Int32Array(this.count * 2);
      first.set(this.first);
      second.set(this.second);
      this.first = first;
      this.second = second;
    }
    this.first[this.count] = i;
    this.second[this.count] = j;
    this.count++;
  }
}

/** Cells per circle at most; a spread-out layout gets larger cells instead of a huge, empty grid. */
const MAX_CELLS_PER_CIRCLE = 4;

/**
 * Collects every pair whose centres are closer than rᵢ + rⱼ + skin. `x` holds x0, y0, x1, y1, …
 */
export function findClosePairs(x: Float64Array, radii: Float64Array, skin: number, out: PairList): void {
  const n = radii.length;
  out.clear();
  let rMax = 0;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    rMax = Math.max(rMax, radii[i]!);
    const px = x[2 * i]!;
    const py = x[2 * i + 1]!;
    minX = Math.min(minX, px);
    minY = Math.min(minY, py);
    maxX = Math.max(maxX, px);
    maxY = Math.max(maxY, py);
  }
  let cell = Math.max(2 * rMax + skin, Number.MIN_VALUE);
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  while ((Math.floor(spanX / cell) + 1) * (Math.floor(spanY / cell) + 1) > MAX_CELLS_PER_CIRCLE * n + 16)
    cell *= 2;
  const nx = Math.floor(spanX / cell) + 1;
  const ny = Math.floor(spanY / cell) + 1;
  if (out.head.length < nx * ny) out.head = new Int32Array(Math.max(nx * ny, 2 * out.head.length));
  if (out.next.length < n) {
    out.next = new Int32Array(n);
    out.cellOf = new Int32Array(n);
  }
  const { head, next, cellOf } = out;
  head.fill(-1, 0, nx * ny);
  for (let i = 0; i < n; i++) {
    const cx = Math.min(nx - 1, Math.floor((x[2 * i]! - minX) / cell));
    const cy = Math.min(ny - 1, Math.floor((x[2 * i + 1]! - minY) / cell));
    const c = cy * nx + cx;
    cellOf[i] = c;
    next[i] = head[c]!;
    head[c] = i;
  }
  for (let i = 0; i < n; i++) {
    const c = cellOf[i]!;
    const cx = c % nx;
    const cy = (c - cx) / nx;
    const px = x[2 * i]!;
    const py = x[2 * i + 1]!;
    const ri = radii[i]! + skin;
    for (let oy = Math.max(0, cy - 1); oy <= Math.min(ny - 1, cy + 1); oy++) {
      for (let ox = Math.max(0, cx - 1); ox <= Math.min(nx - 1, cx + 1); ox++) {
        for (let j = head[oy * nx + ox]!; j !== -1; j = next[j]!) {
          if (j <= i) continue;
          const dx = px - x[2 * j]!;
          const dy = py - x[2 * j + 1]!;
          const reach = ri + radii[j]!;
          if (dx * dx + dy * dy < reach * reach) out.push(i, j);
        }
      }
    }
  }
}
