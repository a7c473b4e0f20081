import { describe, expect, it } from 'vitest';
import {
  EMPTY_MAPPING,
  SCHEDULE_MESSAGES,
  checkScheduleRow,
  guessMapping,
  mappingProblems,
  parseItemType,
  parsePastedCells,
  parseScheduleNumber,
  rememberMapping,
  scheduleMessage,
  tagKey,
  tidyTable,
  transitKey,
  unitFromHeading,
  type ScheduleMapping,
} from './schedules';
import { MAX_ITEM_QUANTITY, MAX_TRANSIT_CIRCLES } from './transits';

describe('guessMapping', () => {
  it.each([
    [['Cable tag', 'Cable type', 'OD (mm)', 'Qty', 'Transit'], [0, 1, 2, 3, 4], 'MM'],
    [['Transit name', 'Designation', 'Outer diameter [in]', 'Type'], [1, 3, 2, null, 0], 'INCH'],
    [['Kabelbezeichnung', 'Typ', 'Außendurchmesser', 'Anzahl', 'Durchführung'], [0, 1, 2, 3, 4], 'MM'],
    [['Repère', 'Nature', 'Diamètre extérieur', 'Quantité', 'Traversée'], [0, 1, 2, 3, 4], 'MM'],
    [['电缆编号', '类型', '外径', '数量', '贯穿件'], [0, 1, 2, 3, 4], 'MM'],
    [['Penetration', 'Cable number', 'Ø', 'Remarks'], [1, null, 2, null, 0], 'MM'],
    [['Location', 'Tag No', 'Dia', 'No of cables'], [1, null, 2, 3, 0], 'MM'],
  ] as const)('maps %j', (headings, expected, unit) => {
    const { mapping, diameterUnit } = guessMapping(headings);
    expect([mapping.tag, mapping.type, mapping.outerDiameter, mapping.quantity, mapping.transit]).toEqual(
      expected,
    );
    expect(diameterUnit).toBe(unit);
  });

  it('fills each column at most once and leaves unknown headings unmapped', () => {
    const { mapping } = guessMapping(['Remarks', 'Colour']);
    expect(mapping).toEqual(EMPTY_MAPPING);
    const twice = guessMapping(['Diameter', 'Diameter']).mapping;
    expect(twice.outerDiameter).toBe(0);
    expect(Object.values(twice).filter((v) => v === 1)).toEqual([]);
  });

  it("prefers the organization's remembered headings and unit", () => {
    const remembered = rememberMapping(
      ['Kabel', 'Größe', 'Feld'],
      { ...EMPTY_MAPPING, tag: 0, outerDiameter: 1, transit: 2 },
      'INCH',
    );
    const { mapping, diameterUnit, fromRemembered } = guessMapping(
      ['feld', 'KABEL', 'Größe', 'Qty'],
      remembered,
    );
    expect(fromRemembered).toBe(true);
    expect(mapping).toEqual({ tag: 1, type: null, outerDiameter: 2, quantity: 3, transit: 0 });
    expect(diameterUnit).toBe('INCH');
  });

  it('reads the unit of a diameter heading', () => {
    expect(unitFromHeading('OD [in]')).toBe('INCH');
    expect(unitFromHeading('Ø (inch)')).toBe('INCH');
    expect(unitFromHeading('Diameter"')).toBe('INCH');
    expect(unitFromHeading('OD mm')).toBe('MM');
    expect(unitFromHeading('Outer diameter')).toBeNull();
  });
});

describe('mappingProblems', () => {
  const base: ScheduleMapping = { ...EMPTY_MAPPING, outerDiameter: 1, transit: 0 };
  it('needs a diameter column, and a transit column unless importing into one transit', () => {
    expect(mappingProblems(base, false)).toEqual({});
    expect(mappingProblems({ ...base, outerDiameter: null }, false)).toEqual({
      outerDiameter: SCHEDULE_MESSAGES.mappingDiameterRequired,
    });
    expect(mappingProblems({ ...base, transit: null }, false)).toEqual({
      transit: SCHEDULE_MESSAGES.mappingTransitRequired,
    });
    expect(mappingProblems({ ...base, transit: null }, true)).toEqual({});
  });
  it('refuses one column for two fields', () => {
    expect(mappingProblems({ ...base, tag: 1 }, false)).toEqual({
      outerDiameter: SCHEDULE_MESSAGES.mappingColumnTwice,
    });
  });
});

describe('parseScheduleNumber', () => {
  it.each([
    ['12.5', 12.5],
    ['12,5', 12.5],
    ['1,234.5', 1234.5],
    ['1.234,5', 1234.5],
    ['1,234', 1234],
    ['1 234,5', 1234.5],
    ['12 mm', 12],
    ['Ø 20', 20],
    ['0.75 in', 0.75],
    ['3/4', 0.75],
    ['1 1/2"', 1.5],
    ['-3', -3],
    ['.5', 0.5],
    ['1e2', 100],
  ])('reads %j as %d', (text, value) => expect(parseScheduleNumber(text)).toBe(value));

  it.each(['', 'abc', '12..5', '1/0', '12 cm', 'NaN', 'Infinity', '0x10'])('refuses %j', (text) =>
    expect(parseScheduleNumber(text)).toBeNull(),
  );
});

