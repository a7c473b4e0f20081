import type { TFunction } from 'i18next';
import { openingAtScale, transitVerdictOf, type Opening, type TransitSizing } from '@sealplan/engine';

/** A badge that shows its whole text, wrapped over lines when long (Mantine's badge cuts it with an ellipsis). */
export const WHOLE_TEXT_BADGE = {
  root: { height: 'auto', maxWidth: '100%', paddingBlock: 2, textTransform: 'none' },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.35 },
} as const;

interface UnitFormatters {
  formatLength: (mm: number) => string;
  formatPercent: (percent: number) => string;
}

/** "Ø 258 mm" or "310 mm × 206 mm": an opening's size in short, in the user's units. */
function openingSize(opening: Opening, units: UnitFormatters): string {
  if (opening.shape === 'ROUND') return `Ø ${units.formatLength(opening.diameterMm ?? 0)}`;
  return `${units.formatLength(opening.widthMm ?? 0)} × ${units.formatLength(opening.heightMm ?? 0)}`;
}

/**
 * A transit's verdict in the user's words and units (ADR 010), as the documents print it: the state, and for a
 * transit that cannot be built the figures it rests on (the fill against its limit; the item larger than the
 * opening; the opening the best layout found would need). `t` is the projects namespace's.
 */
export function verdictText(sizing: TransitSizing, units: UnitFormatters, t: TFunction): string {
  const v = transitVerdictOf(sizing);
  const fill = units.formatPercent(v.fillPercent);
  const limit = units.formatPercent(v.fillLimitPercent);
  switch (v.status) {
    case 'INCOMPLETE':
    case 'FITS':
      return t(`transits.statusOf.${v.status}`);
    case 'OVERFILLED':
      return t('transits.verdictOf.OVERFILLED', { fill, limit });
    case 'ITEM_TOO_LARGE':
      return t('transits.verdictOf.ITEM_TOO_LARGE', {
        item: units.formatLength(v.tooLarge?.itemDiameterMm ?? 0),
        across: units.formatLength(v.tooLarge?.openingAcrossMm ?? 0),
        fill,
        limit,
      });
    case 'ITEMS_DO_NOT_FIT':
      return v.bestScale === null
        ? t('transits.verdictOf.ITEMS_DO_NOT_FIT_NO_BEST', { fill, limit })
        : t('transits.verdictOf.ITEMS_DO_NOT_FIT', {
            fill,
            limit,
            best: openingSize(openingAtScale(sizing.opening, v.bestScale), units),
          });
  }
}
