import { formatLength } from '../units';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLEARANCE_TABLE } from '../clearance';
import { allowedClasses, allowedTransitTypes } from '../transit-rules';
import { ITEM_TYPE_IDS, TRANSIT_CLASS_IDS, TRANSIT_TYPE_IDS } from '../types';
import { sampleCatalogue, sampleCatalogueProvenance } from './sample-catalogue';

// The seed of the database is generated from this catalogue, so it must be complete and consistent.
describe('sampleCatalogue', () => {
  const c = sampleCatalogue;

  it('has every fixed identifier of spec §3', () => {
    expect(c.itemTypes.map((t) => t.id).sort()).toEqual([...ITEM_TYPE_IDS].sort());
    expect(c.transitTypes.map((t) => t.id).sort()).toEqual([...TRANSIT_TYPE_IDS].sort());
    expect(c.classes.map((t) => t.id).sort()).toEqual([...TRANSIT_CLASS_IDS].sort());
    expect(c.isSample).toBe(true);
  });

  it('uses 2 × 15 mm of sealant for the NOFIRNO types and 2 × 20 for NOFIRNO/RISE (spec §9)', () => {
    const less = (id: string) =>
      new Set(
        c.transitTypes.find((t) => t.id === id)?.classes.map((cls) => cls.mmFillerSleeveLessThanTransit),
      );
    expect(less('NOFIRNO')).toEqual(new Set([30]));
    expect(less('NOFIRNO/CER')).toEqual(new Set([30]));
    expect(less('NOFIRNO/RISE')).toEqual(new Set([40]));
  });

  it('resolves every reference', () => {
    const sealantIds = new Set(c.sealants.map((s) => s.id));
    for (const item of c.itemTypes) {
      for (const entry of item.transitTypes) {
        expect(TRANSIT_TYPE_IDS).toContain(entry.transitTypeId);
        for (const exception of entry.classExceptions) expect(TRANSIT_CLASS_IDS).toContain(exception);
      }
      for (const cls of item.classes) {
        expect(TRANSIT_CLASS_IDS).toContain(cls.classId);
        expect(cls.sealants.length).toBeGreaterThan(0);
        for (const sealant of cls.sealants) expect(sealantIds.has(sealant)).toBe(true);
      }
    }
  });

  it('offers at least one class for every allowed transit type, deeper than its sealant', () => {
    for (const item of c.itemTypes) {
      for (const type of allowedTransitTypes(c, item.id)) {
        const classes = allowedClasses(c, item.id, type.id);
        expect(classes.length, `${item.id} on ${type.id}`).toBeGreaterThan(0);
        for (const cls of classes) {
          const less = type.classes.find((entry) => entry.classId === cls.id)!.mmFillerSleeveLessThanTransit;
          expect(cls.minimumTransitDepthMm, `${item.id} ${type.id} ${cls.id}`).toBeGreaterThan(less);
        }
      }
    }
  });

  it('has contiguous cable sleeve ranges per NOFIRNO-family type, each sleeve larger than its cables', () => {
    for (const type of ['NOFIRNO', 'NOFIRNO/CER', 'NOFIRNO/RISE'] as const) {
      const sleeves = c.cableSleeves
        .filter((s) => s.transitTypeId === type)
        .sort((a, b) => a.cableMinMm - b.cableMinMm);
      expect(sleeves[0]?.cableMinMm).toBe(0);
      expect(sleeves.at(-1)?.cableMaxMm).toBe(63); // larger cables are wrapped (spec §9)
      sleeves.forEach((sleeve, i) => {
        expect(sleeve.outerDiameterMm).toBeGreaterThan(sleeve.cableMaxMm);
        if (i > 0) expect(sleeve.cableMinMm).toBe(sleeves[i - 1]!.cableMaxMm);
      });
    }
    expect(new Set(c.cableSleeves.map((s) => s.articleNumber)).size).toBe(c.cableSleeves.length);
  });

  it('has the ASME steel pipes and ISO plastic pipes, sorted by pipe diameter (spec §9)', () => {
    const diameters = c.crushers.map((crusher) => crusher.pipeDiameterMm);
    expect(diameters).toEqual([...diameters].sort((a, b) => a - b));
    expect(new Set(c.crushers.map((crusher) => crusher.id)).size).toBe(c.crushers.length);
    const steel = c.crushers.filter((crusher) => crusher.itemTypeId === 'PIPE');
    expect(steel).toHaveLength(20);
    // 2" (DN50): OD 2.375 in = 60.325 mm, Schedule 40 wall 0.154 in -> inside 2.067 in = 52.5018 mm (ADR 010)
    const twoInch = steel.find((pipe) => pipe.id === 'PIPE-DN50');
    expect(twoInch).toMatchObject({ name: '2" (DN50)' });
    expect(twoInch?.pipeDiameterMm).toBe(60.325);
    expect(twoInch?.outerDiameterMm).toBe(60.325);
    expect(twoInch?.insideDiameterMm).toBe(52.5018);
    for (const pipe of steel) expect(pipe.insideDiameterMm!).toBeLessThan(pipe.pipeDiameterMm);
    const plastic = c.crushers.filter((crusher) => crusher.itemTypeId === 'PIPE_PLASTIC');
    expect(plastic.map((p) => p.pipeDiameterMm)).toEqual([
      16, 20, 25, 32, 40, 50, 63, 75, 90, 110, 125, 140, 160, 180, 200, 225, 250, 280, 315, 355, 400,
    ]);
    for (const crusher of plastic) {
      expect(crusher.outerDiameterMm).toBeGreaterThan(crusher.pipeDiameterMm);
      expect(crusher.articleNumber).toBeTruthy();
    }
  });

  it('has the spec clearance table and a provenance note for every part', () => {
    expect(c.clearance).toEqual(DEFAULT_CLEARANCE_TABLE);
    const fields = sampleCatalogueProvenance.map((note) => note.field).join(' ');
    for (const part of [
      'classes',
      'transitTypes',
      'itemTypes',
      'sealants',
      'cableSleeves',
      'crushers',
      'clearance',
    ])
      expect(fields).toContain(part);
  });
});

