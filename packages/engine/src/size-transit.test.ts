import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  packingIterationBudget,
  PACKING_SEED,
  effectiveCopies,
  fillLimitPercent,
  sizeTransit,
  type PackingSolution,
} from './size-transit';
import { sampleCatalogue } from './testing/sample-catalogue';
import type { ItemInput, TransitInput } from './types';

// Formula tests: the packer is replaced by a stub whose answer each test chooses (the real packer is exercised in
// size-transit.packing.test.ts).
const packCircles = vi.hoisted(() =>
  vi.fn((_opening: unknown, diametersMm: number[], _options?: unknown): PackingSolution => ({
    fits: true,
    scale: 0.5,
    centres: diametersMm.map((_, i) => ({ xMm: i, yMm: 2 * i })),
    minGapMm: 1,
  })),
);
vi.mock('./packing/verdict', () => ({ packForVerdict: packCircles }));

// Braces: a function returned from beforeEach is taken as its cleanup (mockClear returns the mock).
beforeEach(() => {
  packCircles.mockClear();
});

const PI = Math.PI;
/** 4" Schedule 40 inside diameter: (4.5 − 2 × 0.237) in × 25.4 (ASME B36.10M, exact inches). */
const ID_4IN_MM = 102.2604;
const codes = (result: ReturnType<typeof sizeTransit>) => result.messages.map((m) => m.code);

// Example A: steel pipes in a round NOFIRNO transit (clearance applies).
// Transit d 200: area π × 200² / 4 = 10000π = 31415.93 mm².
// 2 × 2" pipe (OD 60.3, clearance 30 -> 90.3) and 1 × 3" pipe (OD 88.9, clearance 40 -> 128.9).
// Items area: (2 × 60.3² + 88.9²) × π/4 = (2 × 909.0225 + 1975.8025)π = 3793.8475π = 11918.72 mm².
// With clearance: (2 × 90.3² + 128.9²) × π/4 = (2 × 2038.5225 + 4153.8025)π = 8230.8475π = 25857.97 mm².
// Fill 37.938475 %, with clearance 82.308475 % > limit 100 − 20 = 80 -> overfilled.
// Empty: (10000 − 3793.8475)π = 6206.1525π = 19497.20 mm².
// Sleeves d 20 (area 100π): 62.061525 -> 63 per transit; 2 copies -> 126, 13 bundles. Length 200 − 30 = 170.
// Sealant: 30 × 19497.20 × 1.25 × 0.001 = 731.145 -> 732 ml per transit; × 2 = 1464 ml; / 290 = 5.05 -> 6 cartridges.
const transitA: TransitInput = {
  shape: 'ROUND',
  diameterMm: 200,
  copies: 2,
  sparePercent: 20,
  itemTypeId: 'PIPE',
  transitTypeId: 'NOFIRNO',
  classId: 'A_60_CLASS',
  sealantType: 'NOFIRNO_SEALANT',
  sealantDepth: 'DOUBLE',
  depthMm: 200,
};
const itemsA: ItemInput[] = [
  { id: 'a1', quantity: 2, outerDiameterMm: 60.3 },
  { id: 'a2', quantity: 1, outerDiameterMm: 88.9 },
];

// Example B: cables in a 300 × 200 NOFIRNO/RISE rectangle (no clearance; sleeves, wrap).
// Area 60000 mm². 10 × cable 12 in sleeve NFR-CS-022 (22 mm), 4 × cable 70 (no sleeve, wrapped), 2 × cable 5 in
// NFR-CS-010 (10 mm). Items: (10 × 22² + 4 × 70² + 2 × 10²) × π/4 = (1210 + 4900 + 50)π = 6160π = 19352.21 mm².
// Fill 32.2537 %. Empty 60000 − 6160π = 40647.79 mm².
// Sleeves d 25 (area 156.25π = 490.87): 82.807 -> 83, 9 bundles. Length 100 − 40 = 60.
// Sealant: 40 × 40647.79 × 1.25 × 0.001 = 2032.39 -> 2033 ml; / 290 = 7.01 -> 8 cartridges.
// Wrap: 70 × π × 4 × 4 = 1120π = 3518.58 mm -> 4 rolls.
const transitB: TransitInput = {
  shape: 'RECTANGLE',
  widthMm: 300,
  heightMm: 200,
  cornerRadiusMm: 0,
  itemTypeId: 'CABLE',
  transitTypeId: 'NOFIRNO/RISE',
  classId: 'WATERTIGHT',
  sealantType: 'WATERTIGHT_SEALANT',
  sealantDepth: 'DOUBLE',
  depthMm: 100,
};
const itemsB: ItemInput[] = [
  { quantity: 10, outerDiameterMm: 12 },
  { quantity: 4, outerDiameterMm: 70 },
  { quantity: 2, outerDiameterMm: 5 },
];

