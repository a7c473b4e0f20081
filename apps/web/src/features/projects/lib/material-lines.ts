import type { TFunction } from 'i18next';
import {
  WRAP_MIN_CABLE_DIAMETER_MM,
  WRAP_ROLL_LENGTH_MM,
  materialList,
  type MaterialListLine,
  type MaterialTotals,
} from '@sealplan/engine';
import type { NameById } from '@/lib/localized-name';
import type { MaterialLine } from '../components/materials-table';

interface UnitFormatters {
  formatLength: (mm: number) => string;
  formatVolume: (ml: number) => string;
  formatNumber: (value: number) => string;
}

/**
 * The engine's material list (`materialList`, ADR 028) as display lines, in the user's units: one screen line per
 * engine line, with the same key and quantity as the documents. One transit's materials go through the same
 * function after `totalMaterials([materials])`, so the transit and the project lists read alike.
 */
export function materialLines(
  totals: MaterialTotals,
  units: UnitFormatters,
  t: TFunction,
  sealantName?: NameById,
): MaterialLine[] {
  return materialList(totals).map((line) => ({ key: line.key, ...wordsOf(line, units, t, sealantName) }));
}

function wordsOf(
  line: MaterialListLine,
  units: UnitFormatters,
  t: TFunction,
  sealantName: NameById | undefined,
): Omit<MaterialLine, 'key'> {
  switch (line.kind) {
    case 'FILLER_SLEEVE': {
      const s = line.sleeve;
      return {
        group: t('materials.fillerSleeves'),
        description: t('materials.fillerSleeveDescription', {
          type: s.type,
          diameter: s.diameterMm === null ? '—' : units.formatLength(s.diameterMm),
          length: units.formatLength(s.lengthMm),
        }),
        articleNumber: null,
        quantity: units.formatNumber(line.quantity),
        detail: t('materials.bundles', { count: s.bundles }),
      };
    }
    case 'SEALANT': {
      const s = line.sealant;
      return {
        group: t('materials.sealant'),
        // ADR 030: the catalogue's sealant in the interface language, else the name stored with the figures.
        description:
          (s.sealantId ? sealantName?.(s.sealantId) : undefined) ??
          s.sealantName ??
          s.sealantId ??
          t('materials.sealantUnspecified'),
        articleNumber: null,
        quantity: t('materials.cartridges', { count: line.quantity }),
        detail: t('materials.sealantVolume', {
          volume: units.formatVolume(s.volumeMl),
          size: s.cartridgeSizeMl === null ? '—' : units.formatVolume(s.cartridgeSizeMl),
        }),
      };
    }
    case 'CABLE_SLEEVE': {
      const s = line.sleeve;
      return {
        group: t('materials.cableSleeves'),
        description: t('materials.cableSleeveDescription', {
          diameter: units.formatLength(s.outerDiameterMm),
          min: units.formatLength(s.cableMinMm),
          max: units.formatLength(s.cableMaxMm),
        }),
        articleNumber: s.articleNumber,
        quantity: units.formatNumber(line.quantity),
        detail: null,
      };
    }
    case 'CRUSHER': {
      const c = line.crusher;
      return {
        group: t('materials.crushers'),
        description: t('materials.crusherDescription', {
          name: c.name,
          diameter: units.formatLength(c.outerDiameterMm),
        }),
        articleNumber: c.articleNumber,
        quantity: units.formatNumber(line.quantity),
        detail: null,
      };
    }
    case 'WRAP':
      return {
        group: t('materials.wrap'),
        // The threshold in the user's units: "above 2.480 in" for imperial users, never "above 63 mm".
        description: t('materials.wrapDescription', {
          diameter: units.formatLength(WRAP_MIN_CABLE_DIAMETER_MM),
        }),
        articleNumber: null,
        quantity: t('materials.rolls', { count: line.quantity }),
        // The roll length as the documents print it ("Rolls of 1000 mm"), so the count can be checked.
        detail: t('materials.wrapLengthAndRolls', {
          length: units.formatLength(line.wrap.lengthMm),
          roll: units.formatLength(WRAP_ROLL_LENGTH_MM),
        }),
      };
  }
}
