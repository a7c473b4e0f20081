// sizeTransit: everything the product shows for one transit (spec §4 fill bar and drawing, §8 messages, §9 fill
// and materials). Pure and deterministic: the server stores its result, the browser shows the same as a preview.

import { cornerRadiusTooLarge, maxCornerRadiusMm, positiveOrNull, transitAreaMm2 } from './area';
import {
  bundleCount,
  cartridgeCount,
  fillerSleeveCount,
  fillerSleeveLengthMm,
  multiplyMaterials,
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
import { roundTo } from './rounding';
import { EPSILON, definitelyLess } from './tolerance';
import { RISE_ULTRA, isRiseUltraSinglePipe, minimumDepthMm } from './transit-rules';
import {
  SPARE_PERCENT_MAX,
  effectiveCopies,
  fillFigures,
  negativeTransitLengths,
  sizeItems,
  sparePercentOutOfRange,
  transitOpening,
  type FillFigures,
  type SizedItem,
} from './transit-fill';
import { deterministicVerdict, type PackingSolution, type PackingSolver } from './verdict-budget';
import type { Catalogue, ItemInput, ItemTypeId, Opening, TransitInput } from './types';

// The parts sizeTransit assembles, reachable from here as before the split.
export {
  SPARE_PERCENT_MAX,
  SPARE_PERCENT_MIN,
  effectiveCopies,
  fillLimitPercent,
  fillPercentOf,
  negativeTransitLengths,
  sparePercentOutOfRange,
  transitOpening,
  type SizedItem,
} from './transit-fill';
export {
  PACKING_SEED,
  VERDICT_TIME_BUDGET_MS,
  deterministicVerdict,
  packingIterationBudget,
  type PackingSolution,
  type PackingSolver,
} from './verdict-budget';

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
  /**
   * A layout to start the search from when `packing` is not a valid certificate (the browser's best layout, which
   * does not fit; ADR 039): only a hint, repaired into a valid layout by the search; it never makes a result fit.
   */
  packingStart?: { centres: { xMm: number; yMm: number }[] } | null;
  /** Solves the packing when no valid layout was given; default: the server's deterministic verdict. */
  solver?: PackingSolver;
  /** false skips the packing (figures and materials only; `packing.source` is 'skipped'). Default true. */
  solvePacking?: boolean;
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

export interface TransitSizing extends FillFigures {
  /** The opening sized and packed (for RISE_ULTRA single pipe: the pipe's actual inside diameter). */
  opening: Opening;
  transitAreaMm2: number;
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
  // The certificate check (ADR 004): a sent layout is kept only when it is valid in the real opening.
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
    : (input.solver ?? deterministicVerdict)(opening, diametersMm, margins, input.packingStart?.centres);
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

  const fill = fillFigures(areaMm2, items, transit.sparePercent);
  const { emptyAreaMm2, filledPercentWithClearance, overfilled } = fill;
  const limitPercent = fill.fillLimitPercent;

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
    ...fill,
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
