// The three verdicts of a transit that cannot be built (ADR 010), each from a real sizing: one item larger than the
// opening, the fill above the fill limit, and items within the fill limit that no layout was found for (with the
// best layout's scale).
import { describe, expect, it } from 'vitest';
import { openingAtScale, transitVerdictOf } from './project-totals';
import { sizeTransit } from './size-transit';
import { sampleCatalogue } from './testing/sample-catalogue';
import type { ItemInput, TransitInput } from './types';

/** Cables without a transit type: no sleeves, the circles are the cables; no spare, the fill limit is 100 %. */
const round = (diameterMm: number): TransitInput => ({ shape: 'ROUND', diameterMm, itemTypeId: 'CABLE' });
const verdict = (transit: TransitInput, items: ItemInput[]) =>
  transitVerdictOf(sizeTransit({ transit, items, catalogue: sampleCatalogue }));

describe('transit verdicts', () => {
  it('one item larger than the opening: its diameter and the opening, before the overfill it causes', () => {
    const v = verdict(round(100), [{ quantity: 1, outerDiameterMm: 120 }]);
    expect(v.status).toBe('ITEM_TOO_LARGE');
    expect(v.tooLarge).toEqual({ itemDiameterMm: 120, openingAcrossMm: 100 });
    expect(v.fillPercent).toBeCloseTo(144, 6);
  });

  it('an item as wide as the narrower side of a rectangle passes; wider does not', () => {
    const rect = (heightMm: number): TransitInput => ({
      shape: 'RECTANGLE',
      widthMm: 1000,
      heightMm,
      itemTypeId: 'CABLE',
    });
    expect(verdict(rect(100), [{ quantity: 1, outerDiameterMm: 100 }]).status).toBe('FITS');
    const v = verdict(rect(100), [{ quantity: 1, outerDiameterMm: 101 }]);
    // 8 012 mm² in 100 000 mm²: far below the fill limit, yet it cannot pass.
    expect(v.status).toBe('ITEM_TOO_LARGE');
    expect(v.fillPercent).toBeLessThan(10);
  });

  it('fill above the limit: overfilled, with the fill and the limit', () => {
    const v = verdict({ ...round(100), sparePercent: 40 }, [{ quantity: 10, outerDiameterMm: 25 }]);
    expect(v.status).toBe('OVERFILLED');
    expect(v.fillPercent).toBeCloseTo(62.5, 6);
    expect(v.fillLimitPercent).toBe(60);
    expect(v.tooLarge).toBeNull();
    expect(v.bestScale).toBeNull();
  });

  it('within the fill limit but no layout: the best layout scale (two Ø 60 mm in Ø 100 mm need Ø 120 mm)', () => {
    const v = verdict(round(100), [{ quantity: 2, outerDiameterMm: 60 }]);
    expect(v.status).toBe('ITEMS_DO_NOT_FIT');
    expect(v.fillPercent).toBeCloseTo(72, 6);
    expect(v.fillLimitPercent).toBe(100);
    expect(v.bestScale).toBeCloseTo(1.2, 3);
    const needed = openingAtScale({ shape: 'ROUND', diameterMm: 100 }, v.bestScale!);
    expect(needed.shape === 'ROUND' && needed.diameterMm).toBeCloseTo(120, 1);
  });

  it('fits: no reason, no figures beyond the fill', () => {
    const v = verdict(round(130), [{ quantity: 2, outerDiameterMm: 60 }]);
    expect(v).toMatchObject({ status: 'FITS', tooLarge: null, bestScale: null });
  });
});
