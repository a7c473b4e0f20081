// Material formulas of spec §9 (filler sleeves, sealant, cable sleeves, crushers, wrap) and the material list shape.
// Each formula is a small pure function so it can be tested with hand-worked figures; sizeTransit composes them.

import { circleAreaMm2 } from './area';
import { roundTo } from './rounding';
import { ceilTolerant, definitelyGreater, lessOrNearlyEqual } from './tolerance';
import type { CatalogueCableSleeve, SealantDepth, TransitTypeId } from './types';

/** Spec §9: bundles hold 10 sleeves. */
export const FILLER_SLEEVES_PER_BUNDLE = 10;
/** Spec §9: sleeve length rounded to 0.1 (mm). */
export const FILLER_SLEEVE_LENGTH_DECIMALS = 1;
/** Spec §9: sealant volume × 1.25 (an allowance for waste). */
export const SEALANT_WASTE_FACTOR = 1.25;
/** Spec §9: × 0.001 turns mm³ into ml (cm³). */
export const MM3_TO_ML = 0.001;
/** Spec §5/§9: wrap only for cables above 63 mm outer diameter. */
export const WRAP_MIN_CABLE_DIAMETER_MM = 63;
/** Spec §9: wrap length × 4 (turns around the cable). */
export const WRAP_TURNS = 4;
/** Spec §9: rolls = length / 1000 (mm per roll). */
export const WRAP_ROLL_LENGTH_MM = 1000;

/** Spec §9: sleeve length = depth − mmFillerSleeveLessThanTransit, floored at 0, rounded to 0.1. */
export function fillerSleeveLengthMm(depthMm: number, mmFillerSleeveLessThanTransit: number): number {
  return roundTo(Math.max(0, depthMm - mmFillerSleeveLessThanTransit), FILLER_SLEEVE_LENGTH_DECIMALS);
}

/** Spec §9: sleeve count = empty area / sleeve (cross-section) area, rounded up. */
export function fillerSleeveCount(emptyAreaMm2: number, fillerSleeveDiameterMm: number): number {
  const sleeveAreaMm2 = circleAreaMm2(fillerSleeveDiameterMm);
  if (sleeveAreaMm2 <= 0 || !(emptyAreaMm2 > 0)) return 0;
  return ceilTolerant(emptyAreaMm2 / sleeveAreaMm2);
}

/** Spec §9: bundles hold 10 sleeves; whole bundles. */
export function bundleCount(sleeveCount: number): number {
  return sleeveCount > 0 ? ceilTolerant(sleeveCount / FILLER_SLEEVES_PER_BUNDLE) : 0;
}

/**
 * Spec §9: sealant volume = mmFillerSleeveLessThanTransit × empty area × 1.25 × 0.001, rounded up, halved when
 * sealantDepth is SINGLE. Decision (ADR 003): halve first, then round up to whole ml, so the result is a whole
 * number and never less than needed (rounding first and halving could give x.5 ml).
 */
export function sealantVolumeMl(
  mmFillerSleeveLessThanTransit: number,
  emptyAreaMm2: number,
  sealantDepth: SealantDepth | null | undefined,
): number {
  if (!(mmFillerSleeveLessThanTransit > 0) || !(emptyAreaMm2 > 0)) return 0;
  const fullMl = mmFillerSleeveLessThanTransit * emptyAreaMm2 * SEALANT_WASTE_FACTOR * MM3_TO_ML;
  return ceilTolerant(sealantDepth === 'SINGLE' ? fullMl / 2 : fullMl);
}

/** Spec §9: cartridges = volume / usable cartridge size, rounded up. */
export function cartridgeCount(volumeMl: number, usableCartridgeSizeMl: number): number {
  if (!(volumeMl > 0) || !(usableCartridgeSizeMl > 0)) return 0;
  return ceilTolerant(volumeMl / usableCartridgeSizeMl);
}

/** Spec §5/§9: a cable is wrapped when its outer diameter is above 63 mm (strictly). */
export function needsWrap(cableDiameterMm: number): boolean {
  return definitelyGreater(cableDiameterMm, WRAP_MIN_CABLE_DIAMETER_MM);
}

/** Spec §9: wrap length = Σ diameter × π × quantity for cables above 63 mm, × 4. */
export function wrapLengthMm(cables: readonly { diameterMm: number; quantity: number }[]): number {
  const circumferenceMm = cables
    .filter((cable) => needsWrap(cable.diameterMm) && cable.quantity > 0)
    .reduce((sum, cable) => sum + cable.diameterMm * Math.PI * cable.quantity, 0);
  return circumferenceMm * WRAP_TURNS;
}

