// Project material totals (ADR 010): only buildable transits are summed; a transit that cannot be built is listed
// with its reason instead, so an order never silently includes materials for a transit that must change first.

import { totalMaterials, type MaterialTotals } from './materials';
import type { TransitSizing } from './size-transit';
import { definitelyGreater } from './tolerance';
import type { Opening } from './types';

/**
 * Why a transit cannot be built as it stands (ADR 010), three verdicts with their own words: one item is larger
 * than the opening, the fill is above the fill limit, or the items keep the fill limit yet no layout was found.
 */
export type NotBuildableReason = 'ITEM_TOO_LARGE' | 'OVERFILLED' | 'ITEMS_DO_NOT_FIT';

/** Wording of each reason, the same on screen (English) and on paper. */
export const NOT_BUILDABLE_TEXT: Readonly<Record<NotBuildableReason, string>> = {
  ITEM_TOO_LARGE: 'not buildable: an item is larger than the opening',
  OVERFILLED: 'not buildable: overfilled',
  ITEMS_DO_NOT_FIT: 'not buildable: no layout found',
};

type VerdictInput = Pick<TransitSizing, 'overfilled' | 'packing'> &
  Partial<Pick<TransitSizing, 'opening' | 'items'>>;

/** The widest item (with its clearance and wall spacing) against the opening's narrowest width, mm. */
export interface ItemTooLarge {
  itemDiameterMm: number;
  openingAcrossMm: number;
}

/**
 * The widest item when it cannot pass the opening at all (wider, with its clearance and the wall spacing on both
 * sides, than the opening's diameter or its narrower side), else null. Such a transit fails whatever the layout.
 */
export function itemTooLarge(sizing: VerdictInput): ItemTooLarge | null {
  const { opening, items } = sizing;
  if (!opening) return null;
  const across =
    opening.shape === 'ROUND'
      ? (opening.diameterMm ?? 0)
      : Math.min(opening.widthMm ?? 0, opening.heightMm ?? 0);
  if (!(across > 0)) return null;
  let widest = 0;
  for (const circle of sizing.packing.circles) {
    const spacing = items?.[circle.itemIndex]?.wallSpacingMm ?? 0;
    const margin = Math.max(0, spacing - (circle.diameterMm - circle.itemDiameterMm) / 2);
    widest = Math.max(widest, circle.diameterMm + 2 * margin);
  }
  return definitelyGreater(widest, across) ? { itemDiameterMm: widest, openingAcrossMm: across } : null;
}

/**
 * Null when the transit can be built; else the reason. An item larger than the opening first (for a round opening
 * it is always overfilled too, and the item is what must change); then overfilled (fill above the fill limit, spec
 * §9); then a packing that was searched and found no layout (spec §4). A packing that was not searched proves nothing.
 */
export function notBuildableReason(sizing: VerdictInput): NotBuildableReason | null {
  if (itemTooLarge(sizing)) return 'ITEM_TOO_LARGE';
  if (sizing.overfilled) return 'OVERFILLED';
  if (sizing.packing.source !== 'skipped' && !sizing.packing.fits) return 'ITEMS_DO_NOT_FIT';
  return null;
}

/** A transit's state, one per transit, named alike in the transit list and every document (ADR 010). */
export type TransitStatus = 'INCOMPLETE' | 'FITS' | NotBuildableReason;

/** Each state in the documents' words (English); the web app's locales translate the same states. */
export const TRANSIT_STATUS_TEXT: Readonly<Record<TransitStatus, string>> = {
  INCOMPLETE: 'Incomplete',
  FITS: 'Fits',
  ITEM_TOO_LARGE: 'Not buildable: an item is larger than the opening',
  OVERFILLED: 'Not buildable: overfilled',
  ITEMS_DO_NOT_FIT: 'Not buildable: no layout found',
};

/** Incomplete without an opening to size (no area yet); else why it cannot be built, or FITS. */
export function transitStatusOf(sizing: VerdictInput & Pick<TransitSizing, 'transitAreaMm2'>): TransitStatus {
  if (!(sizing.transitAreaMm2 > 0)) return 'INCOMPLETE';
  return notBuildableReason(sizing) ?? 'FITS';
}

/**
 * A transit's verdict with the figures its words give (ADR 010): the state, the fill against its limit, the item
 * that is too large, or the scale of the best layout found (the opening would have to be this many times its size).
 */
export interface TransitVerdict {
  status: TransitStatus;
  fillPercent: number;
  fillLimitPercent: number;
  /** ITEM_TOO_LARGE: the widest item and the opening's narrowest width. */
  tooLarge: ItemTooLarge | null;
  /** ITEMS_DO_NOT_FIT: the best layout's scale (> 1); its opening is the opening times this. */
  bestScale: number | null;
}

export function transitVerdictOf(
  sizing: VerdictInput &
    Pick<TransitSizing, 'transitAreaMm2' | 'filledPercentWithClearance' | 'fillLimitPercent'>,
): TransitVerdict {
  const status = transitStatusOf(sizing);
  return {
    status,
    fillPercent: sizing.filledPercentWithClearance,
    fillLimitPercent: sizing.fillLimitPercent,
    tooLarge: status === 'ITEM_TOO_LARGE' ? itemTooLarge(sizing) : null,
    bestScale:
      status === 'ITEMS_DO_NOT_FIT' && Number.isFinite(sizing.packing.scale) && sizing.packing.scale > 1
        ? sizing.packing.scale
        : null,
  };
}

/** The opening the best layout would need: the opening's dimensions times its scale. */
export function openingAtScale(opening: Opening, scale: number): Opening {
  const times = (mm: number | null | undefined) => (typeof mm === 'number' ? mm * scale : null);
  return opening.shape === 'ROUND'
    ? { shape: 'ROUND', diameterMm: times(opening.diameterMm) }
    : {
        shape: 'RECTANGLE',
        widthMm: times(opening.widthMm),
        heightMm: times(opening.heightMm),
        cornerRadiusMm: times(opening.cornerRadiusMm),
      };
}

export interface ProjectTotals {
  /** The summed materials of the buildable transits. */
  totals: MaterialTotals;
  /** Transits left out of the totals, by their index in the list given, with the reason. */
  notBuildable: { index: number; reason: NotBuildableReason }[];
}

/** Totals over the transits that can be built; the others are listed, never summed. */
export function projectTotals(
  sizings: readonly (VerdictInput & Pick<TransitSizing, 'materials'>)[],
): ProjectTotals {
  const notBuildable: ProjectTotals['notBuildable'] = [];
  const buildable: TransitSizing['materials'][] = [];
  sizings.forEach((sizing, index) => {
    const reason = notBuildableReason(sizing);
    if (reason) notBuildable.push({ index, reason });
    else buildable.push(sizing.materials);
  });
  return { totals: totalMaterials(buildable), notBuildable };
}
