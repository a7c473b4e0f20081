import { describe, expect, it } from 'vitest';
import { DEFAULT_CLEARANCE_TABLE, clearanceApplies, isNofirnoFamily, requiredClearanceMm } from './clearance';
import type { ItemTypeId, TransitTypeId } from './types';

describe('requiredClearanceMm (spec §9 table, min inclusive, max exclusive)', () => {
  it.each<[number, number | null]>([
    [0, 30],
    [21.3, 30],
    [76.19, 30],
    [76.2, 40], // 3": min inclusive
    [76.2 - 1e-11, 40], // float noise of an inch conversion lands on the boundary it meant
    [88.9, 40],
    [203.19, 40],
    [203.2, 60],
    [273.1, 60],
    [304.8, 70],
    [323.9, 70],
    [355.6, 80],
    [406.39, 80],
    [406.4, null], // max exclusive, nothing above
    [500, null],
    [-1, null],
    [Number.NaN, null],
  ])('OD %s mm -> %s', (od, expected) => {
    expect(requiredClearanceMm(od)).toBe(expected);
  });

  it('uses a table passed in', () => {
    const table = [{ pipeOuterDiameterMinMm: 0, pipeOuterDiameterMaxMm: 100, requiredClearanceMm: 25 }];
    expect(requiredClearanceMm(50, table)).toBe(25);
    expect(requiredClearanceMm(100, table)).toBeNull();
  });

  it('exports the spec table', () => {
    expect(DEFAULT_CLEARANCE_TABLE.map((row) => row.requiredClearanceMm)).toEqual([30, 40, 60, 70, 80]);
  });
});

describe('clearanceApplies (spec §9: NOFIRNO-family transit types with a pipe)', () => {
  it.each<[TransitTypeId | null, ItemTypeId | null, boolean]>([
    ['NOFIRNO', 'PIPE', true],
    ['NOFIRNO/CER', 'PIPE', true],
    ['NOFIRNO/RISE', 'PIPE', true],
    ['RISE_ULTRA', 'PIPE', false],
    ['NOFIRNO', 'PIPE_PLASTIC', false],
    ['NOFIRNO', 'CABLE', false],
    [null, 'PIPE', false],
    ['NOFIRNO', null, false],
  ])('%s with %s -> %s', (transitType, itemType, expected) => {
    expect(clearanceApplies(transitType, itemType)).toBe(expected);
  });

  it('knows the family', () => {
    expect(isNofirnoFamily('RISE_ULTRA')).toBe(false);
    expect(isNofirnoFamily(undefined)).toBe(false);
  });
});
