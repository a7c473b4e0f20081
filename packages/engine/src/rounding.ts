// Decimal rounding for display, saving and the spec's "rounded to 0.1" (spec §9).
// Half away from zero, computed on the decimal string so 1.005 rounds to 1.01 (1.005 * 100 is 100.49999...).

import { ceilTolerant } from './tolerance';

function shift(value: number, decimals: number): number {
  // Move the decimal point in the string representation: exact for the value as JavaScript prints it.
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + decimals}`);
}

/** Round to `decimals` places, half away from zero. Non-finite values are returned unchanged. */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const rounded = shift(Math.round(shift(Math.abs(value), decimals)), -decimals);
  // Avoid -0 (it would print as "0" but compare unequal with Object.is and serialise oddly).
  return rounded === 0 ? 0 : sign * rounded;
}

/** Round up to `decimals` places, ignoring float noise (used for "rounded up" figures of spec §9). */
export function ceilTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const result = shift(ceilTolerant(shift(value, decimals)), -decimals);
  return result === 0 ? 0 : result;
}
