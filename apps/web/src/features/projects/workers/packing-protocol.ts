import type { Catalogue, ItemInput, TransitInput, TransitSizing } from '@sealplan/engine';

/** What the page asks the packing worker: the whole sizing (fill, packing, materials), off the main thread. */
export interface SizingRequest {
  id: number;
  transit: TransitInput;
  items: ItemInput[];
  catalogue: Catalogue;
  /**
   * A layout found elsewhere (the applied opening suggestion's, ADR 020): kept when it is valid for these circles
   * in this opening, else the verdict searches as usual.
   */
  certificate?: { centres: { xMm: number; yMm: number }[] } | null;
}

/**
 * The worker's answers to one request: progress while the verdict searches (the best scale so far: the opening
 * would have to be this many times its size for the best layout found; ≤ 1: a layout fits, the spreading step
 * follows), then one result.
 */
export type SizingResponse =
  | { id: number; kind: 'progress'; bestScale: number }
  | { id: number; kind: 'result'; ok: true; result: TransitSizing; elapsedMs: number }
  | { id: number; kind: 'result'; ok: false; error: string };
