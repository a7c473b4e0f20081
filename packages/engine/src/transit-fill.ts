// The fill and item formulas of one transit (spec §3 item fields, §9 fill): the opening, each item line as sized
// (its sleeve, clearance and areas) and the fill figures. sizeTransit (size-transit.ts) assembles them.

import { circleAreaMm2, cornerRadiusTooLarge, effectiveCornerRadiusMm, positiveOrNull } from './area';
import {
  DEFAULT_CLEARANCE_TABLE,
  clearanceApplies,
  requiredClearanceMm,
  requiredWallSpacingMm,
} from './clearance';
import { matchCableSleeve, needsWrap } from './materials';
import { engineMessage, type EngineMessage } from './messages';
import { roundTo } from './rounding';
import { definitelyGreater } from './tolerance';
import { isRiseUltraSinglePipe, singlePipeOptions } from './transit-rules';
import type { Catalogue, CatalogueCableSleeve, ItemInput, ItemTypeId, Opening, TransitInput } from './types';

/** One input line as sized (spec §3 penetrating item fields), in the order of `items`. */
export interface SizedItem {
  index: number;
  id: string | null;
  itemTypeId: ItemTypeId | null;
  /** Whole items counted; 0 when the line has no positive quantity or outer diameter (it is then ignored). */
  quantity: number;
  /** The item's own outer diameter (the crusher's pipe diameter when a predefined size is chosen). */
  outerDiameterMm: number;
  crusherId: string | null;
  /** Spec §3 plasticPipeDiameter: the plastic pipe's own outer diameter, for PIPE_PLASTIC. */
  plasticPipeDiameterMm: number | null;
  /** Spec §3 sleevedDiameter: a cable's diameter in its cable sleeve (the sleeve's outer diameter). */
  sleevedDiameterMm: number | null;
  cableSleeveId: string | null;
  /** The diameter the item takes up in the transit: crusher or cable sleeve outer diameter, else its own. */
  occupiedDiameterMm: number;
  /** Spec §9 clearance added (PIPE in a NOFIRNO-family transit), else 0. */
  clearanceMm: number;
  /** Spec §3 diameterPlusClearance: occupied diameter + clearance; the diameter the packing places. */
  diameterPlusClearanceMm: number;
  /**
   * The gap the item's occupied diameter must keep to the wall (ADR 004: PIPE_WALL_SPACING_MM for a pipe in a
   * NOFIRNO-family transit), else 0.
   */
  wallSpacingMm: number;
  /** Spec §9 wrap: cable above 63 mm. */
  wrapped: boolean;
  /** Cross-section of the line (all its items), without and with clearance. */
  areaMm2: number;
  areaWithClearanceMm2: number;
}

/** Spec §3 copies: a positive whole number; missing or less than 1 counts as 1. */
export function effectiveCopies(copies: number | null | undefined): number {
  return typeof copies === 'number' && Number.isFinite(copies) && copies >= 1 ? Math.floor(copies) : 1;
}

/** Spec §9 spare percent: 0 to 99 (a spare of 100 % would leave no room at all). Above it is refused (ADR 010). */
export const SPARE_PERCENT_MIN = 0;
export const SPARE_PERCENT_MAX = 99;

/** True for a spare percent that is given and outside SPARE_PERCENT_MIN–SPARE_PERCENT_MAX. */
export function sparePercentOutOfRange(sparePercent: number | null | undefined): boolean {
  return (
    typeof sparePercent === 'number' &&
    (!Number.isFinite(sparePercent) || sparePercent < SPARE_PERCENT_MIN || sparePercent > SPARE_PERCENT_MAX)
  );
}

/**
 * Spec §9: fill limit = 100 − sparePercent; missing is 0. Never clamped (ADR 010): a spare out of range is refused
 * on save, and in a preview it gives the limit it means, with the SPARE_PERCENT_OUT_OF_RANGE error.
 */
export function fillLimitPercent(sparePercent: number | null | undefined): number {
  const spare = typeof sparePercent === 'number' && Number.isFinite(sparePercent) ? sparePercent : 0;
  return 100 - spare;
}

/** THE fill of a transit (ADR 010): the one figure every screen and document shows as "Fill". */
export function fillPercentOf(sizing: { filledPercentWithClearance: number }): number {
  return sizing.filledPercentWithClearance;
}

const TRANSIT_LENGTH_FIELDS = ['diameterMm', 'widthMm', 'heightMm', 'cornerRadiusMm', 'depthMm'] as const;

