import { describe, expect, it } from 'vitest';
import { materialList } from './material-list';
import { totalMaterials, type Materials } from './materials';
import { sampleMaterials, sampleSleevesAndCrushers } from './testing/sample-materials';

// The sample transit with three cable sleeves to order, and a cable sleeve and a crusher with a count of 0.
const transit: Materials = { ...sampleMaterials, ...sampleSleevesAndCrushers };

const summary = (materials: Parameters<typeof materialList>[0]) =>
  materialList(materials).map((line) => [line.kind, line.quantity, line.unit]);

describe('materialList (ADR 028): one line per thing to order, nothing with nothing to order', () => {
  it('one transit: bundles are not a line, zero counts are left out', () => {
    expect(summary(transit)).toEqual([
      ['FILLER_SLEEVE', 35, 'pcs'],
      ['SEALANT', 2, 'cartridges'],
      ['CABLE_SLEEVE', 3, 'pcs'],
      ['WRAP', 1, 'rolls'],
    ]);
    const filler = materialList(transit)[0];
    expect(filler?.kind === 'FILLER_SLEEVE' && filler.sleeve.bundles).toBe(4);
  });

  it('the totals of one transit list the same lines as the transit itself', () => {
    expect(materialList(totalMaterials([transit]))).toEqual(materialList(transit));
  });

  it('an incomplete transit (no filler type, no sealant volume, no wrap) lists nothing', () => {
    const incomplete: Materials = {
      fillerSleeves: { type: null, diameterMm: null, lengthMm: 0, count: 0, bundles: 0 },
      sealant: { ...transit.sealant, volumeMl: 0, cartridges: 0 },
      cableSleeves: [],
      crushers: [],
      wrap: { lengthMm: 0, rolls: 0 },
    };
    expect(materialList(incomplete)).toEqual([]);
  });

  it('sealant without a cartridge size is still listed by its volume (0 cartridges)', () => {
    const noCartridge: Materials = {
      ...transit,
      sealant: { ...transit.sealant, cartridges: 0, cartridgeSizeMl: null, usableCartridgeSizeMl: null },
    };
    expect(summary(noCartridge)[1]).toEqual(['SEALANT', 0, 'cartridges']);
  });

  it('keys are unique within a list', () => {
    const twoSealants = totalMaterials([
      transit,
      { ...transit, sealant: { ...transit.sealant, cartridgeSizeMl: 600, usableCartridgeSizeMl: 580 } },
    ]);
    const keys = materialList(twoSealants).map((line) => line.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((key) => key.startsWith('sealant:'))).toHaveLength(2);
  });
});
