import type { Catalogue, ItemInput, TransitInput, TransitSizing } from '@sealplan/engine';

/** What the page asks the packing worker: the whole sizing (fill, packing, materials), off the main thread. */
export interface SizingRequest {
  id: number;
  transit: TransitInput;
  items: ItemInput[];
  catalogue: Catalogue;
}

export type SizingResponse =
  | { id: number; ok: true; result: TransitSizing; elapsedMs: number }
  | { id: number; ok: false; error: string };
