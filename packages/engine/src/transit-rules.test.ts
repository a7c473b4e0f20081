import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** 4" Schedule 40 inside diameter: (4.5 − 2 × 0.237) in × 25.4 (ASME B36.10M, exact inches). */
const ID_4IN_MM = 102.2604;
import {
  allowedClasses,
  allowedSealants,
  allowedTransitTypes,
  applyTransitChange,
  crusherOptions,
  isDepthEditable,
  minimumDepthMm,
  normaliseTransit,
  pipeConfigurationOptions,
  sealantLayerOptions,
  singlePipeOptions,
  transitFieldState,
  type TransitChange,
} from './transit-rules';
import { sampleCatalogue } from './testing/sample-catalogue';
import {
  ITEM_TYPE_IDS,
  TRANSIT_CLASS_IDS,
  TRANSIT_TYPE_IDS,
  type Catalogue,
  type CatalogueItemType,
  type ItemTypeId,
  type TransitClassId,
  type TransitInput,
  type TransitTypeId,
} from './types';

const ids = <T extends { id: string }>(list: T[]): T['id'][] => list.map((entry) => entry.id);

/** The sample catalogue with one item type replaced (to reach the "exactly one remains" paths). */
function withItemType(itemType: CatalogueItemType): Catalogue {
  return {
    ...sampleCatalogue,
    itemTypes: sampleCatalogue.itemTypes.map((entry) => (entry.id === itemType.id ? itemType : entry)),
  };
}

function sampleItemType(id: ItemTypeId): CatalogueItemType {
  const found = sampleCatalogue.itemTypes.find((entry) => entry.id === id);
  if (!found) throw new Error(id);
  return found;
}

function transit(partial: Partial<TransitInput> = {}): TransitInput {
  return { shape: 'ROUND', diameterMm: 200, ...partial };
}

function apply(t: TransitInput, change: TransitChange, catalogue: Catalogue = sampleCatalogue) {
  return applyTransitChange(catalogue, t, change);
}