// ADR 010: NPS outside diameters are defined in inches (ASME B36.10M); the catalogue holds them exactly (in × 25.4),
// so each shows as the standard's figure in inches and as its exact millimetres rounded to 2 decimals.
describe('standard steel pipe sizes in both unit systems', () => {
  const standard: [id: string, imperial: string, metric: string][] = [
    ['PIPE-DN6', '0.405 in', '10.29 mm'],
    ['PIPE-DN8', '0.540 in', '13.72 mm'],
    ['PIPE-DN10', '0.675 in', '17.15 mm'],
    ['PIPE-DN15', '0.840 in', '21.34 mm'],
    ['PIPE-DN20', '1.050 in', '26.67 mm'],
    ['PIPE-DN25', '1.315 in', '33.4 mm'],
    ['PIPE-DN32', '1.660 in', '42.16 mm'],
    ['PIPE-DN40', '1.900 in', '48.26 mm'],
    ['PIPE-DN50', '2.375 in', '60.33 mm'],
    ['PIPE-DN65', '2.875 in', '73.03 mm'],
    ['PIPE-DN80', '3.500 in', '88.9 mm'],
    ['PIPE-DN90', '4.000 in', '101.6 mm'],
    ['PIPE-DN100', '4.500 in', '114.3 mm'],
    ['PIPE-DN125', '5.563 in', '141.3 mm'],
    ['PIPE-DN150', '6.625 in', '168.28 mm'],
    ['PIPE-DN200', '8.625 in', '219.08 mm'],
    ['PIPE-DN250', '10.750 in', '273.05 mm'],
    ['PIPE-DN300', '12.750 in', '323.85 mm'],
    ['PIPE-DN350', '14.000 in', '355.6 mm'],
    ['PIPE-DN400', '16.000 in', '406.4 mm'],
  ];

  it('covers every steel pipe of the catalogue', () => {
    const ids = sampleCatalogue.crushers.filter((c) => c.itemTypeId === 'PIPE').map((c) => c.id);
    expect(ids.sort()).toEqual(standard.map(([id]) => id).sort());
  });

  it.each(standard)('%s shows %s and %s', (id, imperial, metric) => {
    const pipe = sampleCatalogue.crushers.find((c) => c.id === id)!;
    expect(formatLength(pipe.pipeDiameterMm, 'IMPERIAL')).toBe(imperial);
    expect(formatLength(pipe.pipeDiameterMm, 'METRIC')).toBe(metric);
  });
});
