// Project material totals (ADR 010): only buildable transits are summed; a transit that cannot be built is listed
// with its reason instead, so an order never silently includes materials for a transit that must change first.

import { totalMaterials, type MaterialTotals } from './materials';
import type { TransitSizing } from './size-transit';

/** Why a transit cannot be built as it stands. */
export type NotBuildableReason = 'OVERFILLED' | 'ITEMS_DO_NOT_FIT';

/** Wording of each reason, the same on screen (English) and on paper. */
export const NOT_BUILDABLE_TEXT: Readonly<Record<NotBuildableReason, string>> = {
  OVERFILLED: 'not buildable: overfilled',
  ITEMS_DO_NOT_FIT: 'not buildable: items do not fit',
};

/**
 * Null when the transit can be built; else the reason. Overfilled (fill above the fill limit, spec §9) first; then
 * a packing that was searched and found no layout (spec §4). A packing that was not searched proves nothing.
 */
export function notBuildableReason(
  sizing: Pick<TransitSizing, 'overfilled' | 'packing'>,
): NotBuildableReason | null {
  if (sizing.overfilled) return 'OVERFILLED';
  if (sizing.packing.source !== 'skipped' && !sizing.packing.fits) return 'ITEMS_DO_NOT_FIT';
  return null;
}

/** A transit's state, one per transit, named alike in the transit list and every document (issue 16 item 9). */
export type TransitStatus = 'INCOMPLETE' | 'FITS' | NotBuildableReason;

/** Each state in the documents' words (English); the web app's locales translate the same states. */
export const TRANSIT_STATUS_TEXT: Readonly<Record<TransitStatus, string>> = {
  INCOMPLETE: 'Incomplete',
  FITS: 'Fits',
  OVERFILLED: 'Not buildable: overfilled',
  ITEMS_DO_NOT_FIT: 'Not buildable: items do not fit',
};

/** Incomplete without an opening to size (no area yet); else why it cannot be built, or FITS. */
export function transitStatusOf(
  sizing: Pick<TransitSizing, 'transitAreaMm2' | 'overfilled' | 'packing'>,
): TransitStatus {
  if (!(sizing.transitAreaMm2 > 0)) return 'INCOMPLETE';
  return notBuildableReason(sizing) ?? 'FITS';
}

export interface ProjectTotals {
  /** The summed materials of the buildable transits. */
  totals: MaterialTotals;
  /** Transits left out of the totals, by their index in the list given, with the reason. */
  notBuildable: { index: number; reason: NotBuildableReason }[];
}

/** Totals over the transits that can be built; the others are listed, never summed. */
export function projectTotals(
  sizings: readonly Pick<TransitSizing, 'overfilled' | 'packing' | 'materials'>[],
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