// Example C: RISE_ULTRA single pipe 4" (DN100): actual inside diameter 4.5 − 2 × 0.237 = 4.026 in = 102.2604 mm.
// Area π × 102.26² / 4 = 8212.99 mm². One 2" pipe (no clearance outside the NOFIRNO family): 909.0225π = 2855.79.
// Empty 5357.21 mm². Sleeves: none (RISE_ULTRA single). Sealant SINGLE: 40 × 5357.21 × 1.25 × 0.001 / 2 = 133.93
// -> 134 ml; 1 cartridge. Depth fixed at the minimum 100 (PIPE, A_CLASS): sleeve length 100 − 40 = 60.
const transitC: TransitInput = {
  shape: 'ROUND',
  diameterMm: 999, // ignored: the single pipe's inside diameter is used
  itemTypeId: 'PIPE',
  transitTypeId: 'RISE_ULTRA',
  classId: 'A_CLASS',
  sealantType: 'NOFIRNO_SEALANT',
  sealantDepth: 'SINGLE',
  pipeConfiguration: 'SINGLE',
  singleCrusherPipeId: 'PIPE-DN100',
  depthMm: 100,
};

describe('sizeTransit example A: steel pipes, clearance, copies', () => {
  const result = sizeTransit({ transit: transitA, items: itemsA, catalogue: sampleCatalogue });

  it('computes the areas and fill', () => {
    expect(result.transitAreaMm2).toBeCloseTo(10000 * PI, 9);
    expect(result.itemsAreaMm2).toBeCloseTo(3793.8475 * PI, 9);
    expect(result.itemsAreaWithClearanceMm2).toBeCloseTo(8230.8475 * PI, 9);
    expect(result.emptyAreaMm2).toBeCloseTo(6206.1525 * PI, 9);
    expect(result.filledPercent).toBeCloseTo(37.938475, 9);
    expect(result.filledPercentWithClearance).toBeCloseTo(82.308475, 9);
    expect(result.fillLimitPercent).toBe(80);
    expect(result.overfilled).toBe(true);
    expect(result.itemCount).toBe(3);
    expect(result.copies).toBe(2);
    expect(result.minimumDepthMm).toBe(150);
  });

  it('sizes each line (spec §3 item fields)', () => {
    expect(result.items[0]).toMatchObject({
      id: 'a1',
      itemTypeId: 'PIPE',
      quantity: 2,
      outerDiameterMm: 60.3,
      crusherId: null,
      occupiedDiameterMm: 60.3,
      clearanceMm: 30,
      diameterPlusClearanceMm: 90.3,
      plasticPipeDiameterMm: null,
      sleevedDiameterMm: null,
    });
    expect(result.items[1]).toMatchObject({ clearanceMm: 40, diameterPlusClearanceMm: 128.9 });
  });

  it('packs one circle per item with the clearance, deterministically', () => {
    const packed = sizeTransit({ transit: transitA, items: itemsA, catalogue: sampleCatalogue });
    expect(packed).toEqual(result);
    expect(packCircles).toHaveBeenCalledTimes(1);
    expect(packCircles.mock.calls[0]?.[1]).toEqual([90.3, 90.3, 128.9]);
    expect(packCircles.mock.calls[0]?.[2]).toMatchObject({
      seed: PACKING_SEED,
      iterationBudget: packingIterationBudget(3),
    });
    expect(result.packing.source).toBe('solved');
    expect(
      result.packing.circles.map((c) => [c.itemIndex, c.diameterMm, c.itemDiameterMm, c.xMm, c.yMm]),
    ).toEqual([
      [0, 90.3, 60.3, 0, 0],
      [0, 90.3, 60.3, 1, 2],
      [1, 128.9, 88.9, 2, 4],
    ]);
  });

  it('computes materials per transit and for both copies', () => {
    expect(result.materialsPerTransit.fillerSleeves).toEqual({
      type: 'NOFIRNO filler sleeve',
      diameterMm: 20,
      lengthMm: 170,
      count: 63,
      bundles: 7,
    });
    expect(result.materials.fillerSleeves).toEqual({
      type: 'NOFIRNO filler sleeve',
      diameterMm: 20,
      lengthMm: 170,
      count: 126,
      bundles: 13,
    });
    expect(result.materialsPerTransit.sealant).toMatchObject({ volumeMl: 732, cartridges: 3 });
    expect(result.materials.sealant).toEqual({
      sealantId: 'NOFIRNO_SEALANT',
      sealantName: 'NOFIRNO sealant',
      volumeMl: 1464,
      cartridges: 6,
      cartridgeSizeMl: 310,
      usableCartridgeSizeMl: 290,
    });
    // A predefined steel pipe size is not a crusher to order (ADR 003); no cables.
    expect(result.materials.crushers).toEqual([]);
    expect(result.materials.cableSleeves).toEqual([]);
    expect(result.materials.wrap).toEqual({ lengthMm: 0, rolls: 0 });
  });

  it('reports the overfill', () => {
    expect(codes(result)).toEqual(['FILL_LIMIT_EXCEEDED']);
    expect(result.messages[0]?.text).toBe('The fill with clearance (82.3 %) exceeds the fill limit of 80 %.');
  });

  it('reports items that do not fit, followed for pipes by the excess-space message (spec §8)', () => {
    packCircles.mockReturnValueOnce({
      fits: false,
      scale: 1.2,
      centres: [0, 1, 2].map(() => ({ xMm: 0, yMm: 0 })),
      minGapMm: null,
    });
    const notFitting = sizeTransit({ transit: transitA, items: itemsA, catalogue: sampleCatalogue });
    expect(notFitting.packing).toMatchObject({ fits: false, scale: 1.2 });
    expect(notFitting.messages.slice(0, 2)).toEqual([
      { code: 'ITEMS_DO_NOT_FIT', severity: 'error', text: 'Penetrating Items do not fit in the transit.' },
      {
        code: 'MINIMUM_EXCESS_SPACE',
        severity: 'error',
        text: 'Transit has a minimum excess space requirement.',
      },
    ]);
  });

  it('without the excess-space message for cables', () => {
    packCircles.mockReturnValueOnce({
      fits: false,
      scale: 1.2,
      centres: Array.from({ length: 16 }, () => ({ xMm: 0, yMm: 0 })),
      minGapMm: null,
    });
    const notFitting = sizeTransit({ transit: transitB, items: itemsB, catalogue: sampleCatalogue });
    expect(codes(notFitting)).toEqual(['ITEMS_DO_NOT_FIT']);
  });

  it('is JSON-safe and the same on every run', () => {
    const again = sizeTransit({ transit: transitA, items: itemsA, catalogue: sampleCatalogue });
    expect(JSON.parse(JSON.stringify(again))).toEqual(again);
    expect(again).toEqual(result);
  });
});

