import { describe, expect, it } from 'vitest';
import { suggestOpenings, type StandardOpening } from './opening-suggestion';
import { packCircles } from './packing/pack-circles';
import { sizeTransit } from './size-transit';
import { sampleCatalogue } from './testing/sample-catalogue';
import type { ItemInput, TransitInput } from './types';

const round = (d: number): StandardOpening => ({ id: `R${d}`, shape: 'ROUND', diameterMm: d });
const rect = (w: number, h: number): StandardOpening => ({
  id: `Q${w}x${h}`,
  shape: 'RECTANGLE',
  widthMm: w,
  heightMm: h,
  cornerRadiusMm: 0,
});
const standards: StandardOpening[] = [
  ...[100, 125, 150, 175, 200, 225, 250, 300, 350, 400, 450, 500, 600].map(round),
  ...[
    [100, 100],
    [150, 150],
    [200, 200],
    [300, 300],
    [150, 100],
    [200, 100],
    [300, 150],
    [300, 200],
    [400, 200],
    [600, 300],
    [600, 400],
  ].map(([w, h]) => rect(w!, h!)),
];
const cableTransit: TransitInput = {
  shape: 'ROUND',
  itemTypeId: 'CABLE',
  transitTypeId: 'NOFIRNO',
  classId: 'WATERTIGHT',
  depthMm: 100,
  sparePercent: 20,
};
const sixtyCables: ItemInput[] = [
  { quantity: 20, outerDiameterMm: 12 },
  { quantity: 15, outerDiameterMm: 22 },
  { quantity: 10, outerDiameterMm: 35 },
  { quantity: 10, outerDiameterMm: 8 },
  { quantity: 5, outerDiameterMm: 48 },
];

function withOpening(transit: TransitInput, standard: StandardOpening): TransitInput {
  return standard.shape === 'ROUND'
    ? { ...transit, shape: 'ROUND', diameterMm: standard.diameterMm }
    : { ...transit, ...standard, shape: 'RECTANGLE', cornerRadiusMm: 0 };
}

/** The next smaller standard of the same shape and aspect as `standard`. */
function nextSmaller(standard: StandardOpening): StandardOpening | undefined {
  const same = standards
    .filter((s) =>
      s.shape === 'ROUND'
        ? standard.shape === 'ROUND'
        : standard.shape === 'RECTANGLE' &&
          s.widthMm! / s.heightMm! === standard.widthMm! / standard.heightMm!,
    )
    .sort((a, b) => (a.diameterMm ?? a.heightMm!) - (b.diameterMm ?? b.heightMm!));
  return same[same.indexOf(standard) - 1];
}

/** Too small: over the fill limit, or the circles do not fit even with a long tightest search. */
function tooSmall(transit: TransitInput, items: ItemInput[], standard: StandardOpening): boolean {
  const sizing = sizeTransit({
    transit: withOpening(transit, standard),
    items,
    catalogue: sampleCatalogue,
    solvePacking: false,
  });
  if (sizing.overfilled) return true;
  const packed = packCircles(
    sizing.opening,
    sizing.packing.circles.map((c) => c.diameterMm),
    {
      goal: 'tightest',
      iterationBudget: 150_000,
      seed: 7,
      timeBudgetMs: Number.POSITIVE_INFINITY,
      now: () => 0,
    },
  );
  return !packed.fits;
}

