// Units for display and entry (spec §3 "Unit conversion kinds", spec §9 "Unit factors").
// The engine stores and computes in mm, mm² and ml; the measurement system is applied only for display, entry and
// export. Decisions (ADR 003): areas show as cm² (metric) and in² (imperial) using the spec's 0.155 cm² -> in²
// factor; lengths typed in inches are converted back with the same 0.0393701 factor so a round trip is stable.

import { roundTo } from './rounding';
import type { MeasurementSystem } from './types';

/** Spec §9: mm -> inch. */
export const MM_TO_IN = 0.0393701;
/** Spec §9 "0.155 (square mm to square inch, likely)": 0.155 is the cm² -> in² factor (1 cm² = 0.1550003 in²). */
export const CM2_TO_IN2 = 0.155;
export const MM2_PER_CM2 = 100;
/**
 * Millilitres in one US fluid ounce (exact: 1/128 US gallon of 231 in³). ADR 027: imperial shows volumes in US fluid
 * ounces (spec §3's factor 1 left imperial readers with millilitres).
 */
export const ML_PER_US_FL_OZ = 29.5735295625;

/**
 * Spec §9: imperial displays 3 decimals, metric 2. A converted value is rounded once, straight to these digits
 * (ADR 027): the spec's intermediate 4 imperial decimals made a second rounding step (916.0884 mm = 36.06649… in
 * became 36.0665, then 36.067 in), so it is not applied.
 */
export const DISPLAY_DECIMALS: Readonly<Record<MeasurementSystem, number>> = { METRIC: 2, IMPERIAL: 3 };
/** Spec §9: saving converts back (to mm, mm²) with 3 decimals. */
export const SAVE_DECIMALS = 3;

export const LENGTH_UNIT_LABELS: Readonly<Record<MeasurementSystem, string>> = {
  METRIC: 'mm',
  IMPERIAL: 'in',
};
export const AREA_UNIT_LABELS: Readonly<Record<MeasurementSystem, string>> = {
  METRIC: 'cm²',
  IMPERIAL: 'in²',
};
export const VOLUME_UNIT_LABELS: Readonly<Record<MeasurementSystem, string>> = {
  METRIC: 'ml',
  IMPERIAL: 'US fl oz',
};
/** Volumes show up to 2 decimals in ml (no trailing zeros) and 1 decimal in US fl oz ("10.5 US fl oz"). */
export const VOLUME_DISPLAY_DECIMALS: Readonly<Record<MeasurementSystem, number>> = {
  METRIC: 2,
  IMPERIAL: 1,
};

export function lengthUnitLabel(system: MeasurementSystem): string {
  return LENGTH_UNIT_LABELS[system];
}

export function areaUnitLabel(system: MeasurementSystem): string {
  return AREA_UNIT_LABELS[system];
}

export function volumeUnitLabel(system: MeasurementSystem): string {
  return VOLUME_UNIT_LABELS[system];
}

/** A length in mm as shown in `system` (mm or in), rounded once to the digits shown (2 / 3 decimals). */
export function toDisplayLength(mm: number, system: MeasurementSystem): number {
  const value = system === 'IMPERIAL' ? mm * MM_TO_IN : mm;
  return roundTo(value, DISPLAY_DECIMALS[system]);
}

/** A length typed in `system` back to mm with 3 decimals (spec §9 "saving converts back with 3 decimals"). */
export function fromDisplayLength(value: number, system: MeasurementSystem): number {
  const mm = system === 'IMPERIAL' ? value / MM_TO_IN : value;
  return roundTo(mm, SAVE_DECIMALS);
}

/** An area in mm² as shown in `system` (cm² or in²), rounded once to the digits shown. */
export function toDisplayArea(mm2: number, system: MeasurementSystem): number {
  const cm2 = mm2 / MM2_PER_CM2;
  const value = system === 'IMPERIAL' ? cm2 * CM2_TO_IN2 : cm2;
  return roundTo(value, DISPLAY_DECIMALS[system]);
}

/** An area typed in `system` (cm² or in²) back to mm² with 3 decimals. */
export function fromDisplayArea(value: number, system: MeasurementSystem): number {
  const cm2 = system === 'IMPERIAL' ? value / CM2_TO_IN2 : value;
  return roundTo(cm2 * MM2_PER_CM2, SAVE_DECIMALS);
}

/** A volume in ml as shown in `system` (ml or US fl oz), rounded once to the digits shown. */
export function toDisplayVolume(ml: number, system: MeasurementSystem): number {
  const value = system === 'IMPERIAL' ? ml / ML_PER_US_FL_OZ : ml;
  return roundTo(value, VOLUME_DISPLAY_DECIMALS[system]);
}

/** A volume typed in `system` (ml or US fl oz) back to ml with 3 decimals. */
export function fromDisplayVolume(value: number, system: MeasurementSystem): number {
  return roundTo(system === 'IMPERIAL' ? value * ML_PER_US_FL_OZ : value, SAVE_DECIMALS);
}

/** The volume's number as text: "393" / "187.5" ml, "13.3" US fl oz (always one decimal). */
export function formatDisplayVolume(ml: number, system: MeasurementSystem): string {
  const value = toDisplayVolume(ml, system);
  if (!Number.isFinite(value)) return '';
  return system === 'IMPERIAL' ? value.toFixed(VOLUME_DISPLAY_DECIMALS.IMPERIAL) : String(value);
}

/**
 * The number as text: imperial always with 3 decimals (spec §9), metric with up to 2 decimals and no trailing
 * zeros ("200", "12.7"), '.' as decimal separator and no grouping, so CSV exports stay machine-readable.
 */
export function formatDisplayNumber(value: number, system: MeasurementSystem): string {
  if (!Number.isFinite(value)) return '';
  if (system === 'IMPERIAL')
    return roundTo(value, DISPLAY_DECIMALS.IMPERIAL).toFixed(DISPLAY_DECIMALS.IMPERIAL);
  return String(roundTo(value, DISPLAY_DECIMALS.METRIC));
}

/** "12.7 mm" / "0.500 in". */
export function formatLength(mm: number, system: MeasurementSystem): string {
  return `${formatDisplayNumber(toDisplayLength(mm, system), system)} ${lengthUnitLabel(system)}`;
}

/** "314.16 cm²" / "48.695 in²". */
export function formatArea(mm2: number, system: MeasurementSystem): string {
  return `${formatDisplayNumber(toDisplayArea(mm2, system), system)} ${areaUnitLabel(system)}`;
}

/** "393 ml" / "13.3 US fl oz"; whole millilitres show without decimals. */
export function formatVolume(ml: number, system: MeasurementSystem): string {
  return `${formatDisplayVolume(ml, system)} ${volumeUnitLabel(system)}`;
}

/** "45.3 %": fill percentages with one decimal, as the fill bar shows them. */
export function formatPercent(percent: number): string {
  return `${roundTo(percent, 1).toFixed(1)} %`;
}