describe('sizeTransit example B: cables in a rectangle', () => {
  const result = sizeTransit({ transit: transitB, items: itemsB, catalogue: sampleCatalogue });

  it('computes fill without clearance', () => {
    expect(result.transitAreaMm2).toBe(60000);
    expect(result.itemsAreaMm2).toBeCloseTo(6160 * PI, 9);
    expect(result.itemsAreaWithClearanceMm2).toBeCloseTo(6160 * PI, 9);
    expect(result.filledPercent).toBeCloseTo(32.253684576855214, 9);
    expect(result.fillLimitPercent).toBe(100);
    expect(result.overfilled).toBe(false);
  });

  it('puts cables in their sleeves', () => {
    expect(
      result.items.map((item) => [
        item.sleevedDiameterMm,
        item.occupiedDiameterMm,
        item.cableSleeveId,
        item.wrapped,
      ]),
    ).toEqual([
      [22, 22, 'NFR-CS-022', false],
      [null, 70, null, true],
      [10, 10, 'NFR-CS-010', false],
    ]);
  });

  it('computes the materials', () => {
    expect(result.materials.fillerSleeves).toEqual({
      type: 'NOFIRNO/RISE filler sleeve',
      diameterMm: 25,
      lengthMm: 60,
      count: 83,
      bundles: 9,
    });
    expect(result.materials.sealant).toMatchObject({
      sealantId: 'WATERTIGHT_SEALANT',
      volumeMl: 2033,
      cartridges: 8,
    });
    expect(result.materials.cableSleeves.map((s) => [s.articleNumber, s.count])).toEqual([
      ['NFR-CS-010', 2],
      ['NFR-CS-022', 10],
    ]);
    expect(result.materials.wrap.lengthMm).toBeCloseTo(1120 * PI, 9);
    expect(result.materials.wrap.rolls).toBe(4);
    expect(result.messages).toEqual([]);
  });

  it('warns about a cable no sleeve fits (and not about wrapped ones)', () => {
    const odd = sizeTransit({
      transit: { ...transitB, transitTypeId: 'NOFIRNO/CER' },
      items: [{ quantity: 1, outerDiameterMm: 0.0 }, ...itemsB],
      catalogue: { ...sampleCatalogue, cableSleeves: [] },
    });
    expect(odd.messages.filter((m) => m.code === 'NO_CABLE_SLEEVE').map((m) => m.params)).toEqual([
      { diameter: 12 },
      { diameter: 5 },
    ]);
  });
});

