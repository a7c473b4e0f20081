import type { TFunction } from 'i18next';
import { WRAP_MIN_CABLE_DIAMETER_MM, WRAP_ROLL_LENGTH_MM, type MaterialTotals } from '@sealplan/engine';
import type { MaterialLine } from '../components/materials-table';

interface UnitFormatters {
  formatLength: (mm: number) => string;
  formatVolume: (ml: number) => string;
  formatNumber: (value: number) => string;
}

/**
 * The engine's material totals as display lines, in the user's units (spec §9 materials: filler sleeves, sealant,
 * cable sleeves by article number, crushers, wrap rolls). One transit's materials go through the same
 * function after `totalMaterials([materials])`, so the transit and the project lists read alike.
 */
export function materialLines(totals: MaterialTotals, units: UnitFormatters, t: TFunction): MaterialLine[] {
  const lines: MaterialLine[] = [];
  for (const s of totals.fillerSleeves) {
    lines.push({
      key: `filler-${s.type}-${s.diameterMm}-${s.lengthMm}`,
      group: t('materials.fillerSleeves'),
      description: t('materials.fillerSleeveDescription', {
        type: s.type,
        diameter: s.diameterMm === null ? '—' : units.formatLength(s.diameterMm),
        length: units.formatLength(s.lengthMm),
      }),
      articleNumber: null,
      quantity: units.formatNumber(s.count),
      detail: t('materials.bundles', { count: s.bundles }),
    });
  }
  for (const s of totals.sealants) {
    lines.push({
      key: `sealant-${s.sealantId ?? 'none'}-${s.cartridgeSizeMl ?? 0}`,
      group: t('materials.sealant'),
      description: s.sealantName ?? s.sealantId ?? t('materials.sealantUnspecified'),
      articleNumber: null,
      quantity: t('materials.cartridges', { count: s.cartridges }),
      detail: t('materials.sealantVolume', {
        volume: units.formatVolume(s.volumeMl),
        size: s.cartridgeSizeMl === null ? '—' : units.formatVolume(s.cartridgeSizeMl),
      }),
    });
  }
  for (const s of totals.cableSleeves) {
    lines.push({
      key: `cable-sleeve-${s.articleNumber}`,
      group: t('materials.cableSleeves'),
      description: t('materials.cableSleeveDescription', {
        diameter: units.formatLength(s.outerDiameterMm),
        min: units.formatLength(s.cableMinMm),
        max: units.formatLength(s.cableMaxMm),
      }),
      articleNumber: s.articleNumber,
      quantity: units.formatNumber(s.count),
      detail: null,
    });
  }
  for (const c of totals.crushers) {
    lines.push({
      key: `crusher-${c.crusherId}`,
      group: t('materials.crushers'),
      description: t('materials.crusherDescription', {
        name: c.name,
        diameter: units.formatLength(c.outerDiameterMm),
      }),
      articleNumber: c.articleNumber,
      quantity: units.formatNumber(c.count),
      detail: null,
    });
  }
  if (totals.wrap.rolls > 0) {
    lines.push({
      key: 'wrap',
      group: t('materials.wrap'),
      // The threshold in the user's units: "above 2.480 in" for imperial users, never "above 63 mm".
      description: t('materials.wrapDescription', {
        diameter: units.formatLength(WRAP_MIN_CABLE_DIAMETER_MM),
      }),
      articleNumber: null,
      quantity: t('materials.rolls', { count: totals.wrap.rolls }),
      // The roll length as the documents print it ("Rolls of 1000 mm"), so the count can be checked.
      detail: t('materials.wrapLengthAndRolls', {
        length: units.formatLength(totals.wrap.lengthMm),
        roll: units.formatLength(WRAP_ROLL_LENGTH_MM),
      }),
    });
  }
  return lines;
}
