import { describe, expect, it } from 'vitest';
import { sizeTransit, type TransitSizing } from '../size-transit';
import { sampleCatalogue } from '../testing/sample-catalogue';
import { drawingOpening, drawingView, legendNumbers } from './drawing-view';

function sized(): TransitSizing {
  return sizeTransit({
    transit: {
      shape: 'RECTANGLE',
      widthMm: 300,
      heightMm: 200,
      itemTypeId: 'CABLE',
      transitTypeId: 'NOFIRNO/RISE',
      classId: 'WATERTIGHT',
      depthMm: 100,
    },
    items: [
      { quantity: 10, outerDiameterMm: 12 },
      { quantity: 2, outerDiameterMm: 70 },
      { quantity: 3, outerDiameterMm: 5 },
    ],
    catalogue: sampleCatalogue,
  });
}

describe('drawingView', () => {
  it('numbers every circle once, consecutively within each item line, whatever order the packing returns', () => {
    const sizing = sized();
    const reversed = {
      ...sizing,
      packing: { ...sizing.packing, circles: [...sizing.packing.circles].reverse() },
    };
    for (const s of [sizing, reversed]) {
      const view = drawingView(s, sampleCatalogue);
      expect(view.circles.map((c) => c.number).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 15 }, (_, i) => i + 1),
      );
      for (const c of view.circles) {
        const expectedLine = c.number <= 10 ? 0 : c.number <= 12 ? 1 : 2;
        expect(c.itemIndex).toBe(expectedLine);
      }
      expect(view.legend.map(legendNumbers)).toEqual(['1–10', '11–12', '13–15']);
    }
  });

  it('draws a 12 mm cable at 12 mm inside its sleeve, and names the sleeve in the legend', () => {
    const sizing = sized();
    const view = drawingView(sizing, sampleCatalogue);
    const sleeve = sampleCatalogue.cableSleeves.find((s) => s.id === sizing.items[0]!.cableSleeveId)!;
    expect(sleeve.outerDiameterMm).toBeGreaterThan(12);
    const cable = view.circles.find((c) => c.number === 1)!;
    expect(cable.ownDiameterMm).toBe(12);
    expect(cable.occupiedDiameterMm).toBe(sleeve.outerDiameterMm);
    expect(view.legend[0]).toMatchObject({
      count: 10,
      itemTypeId: 'CABLE',
      ownDiameterMm: 12,
      sleeve: { kind: 'CABLE_SLEEVE', name: sleeve.articleNumber, outerDiameterMm: sleeve.outerDiameterMm },
      clearanceMm: 0,
    });
    // Without the catalogue the ring is still there, unnamed.
    expect(drawingView(sizing).legend[0]!.sleeve).toMatchObject({ name: null });
  });

  it('gives pipes their clearance ring and crushers their name', () => {
    const crusher = sampleCatalogue.crushers.find(
      (c) => c.itemTypeId === 'PIPE' && c.outerDiameterMm === c.pipeDiameterMm,
    )!;
    const sizing = sizeTransit({
      transit: {
        shape: 'ROUND',
        diameterMm: 400,
        itemTypeId: 'PIPE',
        transitTypeId: 'NOFIRNO',
        classId: 'WATERTIGHT',
        depthMm: 100,
      },
      items: [{ quantity: 2, outerDiameterMm: 0, crusherId: crusher.id }],
      catalogue: sampleCatalogue,
    });
    const row = drawingView(sizing, sampleCatalogue).legend[0]!;
    expect(row.sizeName).toBe(crusher.name);
    expect(row.clearanceMm).toBeGreaterThan(0);
    expect(row.placedDiameterMm).toBeCloseTo(crusher.outerDiameterMm + row.clearanceMm, 9);
    expect(row.sleeve).toBeNull();
  });

  it('reads minGapMm from the packing when it is there', () => {
    const sizing = sized();
    const withoutGap = { ...sizing, packing: { ...sizing.packing, minGapMm: null } };
    expect(drawingView(withoutGap).minGapMm).toBeNull();
    const withGap = { ...sizing, packing: { ...sizing.packing, minGapMm: 2.5 } };
    expect(drawingView(withGap).minGapMm).toBe(2.5);
  });

  it("reads the pipes' wall spacing from the packing, and null from a packing stored before it existed", () => {
    const sizing = sized();
    const { wallSpacing: _absent, ...older } = sizing.packing;
    expect(drawingView({ ...sizing, packing: older }).wallSpacing).toBeNull();
    const withSpacing = {
      ...sizing,
      packing: { ...sizing.packing, wallSpacing: { requiredMm: 20, achievedMm: 23.5 } },
    };
    expect(drawingView(withSpacing).wallSpacing).toEqual({ requiredMm: 20, achievedMm: 23.5 });
    const malformed = { ...sizing, packing: { ...sizing.packing, wallSpacing: { requiredMm: 20 } } };
    expect(drawingView(malformed as typeof sizing).wallSpacing).toBeNull();
  });

  it('has no circles when the packing was skipped', () => {
    const sizing = sized();
    const skipped = { ...sizing, packing: { ...sizing.packing, source: 'skipped' as const } };
    expect(drawingView(skipped)).toMatchObject({ circles: [], legend: [] });
  });
});

describe('drawingOpening', () => {
  it('caps the drawn corner radius at half the shorter side', () => {
    expect(drawingOpening({ shape: 'RECTANGLE', widthMm: 200, heightMm: 100, cornerRadiusMm: 80 })).toEqual({
      shape: 'RECTANGLE',
      widthMm: 200,
      heightMm: 100,
      cornerRadiusMm: 50,
    });
    expect(drawingOpening({ shape: 'ROUND', diameterMm: 150 })).toMatchObject({
      widthMm: 150,
      heightMm: 150,
    });
  });
});