// Speed is measured by `npm run bench:openings`; these tests allow a busy machine's time.
describe('suggestOpenings', { timeout: 60_000 }, () => {
  it('suggests round and rectangular openings that fit, keep the limit and say the spare', () => {
    const result = suggestOpenings({
      transit: cableTransit,
      items: sixtyCables,
      catalogue: sampleCatalogue,
      standards,
    });
    expect(result.circleCount).toBe(60);
    for (const suggestion of [result.round, result.rectangle]) {
      expect(suggestion).not.toBeNull();
      const sizing = sizeTransit({
        transit: withOpening(cableTransit, suggestion!.standard),
        items: sixtyCables,
        catalogue: sampleCatalogue,
      });
      expect(sizing.overfilled).toBe(false);
      expect(sizing.packing.fits).toBe(true);
      expect(suggestion!.fillPercent).toBeCloseTo(sizing.filledPercentWithClearance, 9);
      expect(suggestion!.fillLimitPercent).toBe(80);
      expect(suggestion!.spareToLimitPercent).toBeCloseTo(80 - sizing.filledPercentWithClearance, 9);
      expect(suggestion!.minGapMm).toBeGreaterThanOrEqual(0);
    }
    expect(result.round!.standard.shape).toBe('ROUND');
    expect(result.rectangle!.standard.shape).toBe('RECTANGLE');
    // A few packings, not one per candidate.
    expect(result.packings).toBeLessThanOrEqual(8);
  });

  it('the next smaller standard does not fit or breaks the fill limit', () => {
    const pipes: TransitInput = {
      ...cableTransit,
      itemTypeId: 'PIPE',
      classId: 'A_CLASS',
      depthMm: 150,
      sparePercent: 0,
    };
    const items: ItemInput[] = [
      { quantity: 3, outerDiameterMm: 60 },
      { quantity: 4, outerDiameterMm: 33.4 },
    ];
    const result = suggestOpenings({ transit: pipes, items, catalogue: sampleCatalogue, standards });
    for (const suggestion of [result.round!, result.rectangle!]) {
      const sizing = sizeTransit({
        transit: withOpening(pipes, suggestion.standard),
        items,
        catalogue: sampleCatalogue,
      });
      expect(sizing.packing.fits).toBe(true);
      expect(sizing.overfilled).toBe(false);
      const smaller = nextSmaller(suggestion.standard);
      if (smaller) expect(tooSmall(pipes, items, smaller)).toBe(true);
    }
  });

  it('ignores the transit opening, answers nothing without items, and null when no standard is large enough', () => {
    expect(
      suggestOpenings({ transit: cableTransit, items: [], catalogue: sampleCatalogue, standards }),
    ).toEqual({
      round: null,
      rectangle: null,
      circleCount: 0,
      packings: 0,
    });
    const huge = suggestOpenings({
      transit: cableTransit,
      items: [{ quantity: 2, outerDiameterMm: 700 }],
      catalogue: sampleCatalogue,
      standards,
    });
    expect(huge).toMatchObject({ round: null, rectangle: null, circleCount: 2 });
    // Ruled out by the widest item and the area bound, without packing.
    expect(huge.packings).toBe(0);
  });

  it('gives the same answer every time (counted budgets, no clock)', () => {
    const a = suggestOpenings({
      transit: cableTransit,
      items: sixtyCables,
      catalogue: sampleCatalogue,
      standards,
    });
    const b = suggestOpenings({
      transit: cableTransit,
      items: sixtyCables,
      catalogue: sampleCatalogue,
      standards,
    });
    expect(b).toEqual(a);
  });

  it('passes over rectangular groups that cannot beat the rectangle found, with the same answer', () => {
    const all = suggestOpenings({
      transit: cableTransit,
      items: sixtyCables,
      catalogue: sampleCatalogue,
      standards,
    });
    // Each rectangular aspect on its own: the smallest of their answers is what the whole search must give.
    const aspects = new Map<string, StandardOpening[]>();
    for (const s of standards.filter((s) => s.shape === 'RECTANGLE')) {
      const key = (s.widthMm! / s.heightMm!).toPrecision(9);
      aspects.set(key, [...(aspects.get(key) ?? []), s]);
    }
    let packingsAlone = 0;
    const alone = [...aspects.values()].flatMap((group) => {
      const r = suggestOpenings({
        transit: cableTransit,
        items: sixtyCables,
        catalogue: sampleCatalogue,
        standards: group,
      });
      packingsAlone += r.packings;
      return r.rectangle ? [r.rectangle] : [];
    });
    const areaOf = (s: StandardOpening) => s.widthMm! * s.heightMm!;
    const smallest = Math.min(...alone.map((r) => areaOf(r.standard)));
    expect(areaOf(all.rectangle!.standard)).toBe(smallest);
    const roundAlone = suggestOpenings({
      transit: cableTransit,
      items: sixtyCables,
      catalogue: sampleCatalogue,
      standards: standards.filter((s) => s.shape === 'ROUND'),
    });
    expect(all.round).toEqual(roundAlone.round);
    expect(all.packings).toBeLessThan(packingsAlone + roundAlone.packings);
  });
});