describe('sizeTransit example C: RISE_ULTRA single pipe', () => {
  const result = sizeTransit({
    transit: transitC,
    items: [{ quantity: 1, outerDiameterMm: 60.3 }],
    catalogue: sampleCatalogue,
  });

  it('uses the actual inside diameter of the chosen pipe', () => {
    expect(result.opening).toEqual({ shape: 'ROUND', diameterMm: ID_4IN_MM });
    expect(result.transitAreaMm2).toBeCloseTo((PI * ID_4IN_MM * ID_4IN_MM) / 4, 9);
    expect(result.items[0]?.clearanceMm).toBe(0); // RISE_ULTRA is not in the NOFIRNO family
  });

  it('has no filler sleeves and half the sealant', () => {
    expect(result.materials.fillerSleeves).toEqual({
      type: 'RISE ULTRA filler sleeve',
      diameterMm: 20,
      lengthMm: 60,
      count: 0,
      bundles: 0,
    });
    expect(result.materials.sealant).toMatchObject({ volumeMl: 134, cartridges: 1 });
  });

  it('adds the RISE_ULTRA notes (spec §8)', () => {
    expect(result.messages).toEqual([
      {
        code: 'RISE_ULTRA_LONGER_DEPTH',
        severity: 'info',
        text: 'If a longer depth penetration is required, please contact the provider or your distributor.',
      },
      {
        code: 'RISE_ULTRA_SCH80',
        severity: 'info',
        text: 'If Sch. 80 is required, please contact the provider or your distributor',
      },
    ]);
  });

  it('MULTIPLE: sleeves counted, only the depth note', () => {
    const multiple = sizeTransit({
      transit: { ...transitC, pipeConfiguration: 'MULTIPLE', singleCrusherPipeId: null, diameterMm: 102.26 },
      items: [{ quantity: 1, outerDiameterMm: 60.3 }],
      catalogue: sampleCatalogue,
    });
    // 5357.21 / 100π = 17.05 -> 18
    expect(multiple.materials.fillerSleeves.count).toBe(18);
    expect(codes(multiple)).toEqual(['RISE_ULTRA_LONGER_DEPTH']);
  });
});

