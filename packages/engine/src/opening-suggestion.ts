// The smallest standard opening that fits (ADR 020): for the items of a transit, the smallest round
// and the smallest rectangular standard opening that keep the fill limit, the clearance rules (sizing) and the
// geometric fit. Judging every candidate by the full packing is far too slow (a candidate that does not fit runs the
// packer's whole budget: 85 s for 60 items), so:
//   1. per shape and aspect (rectangles of one width:height and corner:height ratio scale into each other), ONE
//      tightest search in the smallest candidate that passes the cheap rules gives the scale the items need there;
//      every candidate of the group at or above that scale holds the same layout (a larger opening of the same shape,
//      scaled about its centre, contains the smaller one), so the first one is a sure fit, with no further packing;
//   2. candidates below the fill limit's area, below the area bound or narrower than the widest item are ruled out
//      without packing;
//   3. the candidates below the sure fit get a verdict, downwards until one does not fit: a candidate the bounds prove
//      too small (area, Oler's inequality: ADR 039) is refused without packing; else first a small budget that stops
//      at the first layout inside; when that finds none, the save's own verdict (`deterministicVerdict`, the same
//      search with the same seed and budget a save runs when the browser sends its best layout: it goes on from the
//      small search's best, ADR 039), so the size passed over is one a save calls "does not fit", and a size the
//      small search missed but a save would fit is not passed over.
// Every suggestion carries its layout, which the browser hands to the save as its certificate (ADR 004): a suggested
// size is stored as fitting with that layout.
// Counted budgets, no clock and no randomness: the same items and standards give the same answer everywhere.

import { transitAreaMm2 } from './area';
import { areaLowerBoundScale, packCircles, packingLowerBoundScale } from './packing/pack-circles';
import { spreadLayout } from './packing/spread';
import { packForVerdict } from './packing/verdict';
import { fillLimitPercent, sizeTransit } from './size-transit';
import { deterministicVerdict } from './verdict-budget';
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
  /**
   * How the fit was shown: the tightest layout scaled into it ('reference'), a small verdict search ('verdict') or
   * the save's own verdict ('save verdict').
   */
  provenBy: 'reference' | 'verdict' | 'save verdict';
  /** The layout (spread), one centre per circle in the order the sizing places them: the save's certificate. */
  centres: { xMm: number; yMm: number }[];
  /** The next smaller candidate of the same shape that passed the cheap rules, refused by the save's verdict. */
  nextSmallerRefused: StandardOpening | null;
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
/** Work of each boundary verdict's first try (it stops at the first layout inside). */
export const SUGGESTION_VERDICT_BUDGET = 10_000;
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
  type Found = {
    standard: StandardOpening;
    centres: { xMm: number; yMm: number }[];
    provenBy: OpeningSuggestion['provenBy'];
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
  let best: Found | null = null;
  let refused: StandardOpening | null = null;
  if (tightest.fits) best = { standard: reference, centres: tightest.centres, provenBy: 'reference' };
  else {
    const neededSize = tightest.scale * sizeOf(reference);
    const sureIndex = possible.findIndex((standard) => !definitelyGreater(neededSize, sizeOf(standard)));
    if (sureIndex >= 0)
      best = { standard: possible[sureIndex]!, centres: tightest.centres, provenBy: 'reference' };
    // 2. Below the sure fit, downwards until one does not fit: a small verdict first, then the save's own verdict,
    //    which alone may call a size "does not fit" (a save would say the same of it).
    for (let i = (sureIndex >= 0 ? sureIndex : possible.length) - 1; i >= 0; i--) {
      const standard = possible[i]!;
      const opening = openingOf(standard);
      // Proved too small (area and Oler bounds, ADR 039): every save refuses it, no packing needed.
      if (packingLowerBoundScale(opening, diametersMm, wallMarginsMm) > 1) {
        refused = standard;
        break;
      }
      count.packings++;
      const quick = packForVerdict(opening, diametersMm, {
        seed: SEED,
        iterationBudget: SUGGESTION_VERDICT_BUDGET,
        timeBudgetMs: Number.POSITIVE_INFINITY,
        now: () => 0,
        wallMarginsMm,
      });
      if (quick.fits) {
        best = { standard, centres: quick.centres, provenBy: 'verdict' };
        continue;
      }
      count.packings++;
      // The save's verdict goes on from the small search's best layout, as a save goes on from the browser's (ADR 039).
      const save = deterministicVerdict(opening, diametersMm, wallMarginsMm, quick.centres);
      if (!save.fits) {
        refused = standard;
        break;
      }
      best = { standard, centres: save.centres, provenBy: 'save verdict' };
    }
  }
  if (best === null) return null;

  // The layout is spread (the largest smallest gap) and goes with the suggestion: the save's certificate.
  const opening = openingOf(best.standard);
  const spread =
    best.centres.length > 1 ? spreadLayout(opening, diametersMm, best.centres, wallMarginsMm) : null;
  const fillPercent = fillIn(best.standard, circles);
  return {
    standard: best.standard,
    fillPercent,
    fillLimitPercent: limitPercent,
    spareToLimitPercent: limitPercent - fillPercent,
    minGapMm: spread ? spread.minGapMm : null,
    provenBy: best.provenBy,
    centres: (spread?.centres ?? best.centres).map((c) => ({ xMm: c.xMm, yMm: c.yMm })),
    nextSmallerRefused: refused,
  };
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
