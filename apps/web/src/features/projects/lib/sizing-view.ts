import type { ItemTypeId, TransitSizing } from '@sealplan/engine';
import type { DrawnCircle } from '../components/transit-drawing-svg';

/** What the hover text of one circle tells: the item's own diameter, what it occupies, and with clearance. */
export interface CircleFacts {
  itemTypeId: ItemTypeId | null;
  ownDiameterMm: number;
  occupiedDiameterMm: number;
  withClearanceMm: number;
}

/** The circles of a sizing for the drawing, each with its hover text (type and diameter in the user's units). */
export function drawnCircles(sizing: TransitSizing, label: (facts: CircleFacts) => string): DrawnCircle[] {
  return sizing.packing.circles.map((c) => ({
    xMm: c.xMm,
    yMm: c.yMm,
    diameterMm: c.diameterMm,
    itemDiameterMm: c.itemDiameterMm,
    itemTypeId: c.itemTypeId,
    label: label({
      itemTypeId: c.itemTypeId,
      ownDiameterMm: sizing.items[c.itemIndex]?.outerDiameterMm ?? c.itemDiameterMm,
      occupiedDiameterMm: c.itemDiameterMm,
      withClearanceMm: c.diameterMm,
    }),
  }));
}

/** Item types present, in a fixed order, for the legend. */
export function legendTypes(sizing: TransitSizing): ItemTypeId[] {
  const present = new Set(sizing.items.filter((i) => i.quantity > 0).map((i) => i.itemTypeId));
  return (['CABLE', 'PIPE', 'PIPE_PLASTIC'] as const).filter((t) => present.has(t));
}

/** Spec §4: items do not fit (packing found no layout) — the surface-exceeded state of the drawing. */
export function isExceeded(sizing: TransitSizing): boolean {
  return sizing.packing.source !== 'skipped' && !sizing.packing.fits;
}