/** Spec §9: rolls = length / 1000, rounded up. */
export function wrapRolls(lengthMm: number): number {
  return lengthMm > 0 ? ceilTolerant(lengthMm / WRAP_ROLL_LENGTH_MM) : 0;
}

/**
 * Spec §9: the cable sleeve for a cable: cableMin < outer diameter <= cableMax, same transit type. When ranges
 * overlap, the smallest sleeve wins (then the article number), so the choice does not depend on catalogue order.
 */
export function matchCableSleeve(
  cableSleeves: readonly CatalogueCableSleeve[],
  transitTypeId: TransitTypeId | null | undefined,
  cableDiameterMm: number,
): CatalogueCableSleeve | null {
  if (!transitTypeId || !(cableDiameterMm > 0)) return null;
  const matches = cableSleeves.filter(
    (sleeve) =>
      sleeve.transitTypeId === transitTypeId &&
      definitelyGreater(cableDiameterMm, sleeve.cableMinMm) &&
      lessOrNearlyEqual(cableDiameterMm, sleeve.cableMaxMm),
  );
  matches.sort(
    (a, b) => a.outerDiameterMm - b.outerDiameterMm || a.articleNumber.localeCompare(b.articleNumber),
  );
  return matches[0] ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// The material list

export interface FillerSleeveMaterial {
  /** Spec §5: null when transit type, class or depth is missing (then lengthMm is 0). */
  type: string | null;
  diameterMm: number | null;
  lengthMm: number;
  count: number;
  bundles: number;
}

export interface SealantMaterial {
  /** The sealant chosen on the transit (`TransitInput.sealantType`, a sealant id) and its name. */
  sealantId: string | null;
  sealantName: string | null;
  volumeMl: number;
  cartridges: number;
  cartridgeSizeMl: number | null;
  usableCartridgeSizeMl: number | null;
}

export interface CableSleeveMaterial {
  cableSleeveId: string;
  articleNumber: string;
  outerDiameterMm: number;
  cableMinMm: number;
  cableMaxMm: number;
  count: number;
}

export interface CrusherMaterial {
  crusherId: string;
  name: string;
  articleNumber: string | null;
  pipeNominalSize: string;
  pipeDiameterMm: number;
  outerDiameterMm: number;
  count: number;
}

export interface WrapMaterial {
  lengthMm: number;
  rolls: number;
}

/**
 * Materials of one transit. In `TransitSizing.materials` the counts are for all copies: fillerSleeves.count,
 * sealant.volumeMl, cableSleeves[].count, crushers[].count and wrap.lengthMm are per transit × copies; bundles,
 * cartridges and rolls are packs, computed from those totals (ADR 003). Lengths, diameters and sizes are not
 * multiplied.
 */
export interface Materials {
  fillerSleeves: FillerSleeveMaterial;
  sealant: SealantMaterial;
  /** Grouped by article number, in ascending sleeve size. */
  cableSleeves: CableSleeveMaterial[];
  /** Grouped by crusher, sorted by pipe diameter (spec §9). */
  crushers: CrusherMaterial[];
  wrap: WrapMaterial;
}

/** Multiply one transit's materials by its copies (spec §3 copies), recomputing packs from the totals. */
export function multiplyMaterials(perTransit: Materials, copies: number): Materials {
  const fillerCount = perTransit.fillerSleeves.count * copies;
  const volumeMl = perTransit.sealant.volumeMl * copies;
  const wrapLength = perTransit.wrap.lengthMm * copies;
  return {
    fillerSleeves: { ...perTransit.fillerSleeves, count: fillerCount, bundles: bundleCount(fillerCount) },
    // ADR 010: sealant cartridges are counted per transit (each copy is sealed with its own cartridges), so the
    // figures add up: copies × the transit's cartridges, never recomputed from the pooled volume.
    sealant: { ...perTransit.sealant, volumeMl, cartridges: perTransit.sealant.cartridges * copies },
    cableSleeves: perTransit.cableSleeves.map((sleeve) => ({ ...sleeve, count: sleeve.count * copies })),
    crushers: perTransit.crushers.map((crusher) => ({ ...crusher, count: crusher.count * copies })),
    wrap: { lengthMm: wrapLength, rolls: wrapRolls(wrapLength) },
  };
}

/** Material totals over several transits (a project's material list): lines grouped, packs recomputed. */
export interface MaterialTotals {
  /** Grouped by type, diameter and length; lines without a type (incomplete transits) are left out. */
  fillerSleeves: (FillerSleeveMaterial & { type: string })[];
  /** Grouped by sealant and cartridge size; lines with no volume are left out. Cartridges: the sum (ADR 010). */
  sealants: SealantMaterial[];
  cableSleeves: CableSleeveMaterial[];
  crushers: CrusherMaterial[];
  wrap: WrapMaterial;
}

/**
 * Sum the (already copy-multiplied) materials of several transits. Sleeve bundles and wrap rolls are packs of
 * interchangeable pieces, recomputed from the summed count and length; sealant cartridges are summed (ADR 010).
 */
export function totalMaterials(list: readonly Materials[]): MaterialTotals {
  const sleeves = new Map<string, FillerSleeveMaterial & { type: string }>();
  const sealants = new Map<string, SealantMaterial>();
  const cableSleeves = new Map<string, CableSleeveMaterial>();
  const crushers = new Map<string, CrusherMaterial>();
  let wrapLength = 0;
  for (const materials of list) {
    const filler = materials.fillerSleeves;
    if (filler.type !== null && filler.count > 0) {
      const key = JSON.stringify([filler.type, filler.diameterMm, filler.lengthMm]);
      const line = sleeves.get(key) ?? { ...filler, type: filler.type, count: 0, bundles: 0 };
      line.count += filler.count;
      sleeves.set(key, line);
    }
    const sealant = materials.sealant;
    if (sealant.volumeMl > 0) {
      const key = JSON.stringify([sealant.sealantId, sealant.cartridgeSizeMl, sealant.usableCartridgeSizeMl]);
      const line = sealants.get(key) ?? { ...sealant, volumeMl: 0, cartridges: 0 };
      line.volumeMl += sealant.volumeMl;
      line.cartridges += sealant.cartridges;
      sealants.set(key, line);
    }
    for (const sleeve of materials.cableSleeves) {
      const line = cableSleeves.get(sleeve.articleNumber) ?? { ...sleeve, count: 0 };
      line.count += sleeve.count;
      cableSleeves.set(sleeve.articleNumber, line);
    }
    for (const crusher of materials.crushers) {
      const line = crushers.get(crusher.crusherId) ?? { ...crusher, count: 0 };
      line.count += crusher.count;
      crushers.set(crusher.crusherId, line);
    }
    wrapLength += materials.wrap.lengthMm;
  }
  return {
    fillerSleeves: [...sleeves.values()]
      .map((line) => ({ ...line, bundles: bundleCount(line.count) }))
      .sort(
        (a, b) =>
          a.type.localeCompare(b.type) ||
          (a.diameterMm ?? 0) - (b.diameterMm ?? 0) ||
          a.lengthMm - b.lengthMm,
      ),
    // ADR 010: cartridges are the sum of the transits' own (sealant is not pooled across transits). Sorted by name
    // and cartridge size, so the totals do not depend on the order the transits come in.
    sealants: [...sealants.values()].sort(
      (a, b) =>
        (a.sealantName ?? '').localeCompare(b.sealantName ?? '') ||
        (a.sealantId ?? '').localeCompare(b.sealantId ?? '') ||
        (a.cartridgeSizeMl ?? 0) - (b.cartridgeSizeMl ?? 0) ||
        (a.usableCartridgeSizeMl ?? 0) - (b.usableCartridgeSizeMl ?? 0),
    ),
    cableSleeves: sortCableSleeves([...cableSleeves.values()]),
    crushers: sortCrushers([...crushers.values()]),
    wrap: { lengthMm: wrapLength, rolls: wrapRolls(wrapLength) },
  };
}

export function sortCableSleeves(lines: CableSleeveMaterial[]): CableSleeveMaterial[] {
  return lines.sort(
    (a, b) => a.outerDiameterMm - b.outerDiameterMm || a.articleNumber.localeCompare(b.articleNumber),
  );
}

/** Spec §9: crushers sorted by pipe diameter. */
export function sortCrushers(lines: CrusherMaterial[]): CrusherMaterial[] {
  return lines.sort((a, b) => a.pipeDiameterMm - b.pipeDiameterMm || a.crusherId.localeCompare(b.crusherId));
}