describe('catalogue queries (spec §3, §4)', () => {
  it('allowedTransitTypes lists the item type’s transit types in its order', () => {
    expect(ids(allowedTransitTypes(sampleCatalogue, 'PIPE'))).toEqual([
      'NOFIRNO',
      'NOFIRNO/CER',
      'NOFIRNO/RISE',
      'RISE_ULTRA',
    ]);
    expect(ids(allowedTransitTypes(sampleCatalogue, 'PIPE_PLASTIC'))).toEqual(['NOFIRNO', 'NOFIRNO/RISE']);
    expect(ids(allowedTransitTypes(sampleCatalogue, 'CABLE'))).toEqual([
      'NOFIRNO',
      'NOFIRNO/CER',
      'NOFIRNO/RISE',
    ]);
    expect(allowedTransitTypes(sampleCatalogue, null)).toEqual([]);
  });

  it('allowedClasses removes the class exceptions and classes the transit type does not define', () => {
    // PIPE on NOFIRNO: all six minus the exception H_CLASS.
    expect(ids(allowedClasses(sampleCatalogue, 'PIPE', 'NOFIRNO'))).toEqual([
      'WATERTIGHT',
      'FIRE_RATED',
      'A_60_CLASS',
      'A_CLASS',
      'A_0_CLASS',
    ]);
    expect(ids(allowedClasses(sampleCatalogue, 'PIPE', 'NOFIRNO/CER'))).toHaveLength(6);
    expect(ids(allowedClasses(sampleCatalogue, 'PIPE', 'RISE_ULTRA'))).not.toContain('WATERTIGHT');
    // PIPE_PLASTIC on NOFIRNO/RISE: its five classes minus A_60_CLASS.
    expect(ids(allowedClasses(sampleCatalogue, 'PIPE_PLASTIC', 'NOFIRNO/RISE'))).toEqual([
      'WATERTIGHT',
      'FIRE_RATED',
      'A_CLASS',
      'A_0_CLASS',
    ]);
    // A transit type the item type does not allow, or nothing chosen: none.
    expect(allowedClasses(sampleCatalogue, 'CABLE', 'RISE_ULTRA')).toEqual([]);
    expect(allowedClasses(sampleCatalogue, 'CABLE', null)).toEqual([]);
    const narrow: Catalogue = {
      ...sampleCatalogue,
      transitTypes: sampleCatalogue.transitTypes.map((type) =>
        type.id === 'NOFIRNO'
          ? { ...type, classes: [{ classId: 'A_CLASS', mmFillerSleeveLessThanTransit: 30 }] }
          : type,
      ),
    };
    expect(ids(allowedClasses(narrow, 'PIPE', 'NOFIRNO'))).toEqual(['A_CLASS']);
  });

  it('allowedClasses carries names and minimum depths', () => {
    expect(allowedClasses(sampleCatalogue, 'PIPE', 'NOFIRNO')[1]).toEqual({
      id: 'FIRE_RATED',
      name: 'Fire Rated',
      minimumTransitDepthMm: 150,
    });
  });

  it('allowedSealants and minimumDepthMm follow the item type’s class', () => {
    expect(ids(allowedSealants(sampleCatalogue, 'PIPE', 'WATERTIGHT'))).toEqual([
      'WATERTIGHT_SEALANT',
      'NOFIRNO_SEALANT',
    ]);
    expect(ids(allowedSealants(sampleCatalogue, 'PIPE', 'A_60_CLASS'))).toEqual(['NOFIRNO_SEALANT']);
    expect(allowedSealants(sampleCatalogue, 'PIPE_PLASTIC', 'H_CLASS')).toEqual([]);
    expect(minimumDepthMm(sampleCatalogue, 'PIPE', 'A_60_CLASS')).toBe(150);
    expect(minimumDepthMm(sampleCatalogue, 'PIPE_PLASTIC', 'A_60_CLASS')).toBe(200);
    expect(minimumDepthMm(sampleCatalogue, 'PIPE', null)).toBeNull();
  });

  it('sealant layers: Single only for RISE_ULTRA, Double always (spec §4)', () => {
    expect(sealantLayerOptions('RISE_ULTRA')).toEqual(['SINGLE', 'DOUBLE']);
    for (const type of ['NOFIRNO', 'NOFIRNO/CER', 'NOFIRNO/RISE', null] as const)
      expect(sealantLayerOptions(type)).toEqual(['DOUBLE']);
  });

  it('pipe configuration: RISE_ULTRA only, rectangles MULTIPLE only (spec §4)', () => {
    expect(pipeConfigurationOptions({ transitTypeId: 'RISE_ULTRA', shape: 'ROUND' })).toEqual([
      'SINGLE',
      'MULTIPLE',
    ]);
    expect(pipeConfigurationOptions({ transitTypeId: 'RISE_ULTRA', shape: 'RECTANGLE' })).toEqual([
      'MULTIPLE',
    ]);
    expect(pipeConfigurationOptions({ transitTypeId: 'NOFIRNO', shape: 'ROUND' })).toEqual([]);
  });

  it('depth is not editable for RISE_ULTRA (spec §4)', () => {
    expect(isDepthEditable({ transitTypeId: 'RISE_ULTRA' })).toBe(false);
    expect(isDepthEditable({ transitTypeId: 'NOFIRNO' })).toBe(true);
    expect(isDepthEditable({ transitTypeId: null })).toBe(true);
  });

  it('crusher and single pipe options are sorted by pipe diameter (spec §9)', () => {
    const plastic = crusherOptions(sampleCatalogue, 'PIPE_PLASTIC').map((crusher) => crusher.pipeDiameterMm);
    expect(plastic).toEqual([...plastic].sort((a, b) => a - b));
    expect(plastic).toHaveLength(21);
    const single = singlePipeOptions(sampleCatalogue);
    expect(single).toHaveLength(20);
    expect(single.every((pipe) => pipe.itemTypeId === 'PIPE' && (pipe.insideDiameterMm ?? 0) > 0)).toBe(true);
  });

  it('field state for RISE_ULTRA single pipe (spec §4 labels)', () => {
    expect(
      transitFieldState({ transitTypeId: 'RISE_ULTRA', shape: 'ROUND', pipeConfiguration: 'SINGLE' }),
    ).toEqual({
      diameterLabel: 'Actual Inside Diameter',
      diameterReadOnly: true,
      pipeSizeLabel: 'Schedule 40 Pipe Size',
      depthEditable: false,
      showPipeConfiguration: true,
      singlePipeOptionDisabled: false,
      showSch80Note: true,
      showLongerDepthNote: true,
      sealantLayerOptions: ['SINGLE', 'DOUBLE'],
      pipeConfigurationOptions: ['SINGLE', 'MULTIPLE'],
    });
    expect(
      transitFieldState({ transitTypeId: 'RISE_ULTRA', shape: 'RECTANGLE', pipeConfiguration: 'MULTIPLE' }),
    ).toMatchObject({
      diameterLabel: 'Diameter',
      singlePipeOptionDisabled: true,
      showSch80Note: false,
    });
    expect(
      transitFieldState({ transitTypeId: 'NOFIRNO', shape: 'ROUND', pipeConfiguration: null }),
    ).toMatchObject({
      diameterLabel: 'Diameter',
      pipeSizeLabel: 'Pipe Size',
      depthEditable: true,
      showPipeConfiguration: false,
      showLongerDepthNote: false,
    });
  });
});

