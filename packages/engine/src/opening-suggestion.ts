// The smallest standard opening that fits (issue 22 item 4, ADR 020): for the items of a transit, the smallest round
// and the smallest rectangular standard opening that keep the fill limit, the clearance rules (sizing) and the
// geometric fit. Judging every candidate by the full packing is far too slow (a candidate that does not fit runs the
// packer's whole budget: 85 s for 60 items), so:
//   1. per shape and aspect (rectangles of one width:height and corner:height ratio scale into each other), ONE
//      tightest search in the smallest candidate that passes the cheap rules gives the scale the items need there;
//      every candidate of the group at or above that scale holds the same layout (a larger opening of the same shape,
//      scaled about its centre, contains the smaller one), so the first one is a sure fit, with no further packing;
//   2. candidates below the fill limit's area, below the area bound or narrower than the widest item are ruled out
//      without packing;
//   3. only the few candidates between the area bound and the sure fit get a verdict, with a small budget that stops
//      at the first layout inside, smallest-but-one first, downwards until one does not fit.
// Counted budgets, no clock and no randomness: the same items and standards give the same answer everywhere.

import { transitAreaMm2 } from './area';
import { areaLowerBoundScale, packCircles } from './packing/pack-circles';
import { spreadLayout } from './packing/spread';
import { packForVerdict } from './packing/verdict';
import { fillLimitPercent, sizeTransit } from './size-transit';
import { definitelyGreater } from './tolerance';
import type { Catalogue, ItemInput, Opening, StandardOpening, TransitInput } from './types';

export type { StandardOpening } from './types';

export interface OpeningSuggestion {
  standard: StandardOpening;
  /** THE fill (ADR 010) of the items in this opening, %. */
  fillPercent: number;
  fillLimitPercent: number;
  /** fillLimitPercent − fillPercent: the spare the suggestion leaves against the limit, percentage points. */
  spareToLimitPercent: number;
  /** Smallest gap item–item and item–wall of the layout found, mm. */
  minGapMm: number | null;
  /** How the fit was shown: the tightest layout scaled into it ('reference') or its own verdict ('verdict'). */
  provenBy: 'reference' | 'verdict';
}

export interface OpeningSuggestions {
  round: OpeningSuggestion | null;
  rectangle: OpeningSuggestion | null;
  /** Circles placed (items × quantity); 0 means there is nothing to suggest for. */
  circleCount: number;
  /** Candidates that needed a packing (the reference searches and the boundary verdicts), for the record. */
  packings: number;
}

/** Work of the one tightest search per shape group (iterations of the packer, counted, no clock). */
export const SUGGESTION_REFERENCE_BUDGET = 25_000;
/** Work of each boundary verdict (it stops at the first layout inside). */
export const SUGGESTION_VERDICT_BUDGET = 10_000;
/** At most this many candidates below the sure fit get a verdict, per shape group. */
export const SUGGESTION_BOUNDARY_TRIES = 3;
const SEED = 1;

interface Circles {
  diametersMm: number[];
  wallMarginsMm: number[] | undefined;
  itemsAreaWithClearanceMm2: number;
}

function openingOf(standard: StandardOpening): Opening {
  return standard.shape === 'ROUND'
    ? { shape: 'ROUND', diameterMm: standard.diameterMm ?? null }
    : {
        shape: 'RECTANGLE',
        widthMm: standard.widthMm ?? null,
        heightMm: standard.heightMm ?? null,
        cornerRadiusMm: standard.cornerRadiusMm ?? 0,
      };
}

/** Size of the opening along which a group scales (diameter or height). */
function sizeOf(standard: StandardOpening): number {
  return (standard.shape === 'ROUND' ? standard.diameterMm : standard.heightMm) ?? 0;
}

/** Openings of one group are the same shape scaled: round, or one width:height and corner:height ratio. */
function groupKey(standard: StandardOpening): string {
  if (standard.shape === 'ROUND') return 'ROUND';
  const h = standard.heightMm ?? 0;
  const ratio = (v: number | null | undefined) => ((v ?? 0) / h).toPrecision(9);
  return `RECTANGLE ${ratio(standard.widthMm)} ${ratio(standard.cornerRadiusMm)}`;
}

/** The circles the items need with the transit's rules (sleeves, clearance, wall spacing), as the sizing makes them. */
function circlesOf(transit: TransitInput, items: readonly ItemInput[], catalogue: Catalogue): Circles {
  const sizing = sizeTransit({ transit, items, catalogue, solvePacking: false });
  const diametersMm = sizing.packing.circles.map((c) => c.diameterMm);
  const margins = sizing.packing.circles.map((c) => {
    const item = sizing.items[c.itemIndex]!;
    return Math.max(0, item.wallSpacingMm - (c.diameterMm - c.itemDiameterMm) / 2);
  });
  return {
    diametersMm,
    wallMarginsMm: margins.some((m) => m > 0) ? margins : undefined,
    itemsAreaWithClearanceMm2: sizing.itemsAreaWithClearanceMm2,
  };
}

/** The widest circle with its wall margin on both sides fits across the opening (a necessary condition). */
function widestFits(opening: Opening, circles: Circles): boolean {
  let widest = 0;
  circles.diametersMm.forEach((d, i) => {
    widest = Math.max(widest, d + 2 * (circles.wallMarginsMm?.[i] ?? 0));
  });
  const across =
    opening.shape === 'ROUND'
      ? (opening.diameterMm ?? 0)
      : Math.min(opening.widthMm ?? 0, opening.heightMm ?? 0);
  return !definitelyGreater(widest, across);
}

