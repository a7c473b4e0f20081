import { describe, expect, it } from 'vitest';
import {
  bundleCount,
  cartridgeCount,
  fillerSleeveCount,
  fillerSleeveLengthMm,
  matchCableSleeve,
  multiplyMaterials,
  needsWrap,
  sealantVolumeMl,
  totalMaterials,
  wrapLengthMm,
  wrapRolls,
  type Materials,
} from './materials';
import { sampleCatalogue } from './testing/sample-catalogue';
import type { CatalogueCableSleeve, SealantDepth } from './types';

describe('filler sleeves (spec §9)', () => {
  it.each([
    // [depth, mmFillerSleeveLessThanTransit, length]
    [150, 30, 120], // 150 − 30
    [100, 40, 60], // 100 − 40
    [100, 30.04, 70], // 69.96 -> 70.0
    [150.06, 30, 120.1], // 120.06 -> 120.1
    [150.04, 30, 120], // 120.04 -> 120.0
    [20, 30, 0], // floored at 0
    [30, 30, 0],
  ])('length: depth %s − %s = %s', (depth, less, expected) => {
    expect(fillerSleeveLengthMm(depth, less)).toBe(expected);
  });

  it.each([
    // [empty area, sleeve diameter, count]
    [1000 * Math.PI, 20, 10], // sleeve area π × 20² / 4 = 100π; 1000π / 100π = 10 exactly (no float round-up)
    [1000, 20, 4], // 1000 / 314.159 = 3.18 -> 4
    [314.159, 20, 1], // just under one sleeve -> 1
    [6206.1525 * Math.PI, 20, 63], // 62.061525 -> 63 (sizeTransit example A)
    [0, 20, 0],
    [-5, 20, 0],
    [1000, 0, 0], // no sleeve diameter: nothing to count
  ])('count: empty %s mm² / sleeve d %s = %s', (empty, diameter, expected) => {
    expect(fillerSleeveCount(empty, diameter)).toBe(expected);
  });

  it.each([
    [0, 0],
    [1, 1],
    [10, 1],
    [11, 2],
    [63, 7],
    [105, 11],
  ])('bundles of 10: %s sleeves -> %s bundles', (count, bundles) => {
    expect(bundleCount(count)).toBe(bundles);
  });
});

describe('sealant (spec §9)', () => {
  it.each<[number, number, SealantDepth | null, number]>([
    // [mmLess, empty area, layers, ml]
    [30, 10000, 'DOUBLE', 375], // 30 × 10000 × 1.25 × 0.001 = 375
    [30, 10000, 'SINGLE', 188], // 375 / 2 = 187.5 -> 188 (halved, then rounded up)
    [30, 10473, 'DOUBLE', 393], // 392.7375 -> 393
    [30, 10473, 'SINGLE', 197], // 196.36875 -> 197 (rounding first would give 196.5)
    [30, 10473, null, 393], // no layer chosen: full depth
    [40, 1000, 'DOUBLE', 50], // 40 × 1000 × 1.25 × 0.001 = 50 exactly
    [0, 10000, 'DOUBLE', 0],
    [30, 0, 'DOUBLE', 0],
  ])('volume: %s mm × %s mm² (%s) = %s ml', (less, empty, layers, expected) => {
    expect(sealantVolumeMl(less, empty, layers)).toBe(expected);
  });

  it.each([
    // [volume, usable size, cartridges]
    [393, 290, 2], // 1.355 -> 2
    [290, 290, 1],
    [580, 290, 2],
    [581, 290, 3],
    [0, 290, 0],
    [100, 0, 0], // no cartridge size known
  ])('cartridges: %s ml / %s ml = %s', (volume, usable, expected) => {
    expect(cartridgeCount(volume, usable)).toBe(expected);
  });
});

