import { definitelyGreater } from './tolerance';
import type { Opening } from './types';

/** A positive, finite number, or null (spec §5: a missing or non-positive dimension counts as missing). */
export function positiveOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** Cross-sectional area of a round item or opening (spec §9: area from the diameter), mm². */
export function circleAreaMm2(diameterMm: number): number {
  return diameterMm > 0 && Number.isFinite(diameterMm) ? (Math.PI * diameterMm * diameterMm) / 4 : 0;
}

/**
 * ADR 003/010: the largest corner radius a rectangle can have is half its shorter side (a larger radius is not a
 * rounded rectangle, and the area formula would go wrong). A larger radius is refused, never limited.
 */
export function maxCornerRadiusMm(widthMm: number, heightMm: number): number {
  return Math.min(widthMm, heightMm) / 2;
}

/** True when the corner radius is above the largest allowed for the rectangle (float noise is not "above"). */
export function cornerRadiusTooLarge(
  widthMm: number | null | undefined,
  heightMm: number | null | undefined,
  cornerRadiusMm: number | null | undefined,
): boolean {
  const w = positiveOrNull(widthMm);
  const h = positiveOrNull(heightMm);
  const r = positiveOrNull(cornerRadiusMm);
  return w !== null && h !== null && r !== null && definitelyGreater(r, maxCornerRadiusMm(w, h));
}

/**
 * The corner radius used for a rectangle: missing or non-positive counts as 0. A radius above the largest allowed
 * is refused before it gets here (contracts) or makes the opening invalid (`transitAreaMm2` 0); the `min` only
 * absorbs float noise of a radius equal to half the shorter side.
 */
export function effectiveCornerRadiusMm(
  widthMm: number,
  heightMm: number,
  cornerRadiusMm: number | null | undefined,
): number {
  return Math.min(positiveOrNull(cornerRadiusMm) ?? 0, maxCornerRadiusMm(widthMm, heightMm));
}

/**
 * Area of the transit opening in mm² (spec §9 "Area", spec §5 "Transit area").
 * Round: π d² / 4. Rectangle: width × height − cornerRadius² × (4 − π) (the four corners cut off by the radius).
 * A missing or non-positive dimension, or a corner radius above half the shorter side, gives 0.
 */
export function transitAreaMm2(opening: Opening): number {
  if (opening.shape === 'ROUND') {
    const diameterMm = positiveOrNull(opening.diameterMm);
    return diameterMm === null ? 0 : circleAreaMm2(diameterMm);
  }
  const widthMm = positiveOrNull(opening.widthMm);
  const heightMm = positiveOrNull(opening.heightMm);
  if (widthMm === null || heightMm === null) return 0;
  // A radius above the largest allowed makes no rounded rectangle: no area (sizeTransit reports why).
  if (cornerRadiusTooLarge(widthMm, heightMm, opening.cornerRadiusMm)) return 0;
  const radiusMm = effectiveCornerRadiusMm(widthMm, heightMm, opening.cornerRadiusMm);
  return widthMm * heightMm - radiusMm * radiusMm * (4 - Math.PI);
}