describe('sizeTransit: plastic pipes with crushers', () => {
  // Round d 400 NOFIRNO, 3 × d110 plastic pipe with crusher (OD 110 + 2 × 12 = 134), 2 copies.
  // Items 3 × 134² × π/4 = 42307.83 mm² of 40000π = 125663.71: 33.6675 %. No clearance for plastic pipes.
  const result = sizeTransit({
    transit: {
      shape: 'ROUND',
      diameterMm: 400,
      copies: 2,
      itemTypeId: 'PIPE_PLASTIC',
      transitTypeId: 'NOFIRNO',
      classId: 'A_CLASS',
      depthMm: 150,
    },
    items: [{ quantity: 3, outerDiameterMm: 110, crusherId: 'CRUSHER-D110' }],
    catalogue: sampleCatalogue,
  });

  it('uses the crusher outer diameter and counts the crushers', () => {
    expect(result.items[0]).toMatchObject({
      plasticPipeDiameterMm: 110,
      occupiedDiameterMm: 134,
      clearanceMm: 0,
      diameterPlusClearanceMm: 134,
    });
    expect(result.filledPercent).toBeCloseTo(33.6675, 9);
    expect(result.materials.crushers).toEqual([
      {
        crusherId: 'CRUSHER-D110',
        name: 'd110 crusher',
        articleNumber: 'CP-110',
        pipeNominalSize: '110',
        pipeDiameterMm: 110,
        outerDiameterMm: 134,
        count: 6,
      },
    ]);
  });

  it('no sealant chosen: volume still computed, no name', () => {
    // 30 × (40000π − 42307.83) × 1.25 × 0.001 = 3125.85 -> 3126 ml per transit
    expect(result.materialsPerTransit.sealant).toMatchObject({
      sealantId: null,
      sealantName: null,
      volumeMl: 3126,
    });
  });

  it('warns about an unknown crusher and uses the entered diameter', () => {
    const unknown = sizeTransit({
      transit: { shape: 'ROUND', diameterMm: 400, itemTypeId: 'PIPE_PLASTIC' },
      items: [{ quantity: 1, outerDiameterMm: 110, crusherId: 'GONE' }],
      catalogue: sampleCatalogue,
    });
    expect(unknown.items[0]?.occupiedDiameterMm).toBe(110);
    expect(unknown.messages.find((m) => m.code === 'CRUSHER_NOT_FOUND')?.text).toBe(
      'The pipe size GONE is not in the catalogue; the entered diameter was used.',
    );
  });
});

