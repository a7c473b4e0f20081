// sizeTransit: everything the product shows for one transit (spec §4 fill bar and drawing, §8 messages, §9 fill
// and materials). Pure and deterministic: the server stores its result, the browser shows the same as a preview.

import {
  circleAreaMm2,
  cornerRadiusTooLarge,
  effectiveCornerRadiusMm,
  maxCornerRadiusMm,
  positiveOrNull,
  transitAreaMm2,
} from './area';
import {
  DEFAULT_CLEARANCE_TABLE,
  clearanceApplies,
  requiredClearanceMm,
  requiredWallSpacingMm,
} from './clearance';
import {
  bundleCount,
  cartridgeCount,
  fillerSleeveCount,
  fillerSleeveLengthMm,
  matchCableSleeve,
  multiplyMaterials,
  needsWrap,
  sealantVolumeMl,
  sortCableSleeves,
  sortCrushers,
  wrapLengthMm,
  wrapRolls,
  type CableSleeveMaterial,
  type CrusherMaterial,
  type Materials,
} from './materials';
import { engineMessage, type EngineMessage } from './messages';
import { containerOf } from './packing/container';
import { measuredScale, validateLayout } from './packing/pack-circles';
import { minGapOf, wallGapMm } from './packing/spread';
import { packForVerdict } from './packing/verdict';
import { roundTo } from './rounding';
import { EPSILON, definitelyGreater, definitelyLess } from './tolerance';
import { RISE_ULTRA, isRiseUltraSinglePipe, minimumDepthMm, singlePipeOptions } from './transit-rules';
import type { Catalogue, CatalogueCableSleeve, ItemInput, ItemTypeId, Opening, TransitInput } from './types';

/**
 * The server's verdict search when a save brings no valid layout (ADR 004): fixed seed and iteration budget (not a
 * time budget), so the same input always gives the same stored layout; a layout the browser found is checked, not
 * redone.
 */
export const PACKING_SEED = 1;

/**
 * The server's verdict budget in energy evaluations for `circles` circles: 600 000 up to 40 circles (what the
 * +0.5 % target of issue 15 needs: 400 000 called 76 % of those openings "fits", 600 000 87 %; ADR 004), tapering
 * to 400 000 from 60 circles on, where an evaluation costs more: a search that finds no fit takes about 3 s of an
 * idle core at 40 circles, and larger lists take no longer than before (about 14 s at 299).
 */
export function packingIterationBudget(circles: number): number {
  return Math.round(Math.max(400_000, Math.min(600_000, 24_000_000 / Math.max(1, circles))));
}

/** Time budget of the same search in the browser's Web Worker (issue 15: of the order of 1–2 s). */
export const VERDICT_TIME_BUDGET_MS = 2000;

/** What the packing answers (spec §4 drawing); `centres` in the order of the diameters passed. */
export interface PackingSolution {
  fits: boolean;
  scale: number;
  centres: { xMm: number; yMm: number }[];
  /** Smallest gap item–item and item–wall of a fitting layout, mm; null when it does not fit. */
  minGapMm: number | null;
}

/**
 * A packing function: the circles' diameters in the opening (and the gap each must keep to the wall beyond touching
 * it, ADR 004) -> a solution (e.g. the browser's timed search).
 */
export type PackingSolver = (
  opening: Opening,
  diametersMm: number[],
  wallMarginsMm?: readonly number[],
) => PackingSolution;

/** The server's verdict: deterministic (seeded, iteration-budgeted, no clock). */
export function deterministicVerdict(
  opening: Opening,
  diametersMm: number[],
  wallMarginsMm?: readonly number[],
): PackingSolution {
  return packForVerdict(opening, diametersMm, {
    wallMarginsMm,
    seed: PACKING_SEED,
    iterationBudget: packingIterationBudget(diametersMm.length),
    timeBudgetMs: Number.POSITIVE_INFINITY,
    now: () => 0,
  });
}

