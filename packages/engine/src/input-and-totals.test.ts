// ADR 010: input is sized as typed or reported (never limited or made positive); one fill figure; project totals
// leave out transits that cannot be built; sealant cartridges counted per transit, so totals add up.
import { describe, expect, it } from 'vitest';
import { multiplyMaterials, totalMaterials, type Materials } from './materials';
import {
  NOT_BUILDABLE_TEXT,
  notBuildableReason,
  projectTotals,
  TRANSIT_STATUS_TEXT,
  transitStatusOf,
} from './project-totals';
import { fillLimitPercent, fillPercentOf, sizeTransit, type TransitSizing } from './size-transit';
import { sampleCatalogue } from './testing/sample-catalogue';
import type { TransitInput } from './types';

const codes = (result: TransitSizing) => result.messages.map((m) => m.code);
const rectangle: TransitInput = {
  shape: 'RECTANGLE',
  widthMm: 200,
  heightMm: 100,
  itemTypeId: 'CABLE',
  transitTypeId: 'NOFIRNO',
  classId: 'A_60_CLASS',
  depthMm: 200,
};
const size = (transit: TransitInput, items = [{ quantity: 1, outerDiameterMm: 20 }]) =>
  sizeTransit({ transit, items, catalogue: sampleCatalogue, solvePacking: false });

describe('corner radius (ADR 010: refused above half the shorter side, never limited)', () => {
  it('200 × 100 with r 80: no area, the error names the largest radius 50 mm', () => {
    const result = size({ ...rectangle, cornerRadiusMm: 80 });
    expect(result.transitAreaMm2).toBe(0);
    expect(result.opening).toMatchObject({ shape: 'RECTANGLE', cornerRadiusMm: 80 });
    expect(codes(result)).toContain('CORNER_RADIUS_TOO_LARGE');
    expect(codes(result)).not.toContain('TRANSIT_SIZE_MISSING');
    const message = result.messages.find((m) => m.code === 'CORNER_RADIUS_TOO_LARGE');
    expect(message?.text).toBe('The corner radius can be at most 50mm (half the shorter side).');
    expect(message?.severity).toBe('error');
    expect(result.materials.fillerSleeves.count).toBe(0);
    expect(result.materials.sealant.volumeMl).toBe(0);
  });

  it('200 × 100 with r 50 (the largest) is sized: 20000 − 2500 × (4 − π) = 10000 + 2500π', () => {
    const result = size({ ...rectangle, cornerRadiusMm: 50 });
    expect(result.transitAreaMm2).toBeCloseTo(10000 + 2500 * Math.PI, 9);
    expect(codes(result)).not.toContain('CORNER_RADIUS_TOO_LARGE');
  });
});

describe('negative sizes and spare percent (ADR 010: reported, never made positive or clamped)', () => {
  it('a negative diameter is not made positive: no area, NEGATIVE_SIZE', () => {
    const result = size({ shape: 'ROUND', diameterMm: -200 });
    expect(result.transitAreaMm2).toBe(0);
    expect(codes(result)).toContain('NEGATIVE_SIZE');
    expect(codes(result)).not.toContain('TRANSIT_SIZE_MISSING');
  });

  it('a negative item diameter is not sized as positive', () => {
    const result = size({ shape: 'ROUND', diameterMm: 200 }, [{ quantity: 1, outerDiameterMm: -20 }]);
    expect(result.itemsAreaMm2).toBe(0);
    expect(codes(result)).toContain('NEGATIVE_SIZE');
  });

  it('spare 150 % gives the limit it means (−50 %) with the error, not a clamped 0 %', () => {
    const result = size({ shape: 'ROUND', diameterMm: 200, sparePercent: 150 });
    expect(result.fillLimitPercent).toBe(-50);
    expect(fillLimitPercent(150)).toBe(-50);
    const message = result.messages.find((m) => m.code === 'SPARE_PERCENT_OUT_OF_RANGE');
    expect(message?.text).toBe('Spare percent must be between 0 and 99');
    // No limit to compare with: not declared overfilled (the spare's own error explains the transit).
    expect(result.overfilled).toBe(false);
    expect(result.messages.map((m) => m.code)).not.toContain('FILL_LIMIT_EXCEEDED');
  });

  it('spare 99 is allowed', () => {
    expect(codes(size({ shape: 'ROUND', diameterMm: 200, sparePercent: 99 }))).not.toContain(
      'SPARE_PERCENT_OUT_OF_RANGE',
    );
  });
});

describe('the fill (ADR 010: items area with clearance over transit area, not capped)', () => {
  it('a Ø 100 cable in a Ø 80 opening: fill 156.25 %, the same figure as filledPercentWithClearance', () => {
    const result = size({ shape: 'ROUND', diameterMm: 80, transitTypeId: null }, [
      { quantity: 1, outerDiameterMm: 100 },
    ]);
    // (100² / 80²) × 100 = 156.25; no clearance for a cable, so both ratios agree and neither is capped.
    expect(fillPercentOf(result)).toBeCloseTo(156.25, 9);
    expect(result.filledPercent).toBeCloseTo(156.25, 9);
    expect(result.overfilled).toBe(true);
  });
});

