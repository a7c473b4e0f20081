// The server's packing verdict (ADR 004): a deterministic search with an iteration budget, and the time budget of
// the same search in the browser. sizeTransit uses it when no valid layout is sent.

import { validateLayout } from './packing/pack-circles';
import { packForVerdict } from './packing/verdict';
import type { Opening } from './types';

/**
 * The server's verdict search when a save brings no valid layout (ADR 004): fixed seed and iteration budget (not a
 * time budget), so the same input always gives the same stored layout; a layout the browser found is checked, not
 * redone.
 */
export const PACKING_SEED = 1;

/**
 * The server's verdict budget in energy evaluations for `circles` circles: 600 000 up to 40 circles (what the
 * +0.5 % target of ADR 004 needs: 400 000 called 76 % of those openings "fits", 600 000 87 %; ADR 004), tapering
 * to 400 000 from 60 circles on, where an evaluation costs more: a search that finds no fit takes about 3 s of an
 * idle core at 40 circles, and larger lists take no longer than before (about 14 s at 299).
 */
export function packingIterationBudget(circles: number): number {
  return Math.round(Math.max(400_000, Math.min(600_000, 24_000_000 / Math.max(1, circles))));
}

/**
 * The server's budget when the save brings the browser's best layout that does not fit (ADR 039): the browser has
 * searched for its own budget already and the server goes on from that layout, so a quarter of the budget without one
 * keeps a "does not fit" within about a second of CPU at 40 circles.
 */
export function hintedPackingIterationBudget(circles: number): number {
  return Math.round(packingIterationBudget(circles) / 4);
}

/**
 * A starting layout that is valid in the opening enlarged by this factor is a *near miss* (ADR 039): the browser's best
 * was within 1 % of fitting, the case where more search most often finds a fit, so the server goes on from it with the
 * full budget. A start that misses by more (a list that does not fit) keeps the quarter budget, and so does a start
 * that is not a valid layout at all (the hint is never trusted: at worst it costs the budget a save without one costs).
 */
export const NEAR_MISS_SCALE = 1.01;

/** Whether `start` is a near miss for the opening (see NEAR_MISS_SCALE): valid in the opening enlarged by it. */
export function isNearMiss(
  opening: Opening,
  diametersMm: number[],
  start: readonly { xMm: number; yMm: number }[],
  wallMarginsMm?: readonly number[],
): boolean {
  const enlarged: Opening =
    opening.shape === 'ROUND'
      ? { shape: 'ROUND', diameterMm: (opening.diameterMm ?? 0) * NEAR_MISS_SCALE }
      : {
          shape: 'RECTANGLE',
          widthMm: (opening.widthMm ?? 0) * NEAR_MISS_SCALE,
          heightMm: (opening.heightMm ?? 0) * NEAR_MISS_SCALE,
          cornerRadiusMm: (opening.cornerRadiusMm ?? 0) * NEAR_MISS_SCALE,
        };
  return validateLayout(enlarged, diametersMm, [...start], undefined, wallMarginsMm).valid;
}

/** Time budget of the same search in the browser's Web Worker (ADR 004: of the order of 1–2 s). */
export const VERDICT_TIME_BUDGET_MS = 2000;

/** What the packing answers (spec §4 drawing); `centres` in the order of the diameters passed. */
export interface PackingSolution {
  fits: boolean;
  scale: number;
  centres: { xMm: number; yMm: number }[];
  /** Smallest gap item–item and item–wall of a fitting layout, mm; null when it does not fit. */
  minGapMm: number | null;
}

/**
 * A packing function: the circles' diameters in the opening (and the gap each must keep to the wall beyond touching
 * it, ADR 004) -> a solution (e.g. the browser's timed search).
 */
export type PackingSolver = (
  opening: Opening,
  diametersMm: number[],
  wallMarginsMm?: readonly number[],
  /** A layout to start from (a hint, e.g. the browser's best that does not fit; ADR 039). */
  start?: readonly { xMm: number; yMm: number }[],
) => PackingSolution;

/**
 * The server's verdict: deterministic (seeded, iteration-budgeted, no clock). With a starting layout of one centre per
 * circle (ADR 039) the search goes on from it: with the full budget when the start is a near miss (NEAR_MISS_SCALE),
 * else with the smaller hinted budget; the same input and layout always give the same answer.
 */
export function deterministicVerdict(
  opening: Opening,
  diametersMm: number[],
  wallMarginsMm?: readonly number[],
  start?: readonly { xMm: number; yMm: number }[],
): PackingSolution {
  const hinted =
    start !== undefined &&
    start.length === diametersMm.length &&
    diametersMm.length > 1 &&
    start.every((c) => Number.isFinite(c.xMm) && Number.isFinite(c.yMm));
  return packForVerdict(opening, diametersMm, {
    wallMarginsMm,
    ...(hinted ? { start } : {}),
    seed: PACKING_SEED,
    iterationBudget: (hinted && !isNearMiss(opening, diametersMm, start, wallMarginsMm)
      ? hintedPackingIterationBudget
      : packingIterationBudget)(diametersMm.length),
    timeBudgetMs: Number.POSITIVE_INFINITY,
    now: () => 0,
  });
}