export interface SizeTransitInput {
  transit: TransitInput;
  items: readonly ItemInput[];
  catalogue: Catalogue;
  /**
   * A layout found elsewhere (the browser's worker, sent with a save): a certificate, not a result. It is checked
   * with validateLayout (the engine's tolerance) against the circles sized here; when it has one centre per circle
   * and is valid in the opening it is used as sent ('precomputed', fits); otherwise it is ignored and the packing
   * is solved.
   */
  packing?: { centres: { xMm: number; yMm: number }[] } | null;
  /** Solves the packing when no valid layout was given; default: the server's deterministic verdict. */
  solver?: PackingSolver;
  /** false skips the packing (figures and materials only; `packing.source` is 'skipped'). Default true. */
  solvePacking?: boolean;
}

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

export interface PackedCircle {
  /** Index into `items` (and `SizedItem.index`). */
  itemIndex: number;
  itemTypeId: ItemTypeId | null;
  /** The diameter placed (with clearance). */
  diameterMm: number;
  /** The item's occupied diameter, to draw inside the clearance ring. */
  itemDiameterMm: number;
  xMm: number;
  yMm: number;
}

export interface TransitPacking {
  /**
   * 'solved' by packCircles now, 'precomputed' from the input, 'skipped' (no items: fits; no opening or not asked:
   * does not fit, centres all 0).
   */
  source: 'solved' | 'precomputed' | 'skipped';
  fits: boolean;
  /** packCircles' scale: how much the opening would have to grow (or could shrink) for this layout; fits when <= 1. */
  scale: number;
  /** One circle per individual item (lines expanded by quantity), in line order; centres as packCircles gives them. */
  circles: PackedCircle[];
  /** Smallest gap item–item and item–wall of the layout when it fits, mm (the drawing states it); else null. */
  minGapMm: number | null;
  /**
   * When items have a wall spacing (ADR 004) and the layout fits: the spacing required and the smallest achieved,
   * measured from those items' occupied diameters to the wall (the drawing states both); else null.
   */
  wallSpacing?: { requiredMm: number; achievedMm: number } | null;
}

export interface TransitSizing {
  /** The opening sized and packed (for RISE_ULTRA single pipe: the pipe's actual inside diameter). */
  opening: Opening;
  transitAreaMm2: number;
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
  /** Spec §3 copies as used (a whole number, at least 1). */
  copies: number;
  minimumDepthMm: number | null;
  items: SizedItem[];
  packing: TransitPacking;
  /** Materials of one transit. */
  materialsPerTransit: Materials;
  /** Materials for all copies (see `Materials` for which figures are multiplied). */
  materials: Materials;
  messages: EngineMessage[];
}

