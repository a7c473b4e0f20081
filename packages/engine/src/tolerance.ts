// The one place where the engine compares floats (conventions: one tolerance helper).
// Figures come from unit conversions (inch -> mm with 3 decimals) and from π, so an exact `<` or `Math.ceil`
// would turn 3.0000000000000004 sleeves into 4. Every comparison and every rounding up or down goes through here.

/** Relative tolerance; scaled by the magnitude of the operands, never less than 1 (so it is also absolute). */
export const EPSILON = 1e-9;

function scaleOf(a: number, b: number): number {
  return Math.max(1, Math.abs(a), Math.abs(b));
}

/** a and b are equal within the tolerance. */
export function nearlyEqual(a: number, b: number, epsilon: number = EPSILON): boolean {
  return Math.abs(a - b) <= epsilon * scaleOf(a, b);
}

/** a > b by more than the tolerance (a strict `>` that ignores float noise). */
export function definitelyGreater(a: number, b: number, epsilon: number = EPSILON): boolean {
  return a - b > epsilon * scaleOf(a, b);
}

/** a < b by more than the tolerance. */
export function definitelyLess(a: number, b: number, epsilon: number = EPSILON): boolean {
  return b - a > epsilon * scaleOf(a, b);
}

/** a <= b, counting "nearly equal" as equal. */
export function lessOrNearlyEqual(a: number, b: number, epsilon: number = EPSILON): boolean {
  return !definitelyGreater(a, b, epsilon);
}

/** a >= b, counting "nearly equal" as equal. */
export function greaterOrNearlyEqual(a: number, b: number, epsilon: number = EPSILON): boolean {
  return !definitelyLess(a, b, epsilon);
}

/** Math.ceil that does not round float noise up: ceilTolerant(3.0000000000000004) === 3. */
export function ceilTolerant(value: number, epsilon: number = EPSILON): number {
  const nearest = Math.round(value);
  return nearlyEqual(value, nearest, epsilon) ? nearest : Math.ceil(value);
}

/** Math.floor that does not round float noise down: floorTolerant(2.9999999999999996) === 3. */
export function floorTolerant(value: number, epsilon: number = EPSILON): number {
  const nearest = Math.round(value);
  return nearlyEqual(value, nearest, epsilon) ? nearest : Math.floor(value);
}