describe('applyTransitChange: penetrating item type (spec §4)', () => {
  it('keeps the transit type when still allowed', () => {
    const { transit: next } = apply(transit({ itemTypeId: 'PIPE', transitTypeId: 'NOFIRNO/RISE' }), {
      field: 'itemTypeId',
      value: 'PIPE_PLASTIC',
    });
    expect(next.transitTypeId).toBe('NOFIRNO/RISE');
  });

  it('sets it when exactly one remains', () => {
    const catalogue = withItemType({
      ...sampleItemType('PIPE_PLASTIC'),
      transitTypes: [{ transitTypeId: 'NOFIRNO', classExceptions: [] }],
    });
    const { transit: next } = apply(
      transit({ itemTypeId: 'PIPE', transitTypeId: 'RISE_ULTRA' }),
      { field: 'itemTypeId', value: 'PIPE_PLASTIC' },
      catalogue,
    );
    expect(next.transitTypeId).toBe('NOFIRNO');
  });

  it('clears it when several remain and it is not one of them', () => {
    const { transit: next } = apply(transit({ itemTypeId: 'PIPE', transitTypeId: 'RISE_ULTRA' }), {
      field: 'itemTypeId',
      value: 'PIPE_PLASTIC',
    });
    expect(next.transitTypeId).toBeNull();
    expect(next.classId).toBeNull();
    expect(next.sealantType).toBeNull();
  });

  it('Cable: takes the first when any remain', () => {
    const { transit: next } = apply(transit({ itemTypeId: 'PIPE', transitTypeId: 'RISE_ULTRA' }), {
      field: 'itemTypeId',
      value: 'CABLE',
    });
    expect(next.transitTypeId).toBe('NOFIRNO');
  });

  it('Cable: still keeps an allowed transit type', () => {
    const { transit: next } = apply(transit({ itemTypeId: 'PIPE', transitTypeId: 'NOFIRNO/CER' }), {
      field: 'itemTypeId',
      value: 'CABLE',
    });
    expect(next.transitTypeId).toBe('NOFIRNO/CER');
  });

  it('Cable: none when none remain', () => {
    const catalogue = withItemType({ ...sampleItemType('CABLE'), transitTypes: [] });
    const { transit: next } = apply(
      transit({ itemTypeId: 'PIPE', transitTypeId: 'NOFIRNO' }),
      { field: 'itemTypeId', value: 'CABLE' },
      catalogue,
    );
    expect(next.transitTypeId).toBeNull();
  });

  it('no item type: everything below is cleared', () => {
    const start = transit({
      itemTypeId: 'PIPE',
      transitTypeId: 'NOFIRNO',
      classId: 'A_CLASS',
      sealantType: 'NOFIRNO_SEALANT',
      depthMm: 150,
    });
    const { transit: next } = apply(start, { field: 'itemTypeId', value: null });
    expect(next).toMatchObject({
      itemTypeId: null,
      transitTypeId: null,
      classId: null,
      sealantType: null,
      depthMm: 150,
    });
  });

  it('cascades to the class: kept when the new item type allows it, with its own minimum depth', () => {
    // PIPE A_60_CLASS min 150; PIPE_PLASTIC A_60_CLASS min 200: depth 160 is below the new minimum.
    const start = transit({
      itemTypeId: 'PIPE',
      transitTypeId: 'NOFIRNO',
      classId: 'A_60_CLASS',
      sealantType: 'NOFIRNO_SEALANT',
      depthMm: 160,
    });
    const { transit: next, messages } = apply(start, { field: 'itemTypeId', value: 'PIPE_PLASTIC' });
    expect(next).toMatchObject({
      transitTypeId: 'NOFIRNO',
      classId: 'A_60_CLASS',
      sealantType: 'NOFIRNO_SEALANT',
      depthMm: 200,
    });
    expect(messages).toEqual([
      {
        code: 'DEPTH_BELOW_MINIMUM',
        severity: 'error',
        text: 'Minimum depth for this type of transit is 200mm',
        params: { min: 200 },
      },
    ]);
  });
});