const SEVERITY_ORDER: Record<EngineMessage['severity'], number> = { error: 0, warning: 1, info: 2 };

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
export function fillPercentOf(sizing: Pick<TransitSizing, 'filledPercentWithClearance'>): number {
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

interface SizedLines {
  items: SizedItem[];
  messages: EngineMessage[];
  cableSleeves: Map<string, { sleeve: CatalogueCableSleeve; count: number }>;
}

function sizeItems(transit: TransitInput, lines: readonly ItemInput[], catalogue: Catalogue): SizedLines {
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

function packItems(
  opening: Opening,
  transitArea: number,
  items: SizedItem[],
  input: SizeTransitInput,
): TransitPacking {
  const circles: PackedCircle[] = items.flatMap((item) =>
    Array.from({ length: item.quantity }, () => ({
      itemIndex: item.index,
      itemTypeId: item.itemTypeId,
      diameterMm: item.diameterPlusClearanceMm,
      itemDiameterMm: item.occupiedDiameterMm,
      xMm: 0,
      yMm: 0,
    })),
  );
  // Nothing to place fits (scale 0, as packCircles answers). Skipped otherwise: fits is false, scale 0 and the centres
  // are 0 (not Infinity, so the result stays JSON: it is stored with the transit).
  if (circles.length === 0) return { source: 'skipped', fits: true, scale: 0, circles, minGapMm: null };
  if (transitArea <= 0 || input.solvePacking === false)
    return { source: 'skipped', fits: false, scale: 0, circles, minGapMm: null };

  const diametersMm = circles.map((circle) => circle.diameterMm);
  // The wall spacing beyond the clearance ring: the ring already keeps half the clearance from the wall.
  const wallMarginsMm = circles.map((circle) => {
    const item = items[circle.itemIndex]!;
    return Math.max(0, item.wallSpacingMm - (circle.diameterMm - circle.itemDiameterMm) / 2);
  });
  const margins = wallMarginsMm.some((m) => m > 0) ? wallMarginsMm : undefined;
  const sent = input.packing?.centres;
  // The certificate check (issue 15): a sent layout is kept only when it is valid in the real opening.
  const certified =
    sent !== undefined &&
    sent.length === circles.length &&
    validateLayout(opening, diametersMm, sent, EPSILON, margins).valid;
  const solution: PackingSolution = certified
    ? {
        fits: true,
        scale: measuredScale(opening, diametersMm, sent, margins),
        centres: sent.map((c) => ({ xMm: c.xMm, yMm: c.yMm })),
        minGapMm: minGapOf(opening, diametersMm, sent),
      }
    : (input.solver ?? deterministicVerdict)(opening, diametersMm, margins);
  const placed = circles.map((circle, i) => {
    const centre = solution.centres[i];
    return centre ? { ...circle, xMm: centre.xMm, yMm: centre.yMm } : circle;
  });
  return {
    source: certified ? 'precomputed' : 'solved',
    fits: solution.fits,
    scale: solution.scale,
    minGapMm: solution.fits ? solution.minGapMm : null,
    wallSpacing: solution.fits ? wallSpacingAchieved(opening, items, placed) : null,
    circles: placed,
  };
}

/**
 * The wall spacing of a fitting layout (ADR 004): the largest spacing required of any item and the smallest gap
 * from such an item's occupied diameter to the wall; null when no item has one.
 */
function wallSpacingAchieved(
  opening: Opening,
  items: SizedItem[],
  circles: PackedCircle[],
): { requiredMm: number; achievedMm: number } | null {
  const container = containerOf(opening);
  let requiredMm = 0;
  let achievedMm = Number.POSITIVE_INFINITY;
  for (const circle of circles) {
    const spacing = items[circle.itemIndex]!.wallSpacingMm;
    if (spacing <= 0 || container === null) continue;
    requiredMm = Math.max(requiredMm, spacing);
    achievedMm = Math.min(
      achievedMm,
      wallGapMm(container, circle.xMm, circle.yMm, circle.itemDiameterMm / 2),
    );
  }
  return requiredMm > 0 ? { requiredMm, achievedMm } : null;
}

/**
 * Size one transit: fill figures (spec §9 "Fill", "Area"), the packing drawn (spec §4), materials (spec §9) and
 * messages (spec §5, §8). See ADR 003 for the order of operations where spec §9 leaves it open.
 */
export function sizeTransit(input: SizeTransitInput): TransitSizing {
  const { transit, catalogue } = input;
  const opening = transitOpening(transit, catalogue);
  const areaMm2 = transitAreaMm2(opening);
  const copies = effectiveCopies(transit.copies);
  const sized = sizeItems(transit, input.items, catalogue);
  const items = sized.items;

  // spec §9 "Fill": cross-sectional area of items over transit area.
  const itemsAreaMm2 = items.reduce((sum, item) => sum + item.areaMm2, 0);
  const itemsAreaWithClearanceMm2 = items.reduce((sum, item) => sum + item.areaWithClearanceMm2, 0);
  const emptyAreaMm2 = Math.max(0, areaMm2 - itemsAreaMm2);
  const filledPercentWithClearance = areaMm2 > 0 ? (itemsAreaWithClearanceMm2 / areaMm2) * 100 : 0;
  // ADR 010: not capped (the issue overrides spec §9's cap: a capped figure hides how far over a transit is).
  const filledPercent = areaMm2 > 0 ? (itemsAreaMm2 / areaMm2) * 100 : 0;
  const limitPercent = fillLimitPercent(transit.sparePercent);
  // A spare out of range has no meaningful limit (its own error says so), and an opening without area is not
  // overfilled (ADR 003): neither is flagged as overfilled.
  const overfilled =
    areaMm2 > 0 &&
    !sparePercentOutOfRange(transit.sparePercent) &&
    definitelyGreater(filledPercentWithClearance, limitPercent);
  const itemCount = items.reduce((sum, item) => sum + item.quantity, 0);

  const packing = packItems(opening, areaMm2, items, input);

  // spec §9 materials, per transit.
  const transitType = catalogue.transitTypes.find((type) => type.id === transit.transitTypeId);
  const mmLess =
    transitType?.classes.find((cls) => cls.classId === transit.classId)?.mmFillerSleeveLessThanTransit ??
    null;
  const depthMm = positiveOrNull(transit.depthMm);
  // spec §5: sleeve length needs transit type, class and depth, otherwise length 0 and no type.
  const sleeveSpecified = transitType !== undefined && mmLess !== null && depthMm !== null;
  // spec §9: no filler sleeves for RISE_ULTRA with the SINGLE configuration.
  const sleeveCount =
    transitType && !isRiseUltraSinglePipe(transit)
      ? fillerSleeveCount(emptyAreaMm2, transitType.fillerSleeveDiameterMm)
      : 0;
  const volumeMl = mmLess !== null ? sealantVolumeMl(mmLess, emptyAreaMm2, transit.sealantDepth) : 0;
  const usableMl = transitType?.usableSealantCartridgeSizeMl ?? null;
  const sealant = transit.sealantType
    ? catalogue.sealants.find((candidate) => candidate.id === transit.sealantType)
    : undefined;

  const cableSleeves: CableSleeveMaterial[] = sortCableSleeves(
    [...sized.cableSleeves.values()].map(({ sleeve, count }) => ({
      cableSleeveId: sleeve.id,
      articleNumber: sleeve.articleNumber,
      outerDiameterMm: sleeve.outerDiameterMm,
      cableMinMm: sleeve.cableMinMm,
      cableMaxMm: sleeve.cableMaxMm,
      count,
    })),
  );
  // Decision (ADR 003): crushers as material are the crusher plugs of plastic pipes; a predefined steel pipe size
  // is only a size, not something to order.
  const crusherCounts = new Map<string, CrusherMaterial>();
  for (const item of items) {
    const crusher = item.crusherId
      ? catalogue.crushers.find((candidate) => candidate.id === item.crusherId)
      : undefined;
    if (!crusher || crusher.itemTypeId !== 'PIPE_PLASTIC' || item.quantity === 0) continue;
    const line = crusherCounts.get(crusher.id) ?? {
      crusherId: crusher.id,
      name: crusher.name,
      articleNumber: crusher.articleNumber ?? null,
      pipeNominalSize: crusher.pipeNominalSize,
      pipeDiameterMm: crusher.pipeDiameterMm,
      outerDiameterMm: crusher.outerDiameterMm,
      count: 0,
    };
    line.count += item.quantity;
    crusherCounts.set(crusher.id, line);
  }
  const wrapMm = wrapLengthMm(
    items
      .filter((item) => item.itemTypeId === 'CABLE')
      .map((item) => ({ diameterMm: item.outerDiameterMm, quantity: item.quantity })),
  );

  const materialsPerTransit: Materials = {
    fillerSleeves: {
      type: sleeveSpecified ? transitType.fillerSleeveType : null,
      diameterMm: transitType?.fillerSleeveDiameterMm ?? null,
      lengthMm: sleeveSpecified ? fillerSleeveLengthMm(depthMm, mmLess) : 0,
      count: sleeveCount,
      bundles: bundleCount(sleeveCount),
    },
    sealant: {
      sealantId: sealant?.id ?? transit.sealantType ?? null,
      sealantName: sealant?.name ?? null,
      volumeMl,
      cartridges: cartridgeCount(volumeMl, usableMl ?? 0),
      cartridgeSizeMl: transitType?.sealantCartridgeSizeMl ?? null,
      usableCartridgeSizeMl: usableMl,
    },
    cableSleeves,
    crushers: sortCrushers([...crusherCounts.values()]),
    wrap: { lengthMm: wrapMm, rolls: wrapRolls(wrapMm) },
  };

  // spec §5, §8 messages, errors first.
  const messages: EngineMessage[] = [];
  // ADR 010: input that is refused on save is reported, never silently changed.
  const negative =
    negativeTransitLengths(transit).length > 0 ||
    input.items.some((line) => line.quantity < 0 || line.outerDiameterMm < 0);
  if (negative) messages.push(engineMessage('NEGATIVE_SIZE'));
  const radiusTooLarge =
    opening.shape === 'RECTANGLE' &&
    cornerRadiusTooLarge(opening.widthMm, opening.heightMm, opening.cornerRadiusMm);
  if (radiusTooLarge && opening.shape === 'RECTANGLE') {
    messages.push(
      engineMessage('CORNER_RADIUS_TOO_LARGE', {
        maxRadius: roundTo(maxCornerRadiusMm(opening.widthMm ?? 0, opening.heightMm ?? 0), 2),
      }),
    );
  }
  if (sparePercentOutOfRange(transit.sparePercent))
    messages.push(engineMessage('SPARE_PERCENT_OUT_OF_RANGE', { max: SPARE_PERCENT_MAX }));
  if (areaMm2 <= 0) {
    // The opening's own error says why it has no area; "enter the dimensions" would be wrong then.
    if (!radiusTooLarge && !negative) messages.push(engineMessage('TRANSIT_SIZE_MISSING'));
  } else if (!packing.fits && packing.source !== 'skipped') {
    messages.push(engineMessage('ITEMS_DO_NOT_FIT'));
    // spec §8: for PIPE followed by the excess-space message.
    if (items.some((item) => item.itemTypeId === 'PIPE' && item.quantity > 0))
      messages.push(engineMessage('MINIMUM_EXCESS_SPACE'));
  }
  const minDepthMm = minimumDepthMm(catalogue, transit.itemTypeId, transit.classId);
  if (minDepthMm !== null && depthMm !== null && definitelyLess(depthMm, minDepthMm)) {
    messages.push(engineMessage('DEPTH_BELOW_MINIMUM', { min: minDepthMm }));
  }
  if (overfilled) {
    messages.push(
      engineMessage('FILL_LIMIT_EXCEEDED', {
        fill: roundTo(filledPercentWithClearance, 1),
        limit: roundTo(limitPercent, 1),
      }),
    );
  }
  messages.push(...sized.messages);
  if (!sleeveSpecified) messages.push(engineMessage('MATERIALS_INCOMPLETE'));
  if (transit.transitTypeId === RISE_ULTRA) messages.push(engineMessage('RISE_ULTRA_LONGER_DEPTH'));
  if (isRiseUltraSinglePipe(transit)) messages.push(engineMessage('RISE_ULTRA_SCH80'));

  return {
    opening,
    transitAreaMm2: areaMm2,
    itemsAreaMm2,
    itemsAreaWithClearanceMm2,
    emptyAreaMm2,
    filledPercent,
    filledPercentWithClearance,
    fillLimitPercent: limitPercent,
    overfilled,
    itemCount,
    copies,
    minimumDepthMm: minDepthMm,
    items,
    packing,
    materialsPerTransit,
    materials: multiplyMaterials(materialsPerTransit, copies),
    // Errors first, then warnings, then notes; the order within each severity is kept (spec §8: the excess-space
    // message follows the does-not-fit message).
    messages: [...messages].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]),
  };
}