/** ADR 010: negative lengths of the transit (never made positive: the opening is not sized). */
export function negativeTransitLengths(transit: TransitInput): (typeof TRANSIT_LENGTH_FIELDS)[number][] {
  return TRANSIT_LENGTH_FIELDS.filter((field) => {
    const value = transit[field];
    return typeof value === 'number' && value < 0;
  });
}

/** The opening of a transit as the engine sizes it. */
export function transitOpening(transit: TransitInput, catalogue: Catalogue): Opening {
  if (transit.shape === 'RECTANGLE') {
    const widthMm = positiveOrNull(transit.widthMm);
    const heightMm = positiveOrNull(transit.heightMm);
    // A radius above the largest allowed is kept as it is, so the opening has no area (never a limited radius).
    const cornerRadiusMm =
      widthMm === null || heightMm === null
        ? 0
        : cornerRadiusTooLarge(widthMm, heightMm, transit.cornerRadiusMm)
          ? (positiveOrNull(transit.cornerRadiusMm) ?? 0)
          : effectiveCornerRadiusMm(widthMm, heightMm, transit.cornerRadiusMm);
    return { shape: 'RECTANGLE', widthMm, heightMm, cornerRadiusMm };
  }
  if (isRiseUltraSinglePipe(transit) && transit.singleCrusherPipeId) {
    // Spec §4: the diameter of a RISE_ULTRA single pipe is its 'Actual Inside Diameter'; the catalogue is the source.
    const pipe = singlePipeOptions(catalogue).find((crusher) => crusher.id === transit.singleCrusherPipeId);
    if (pipe?.insideDiameterMm) return { shape: 'ROUND', diameterMm: pipe.insideDiameterMm };
  }
  return { shape: 'ROUND', diameterMm: positiveOrNull(transit.diameterMm) };
}

function wholeQuantity(quantity: number): number {
  return Number.isFinite(quantity) && quantity >= 1 ? Math.floor(quantity) : 0;
}

export interface SizedLines {
  items: SizedItem[];
  messages: EngineMessage[];
  cableSleeves: Map<string, { sleeve: CatalogueCableSleeve; count: number }>;
}

export function sizeItems(
  transit: TransitInput,
  lines: readonly ItemInput[],
  catalogue: Catalogue,
): SizedLines {
  const clearanceTable = catalogue.clearance.length > 0 ? catalogue.clearance : DEFAULT_CLEARANCE_TABLE;
  const messages: EngineMessage[] = [];
  const seen = new Set<string>();
  const warn = (message: EngineMessage) => {
    const key = message.text;
    if (seen.has(key)) return;
    seen.add(key);
    messages.push(message);
  };
  const cableSleeves = new Map<string, { sleeve: CatalogueCableSleeve; count: number }>();

  const items = lines.map((line, index): SizedItem => {
    const itemTypeId = line.itemTypeId ?? transit.itemTypeId ?? null;
    const crusher = line.crusherId
      ? catalogue.crushers.find((candidate) => candidate.id === line.crusherId)
      : undefined;
    if (line.crusherId && !crusher) warn(engineMessage('CRUSHER_NOT_FOUND', { crusherId: line.crusherId }));
    // A predefined size (crusher) is the source of its diameters; otherwise the entered outer diameter.
    const ownDiameterMm = crusher ? crusher.pipeDiameterMm : (positiveOrNull(line.outerDiameterMm) ?? 0);
    const quantity = ownDiameterMm > 0 ? wholeQuantity(line.quantity) : 0;
    let occupiedDiameterMm = crusher ? crusher.outerDiameterMm : ownDiameterMm;

    let sleeve: CatalogueCableSleeve | null = null;
    let wrapped = false;
    if (itemTypeId === 'CABLE' && quantity > 0) {
      wrapped = needsWrap(ownDiameterMm);
      sleeve = matchCableSleeve(catalogue.cableSleeves, transit.transitTypeId, ownDiameterMm);
      if (sleeve) {
        occupiedDiameterMm = Math.max(ownDiameterMm, sleeve.outerDiameterMm);
        const entry = cableSleeves.get(sleeve.articleNumber) ?? { sleeve, count: 0 };
        entry.count += quantity;
        cableSleeves.set(sleeve.articleNumber, entry);
      } else if (transit.transitTypeId && !wrapped) {
        warn(engineMessage('NO_CABLE_SLEEVE', { diameter: roundTo(ownDiameterMm, 2) }));
      }
    }

    let clearanceMm = 0;
    if (quantity > 0 && clearanceApplies(transit.transitTypeId, itemTypeId)) {
      const required = requiredClearanceMm(ownDiameterMm, clearanceTable);
      if (required === null)
        warn(engineMessage('CLEARANCE_NOT_DEFINED', { diameter: roundTo(ownDiameterMm, 2) }));
      clearanceMm = required ?? 0;
    }
    // Decision (ADR 003): the clearance is added to the diameter (spec §3 "diameterPlusClearance").
    const diameterPlusClearanceMm = occupiedDiameterMm + clearanceMm;
    return {
      index,
      id: line.id ?? null,
      itemTypeId,
      quantity,
      outerDiameterMm: ownDiameterMm,
      crusherId: crusher ? crusher.id : (line.crusherId ?? null),
      plasticPipeDiameterMm: itemTypeId === 'PIPE_PLASTIC' ? ownDiameterMm : null,
      sleevedDiameterMm: sleeve ? occupiedDiameterMm : null,
      cableSleeveId: sleeve ? sleeve.id : null,
      occupiedDiameterMm,
      clearanceMm,
      diameterPlusClearanceMm,
      wallSpacingMm: quantity > 0 ? requiredWallSpacingMm(transit.transitTypeId, itemTypeId) : 0,
      wrapped,
      areaMm2: circleAreaMm2(occupiedDiameterMm) * quantity,
      areaWithClearanceMm2: circleAreaMm2(diameterPlusClearanceMm) * quantity,
    };
  });
  return { items, messages, cableSleeves };
}