describe('wrap (spec §9, §5: cables above 63 mm)', () => {
  it.each([
    [63, false],
    [63 + 1e-12, false], // float noise is not "above"
    [63.01, true],
    [70, true],
  ])('needsWrap(%s) = %s', (diameter, expected) => {
    expect(needsWrap(diameter)).toBe(expected);
  });

  it('sums diameter × π × quantity for cables above 63 mm, × 4', () => {
    // (70π × 2 + 80π × 1) × 4 = 220π × 4 = 880π = 2764.60 mm; the 63 mm cable is not wrapped.
    const length = wrapLengthMm([
      { diameterMm: 70, quantity: 2 },
      { diameterMm: 63, quantity: 5 },
      { diameterMm: 80, quantity: 1 },
    ]);
    expect(length).toBeCloseTo(880 * Math.PI, 9);
    expect(wrapRolls(length)).toBe(3); // 2.76 -> 3
  });

  it.each([
    [0, 0],
    [1000, 1],
    [1000.0000000001, 1],
    [1001, 2],
    [1120 * Math.PI, 4], // 3518.58 -> 4
  ])('rolls: %s mm -> %s', (length, rolls) => {
    expect(wrapRolls(length)).toBe(rolls);
  });
});

describe('cable sleeve match (spec §9: cableMin < OD <= cableMax, same transit type)', () => {
  const sleeves = sampleCatalogue.cableSleeves;
  it.each<[string, number, string | null]>([
    ['NOFIRNO', 10, 'NF-CS-016'], // (5, 10]: max inclusive
    ['NOFIRNO', 5, 'NF-CS-010'], // (0, 5]
    ['NOFIRNO', 10.001, 'NF-CS-022'], // (10, 15]: min exclusive
    ['NOFIRNO', 63, 'NF-CS-075'],
    ['NOFIRNO', 63.5, null], // above the largest sleeve
    ['NOFIRNO/RISE', 12, 'NFR-CS-022'], // the transit type's own sleeves
    ['RISE_ULTRA', 12, null], // no cable sleeves for RISE_ULTRA
    ['NOFIRNO', 0, null],
  ])('%s, cable %s mm -> %s', (transitType, od, article) => {
    expect(
      matchCableSleeve(sleeves, transitType as CatalogueCableSleeve['transitTypeId'], od)?.articleNumber ??
        null,
    ).toBe(article);
  });

  it('needs a transit type', () => {
    expect(matchCableSleeve(sleeves, null, 12)).toBeNull();
  });

  it('takes the smallest sleeve when ranges overlap, whatever the catalogue order', () => {
    const overlapping: CatalogueCableSleeve[] = [
      {
        id: 'b',
        transitTypeId: 'NOFIRNO',
        cableMinMm: 0,
        cableMaxMm: 20,
        outerDiameterMm: 30,
        articleNumber: 'B',
      },
      {
        id: 'a',
        transitTypeId: 'NOFIRNO',
        cableMinMm: 5,
        cableMaxMm: 15,
        outerDiameterMm: 24,
        articleNumber: 'A',
      },
    ];
    expect(matchCableSleeve(overlapping, 'NOFIRNO', 10)?.articleNumber).toBe('A');
    expect(matchCableSleeve(overlapping, 'NOFIRNO', 18)?.articleNumber).toBe('B');
  });
});

function materials(partial: Partial<Materials> = {}): Materials {
  return {
    fillerSleeves: { type: 'NOFIRNO filler sleeve', diameterMm: 20, lengthMm: 120, count: 35, bundles: 4 },
    sealant: {
      sealantId: 'NOFIRNO_SEALANT',
      sealantName: 'NOFIRNO sealant',
      volumeMl: 393,
      cartridges: 2,
      cartridgeSizeMl: 310,
      usableCartridgeSizeMl: 290,
    },
    cableSleeves: [
      {
        cableSleeveId: 'NF-CS-022',
        articleNumber: 'NF-CS-022',
        outerDiameterMm: 22,
        cableMinMm: 10,
        cableMaxMm: 15,
        count: 10,
      },
    ],
    crushers: [
      {
        crusherId: 'CRUSHER-D110',
        name: 'd110 crusher',
        articleNumber: 'CP-110',
        pipeNominalSize: '110',
        pipeDiameterMm: 110,
        outerDiameterMm: 134,
        count: 2,
      },
    ],
    wrap: { lengthMm: 1500, rolls: 2 },
    ...partial,
  };
}