describe('applyTransitChange: transit type (spec §4)', () => {
  const pipe = transit({
    itemTypeId: 'PIPE',
    transitTypeId: 'NOFIRNO/CER',
    classId: 'H_CLASS',
    depthMm: 250,
  });

  it('keeps the class when allowed', () => {
    const { transit: next } = apply(
      { ...pipe, classId: 'A_CLASS' },
      { field: 'transitTypeId', value: 'NOFIRNO' },
    );
    expect(next.classId).toBe('A_CLASS');
  });

  it('clears the class when not allowed and several remain', () => {
    // H_CLASS is an exception of PIPE on NOFIRNO.
    const { transit: next } = apply(pipe, { field: 'transitTypeId', value: 'NOFIRNO' });
    expect(next.classId).toBeNull();
    expect(next.sealantType).toBeNull();
  });

  it('sets the class when exactly one remains', () => {
    const catalogue = withItemType({
      ...sampleItemType('PIPE'),
      transitTypes: [
        {
          transitTypeId: 'NOFIRNO',
          classExceptions: ['WATERTIGHT', 'FIRE_RATED', 'H_CLASS', 'A_60_CLASS', 'A_0_CLASS'],
        },
        { transitTypeId: 'NOFIRNO/CER', classExceptions: [] },
      ],
    });
    const { transit: next } = apply(pipe, { field: 'transitTypeId', value: 'NOFIRNO' }, catalogue);
    expect(next.classId).toBe('A_CLASS');
    // and the class change runs: the only sealant is chosen, the depth stays (250 >= 100).
    expect(next.sealantType).toBe('NOFIRNO_SEALANT');
    expect(next.depthMm).toBe(250);
  });

  it('ignores a transit type the item type does not allow', () => {
    const { transit: next } = apply(transit({ itemTypeId: 'CABLE', transitTypeId: 'NOFIRNO/CER' }), {
      field: 'transitTypeId',
      value: 'RISE_ULTRA',
    });
    expect(next.transitTypeId).toBe('NOFIRNO/CER');
  });

  it('clearing it clears the class', () => {
    const { transit: next } = apply(pipe, { field: 'transitTypeId', value: null });
    expect(next).toMatchObject({ transitTypeId: null, classId: null });
  });

  it('leaving RISE_ULTRA drops the pipe configuration, the single pipe and the Single layer', () => {
    const start = transit({
      itemTypeId: 'PIPE',
      transitTypeId: 'RISE_ULTRA',
      pipeConfiguration: 'SINGLE',
      singleCrusherPipeId: 'PIPE-DN50',
      sealantDepth: 'SINGLE',
    });
    const { transit: next } = apply(start, { field: 'transitTypeId', value: 'NOFIRNO' });
    expect(next).toMatchObject({
      pipeConfiguration: null,
      singleCrusherPipeId: null,
      sealantDepth: 'DOUBLE',
    });
  });

  it('entering RISE_ULTRA starts with MULTIPLE and sets the depth to the minimum', () => {
    const start = transit({
      itemTypeId: 'PIPE',
      transitTypeId: 'NOFIRNO',
      classId: 'A_60_CLASS',
      depthMm: 300,
    });
    const { transit: next, messages } = apply(start, { field: 'transitTypeId', value: 'RISE_ULTRA' });
    expect(next).toMatchObject({
      pipeConfiguration: 'MULTIPLE',
      classId: 'A_60_CLASS',
      depthMm: 150,
      sealantDepth: 'DOUBLE',
    });
    expect(messages).toEqual([]);
  });
});

describe('applyTransitChange: class (spec §4: refilters sealants and sets the minimum depth)', () => {
  const base = transit({
    itemTypeId: 'PIPE',
    transitTypeId: 'NOFIRNO',
    classId: 'WATERTIGHT',
    sealantType: 'NOFIRNO_SEALANT',
  });

  it('keeps the sealant when still allowed', () => {
    const { transit: next } = apply(base, { field: 'classId', value: 'A_CLASS' });
    expect(next.sealantType).toBe('NOFIRNO_SEALANT');
  });

  it('sets the sealant when exactly one remains', () => {
    const { transit: next } = apply(
      { ...base, sealantType: 'WATERTIGHT_SEALANT' },
      { field: 'classId', value: 'A_CLASS' },
    );
    expect(next.sealantType).toBe('NOFIRNO_SEALANT');
  });

  it('clears the sealant when it is not allowed and several remain', () => {
    const start = transit({
      itemTypeId: 'PIPE',
      transitTypeId: 'NOFIRNO/CER',
      classId: 'H_CLASS',
      sealantType: 'RISE_SEALANT',
    });
    const { transit: next } = apply(start, { field: 'classId', value: 'WATERTIGHT' });
    expect(next.sealantType).toBeNull();
  });

  it('clears the sealant when none remain', () => {
    const { transit: next } = apply(base, { field: 'classId', value: null });
    expect(next).toMatchObject({ classId: null, sealantType: null });
  });

  it.each<[string, number | null, number, boolean]>([
    // [case, depth before, depth after, message]
    ['empty depth: set to the minimum', null, 150, false],
    ['below the minimum: reset with the error', 100, 150, true],
    ['at the minimum: kept', 150, 150, false],
    ['above the minimum: kept', 400, 400, false],
  ])('depth, %s', (_label, before, after, message) => {
    const { transit: next, messages } = apply(
      { ...base, depthMm: before },
      { field: 'classId', value: 'FIRE_RATED' },
    );
    expect(next.depthMm).toBe(after);
    expect(messages.map((m) => m.code)).toEqual(message ? ['DEPTH_BELOW_MINIMUM'] : []);
  });

  it('RISE_ULTRA: the depth is always the minimum, without an error', () => {
    const start = transit({
      itemTypeId: 'PIPE',
      transitTypeId: 'RISE_ULTRA',
      classId: 'A_CLASS',
      depthMm: 100,
    });
    const { transit: next, messages } = apply(start, { field: 'classId', value: 'H_CLASS' });
    expect(next.depthMm).toBe(200);
    const back = apply(next, { field: 'classId', value: 'A_0_CLASS' });
    expect(back.transit.depthMm).toBe(60); // lowered too: the depth is not editable
    expect([...messages, ...back.messages]).toEqual([]);
  });

  it('ignores a class not allowed for the transit type', () => {
    const { transit: next } = apply({ ...base, classId: 'A_CLASS' }, { field: 'classId', value: 'H_CLASS' });
    expect(next.classId).toBe('A_CLASS');
  });

  it('sealant change: allowed taken, other ignored', () => {
    expect(apply(base, { field: 'sealantType', value: 'WATERTIGHT_SEALANT' }).transit.sealantType).toBe(
      'WATERTIGHT_SEALANT',
    );
    expect(apply(base, { field: 'sealantType', value: 'RISE_SEALANT' }).transit.sealantType).toBe(
      'NOFIRNO_SEALANT',
    );
    expect(apply(base, { field: 'sealantType', value: null }).transit.sealantType).toBeNull();
  });
});

