import type { DrawingView, ItemTypeId, TransitSizing } from '@sealplan/engine';
import type { DrawnCircle } from '../components/transit-drawing-svg';

/** What the hover text of one circle tells: the item's own diameter, what it occupies, and with clearance. */
export interface CircleFacts {
  itemTypeId: ItemTypeId | null;
  ownDiameterMm: number;
  occupiedDiameterMm: number;
  withClearanceMm: number;
}

/**
 * The numbered circles of the engine's drawing view (the numbering every document uses too), each with its hover
 * text (type and diameters in the user's units).
 */
export function drawnCircles(view: DrawingView, label: (facts: CircleFacts) => string): DrawnCircle[] {
  return view.circles.map((c) => ({
    number: c.number,
    xMm: c.xMm,
    yMm: c.yMm,
    ownDiameterMm: c.ownDiameterMm,
    occupiedDiameterMm: c.occupiedDiameterMm,
    placedDiameterMm: c.placedDiameterMm,
    itemTypeId: c.itemTypeId,
    label: label({
      itemTypeId: c.itemTypeId,
      ownDiameterMm: c.ownDiameterMm,
      occupiedDiameterMm: c.occupiedDiameterMm,
      withClearanceMm: c.placedDiameterMm,
    }),
  }));
}

/** Spec §4: items do not fit (packing found no layout) — the surface-exceeded state of the drawing. */
export function isExceeded(sizing: TransitSizing): boolean {
  return sizing.packing.source !== 'skipped' && !sizing.packing.fits;
}