/** THE fill (ADR 010) of the circles in a standard opening, %. */
function fillIn(standard: StandardOpening, circles: Circles): number {
  const area = transitAreaMm2(openingOf(standard));
  return area > 0 ? (circles.itemsAreaWithClearanceMm2 / area) * 100 : Number.POSITIVE_INFINITY;
}

/** The candidates of one group that pass the rules needing no packing (fill limit, area bound, widest item), smallest first. */
function possibleIn(group: StandardOpening[], circles: Circles, limitPercent: number): StandardOpening[] {
  return [...group]
    .sort((a, b) => sizeOf(a) - sizeOf(b))
    .filter((standard) => {
      const opening = openingOf(standard);
      return (
        transitAreaMm2(opening) > 0 &&
        !definitelyGreater(fillIn(standard, circles), limitPercent) &&
        areaLowerBoundScale(opening, circles.diametersMm) <= 1 &&
        widestFits(opening, circles)
      );
    });
}

/** The smallest candidate of one group (`possible`, from possibleIn, not empty) shown to fit, or null. */
function suggestInGroup(
  possible: StandardOpening[],
  circles: Circles,
  limitPercent: number,
  count: { packings: number },
): OpeningSuggestion | null {
  const { diametersMm, wallMarginsMm } = circles;

  const suggestion = (
    standard: StandardOpening,
    centres: { xMm: number; yMm: number }[],
    provenBy: 'reference' | 'verdict',
  ) => {
    const opening = openingOf(standard);
    const spread = centres.length > 1 ? spreadLayout(opening, diametersMm, centres, wallMarginsMm) : null;
    const fillPercent = fillIn(standard, circles);
    return {
      standard,
      fillPercent,
      fillLimitPercent: limitPercent,
      spareToLimitPercent: limitPercent - fillPercent,
      minGapMm: spread ? spread.minGapMm : null,
      provenBy,
    };
  };

  // 1. One tightest search in the smallest possible candidate: the scale the items need in this shape.
  const reference = possible[0]!;
  count.packings++;
  const tightest = packCircles(openingOf(reference), diametersMm, {
    goal: 'tightest',
    seed: SEED,
    iterationBudget: SUGGESTION_REFERENCE_BUDGET,
    timeBudgetMs: Number.POSITIVE_INFINITY,
    now: () => 0,
    wallMarginsMm,
  });
  if (tightest.fits) return suggestion(reference, tightest.centres, 'reference');
  const neededSize = tightest.scale * sizeOf(reference);
  const sureIndex = possible.findIndex((standard) => !definitelyGreater(neededSize, sizeOf(standard)));

  // 2. Below the sure fit: a verdict each for the few nearest candidates, downwards until one does not fit.
  let best: OpeningSuggestion | null =
    sureIndex >= 0 ? suggestion(possible[sureIndex]!, tightest.centres, 'reference') : null;
  const below = sureIndex >= 0 ? sureIndex : possible.length;
  for (let i = below - 1, tries = 0; i >= 1 && tries < SUGGESTION_BOUNDARY_TRIES; i--, tries++) {
    const standard = possible[i]!;
    count.packings++;
    const verdict = packForVerdict(openingOf(standard), diametersMm, {
      seed: SEED,
      iterationBudget: SUGGESTION_VERDICT_BUDGET,
      timeBudgetMs: Number.POSITIVE_INFINITY,
      now: () => 0,
      wallMarginsMm,
    });
    if (!verdict.fits) break;
    best = suggestion(standard, verdict.centres, 'verdict');
  }
  return best;
}

/**
 * The smallest round and the smallest rectangular standard opening for the items of a transit (its item type,
 * transit type and spare decide sleeves, clearance and the fill limit; its own opening is ignored). Null for a
 * shape when no standard of that shape is large enough (or the items need nothing).
 */
export function suggestOpenings(input: {
  transit: TransitInput;
  items: readonly ItemInput[];
  catalogue: Catalogue;
  standards: readonly StandardOpening[];
}): OpeningSuggestions {
  const circles = circlesOf(input.transit, input.items, input.catalogue);
  const count = { packings: 0 };
  const none: OpeningSuggestions = { round: null, rectangle: null, circleCount: 0, packings: 0 };
  if (circles.diametersMm.length === 0) return none;
  const limitPercent = fillLimitPercent(input.transit.sparePercent);
  const groups = new Map<string, StandardOpening[]>();
  for (const standard of input.standards) {
    if (sizeOf(standard) <= 0) continue;
    const key = groupKey(standard);
    groups.set(key, [...(groups.get(key) ?? []), standard]);
  }
  let round: OpeningSuggestion | null = null;
  let rectangle: OpeningSuggestion | null = null;
  const area = (standard: StandardOpening) => transitAreaMm2(openingOf(standard));
  // Groups whose smallest possible candidate is smallest come first, so a rectangular group that cannot beat the
  // rectangle already found (its smallest candidate is no smaller) is passed over without packing.
  const candidates = [...groups.values()]
    .map((group) => possibleIn(group, circles, limitPercent))
    .filter((possible) => possible.length > 0)
    .sort((a, b) => area(a[0]!) - area(b[0]!));
  for (const possible of candidates) {
    const isRound = possible[0]!.shape === 'ROUND';
    if (!isRound && rectangle !== null && area(possible[0]!) >= area(rectangle.standard)) continue;
    const found = suggestInGroup(possible, circles, limitPercent, count);
    if (found === null) continue;
    if (isRound) round = found;
    else if (rectangle === null || area(found.standard) < area(rectangle.standard)) rectangle = found;
  }
  return { round, rectangle, circleCount: circles.diametersMm.length, packings: count.packings };
}
