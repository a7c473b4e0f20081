// The material list (spec §9): which lines a person orders from, in which order, with which quantity. The screen
// and every document print these lines, each in its own words and units, so they never list different things
// (ADR 028).

import type {
  CableSleeveMaterial,
  CrusherMaterial,
  FillerSleeveMaterial,
  MaterialTotals,
  Materials,
  SealantMaterial,
  WrapMaterial,
} from './materials';

/** The unit each line is counted in: pieces, sealant cartridges, wrap rolls. */
export type MaterialListUnit = 'pcs' | 'cartridges' | 'rolls';

interface LineBase {
  /** Stable within one list (types, sizes and ids), e.g. `filler:NOFIRNO filler sleeve:20:150`. */
  key: string;
  /** What the line is counted in; `quantity` is that count. */
  unit: MaterialListUnit;
  quantity: number;
}

/** ADR 028: the bundles are the same sleeves packed by ten, so they are the line's detail, never a line. */
export interface FillerSleeveLine extends LineBase {
  kind: 'FILLER_SLEEVE';
  unit: 'pcs';
  sleeve: FillerSleeveMaterial & { type: string };
}

/** Counted in cartridges; the volume (what the cartridges hold) is the line's measured figure. */
export interface SealantLine extends LineBase {
  kind: 'SEALANT';
  unit: 'cartridges';
  sealant: SealantMaterial;
}

export interface CableSleeveLine extends LineBase {
  kind: 'CABLE_SLEEVE';
  unit: 'pcs';
  sleeve: CableSleeveMaterial;
}

export interface CrusherLine extends LineBase {
  kind: 'CRUSHER';
  unit: 'pcs';
  crusher: CrusherMaterial;
}

/** Counted in rolls; the wrap length is the line's measured figure. */
export interface WrapLine extends LineBase {
  kind: 'WRAP';
  unit: 'rolls';
  wrap: WrapMaterial;
}

export type MaterialListLine = FillerSleeveLine | SealantLine | CableSleeveLine | CrusherLine | WrapLine;

function isTotals(materials: Materials | MaterialTotals): materials is MaterialTotals {
  return Array.isArray(materials.fillerSleeves);
}

/**
 * The material list of one transit (`Materials`) or of several (`MaterialTotals`), in the order a buyer reads it:
 * filler sleeves, sealant, cable sleeves, crushers, wrap. ADR 028: a line with nothing to order (no count, a filler
 * sleeve without a type, no sealant volume, no wrap length) is left out, on the screen and in every document alike.
 */
export function materialList(materials: Materials | MaterialTotals): MaterialListLine[] {
  const fillers = isTotals(materials) ? materials.fillerSleeves : [materials.fillerSleeves];
  const sealants = isTotals(materials) ? materials.sealants : [materials.sealant];
  const lines: MaterialListLine[] = [];
  for (const sleeve of fillers) {
    const { type } = sleeve;
    if (type === null || !(sleeve.count > 0)) continue;
    lines.push({
      kind: 'FILLER_SLEEVE',
      key: `filler:${type}:${sleeve.diameterMm}:${sleeve.lengthMm}`,
      unit: 'pcs',
      quantity: sleeve.count,
      sleeve: { ...sleeve, type },
    });
  }
  for (const sealant of sealants) {
    // Sealant is listed by its volume: without a cartridge size the count is 0 but the volume is still needed.
    if (!(sealant.volumeMl > 0)) continue;
    lines.push({
      kind: 'SEALANT',
      key: `sealant:${sealant.sealantId}:${sealant.cartridgeSizeMl}:${sealant.usableCartridgeSizeMl}`,
      unit: 'cartridges',
      quantity: sealant.cartridges,
      sealant,
    });
  }
  for (const sleeve of materials.cableSleeves) {
    if (!(sleeve.count > 0)) continue;
    lines.push({
      kind: 'CABLE_SLEEVE',
      key: `cable-sleeve:${sleeve.articleNumber}`,
      unit: 'pcs',
      quantity: sleeve.count,
      sleeve,
    });
  }
  for (const crusher of materials.crushers) {
    if (!(crusher.count > 0)) continue;
    lines.push({
      kind: 'CRUSHER',
      key: `crusher:${crusher.crusherId}`,
      unit: 'pcs',
      quantity: crusher.count,
      crusher,
    });
  }
  if (materials.wrap.lengthMm > 0) {
    lines.push({
      kind: 'WRAP',
      key: 'wrap',
      unit: 'rolls',
      quantity: materials.wrap.rolls,
      wrap: materials.wrap,
    });
  }
  return lines;
}
