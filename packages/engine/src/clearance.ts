import { definitelyLess, greaterOrNearlyEqual } from './tolerance';
import type { ClearanceEntry, ItemTypeId, TransitTypeId } from './types';

/**
 * Spec §9: required pipe clearance by pipe outer diameter in mm (min inclusive, max exclusive).
 * The boundaries are whole inches (3", 8", 12", 14", 16"), i.e. steel pipe sizes.
 */
export const DEFAULT_CLEARANCE_TABLE: readonly ClearanceEntry[] = [
  { pipeOuterDiameterMinMm: 0, pipeOuterDiameterMaxMm: 76.2, requiredClearanceMm: 30 },
  { pipeOuterDiameterMinMm: 76.2, pipeOuterDiameterMaxMm: 203.2, requiredClearanceMm: 40 },
  { pipeOuterDiameterMinMm: 203.2, pipeOuterDiameterMaxMm: 304.8, requiredClearanceMm: 60 },
  { pipeOuterDiameterMinMm: 304.8, pipeOuterDiameterMaxMm: 355.6, requiredClearanceMm: 70 },
  { pipeOuterDiameterMinMm: 355.6, pipeOuterDiameterMaxMm: 406.4, requiredClearanceMm: 80 },
];

/**
 * Required clearance for a pipe of this outer diameter (spec §9), or null when the diameter is outside the table
 * (or not a non-negative number). Min inclusive, max exclusive, compared with the engine's float tolerance so a
 * diameter converted from inches (76.19999…) lands in the row it was meant for.
 */
export function requiredClearanceMm(
  pipeOuterDiameterMm: number,
  table: readonly ClearanceEntry[] = DEFAULT_CLEARANCE_TABLE,
): number | null {
  if (!Number.isFinite(pipeOuterDiameterMm) || pipeOuterDiameterMm < 0) return null;
  const row = table.find(
    (entry) =>
      greaterOrNearlyEqual(pipeOuterDiameterMm, entry.pipeOuterDiameterMinMm) &&
      definitelyLess(pipeOuterDiameterMm, entry.pipeOuterDiameterMaxMm),
  );
  return row ? row.requiredClearanceMm : null;
}

/** Spec §9 "NOFIRNO-family transit types": NOFIRNO, NOFIRNO/CER and NOFIRNO/RISE (not RISE_ULTRA). */
export const NOFIRNO_FAMILY: readonly TransitTypeId[] = ['NOFIRNO', 'NOFIRNO/CER', 'NOFIRNO/RISE'];

export function isNofirnoFamily(transitTypeId: TransitTypeId | null | undefined): boolean {
  return transitTypeId !== null && transitTypeId !== undefined && NOFIRNO_FAMILY.includes(transitTypeId);
}

/**
 * Spec §9 "NOFIRNO-family transit types with a pipe add this clearance". Decision (ADR 003): "a pipe" is the item
 * type PIPE (steel pipe, the table's inch boundaries are steel sizes, and §8 ties the excess-space message to PIPE);
 * plastic pipes are protected by crushers instead, cables get none.
 */
export function clearanceApplies(
  transitTypeId: TransitTypeId | null | undefined,
  itemTypeId: ItemTypeId | null | undefined,
): boolean {
  return itemTypeId === 'PIPE' && isNofirnoFamily(transitTypeId);
}

/**
 * Spacing from a pipe to the wall (ADR 004): installers of NOFIRNO-family systems keep at least 20 mm between a pipe
 * and the wall of the opening (research: installation practice, not a certified figure). The clearance ring gives
 * half a clearance (15–40 mm) to the wall, so the rule only adds to pipes whose clearance is below 40 mm.
 */
export const PIPE_WALL_SPACING_MM = 20;

/** The gap an item's own outer diameter must keep to the wall: PIPE_WALL_SPACING_MM where the clearance applies. */
export function requiredWallSpacingMm(
  transitTypeId: TransitTypeId | null | undefined,
  itemTypeId: ItemTypeId | null | undefined,
): number {
  return clearanceApplies(transitTypeId, itemTypeId) ? PIPE_WALL_SPACING_MM : 0;
}