describe('copies (ADR 003: items × copies, packs from the totals; ADR 010: cartridges per transit)', () => {
  it('multiplies quantities and recomputes packs', () => {
    const total = multiplyMaterials(materials(), 3);
    expect(total.fillerSleeves).toMatchObject({ lengthMm: 120, diameterMm: 20, count: 105, bundles: 11 }); // 35 × 3; 105 / 10 -> 11 (not 4 × 3 = 12)
    // ADR 010: 393 ml × 3 = 1179 ml; cartridges per transit: 2 × 3 = 6 (not pooled: 1179 / 290 -> 5).
    expect(total.sealant).toMatchObject({ volumeMl: 1179, cartridges: 6, cartridgeSizeMl: 310 });
    expect(total.cableSleeves[0]?.count).toBe(30);
    expect(total.crushers[0]?.count).toBe(6);
    expect(total.wrap).toEqual({ lengthMm: 4500, rolls: 5 }); // 1500 × 3; 4.5 -> 5
  });

  it('with one copy changes nothing', () => {
    expect(multiplyMaterials(materials(), 1)).toEqual(materials());
  });
});

describe('totalMaterials (a project material list)', () => {
  it('groups lines, recomputes bundles and rolls from the sums and adds the cartridges up (ADR 010)', () => {
    const other = materials({
      fillerSleeves: { type: 'NOFIRNO filler sleeve', diameterMm: 20, lengthMm: 120, count: 8, bundles: 1 },
      sealant: { ...materials().sealant, volumeMl: 200, cartridges: 1 },
      crushers: [],
      wrap: { lengthMm: 0, rolls: 0 },
    });
    const incomplete = materials({
      fillerSleeves: { type: null, diameterMm: 20, lengthMm: 0, count: 12, bundles: 2 },
      sealant: { ...materials().sealant, volumeMl: 0, cartridges: 0 },
      cableSleeves: [],
      crushers: [],
      wrap: { lengthMm: 0, rolls: 0 },
    });
    const totals = totalMaterials([materials(), other, incomplete]);
    // 35 + 8 = 43 sleeves of the same type and length -> 5 bundles; the incomplete line (no type) is left out.
    expect(totals.fillerSleeves).toEqual([
      { type: 'NOFIRNO filler sleeve', diameterMm: 20, lengthMm: 120, count: 43, bundles: 5 },
    ]);
    // 393 + 200 = 593 ml; cartridges 2 + 1 = 3, the sum of the transits' own (pooled would also be 593 / 290 -> 3).
    expect(totals.sealants).toHaveLength(1);
    expect(totals.sealants[0]).toMatchObject({ volumeMl: 593, cartridges: 3 });
    expect(totals.cableSleeves).toEqual([expect.objectContaining({ articleNumber: 'NF-CS-022', count: 20 })]);
    expect(totals.crushers).toEqual([expect.objectContaining({ crusherId: 'CRUSHER-D110', count: 2 })]);
    expect(totals.wrap).toEqual({ lengthMm: 1500, rolls: 2 });
  });

  it('keeps different sleeve lengths apart', () => {
    const shorter = materials({
      fillerSleeves: { type: 'NOFIRNO filler sleeve', diameterMm: 20, lengthMm: 70, count: 3, bundles: 1 },
    });
    const totals = totalMaterials([materials(), shorter]);
    expect(totals.fillerSleeves.map((line) => [line.lengthMm, line.count])).toEqual([
      [70, 3],
      [120, 35],
    ]);
  });

  it('lists the same lines in the same order whatever order the transits come in', () => {
    const sealant = (cartridgeSizeMl: number, cartridges: number) =>
      materials({
        sealant: { ...materials().sealant, cartridgeSizeMl, volumeMl: cartridges * 100, cartridges },
      });
    const list = [sealant(600, 16), sealant(310, 48), materials()];
    const forwards = totalMaterials(list);
    expect(totalMaterials([...list].reverse())).toEqual(forwards);
    expect(forwards.sealants.map((line) => line.cartridgeSizeMl)).toEqual([310, 600]);
  });

  it('of nothing is empty', () => {
    expect(totalMaterials([])).toEqual({
      fillerSleeves: [],
      sealants: [],
      cableSleeves: [],
      crushers: [],
      wrap: { lengthMm: 0, rolls: 0 },
    });
  });
});
