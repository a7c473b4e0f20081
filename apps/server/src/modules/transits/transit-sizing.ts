import {
  sizeTransit,
  type Catalogue,
  type ItemInput,
  type TransitInput,
  type TransitSizing,
} from '@sealplan/engine';
import {
  toItemInputs,
  toTransitInput,
  type PackingLayout,
  type PenetratingItem,
  type TransitSaveValues,
} from '@sealplan/contracts';

/*
 * The pure sizing of a stored transit: no database, no service. The worker pool runs it (workers/cpu-tasks.ts
 * imports it through the module's task face, tasks.ts), and the export builds documents with it (ADR 025).
 */

/** The stored columns of a transit the engine reads (text where the contract names its ids and choices). */
export interface StoredTransit {
  shape: string;
  diameterMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  radiusMm: number | null;
  copies: number;
  sparePercent: number | null;
  penetratingItemTypeId: string | null;
  transitTypeId: string | null;
  classId: string | null;
  sealantType: string | null;
  sealantDepth: string | null;
  crusherPipeConfiguration: string | null;
  singleCrusherPipeId: string | null;
  depthMm: number | null;
}

/** The stored columns of an item line the engine reads. */
export interface StoredItem {
  id: string;
  quantity: number;
  outerDiameterMm: number;
  crusherId: string | null;
  itemTypeId: string | null;
  isRemoved: boolean;
}

/**
 * A stored transit as the engine's input: the contracts' mapping (`toTransitInput`, the one the browser previews
 * with), given the stored columns, which hold what the save's contract accepted.
 */
export function transitInputOf(row: StoredTransit): TransitInput {
  return toTransitInput(row as Parameters<typeof toTransitInput>[0] & Pick<TransitSaveValues, 'shape'>);
}

/** A transit's live stored items as the engine's input, in their order (the contracts' `toItemInputs`). */
export function itemInputsOf(items: readonly StoredItem[]): ItemInput[] {
  return toItemInputs(
    items.map((i) => ({ ...i, itemTypeId: i.itemTypeId as PenetratingItem['itemTypeId'] })),
  );
}

/**
 * The figures the server stores for a transit: the engine's sizeTransit with the database catalogue, for the
 * stored transit and its live items (in their order). `layout`, the browser's layout sent with the save, is only a
 * certificate: the engine keeps it when validateLayout accepts it, otherwise it solves the packing (ADR 004), starting
 * from `start` (the browser's layout again, ADR 039; not the stored one, so an API save searches in full).
 */
export function computeResults(
  row: StoredTransit,
  items: readonly StoredItem[],
  catalogue: Catalogue,
  layout?: PackingLayout | null,
  /** The browser's layout when it sent one: where the search starts when it is no certificate (ADR 039). */
  start?: PackingLayout | null,
): TransitSizing {
  return sizeTransit({
    transit: transitInputOf(row),
    items: itemInputsOf(items),
    catalogue,
    packing: layout ?? null,
    packingStart: start ?? null,
  });
}

/** The layout stored with a transit's results, to offer as the certificate of the next save (null when none). */
export function storedLayout(results: unknown): PackingLayout | null {
  const packing = (results as Partial<TransitSizing> | null)?.packing;
  if (!packing || !Array.isArray(packing.circles) || packing.source === 'skipped' || !packing.fits)
    return null;
  return { centres: packing.circles.map((c) => ({ xMm: c.xMm, yMm: c.yMm })) };
}
