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

describe('sizeTransit: spacing from a pipe to the wall (ADR 004)', () => {
  // NOFIRNO: a 60.3 mm pipe gets 30 mm clearance (spec §9), a ring of 90.3 mm that keeps 15 mm to the wall; the
  // research's 20 mm pipe-to-wall rule adds 5 mm beyond the ring.
  const pipes: TransitInput = {
    shape: 'ROUND',
    diameterMm: 300,
    itemTypeId: 'PIPE',
    transitTypeId: 'NOFIRNO',
    classId: 'A_CLASS',
    depthMm: 150,
  };
  const pipeItems: ItemInput[] = [{ quantity: 4, outerDiameterMm: 60.3 }];

  /** Gap from each pipe's own outer diameter to the round wall. */
  const pipeWallGaps = (circles: { xMm: number; yMm: number; itemDiameterMm: number }[]) =>
    circles.map((c) => 150 - Math.hypot(c.xMm, c.yMm) - c.itemDiameterMm / 2);

  it('keeps every pipe at least 20 mm from the wall and states the smallest spacing achieved', () => {
    const result = sizeTransit({ transit: pipes, items: pipeItems, catalogue: sampleCatalogue });
    expect(result.items[0]).toMatchObject({ clearanceMm: 30, wallSpacingMm: 20 });
    expect(result.packing.fits).toBe(true);
    const gaps = pipeWallGaps(result.packing.circles);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(20 - 1e-9);
    expect(result.packing.wallSpacing?.requiredMm).toBe(20);
    expect(result.packing.wallSpacing?.achievedMm).toBeCloseTo(Math.min(...gaps), 9);
  });

  it('calls a pipe that only fits nearer than 20 mm to the wall "does not fit"', () => {
    // One pipe ring of 90.3 mm in a 95 mm opening: 17.35 mm from pipe to wall, fine without the rule.
    const tight = sizeTransit({
      transit: { ...pipes, diameterMm: 95 },
      items: [{ quantity: 1, outerDiameterMm: 60.3 }],
      catalogue: sampleCatalogue,
    });
    expect(tight.packing).toMatchObject({ fits: false, wallSpacing: null });
    expect(tight.messages.map((m) => m.code)).toContain('ITEMS_DO_NOT_FIT');
    const roomy = sizeTransit({
      transit: { ...pipes, diameterMm: 100.3 + 10 },
      items: [{ quantity: 1, outerDiameterMm: 60.3 }],
      catalogue: sampleCatalogue,
    });
    expect(roomy.packing.fits).toBe(true);
    expect(roomy.packing.wallSpacing).toEqual({ requiredMm: 20, achievedMm: 25 });
  });

  it('refuses a sent layout with a pipe nearer than 20 mm to the wall, and solves instead', () => {
    // Valid without the rule: the ring touches the wall (15 mm from pipe to wall).
    const sent = { centres: [{ xMm: 150 - 45.15, yMm: 0 }] };
    const result = sizeTransit({
      transit: pipes,
      items: [{ quantity: 1, outerDiameterMm: 60.3 }],
      catalogue: sampleCatalogue,
      packing: sent,
    });
    expect(result.packing.source).toBe('solved');
    expect(pipeWallGaps(result.packing.circles)[0]).toBeGreaterThanOrEqual(20 - 1e-9);
  });

  it('asks nothing of cables, of plastic pipes, or outside the NOFIRNO family', () => {
    const cablesOnly = sizeTransit({ transit: cables, items: cableItems, catalogue: sampleCatalogue });
    expect(cablesOnly.items.every((item) => item.wallSpacingMm === 0)).toBe(true);
    expect(cablesOnly.packing.wallSpacing).toBeNull();
    const plastic = sizeTransit({
      transit: { ...pipes, itemTypeId: 'PIPE_PLASTIC' },
      items: pipeItems,
      catalogue: sampleCatalogue,
    });
    expect(plastic.items[0]!.wallSpacingMm).toBe(0);
  });
});
