// sizeTransit with the real packer: the layout is deterministic (fixed seed and iteration budget, no clock), so the
// server's stored result and the browser's preview agree (ARCHITECTURE.md "Sizing").
import { describe, expect, it } from 'vitest';
import { sizeTransit } from './size-transit';
import { sampleCatalogue } from './testing/sample-catalogue';
import type { ItemInput, TransitInput } from './types';

const cables: TransitInput = {
  shape: 'RECTANGLE',
  widthMm: 300,
  heightMm: 200,
  itemTypeId: 'CABLE',
  transitTypeId: 'NOFIRNO/RISE',
  classId: 'WATERTIGHT',
  depthMm: 100,
};
const cableItems: ItemInput[] = [
  { quantity: 10, outerDiameterMm: 12 },
  { quantity: 4, outerDiameterMm: 70 },
  { quantity: 2, outerDiameterMm: 5 },
];

describe('sizeTransit with packCircles', () => {
  it('gives the same result on every run, and survives JSON (it is stored)', () => {
    const first = sizeTransit({ transit: cables, items: cableItems, catalogue: sampleCatalogue });
    const second = sizeTransit({ transit: cables, items: cableItems, catalogue: sampleCatalogue });
    expect(second).toEqual(first);
    expect(JSON.parse(JSON.stringify(first))).toEqual(first);
    expect(first.packing).toMatchObject({ source: 'solved', fits: true });
    expect(first.packing.circles).toHaveLength(16);
    expect(first.messages.map((m) => m.code)).not.toContain('ITEMS_DO_NOT_FIT');
  });

  it('reuses a stored packing without solving again', () => {
    const first = sizeTransit({ transit: cables, items: cableItems, catalogue: sampleCatalogue });
    const stored = { centres: first.packing.circles.map(({ xMm, yMm }) => ({ xMm, yMm })) };
    const again = sizeTransit({
      transit: cables,
      items: cableItems,
      catalogue: sampleCatalogue,
      packing: stored,
    });
    expect(again.packing.source).toBe('precomputed');
    expect({ ...again.packing, source: 'solved' }).toEqual(first.packing);
  });

  it('reports pipes that do not fit with their clearance (spec §8)', () => {
    // d 200 with circles 90.3, 90.3 and 128.9 (pipes with clearance): the large one's centre is at most
    // 100 − 64.45 = 35.55 from the middle, a small one's at most 54.85, so they are at most 90.4 apart but need
    // 45.15 + 64.45 = 109.6: no layout exists.
    const result = sizeTransit({
      transit: {
        shape: 'ROUND',
        diameterMm: 200,
        itemTypeId: 'PIPE',
        transitTypeId: 'NOFIRNO',
        classId: 'A_CLASS',
        depthMm: 150,
      },
      items: [
        { quantity: 2, outerDiameterMm: 60.3 },
        { quantity: 1, outerDiameterMm: 88.9 },
      ],
      catalogue: sampleCatalogue,
    });
    expect(result.packing.fits).toBe(false);
    expect(result.packing.scale).toBeGreaterThan(1);
    expect(result.messages.slice(0, 2).map((m) => m.code)).toEqual([
      'ITEMS_DO_NOT_FIT',
      'MINIMUM_EXCESS_SPACE',
    ]);
  });
});