describe('applyTransitChange: depth (spec §5)', () => {
  const base = transit({
    itemTypeId: 'CABLE',
    transitTypeId: 'NOFIRNO',
    classId: 'FIRE_RATED',
    depthMm: 150,
  });

  it('resets a depth below the minimum with the spec message', () => {
    const { transit: next, messages } = apply(base, { field: 'depthMm', value: 80 });
    expect(next.depthMm).toBe(120);
    expect(messages).toEqual([
      {
        code: 'DEPTH_BELOW_MINIMUM',
        severity: 'error',
        text: 'Minimum depth for this type of transit is 120mm',
        params: { min: 120 },
      },
    ]);
  });

  it('keeps a depth at or above the minimum', () => {
    expect(apply(base, { field: 'depthMm', value: 120 }).transit.depthMm).toBe(120);
    expect(apply(base, { field: 'depthMm', value: 180.5 })).toMatchObject({
      transit: { depthMm: 180.5 },
      messages: [],
    });
  });

  it('does not reset while typing (commit false)', () => {
    expect(apply(base, { field: 'depthMm', value: 8, commit: false })).toMatchObject({
      transit: { depthMm: 8 },
      messages: [],
    });
  });

  it('accepts any depth without a class', () => {
    expect(apply({ ...base, classId: null }, { field: 'depthMm', value: 5 }).transit.depthMm).toBe(5);
    expect(apply({ ...base, classId: null }, { field: 'depthMm', value: null }).transit.depthMm).toBeNull();
  });

  it('an emptied depth goes back to the minimum when committed, stays empty while typing', () => {
    expect(apply(base, { field: 'depthMm', value: null })).toMatchObject({
      transit: { depthMm: 120 },
      messages: [],
    });
    expect(apply(base, { field: 'depthMm', value: null, commit: false }).transit.depthMm).toBeNull();
  });

  it('RISE_ULTRA: depth is not editable; the change is ignored with the longer-depth note', () => {
    const start = transit({
      itemTypeId: 'PIPE',
      transitTypeId: 'RISE_ULTRA',
      classId: 'A_CLASS',
      depthMm: 100,
    });
    const { transit: next, messages } = apply(start, { field: 'depthMm', value: 300 });
    expect(next.depthMm).toBe(100);
    expect(messages.map((m) => m.code)).toEqual(['RISE_ULTRA_LONGER_DEPTH']);
  });
});