function materials(volumeMl: number, cartridges: number, sleeves: number): Materials {
  return {
    fillerSleeves: {
      type: 'NFS 20',
      diameterMm: 20,
      lengthMm: 170,
      count: sleeves,
      bundles: Math.ceil(sleeves / 10),
    },
    sealant: {
      sealantId: 'NOFIRNO_SEALANT',
      sealantName: 'NOFIRNO sealant',
      volumeMl,
      cartridges,
      cartridgeSizeMl: 310,
      usableCartridgeSizeMl: 290,
    },
    cableSleeves: [],
    crushers: [],
    wrap: { lengthMm: 0, rolls: 0 },
  };
}

describe('sealant cartridges per transit (ADR 010): the totals add up', () => {
  it('two transits of 393 ml: 2 + 2 = 4 cartridges in the total (pooled would be 786 / 290 -> 3)', () => {
    const totals = totalMaterials([materials(393, 2, 35), materials(393, 2, 35)]);
    expect(totals.sealants[0]).toMatchObject({ volumeMl: 786, cartridges: 4 });
  });

  it('copies: the transit’s cartridges × copies (393 ml: 2 × 3 = 6, pooled would be 1179 / 290 -> 5)', () => {
    expect(multiplyMaterials(materials(393, 2, 35), 3).sealant).toMatchObject({
      volumeMl: 1179,
      cartridges: 6,
    });
  });

  it('sizeTransit: per copy 732 ml -> 3 cartridges; 3 copies -> 9 (pooled 2196 / 290 would be 8)', () => {
    const result = sizeTransit({
      transit: {
        shape: 'ROUND',
        diameterMm: 200,
        copies: 3,
        itemTypeId: 'PIPE',
        transitTypeId: 'NOFIRNO',
        classId: 'A_60_CLASS',
        sealantType: 'NOFIRNO_SEALANT',
        sealantDepth: 'DOUBLE',
        depthMm: 200,
      },
      items: [
        { quantity: 2, outerDiameterMm: 60.3 },
        { quantity: 1, outerDiameterMm: 88.9 },
      ],
      catalogue: sampleCatalogue,
      solvePacking: false,
    });
    // Empty (10000 − 3793.8475)π = 19497.20 mm²; 30 × 19497.20 × 1.25 × 0.001 = 731.1 -> 732 ml; 732 / 290 -> 3.
    expect(result.materialsPerTransit.sealant).toMatchObject({ volumeMl: 732, cartridges: 3 });
    expect(result.materials.sealant).toMatchObject({ volumeMl: 2196, cartridges: 9 });
  });
});

describe('project totals (ADR 010): a transit that cannot be built is listed, never summed', () => {
  const packing = (fits: boolean, source: 'solved' | 'skipped' = 'solved') =>
    ({ source, fits, scale: fits ? 0.9 : 1.2, circles: [], minGapMm: null }) as TransitSizing['packing'];
  const ok = { overfilled: false, packing: packing(true), materials: materials(393, 2, 35) };
  const over = { overfilled: true, packing: packing(true), materials: materials(1000, 4, 50) };
  const noFit = { overfilled: false, packing: packing(false), materials: materials(500, 2, 20) };
  const notSearched = {
    overfilled: false,
    packing: packing(false, 'skipped'),
    materials: materials(100, 1, 5),
  };

  it('reasons: overfilled first, then a searched packing without a layout', () => {
    expect(notBuildableReason(ok)).toBeNull();
    expect(notBuildableReason(over)).toBe('OVERFILLED');
    expect(notBuildableReason({ ...over, packing: packing(false) })).toBe('OVERFILLED');
    expect(notBuildableReason(noFit)).toBe('ITEMS_DO_NOT_FIT');
    expect(notBuildableReason(notSearched)).toBeNull();
    expect(NOT_BUILDABLE_TEXT.OVERFILLED).toBe('not buildable: overfilled');
  });

  it('one state per transit: incomplete without an area, else the reason, else fits; one wording each', () => {
    const area = { transitAreaMm2: 31_415.93 };
    expect(transitStatusOf({ ...ok, transitAreaMm2: 0 })).toBe('INCOMPLETE');
    expect(transitStatusOf({ ...over, transitAreaMm2: 0 })).toBe('INCOMPLETE');
    expect(transitStatusOf({ ...ok, ...area })).toBe('FITS');
    expect(transitStatusOf({ ...notSearched, ...area })).toBe('FITS');
    expect(transitStatusOf({ ...over, ...area })).toBe('OVERFILLED');
    expect(transitStatusOf({ ...noFit, ...area })).toBe('ITEMS_DO_NOT_FIT');
    expect(TRANSIT_STATUS_TEXT).toEqual({
      INCOMPLETE: 'Incomplete',
      FITS: 'Fits',
      ITEM_TOO_LARGE: 'Not buildable: an item is larger than the opening',
      OVERFILLED: 'Not buildable: overfilled',
      ITEMS_DO_NOT_FIT: 'Not buildable: no layout found',
    });
  });

  it('sums only the buildable ones: 393 + 100 ml, 2 + 1 cartridges, 35 + 5 sleeves', () => {
    const result = projectTotals([ok, over, noFit, notSearched]);
    expect(result.notBuildable).toEqual([
      { index: 1, reason: 'OVERFILLED' },
      { index: 2, reason: 'ITEMS_DO_NOT_FIT' },
    ]);
    expect(result.totals.sealants[0]).toMatchObject({ volumeMl: 493, cartridges: 3 });
    expect(result.totals.fillerSleeves[0]).toMatchObject({ count: 40, bundles: 4 });
  });
});