describe('sizeTransit: missing and odd input', () => {
  it('no dimensions: no fill, no packing, the dimensions message', () => {
    const result = sizeTransit({
      transit: { shape: 'RECTANGLE', widthMm: 300 },
      items: [{ quantity: 2, outerDiameterMm: 20 }],
      catalogue: sampleCatalogue,
    });
    expect(result).toMatchObject({
      transitAreaMm2: 0,
      filledPercent: 0,
      filledPercentWithClearance: 0,
      emptyAreaMm2: 0,
      overfilled: false,
    });
    expect(result.packing).toMatchObject({ source: 'skipped', fits: false });
    expect(result.packing.circles).toHaveLength(2);
    expect(packCircles).not.toHaveBeenCalled();
    expect(codes(result)).toEqual(['TRANSIT_SIZE_MISSING', 'MATERIALS_INCOMPLETE']);
  });

  it('no items: empty transit fits, everything is empty area', () => {
    const result = sizeTransit({ transit: transitA, items: [], catalogue: sampleCatalogue });
    expect(result.packing).toEqual({ source: 'skipped', fits: true, scale: 0, circles: [], minGapMm: null });
    expect(result.emptyAreaMm2).toBeCloseTo(10000 * PI, 9);
    // 10000π / 100π = 100 sleeves per transit, × 2 copies
    expect(result.materials.fillerSleeves.count).toBe(200);
  });

  it('spec §5: sleeve length needs transit type, class and depth (else length 0, no type)', () => {
    for (const missing of ['transitTypeId', 'classId', 'depthMm'] as const) {
      const result = sizeTransit({
        transit: { ...transitA, [missing]: null },
        items: itemsA,
        catalogue: sampleCatalogue,
      });
      expect(result.materials.fillerSleeves.type).toBeNull();
      expect(result.materials.fillerSleeves.lengthMm).toBe(0);
      expect(codes(result)).toContain('MATERIALS_INCOMPLETE');
    }
    // Without a class there is no mmFillerSleeveLessThanTransit: no sealant either.
    expect(
      sizeTransit({ transit: { ...transitA, classId: null }, items: itemsA, catalogue: sampleCatalogue })
        .materials.sealant.volumeMl,
    ).toBe(0);
  });

  it('reports a stored depth below the minimum (spec §5)', () => {
    const result = sizeTransit({
      transit: { ...transitA, depthMm: 100 },
      items: itemsA,
      catalogue: sampleCatalogue,
    });
    expect(result.messages.find((m) => m.code === 'DEPTH_BELOW_MINIMUM')?.text).toBe(
      'Minimum depth for this type of transit is 150mm',
    );
  });

  it('ignores lines without a positive quantity or diameter and counts whole items', () => {
    const result = sizeTransit({
      transit: transitB,
      items: [
        { quantity: 0, outerDiameterMm: 12 },
        { quantity: 3, outerDiameterMm: -1 },
        { quantity: 2.7, outerDiameterMm: 12 },
        { quantity: Number.NaN, outerDiameterMm: 12 },
      ],
      catalogue: sampleCatalogue,
    });
    expect(result.items.map((item) => item.quantity)).toEqual([0, 0, 2, 0]);
    expect(result.itemCount).toBe(2);
    expect(result.packing.circles).toHaveLength(2);
  });

  it('warns when a pipe is above the clearance table, and adds none', () => {
    const result = sizeTransit({
      transit: { ...transitA, diameterMm: 1000 },
      items: [{ quantity: 1, outerDiameterMm: 500 }],
      catalogue: sampleCatalogue,
    });
    expect(result.items[0]?.clearanceMm).toBe(0);
    expect(result.messages.find((m) => m.code === 'CLEARANCE_NOT_DEFINED')?.params).toEqual({
      diameter: 500,
    });
  });

  it('an item type on the line overrides the transit’s', () => {
    // A 60.3 mm cable in NOFIRNO: sleeve (52, 63] NF-CS-075, no clearance.
    const result = sizeTransit({
      transit: transitA,
      items: [{ quantity: 1, outerDiameterMm: 60.3, itemTypeId: 'CABLE' }],
      catalogue: sampleCatalogue,
    });
    expect(result.items[0]).toMatchObject({
      itemTypeId: 'CABLE',
      clearanceMm: 0,
      cableSleeveId: 'NF-CS-075',
      occupiedDiameterMm: 75,
      wrapped: false,
    });
  });

  it('does not cap the filled percentage (ADR 010 overrides spec §9 cap)', () => {
    const result = sizeTransit({
      transit: { ...transitA, diameterMm: 50 },
      items: itemsA,
      catalogue: sampleCatalogue,
    });
    // Items area over a Ø 50 opening: far above 100 %, shown as it is.
    expect(result.filledPercent).toBeCloseTo((result.itemsAreaMm2 / result.transitAreaMm2) * 100, 9);
    expect(result.filledPercent).toBeGreaterThan(600);
    expect(result.filledPercentWithClearance).toBeGreaterThan(result.filledPercent);
    expect(result.emptyAreaMm2).toBe(0);
    expect(result.materials.fillerSleeves.count).toBe(0);
    expect(result.materials.sealant.volumeMl).toBe(0);
  });
});