describe('applyTransitChange: RISE_ULTRA shape, pipe configuration and single pipe (spec §4)', () => {
  const rise = transit({
    itemTypeId: 'PIPE',
    transitTypeId: 'RISE_ULTRA',
    classId: 'A_CLASS',
    depthMm: 100,
    pipeConfiguration: 'MULTIPLE',
  });

  it('RECTANGLE forces MULTIPLE and drops the single pipe', () => {
    const single = { ...rise, pipeConfiguration: 'SINGLE' as const, singleCrusherPipeId: 'PIPE-DN50' };
    const { transit: next } = apply(single, { field: 'shape', value: 'RECTANGLE' });
    expect(next).toMatchObject({
      shape: 'RECTANGLE',
      pipeConfiguration: 'MULTIPLE',
      singleCrusherPipeId: null,
    });
  });

  it('SINGLE is refused for a rectangle', () => {
    const { transit: next, flashSinglePipe } = apply(
      { ...rise, shape: 'RECTANGLE' },
      { field: 'pipeConfiguration', value: 'SINGLE' },
    );
    expect(next.pipeConfiguration).toBe('MULTIPLE');
    expect(flashSinglePipe).toBe(false);
  });

  it('choosing SINGLE without a pipe asks the pipe dropdown to flash', () => {
    const { transit: next, flashSinglePipe } = apply(rise, { field: 'pipeConfiguration', value: 'SINGLE' });
    expect(next.pipeConfiguration).toBe('SINGLE');
    expect(flashSinglePipe).toBe(true);
  });

  it('choosing the pipe sets the actual inside diameter, read-only afterwards', () => {
    const single = apply(rise, { field: 'pipeConfiguration', value: 'SINGLE' }).transit;
    // 4" (DN100): (4.5 − 2 × 0.237) in × 25.4 = 102.2604 mm
    const { transit: next } = apply(single, { field: 'singleCrusherPipeId', value: 'PIPE-DN100' });
    expect(next).toMatchObject({ singleCrusherPipeId: 'PIPE-DN100', diameterMm: ID_4IN_MM, shape: 'ROUND' });
    expect(apply(next, { field: 'diameterMm', value: 300 }).transit.diameterMm).toBe(ID_4IN_MM);
    // choosing SINGLE again with the pipe chosen: no flash
    expect(apply(next, { field: 'pipeConfiguration', value: 'SINGLE' }).flashSinglePipe).toBe(false);
  });

  it('ignores an unknown pipe or a pipe while MULTIPLE', () => {
    const single = apply(rise, { field: 'pipeConfiguration', value: 'SINGLE' }).transit;
    expect(
      apply(single, { field: 'singleCrusherPipeId', value: 'NOPE' }).transit.singleCrusherPipeId,
    ).toBeNull();
    expect(apply(rise, { field: 'singleCrusherPipeId', value: 'PIPE-DN100' }).transit).toMatchObject({
      singleCrusherPipeId: null,
      diameterMm: 200,
    });
  });

  it('back to MULTIPLE drops the pipe and frees the diameter', () => {
    const single = apply(apply(rise, { field: 'pipeConfiguration', value: 'SINGLE' }).transit, {
      field: 'singleCrusherPipeId',
      value: 'PIPE-DN100',
    }).transit;
    const { transit: next } = apply(single, { field: 'pipeConfiguration', value: 'MULTIPLE' });
    expect(next).toMatchObject({
      pipeConfiguration: 'MULTIPLE',
      singleCrusherPipeId: null,
      diameterMm: ID_4IN_MM,
    });
    expect(apply(next, { field: 'diameterMm', value: 300 }).transit.diameterMm).toBe(300);
  });

  it('no pipe configuration outside RISE_ULTRA', () => {
    const { transit: next } = apply(transit({ itemTypeId: 'PIPE', transitTypeId: 'NOFIRNO' }), {
      field: 'pipeConfiguration',
      value: 'SINGLE',
    });
    expect(next.pipeConfiguration).toBeNull();
  });

  it('sealant layers: SINGLE kept on RISE_ULTRA, refused elsewhere', () => {
    expect(apply(rise, { field: 'sealantDepth', value: 'SINGLE' }).transit.sealantDepth).toBe('SINGLE');
    const nofirno = transit({ itemTypeId: 'PIPE', transitTypeId: 'NOFIRNO' });
    expect(apply(nofirno, { field: 'sealantDepth', value: 'SINGLE' }).transit.sealantDepth).toBe('DOUBLE');
    expect(apply(nofirno, { field: 'sealantDepth', value: null }).transit.sealantDepth).toBe('DOUBLE');
  });
});

