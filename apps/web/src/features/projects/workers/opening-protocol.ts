import type { Catalogue, ItemInput, OpeningSuggestions, TransitInput } from '@sealplan/engine';

/** What the page asks the opening worker: the smallest standard openings for these items and rules. */
export interface OpeningRequest {
  id: number;
  transit: TransitInput;
  items: ItemInput[];
  catalogue: Catalogue;
}

export type OpeningResponse =
  | { id: number; ok: true; result: OpeningSuggestions; elapsedMs: number }
  | { id: number; ok: false; error: string };
