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
 * The corner radius actually used for a rectangle: missing or negative counts as 0, and it is limited to half the
 * shorter side, because a larger radius is not a rounded rectangle (and would make the area formula go wrong).
 */
export function effectiveCornerRadiusMm(
  widthMm: number,
  heightMm: number,
  cornerRadiusMm: number | null | undefined,
): number {
  const radius = positiveOrNull(cornerRadiusMm) ?? 0;
  return Math.min(radius, Math.min(widthMm, heightMm) / 2);
}

/**
 * Area of the transit opening in mm² (spec §9 "Area", spec §5 "Transit area").
 * Round: π d² / 4. Rectangle: width × height − cornerRadius² × (4 − π) (the four corners cut off by the radius).
 * A missing or non-positive dimension gives 0.
 */
export function transitAreaMm2(opening: Opening): number {
  if (opening.shape === 'ROUND') {
    const diameterMm = positiveOrNull(opening.diameterMm);
    return diameterMm === null ? 0 : circleAreaMm2(diameterMm);
  }
  const widthMm = positiveOrNull(opening.widthMm);
  const heightMm = positiveOrNull(opening.heightMm);
  if (widthMm === null || heightMm === null) return 0;
  const radiusMm = effectiveCornerRadiusMm(widthMm, heightMm, opening.cornerRadiusMm);
  return widthMm * heightMm - radiusMm * radiusMm * (4 - Math.PI);
}