describe('applyTransitChange: other fields', () => {
  it('sets dimensions, copies and spare percent as given, keeps extra fields and does not mutate the input', () => {
    const start = Object.freeze({ ...transit(), name: 'T1' });
    const { transit: next } = apply(start, { field: 'widthMm', value: 300 });
    expect(next).toMatchObject({ widthMm: 300, name: 'T1' });
    expect(apply(start, { field: 'copies', value: 4 }).transit.copies).toBe(4);
    expect(apply(start, { field: 'sparePercent', value: 20 }).transit.sparePercent).toBe(20);
    expect(start).not.toHaveProperty('widthMm');
  });

  it('normaliseTransit cleans a stored transit the catalogue no longer allows', () => {
    const stored = transit({
      itemTypeId: 'CABLE',
      transitTypeId: 'RISE_ULTRA',
      classId: 'H_CLASS',
      sealantType: 'RISE_SEALANT',
      sealantDepth: 'SINGLE',
      depthMm: 10,
    });
    const { transit: next, messages } = normaliseTransit(sampleCatalogue, stored);
    expect(next).toMatchObject({
      transitTypeId: 'NOFIRNO',
      classId: null,
      sealantType: null,
      sealantDepth: 'DOUBLE',
      pipeConfiguration: null,
    });
    expect(messages).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Properties: random catalogues and random sequences of changes.

const classIdArb = fc.constantFrom<TransitClassId>(...TRANSIT_CLASS_IDS);
const sealantIds = ['S1', 'S2', 'S3'];

const catalogueArb: fc.Arbitrary<Catalogue> = fc
  .record({
    itemTypes: fc.tuple(
      ...ITEM_TYPE_IDS.map((id) =>
        fc.record({
          id: fc.constant(id),
          name: fc.constant(id),
          transitTypes: fc.uniqueArray(fc.constantFrom<TransitTypeId>(...TRANSIT_TYPE_IDS)).chain((typeIds) =>
            fc.tuple(
              ...typeIds.map((transitTypeId) =>
                fc.record({
                  transitTypeId: fc.constant(transitTypeId),
                  classExceptions: fc.uniqueArray(classIdArb),
                }),
              ),
            ),
          ),
          classes: fc.uniqueArray(classIdArb).chain((classIds) =>
            fc.tuple(
              ...classIds.map((classId) =>
                fc.record({
                  classId: fc.constant(classId),
                  minimumTransitDepthMm: fc.integer({ min: 40, max: 300 }),
                  sealants: fc.uniqueArray(fc.constantFrom(...sealantIds)),
                }),
              ),
            ),
          ),
        }),
      ),
    ),
    transitClassSets: fc.tuple(...TRANSIT_TYPE_IDS.map(() => fc.uniqueArray(classIdArb))),
  })
  .map(({ itemTypes, transitClassSets }) => ({
    ...sampleCatalogue,
    // Slim, so a counterexample stays readable: two single-pipe sizes, no cable sleeves.
    cableSleeves: [],
    crushers: sampleCatalogue.crushers.filter(
      (crusher) => crusher.id === 'PIPE-DN50' || crusher.id === 'PIPE-DN100',
    ),
    itemTypes: itemTypes.map((item) => ({
      ...item,
      transitTypes: [...item.transitTypes],
      classes: [...item.classes],
    })),
    transitTypes: TRANSIT_TYPE_IDS.map((id, i) => ({
      ...sampleCatalogue.transitTypes[i]!,
      id,
      classes: (transitClassSets[i] ?? []).map((classId) => ({ classId, mmFillerSleeveLessThanTransit: 30 })),
    })),
    sealants: sealantIds.map((id) => ({ id, name: id })),
  }));

const changeArb: fc.Arbitrary<TransitChange> = fc.oneof(
  fc.record({
    field: fc.constant('itemTypeId' as const),
    value: fc.option(fc.constantFrom<ItemTypeId>(...ITEM_TYPE_IDS), { nil: null }),
  }),
  fc.record({
    field: fc.constant('transitTypeId' as const),
    value: fc.option(fc.constantFrom<TransitTypeId>(...TRANSIT_TYPE_IDS), { nil: null }),
  }),
  fc.record({ field: fc.constant('classId' as const), value: fc.option(classIdArb, { nil: null }) }),
  fc.record({
    field: fc.constant('sealantType' as const),
    value: fc.option(fc.constantFrom(...sealantIds, 'NOFIRNO_SEALANT'), { nil: null }),
  }),
  fc.record({
    field: fc.constant('sealantDepth' as const),
    value: fc.option(fc.constantFrom('SINGLE' as const, 'DOUBLE' as const), { nil: null }),
  }),
  fc.record({
    field: fc.constant('shape' as const),
    value: fc.constantFrom('ROUND' as const, 'RECTANGLE' as const),
  }),
  fc.record({
    field: fc.constant('pipeConfiguration' as const),
    value: fc.option(fc.constantFrom('SINGLE' as const, 'MULTIPLE' as const), { nil: null }),
  }),
  fc.record({
    field: fc.constant('singleCrusherPipeId' as const),
    value: fc.option(fc.constantFrom('PIPE-DN50', 'PIPE-DN100', 'CRUSHER-D110', 'NOPE'), { nil: null }),
  }),
  fc.record({
    field: fc.constant('depthMm' as const),
    value: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
  }),
  fc.record({
    field: fc.constant('diameterMm' as const),
    value: fc.option(fc.integer({ min: 1, max: 600 }), { nil: null }),
  }),
);

/** What must hold for any transit the reducer returns (spec §4, §5). */
function expectConsistent(catalogue: Catalogue, t: TransitInput) {
  const typeIds = ids(allowedTransitTypes(catalogue, t.itemTypeId));
  if (t.transitTypeId) expect(typeIds).toContain(t.transitTypeId);
  const classIds = ids(allowedClasses(catalogue, t.itemTypeId, t.transitTypeId));
  if (t.classId) expect(classIds).toContain(t.classId);
  else expect(classIds.length).not.toBe(1); // exactly one allowed would have been chosen
  const sealants = ids(allowedSealants(catalogue, t.itemTypeId, t.classId));
  if (t.sealantType) expect(sealants).toContain(t.sealantType);
  else expect(sealants.length).not.toBe(1);
  expect(sealantLayerOptions(t.transitTypeId)).toContain(t.sealantDepth);
  const min = minimumDepthMm(catalogue, t.itemTypeId, t.classId);
  if (min !== null) {
    if (t.transitTypeId === 'RISE_ULTRA') expect(t.depthMm).toBe(min);
    else expect(t.depthMm ?? Number.POSITIVE_INFINITY).toBeGreaterThanOrEqual(min);
  }
  if (t.transitTypeId === 'RISE_ULTRA') {
    expect(pipeConfigurationOptions(t)).toContain(t.pipeConfiguration);
    if (t.shape === 'RECTANGLE') expect(t.pipeConfiguration).toBe('MULTIPLE');
  } else {
    expect(t.pipeConfiguration).toBeNull();
  }
  if (t.singleCrusherPipeId) {
    expect(t.pipeConfiguration).toBe('SINGLE');
    expect(t.shape).toBe('ROUND');
    expect(t.diameterMm).toBe(
      singlePipeOptions(catalogue).find((pipe) => pipe.id === t.singleCrusherPipeId)?.insideDiameterMm,
    );
  }
}

describe('applyTransitChange properties', () => {
  it('after any sequence of (committed) changes the transit is consistent and a fixed point of normaliseTransit', () => {
    fc.assert(
      fc.property(catalogueArb, fc.array(changeArb, { maxLength: 12 }), (catalogue, changes) => {
        let t: TransitInput = transit();
        // Start from a normalised transit; every later change keeps it consistent.
        t = normaliseTransit(catalogue, t).transit;
        for (const change of changes) {
          const before = { ...t };
          const result = applyTransitChange(catalogue, t, change);
          expect(t).toEqual(before); // pure
          t = result.transit;
          expectConsistent(catalogue, t);
          // The minimum-depth error is reported exactly when a depth was reset to the minimum.
          for (const message of result.messages) {
            if (message.code === 'DEPTH_BELOW_MINIMUM') expect(t.depthMm).toBe(message.params?.min);
          }
        }
        const again = normaliseTransit(catalogue, t);
        expect(again.transit).toEqual(t);
        expect(again.messages).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('an item type change follows the selection rule exactly (keep, the only one, Cable the first, else none)', () => {
    fc.assert(
      fc.property(
        catalogueArb,
        fc.option(fc.constantFrom<TransitTypeId>(...TRANSIT_TYPE_IDS), { nil: null }),
        fc.constantFrom<ItemTypeId>(...ITEM_TYPE_IDS),
        (catalogue, current, itemType) => {
          const allowed = ids(allowedTransitTypes(catalogue, itemType));
          const { transit: next } = applyTransitChange(catalogue, transit({ transitTypeId: current }), {
            field: 'itemTypeId',
            value: itemType,
          });
          let expected: TransitTypeId | null = null;
          if (current && allowed.includes(current)) expected = current;
          else if (allowed.length === 1 || (itemType === 'CABLE' && allowed.length > 0))
            expected = allowed[0] ?? null;
          expect(next.transitTypeId).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a class change follows the sealant rule and sets the minimum depth', () => {
    fc.assert(
      fc.property(
        catalogueArb,
        fc.constantFrom<ItemTypeId>(...ITEM_TYPE_IDS),
        fc.option(fc.constantFrom(...sealantIds), { nil: null }),
        fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
        (catalogue, itemType, sealant, depth) => {
          const start = normaliseTransit(catalogue, transit({ itemTypeId: itemType })).transit;
          for (const cls of allowedClasses(catalogue, start.itemTypeId, start.transitTypeId)) {
            const { transit: next, messages } = applyTransitChange(
              catalogue,
              { ...start, sealantType: sealant, depthMm: depth },
              { field: 'classId', value: cls.id },
            );
            expect(next.classId).toBe(cls.id);
            const allowed = ids(allowedSealants(catalogue, itemType, cls.id));
            const expectedSealant =
              sealant && allowed.includes(sealant) ? sealant : allowed.length === 1 ? allowed[0] : null;
            expect(next.sealantType).toBe(expectedSealant);
            const min = cls.minimumTransitDepthMm;
            const riseUltra = next.transitTypeId === 'RISE_ULTRA';
            const expectedDepth = riseUltra || depth === null || depth < min ? min : depth;
            expect(next.depthMm).toBe(expectedDepth);
            expect(messages.some((m) => m.code === 'DEPTH_BELOW_MINIMUM')).toBe(
              !riseUltra && depth !== null && depth < min,
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