describe('parseItemType', () => {
  it.each([
    ['Cable', 'CABLE'],
    ['Power cable', 'CABLE'],
    ['Kabel', 'CABLE'],
    ['电缆', 'CABLE'],
    ['Steel pipe', 'PIPE'],
    ['Rohr', 'PIPE'],
    ['Tuyau', 'PIPE'],
    ['PVC pipe', 'PIPE_PLASTIC'],
    ['Plastic pipe', 'PIPE_PLASTIC'],
    ['Kunststoffrohr', 'PIPE_PLASTIC'],
    ['Tuyau plastique', 'PIPE_PLASTIC'],
    ['', null],
    ['Hose', 'UNKNOWN'],
  ] as const)('reads %j as %s', (text, type) => expect(parseItemType(text)).toBe(type));
});

describe('checkScheduleRow: one rule at a time', () => {
  const mapping: ScheduleMapping = { tag: 0, type: 1, outerDiameter: 2, quantity: 3, transit: 4 };
  const check = (row: string[], unit: 'MM' | 'INCH' = 'MM', intoOne = false) =>
    checkScheduleRow(row, mapping, unit, intoOne);
  const problems = (row: string[], intoOne = false) => {
    const result = check(row, 'MM', intoOne);
    return result.ok ? [] : result.problems.map((p) => [p.field, p.message]);
  };

  it('reads a good row, quantity 1 when empty, inches to mm', () => {
    expect(check(['W-101', 'Cable', '18,5', '', 'T-1'])).toEqual({
      ok: true,
      value: { tag: 'W-101', itemTypeId: 'CABLE', outerDiameterMm: 18.5, quantity: 1, transitName: 'T-1' },
    });
    const inch = check(['', '', '1 1/2', '2', 'T-1'], 'INCH');
    expect(inch.ok && inch.value.outerDiameterMm).toBeCloseTo(38.1, 9);
    expect(inch.ok && inch.value.tag).toBeNull();
  });

  it('diameter: missing, not a number, not positive, too large', () => {
    expect(problems(['', '', '', '', 'T'])).toEqual([['outerDiameter', SCHEDULE_MESSAGES.diameterMissing]]);
    expect(problems(['', '', 'big', '', 'T'])).toEqual([
      ['outerDiameter', scheduleMessage(SCHEDULE_MESSAGES.diameterNotNumber, { value: 'big' })],
    ]);
    expect(problems(['', '', '0', '', 'T'])).toEqual([
      ['outerDiameter', SCHEDULE_MESSAGES.diameterNotPositive],
    ]);
    expect(problems(['', '', '10001', '', 'T'])).toEqual([
      ['outerDiameter', SCHEDULE_MESSAGES.diameterTooLarge],
    ]);
  });

  it('quantity: whole numbers from 1 to the item limit', () => {
    expect(problems(['', '', '20', '2.5', 'T'])).toEqual([
      ['quantity', scheduleMessage(SCHEDULE_MESSAGES.quantityNotWhole, { value: '2.5' })],
    ]);
    expect(problems(['', '', '20', '0', 'T'])).toEqual([['quantity', SCHEDULE_MESSAGES.quantityOutOfRange]]);
    expect(problems(['', '', '20', String(MAX_ITEM_QUANTITY + 1), 'T'])).toEqual([
      ['quantity', SCHEDULE_MESSAGES.quantityOutOfRange],
    ]);
  });

  it('type: a known word or empty', () => {
    expect(problems(['', 'Hose', '20', '', 'T'])).toEqual([
      ['type', scheduleMessage(SCHEDULE_MESSAGES.typeUnknown, { value: 'Hose' })],
    ]);
  });

  it('tag: at most 100 characters', () => {
    expect(problems(['x'.repeat(101), '', '20', '', 'T'])).toEqual([['tag', SCHEDULE_MESSAGES.tagTooLong]]);
  });

  it('transit: required for a project import, at most 100 characters; not read into one transit', () => {
    expect(problems(['', '', '20', '', ''])).toEqual([['transit', SCHEDULE_MESSAGES.transitMissing]]);
    expect(problems(['', '', '20', '', 'x'.repeat(101)])).toEqual([
      ['transit', SCHEDULE_MESSAGES.transitNameTooLong],
    ]);
    expect(problems(['', '', '20', '', ''], true)).toEqual([]);
  });

  it('reports every problem of a row at once', () => {
    expect(problems(['', 'Hose', 'x', '-1', ''])).toHaveLength(4);
  });

  it('names the transit circle limit in its message', () => {
    expect(scheduleMessage(SCHEDULE_MESSAGES.tooManyCircles, { transit: 'T-1', count: 600 })).toBe(
      `Transit "T-1" would hold 600 items; at most ${MAX_TRANSIT_CIRCLES} fit in one transit.`,
    );
  });
});

describe('pasted cells and keys', () => {
  it('splits tab-separated lines with quoted cells, CRLF and blank lines', () => {
    expect(parsePastedCells('Tag\tOD\r\nW-1\t"12,5"\r\n\r\n"W\t2"\t"a ""b"""\n')).toEqual([
      ['Tag', 'OD'],
      ['W-1', '12,5'],
      ['W\t2', 'a "b"'],
    ]);
  });

  it('pads short rows and cuts long cells', () => {
    expect(tidyTable([['a'], ['b', 'c', 'd']])).toEqual([
      ['a', '', ''],
      ['b', 'c', 'd'],
    ]);
    expect(tidyTable([['x'.repeat(500)]])[0]![0]).toHaveLength(200);
  });

  it('matches transit names and tags without regard to case and spaces', () => {
    expect(transitKey('  T-101   Engine ')).toBe(transitKey('t-101 engine'));
    expect(tagKey('W 101')).toBe(tagKey('w101'));
  });
});