describe('sizeTransit: precomputed packing and skipping', () => {
  // d 400 holds 90.3, 90.3 and 128.9: the large one at (-100, 0) (reach 164.45), the small ones at (80, ±60)
  // (reach 145.15, 120 apart), large to small hypot(180, 60) = 189.7 ≥ 109.6.
  const roomy: TransitInput = { ...transitA, diameterMm: 400 };
  const validLayout = [
    { xMm: 80, yMm: 60 },
    { xMm: 80, yMm: -60 },
    { xMm: -100, yMm: 0 },
  ];

  it('keeps a valid layout sent with the input exactly as sent (the certificate), without solving', () => {
    const result = sizeTransit({
      transit: roomy,
      items: itemsA,
      catalogue: sampleCatalogue,
      packing: { centres: validLayout },
    });
    expect(packCircles).not.toHaveBeenCalled();
    expect(result.packing).toMatchObject({ source: 'precomputed', fits: true });
    expect(result.packing.circles.map((c) => ({ xMm: c.xMm, yMm: c.yMm }))).toEqual(validLayout);
    // Smallest gap: the two small circles, 120 − 90.3 (the large one is 35.55 from the wall).
    expect(result.packing.minGapMm).toBeCloseTo(29.7, 9);
    expect(result.packing.scale).toBeCloseTo(164.45 / 200, 12);
    expect(codes(result)).not.toContain('ITEMS_DO_NOT_FIT');
  });

  it.each([
    ['two circles overlap', [{ xMm: 80, yMm: 20 }, validLayout[1]!, validLayout[2]!]],
    ['a circle sticks out of the opening', [{ xMm: 160, yMm: 60 }, validLayout[1]!, validLayout[2]!]],
    ['a centre is not a number', [{ xMm: Number.NaN, yMm: 0 }, validLayout[1]!, validLayout[2]!]],
    ['it is for other circles', [validLayout[0]!]],
  ])('solves again and never stores the sent layout when %s', (_case, centres) => {
    const result = sizeTransit({
      transit: roomy,
      items: itemsA,
      catalogue: sampleCatalogue,
      packing: { centres },
    });
    expect(packCircles).toHaveBeenCalledTimes(1);
    expect(result.packing.source).toBe('solved');
    expect(result.packing.circles.map((c) => ({ xMm: c.xMm, yMm: c.yMm }))).not.toEqual(centres);
  });

  it('never takes a sent layout as fitting when it needs a larger opening', () => {
    // Valid at scale 1.2 only: the solver answers (here the stub says it does not fit).
    packCircles.mockReturnValueOnce({ fits: false, scale: 1.3, centres: validLayout, minGapMm: null });
    const result = sizeTransit({
      transit: { ...roomy, diameterMm: 300 },
      items: itemsA,
      catalogue: sampleCatalogue,
      packing: { centres: validLayout },
    });
    expect(result.packing).toMatchObject({ source: 'solved', fits: false, minGapMm: null });
    expect(codes(result)).toContain('ITEMS_DO_NOT_FIT');
  });

  it('skips the packing when asked', () => {
    const result = sizeTransit({
      transit: transitA,
      items: itemsA,
      catalogue: sampleCatalogue,
      solvePacking: false,
    });
    expect(packCircles).not.toHaveBeenCalled();
    expect(result.packing.source).toBe('skipped');
    expect(codes(result)).not.toContain('ITEMS_DO_NOT_FIT');
  });
});

describe('copies and spare percent', () => {
  it.each([
    [undefined, 1],
    [null, 1],
    [0, 1],
    [-3, 1],
    [1, 1],
    [2.9, 2],
    [12, 12],
    [Number.NaN, 1],
  ])('copies %s -> %s', (copies, expected) => {
    expect(effectiveCopies(copies)).toBe(expected);
  });

  it.each([
    [undefined, 100],
    [null, 100],
    [20, 80],
    [0, 100],
    // ADR 010: never clamped (out of range is refused on save and reported in a preview).
    [-10, 110],
    [150, -50],
    [12.5, 87.5],
  ])('spare %s percent -> limit %s percent', (spare, expected) => {
    expect(fillLimitPercent(spare)).toBe(expected);
  });
});

describe('packingIterationBudget (the server verdict, ADR 004)', () => {
  it('gives small lists the budget the +0.5 % target needs and larger lists no more than before', () => {
    expect(packingIterationBudget(1)).toBe(600_000);
    expect(packingIterationBudget(40)).toBe(600_000);
    expect(packingIterationBudget(48)).toBe(500_000);
    expect(packingIterationBudget(60)).toBe(400_000);
    expect(packingIterationBudget(299)).toBe(400_000);
    for (let n = 1; n < 300; n++)
      expect(packingIterationBudget(n + 1)).toBeLessThanOrEqual(packingIterationBudget(n));
  });
});