/** Spec §9 "Fill" figures of an opening of `areaMm2` holding the sized `items` (ADR 010: never capped). */
export interface FillFigures {
  itemsAreaMm2: number;
  itemsAreaWithClearanceMm2: number;
  /** Transit area − items area (without clearance: clearance is space the filler sleeves and sealant fill). */
  emptyAreaMm2: number;
  /**
   * Items area without clearance over transit area × 100, not capped. Not "the fill" (ADR 010): shown, if at all,
   * under another name.
   */
  filledPercent: number;
  /**
   * THE fill (ADR 010, spec §9): items area including the required pipe clearance over the transit area × 100, not
   * capped. The one figure compared with the fill limit, shown as "Fill" on every screen and in every document
   * (read it through `fillPercentOf`, format it with `formatPercent`).
   */
  filledPercentWithClearance: number;
  /** Spec §9: 100 − sparePercent. */
  fillLimitPercent: number;
  /** Spec §9: percentage with clearance > fill limit. */
  overfilled: boolean;
  /** Individual items in one transit (spec §3 penetratingItemCount). */
  itemCount: number;
}

export function fillFigures(
  areaMm2: number,
  items: readonly SizedItem[],
  sparePercent: number | null | undefined,
): FillFigures {
  // spec §9 "Fill": cross-sectional area of items over transit area.
  const itemsAreaMm2 = items.reduce((sum, item) => sum + item.areaMm2, 0);
  const itemsAreaWithClearanceMm2 = items.reduce((sum, item) => sum + item.areaWithClearanceMm2, 0);
  const emptyAreaMm2 = Math.max(0, areaMm2 - itemsAreaMm2);
  const filledPercentWithClearance = areaMm2 > 0 ? (itemsAreaWithClearanceMm2 / areaMm2) * 100 : 0;
  // ADR 010: not capped (the issue overrides spec §9's cap: a capped figure hides how far over a transit is).
  const filledPercent = areaMm2 > 0 ? (itemsAreaMm2 / areaMm2) * 100 : 0;
  const limitPercent = fillLimitPercent(sparePercent);
  // A spare out of range has no meaningful limit (its own error says so), and an opening without area is not
  // overfilled (ADR 003): neither is flagged as overfilled.
  const overfilled =
    areaMm2 > 0 &&
    !sparePercentOutOfRange(sparePercent) &&
    definitelyGreater(filledPercentWithClearance, limitPercent);
  const itemCount = items.reduce((sum, item) => sum + item.quantity, 0);
  return {
    itemsAreaMm2,
    itemsAreaWithClearanceMm2,
    emptyAreaMm2,
    filledPercent,
    filledPercentWithClearance,
    fillLimitPercent: limitPercent,
    overfilled,
    itemCount,
  };
}
