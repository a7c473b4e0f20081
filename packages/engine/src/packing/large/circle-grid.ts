// A uniform grid over a bounded area for circles of mixed sizes: each circle is filed in every cell its bounding box
// covers, so the circles touching a query disc are found by scanning only the cells under the query's own box, however
// large some of the circles are. Inserting one circle and asking about one point are O(1) for circles of similar
// size, which makes the large-N packing O(N) per pass instead of O(N²).

/** Cells per circle at most (the grid's memory stays linear in the circles). */
const MAX_CELLS_PER_CIRCLE = 4;

export class CircleGrid {
  private readonly cell: number;
  private readonly nx: number;
  private readonly ny: number;
  private readonly minX: number;
  private readonly minY: number;
  /** Per cell, the circles filed there (indices). */
  private readonly cells: number[][];
  /** Per circle, the stamp of the last query that saw it (so a circle filed in several cells is visited once). */
  private readonly seen: Uint32Array;
  private stamp = 0;

  /**
   * A grid over the box [-halfWidth, halfWidth] × [-halfHeight, halfHeight] for up to `capacity` circles whose
   * typical radius is `typicalRadius` (points outside the box are filed in the border cells).
   */
  constructor(halfWidth: number, halfHeight: number, typicalRadius: number, capacity: number) {
    let cell = Math.max(2 * typicalRadius, Number.MIN_VALUE);
    const cellsFor = (c: number) =>
      (Math.floor((2 * halfWidth) / c) + 1) * (Math.floor((2 * halfHeight) / c) + 1);
    while (cellsFor(cell) > MAX_CELLS_PER_CIRCLE * capacity + 16) cell *= 2;
    this.cell = cell;
    this.nx = Math.floor((2 * halfWidth) / cell) + 1;
    this.ny = Math.floor((2 * halfHeight) / cell) + 1;
    this.minX = -halfWidth;
    this.minY = -halfHeight;
    this.cells = Array.from({ length: this.nx * this.ny }, () => []);
    this.seen = new Uint32Array(capacity);
  }

  private column(x: number): number {
    return Math.min(this.nx - 1, Math.max(0, Math.floor((x - this.minX) / this.cell)));
  }

  private row(y: number): number {
    return Math.min(this.ny - 1, Math.max(0, Math.floor((y - this.minY) / this.cell)));
  }

  /** Files circle `i` (centre x, y, radius r). */
  insert(i: number, x: number, y: number, r: number): void {
    const c0 = this.column(x - r);
    const c1 = this.column(x + r);
    const r0 = this.row(y - r);
    const r1 = this.row(y + r);
    for (let row = r0; row <= r1; row++)
      for (let col = c0; col <= c1; col++) this.cells[row * this.nx + col]!.push(i);
  }

  /**
   * Calls `visit` once for every filed circle whose bounding box meets the square of half side `reach` around
   * (x, y): a superset of the circles within `reach` of the point. `visit` answering true stops the scan (and the
   * call answers true).
   */
  some(x: number, y: number, reach: number, visit: (i: number) => boolean): boolean {
    const stamp = this.nextStamp();
    const c0 = this.column(x - reach);
    const c1 = this.column(x + reach);
    const r0 = this.row(y - reach);
    const r1 = this.row(y + reach);
    for (let row = r0; row <= r1; row++) {
      for (let col = c0; col <= c1; col++) {
        const list = this.cells[row * this.nx + col]!;
        for (let k = 0; k < list.length; k++) {
          const i = list[k]!;
          if (this.seen[i] === stamp) continue;
          this.seen[i] = stamp;
          if (visit(i)) return true;
        }
      }
    }
    return false;
  }

  private nextStamp(): number {
    if (this.stamp === 0xffffffff) {
      this.seen.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }
}
