import type { ItemRow, TransitRow } from '../export.model';

/**
 * A stored round Ø 250 mm cable transit without results (the export sizes it with the engine), NOFIRNO/RISE in the
 * A class with a double sealant layer: the row the document tests build from.
 */
export function cableTransitRow(id: string, overrides: Partial<TransitRow> = {}): TransitRow {
  return {
    id,
    name: 'T-200 Cable bulkhead',
    shape: 'ROUND',
    diameterMm: 250,
    widthMm: null,
    heightMm: null,
    radiusMm: null,
    copies: 1,
    sparePercent: 10,
    penetratingItemTypeId: 'CABLE',
    transitTypeId: 'NOFIRNO/RISE',
    classId: 'A_CLASS',
    sealantType: 'NOFIRNO_SEALANT',
    sealantDepth: 'DOUBLE',
    crusherPipeConfiguration: null,
    singleCrusherPipeId: null,
    depthMm: 150,
    nominalSize: null,
    comments: '',
    results: null,
    ...overrides,
  } as unknown as TransitRow;
}

/** `quantity` cables of `outerDiameterMm` in the transit `transitId`. */
export function cableItemRow(
  transitId: string,
  id: string,
  quantity: number,
  outerDiameterMm: number,
): ItemRow {
  return {
    id,
    transitId,
    quantity,
    outerDiameterMm,
    crusherId: null,
    itemTypeId: 'CABLE',
  } as unknown as ItemRow;
}
