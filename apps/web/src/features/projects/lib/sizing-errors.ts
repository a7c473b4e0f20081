import type { TFunction } from 'i18next';
import { MAX_TRANSIT_COPIES, MAX_TRANSIT_LENGTH_MM, cornerRadiusProblem } from '@sealplan/contracts';
import { SPARE_PERCENT_MAX, SPARE_PERCENT_MIN } from '@sealplan/engine';
import type { TransitSizingValues } from '../components/transit-sizing-panel';

export type SizingErrors = Partial<Record<keyof TransitSizingValues, string>>;

const LENGTH_FIELDS = ['diameterMm', 'widthMm', 'heightMm', 'cornerRadiusMm'] as const;

/**
 * ADR 010: the sizing fields the server would refuse, with the field's message. The typed value stays in the field
 * (never made positive or clamped) and the transit is not saved until it is corrected. The corner radius rule is
 * the contracts' own (`cornerRadiusProblem`), so the form and every save path agree.
 */
export function sizingErrors(
  values: TransitSizingValues,
  formatLength: (mm: number) => string,
  t: TFunction,
): SizingErrors {
  const errors: SizingErrors = {};
  const lengths = values.shape === 'ROUND' ? (['diameterMm'] as const) : LENGTH_FIELDS.slice(1);
  for (const field of lengths) {
    const v = values[field];
    if (v !== null && (v < 0 || v > MAX_TRANSIT_LENGTH_MM))
      errors[field] = t('sizing.errors.length', { max: formatLength(MAX_TRANSIT_LENGTH_MM) });
  }
  const spare = values.sparePercent;
  if (spare !== null && (spare < SPARE_PERCENT_MIN || spare > SPARE_PERCENT_MAX))
    errors.sparePercent = t('sizing.errors.sparePercent', { max: SPARE_PERCENT_MAX });
  const copies = values.copies;
  if (copies !== null && (!Number.isInteger(copies) || copies < 1 || copies > MAX_TRANSIT_COPIES))
    errors.copies = t('sizing.errors.copies');
  if (!errors.cornerRadiusMm) {
    const radius = cornerRadiusProblem({
      shape: values.shape,
      widthMm: values.widthMm,
      heightMm: values.heightMm,
      radiusMm: values.cornerRadiusMm,
    });
    if (radius)
      errors.cornerRadiusMm = t('sizing.errors.cornerRadius', { max: formatLength(radius.maxRadiusMm) });
  }
  return errors;
}
