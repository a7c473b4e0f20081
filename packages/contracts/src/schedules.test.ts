import { describe, expect, it } from 'vitest';
import {
  EMPTY_MAPPING,
  NO_TRANSIT_FIGURES,
  SCHEDULE_MESSAGES,
  checkScheduleRow,
  columnLetter,
  findHeadingRow,
  guessMapping,
  isSectionRow,
  locationKey,
  locationPathText,
  mappingProblems,
  parseLocationPath,
  parseItemType,
  parsePastedCells,
  parseScheduleNumber,
  rememberMapping,
  scheduleLengthMm,
  scheduleMessage,
  sheetTable,
  tagKey,
  tidyTable,
  transitKey,
  unitFromHeading,
  type ScheduleMapping,
} from './schedules';
import { MAX_ITEM_QUANTITY, MAX_TRANSIT_CIRCLES } from './transits';

describe('guessMapping', () => {
  it.each([
    [['Cable tag', 'Kind', 'OD (mm)', 'Qty', 'Transit'], [0, 1, 2, 3, 4], 'MM'],
    [['Transit name', 'Designation', 'Outer diameter [in]', 'Type'], [1, 3, 2, null, 0], 'INCH'],
    [['Kabelbezeichnung', 'Typ', 'Außendurchmesser', 'Anzahl', 'Durchführung'], [0, 1, 2, 3, 4], 'MM'],
    [['Repère', 'Nature', 'Diamètre extérieur', 'Quantité', 'Traversée'], [0, 1, 2, 3, 4], 'MM'],
    [['电缆编号', '类型', '外径', '数量', '贯穿件'], [0, 1, 2, 3, 4], 'MM'],
    [['Penetration', 'Cable number', 'Ø', 'Remarks'], [1, null, 2, null, 0], 'MM'],
    [['Penetration no.', 'Tag No', 'Dia', 'No of cables'], [1, null, 2, 3, 0], 'MM'],
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
    expect(mapping).toEqual({ ...EMPTY_MAPPING, tag: 1, outerDiameter: 2, quantity: 3, transit: 0 });
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
  const mapping: ScheduleMapping = {
    ...EMPTY_MAPPING,
    tag: 0,
    type: 1,
    outerDiameter: 2,
    quantity: 3,
    transit: 4,
  };
  const check = (row: string[], unit: 'MM' | 'INCH' = 'MM', intoOne = false) =>
    checkScheduleRow(row, mapping, { diameterUnit: unit, intoOneTransit: intoOne });
  const problems = (row: string[], intoOne = false) => {
    const result = check(row, 'MM', intoOne);
    return result.ok ? [] : result.problems.map((p) => [p.field, p.message]);
  };

  it('reads a good row, quantity 1 when empty, inches to mm', () => {
    expect(check(['W-101', 'Cable', '18,5', '', 'T-1'])).toEqual({
      ok: true,
      value: {
        tag: 'W-101',
        specification: null,
        itemTypeId: 'CABLE',
        outerDiameterMm: 18.5,
        quantity: 1,
        transitName: 'T-1',
        transit: NO_TRANSIT_FIGURES,
      },
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

describe('schedules as yards write them', () => {
  it('maps "Cable type" holding specifications to the specification, not the kind', () => {
    const headings = ['Cable No.', 'Cable type', 'OD (mm)', 'Transit'];
    const rows = [
      ['W-1', 'RFOU(i) 3x35', '24', 'T-1'],
      ['W-2', 'BFOU 2x2.5', '12', 'T-1'],
    ];
    const { mapping } = guessMapping(headings, null, rows);
    expect(mapping).toMatchObject({ tag: 0, specification: 1, type: null, outerDiameter: 2, transit: 3 });
    const check = checkScheduleRow(rows[0]!, mapping, {
      diameterUnit: 'MM',
      intoOneTransit: false,
      defaultItemType: 'CABLE',
    });
    expect(check.ok && [check.value.specification, check.value.itemTypeId]).toEqual([
      'RFOU(i) 3x35',
      'CABLE',
    ]);
  });

  it('a bare "Type" column is the kind when its values are kinds, else the specification', () => {
    const headings = ['Tag', 'Type', 'OD'];
    expect(guessMapping(headings, null, [['W-1', 'Cable', '12']]).mapping).toMatchObject({ type: 1 });
    const spec = guessMapping(headings, null, [['W-1', 'TFOU 7x2x0.75', '12']]).mapping;
    expect(spec).toMatchObject({ type: null, specification: 1 });
  });

  it.each([
    [['Kabelnummer', 'Kabeltyp', 'Außendurchmesser', 'Anzahl', 'Durchführung'], 'de'],
    [['Kabelnr.', 'Kabeltype', 'Ytre diameter (mm)', 'Antall', 'Gjennomføring'], 'nb'],
    [['N° câble', 'Type de câble', 'Diamètre extérieur', 'Qté', 'Traversée'], 'fr'],
    [['电缆编号', '电缆型号', '外径', '数量', '贯穿件'], 'zh'],
    [['Tag', 'Spec', 'Diameter (mm)', 'Qty', 'MCT'], 'en'],
  ] as const)(
    'finds tag, specification, diameter, quantity and transit in %j (%s)',
    (headings, _language) => {
      expect(guessMapping(headings).mapping).toMatchObject({
        tag: 0,
        specification: 1,
        outerDiameter: 2,
        quantity: 3,
        transit: 4,
      });
    },
  );

  it('finds the heading row under a title block', () => {
    const rows = [
      ['CABLE SCHEDULE — MV Nordkapp, engine room', '', '', ''],
      ['Document no. 1234-E-001', '', 'Rev. C', ''],
      ['Date', '2026-11-01', '', ''],
      ['Cable No.', 'Cable type', 'OD (mm)', 'Transit'],
      ['W-1', 'RFOU(i) 3x35', '24', 'T-1'],
    ];
    expect(findHeadingRow(rows)).toEqual({ index: 3, score: 5 });
    expect(
      findHeadingRow([
        ['a', 'b'],
        ['1', '2'],
      ]).index,
    ).toBe(0);
    const cut = sheetTable({ rows, rowNumbers: [1, 2, 4, 6, 7] }, 3);
    expect(cut).toEqual({ headings: rows[3], rows: [rows[4]], rowNumbers: [7] });
  });

  it('passes over subtotal and section rows', () => {
    const mapping: ScheduleMapping = { ...EMPTY_MAPPING, tag: 0, outerDiameter: 1, quantity: 2 };
    expect(isSectionRow(['Total', '', '35'], mapping)).toBe(true);
    expect(isSectionRow(['Summe', '', ''], mapping)).toBe(true);
    expect(isSectionRow(['DECK 2 — ENGINE ROOM', '', ''], mapping)).toBe(true);
    expect(isSectionRow(['W-101', '', ''], mapping)).toBe(false);
    expect(isSectionRow(['W-101', '12', '1'], mapping)).toBe(false);
  });

  it.each([
    ['35 mm', 'MM', 35],
    ['35mm', 'INCH', 35],
    ['1 1/4"', 'MM', 31.75],
    ['1¼ in', 'MM', 31.75],
    ['1-1/4 in', 'MM', 31.75],
    ['½"', 'MM', 12.7],
    ['2.375 in', 'MM', 60.325],
    ['32,5', 'MM', 32.5],
    ['1.234,5 mm', 'MM', 1234.5],
    ['1,234.5', 'MM', 1234.5],
    ['18 ', 'MM', 18],
    ['\u00a018\u00a0mm\u00a0', 'MM', 18],
    ['1\u202f234', 'MM', 1234],
    ['2', 'INCH', 50.8],
  ] as const)('reads the length %j (column in %s) as %d mm', (text, unit, mm) => {
    expect(scheduleLengthMm(text, unit)).toBeCloseTo(mm, 9);
  });

  it('names the column of each refused cell', () => {
    const mapping: ScheduleMapping = { ...EMPTY_MAPPING, tag: 0, outerDiameter: 2, quantity: 3, transit: 4 };
    const check = checkScheduleRow(['W-1', '', '12 cm', 'two', 'T'], mapping, {
      diameterUnit: 'MM',
      intoOneTransit: false,
    });
    expect(check.ok ? [] : check.problems.map((p) => [p.field, p.column])).toEqual([
      ['outerDiameter', 2],
      ['quantity', 3],
    ]);
    expect(columnLetter(2)).toBe('C');
    expect(columnLetter(26)).toBe('AA');
  });

  it('reads transit columns: shape, size, type and class by catalogue name, depth', () => {
    const mapping: ScheduleMapping = {
      ...EMPTY_MAPPING,
      outerDiameter: 0,
      transit: 1,
      transitShape: 2,
      transitSize: 3,
      transitType: 4,
      transitClass: 5,
      transitDepth: 6,
    };
    const catalogue = {
      transitTypes: [{ id: 'WALL', name: 'Wall transit' }],
      classes: [{ id: 'A60', name: 'A-60' }],
    };
    const options = { diameterUnit: 'MM', intoOneTransit: false, catalogue } as const;
    const round = checkScheduleRow(
      ['12', 'T-1', 'Round', 'Ø150', 'wall transit', 'A-60', '200 mm'],
      mapping,
      options,
    );
    expect(round.ok && round.value.transit).toEqual({
      shape: 'ROUND',
      diameterMm: 150,
      widthMm: null,
      heightMm: null,
      transitTypeId: 'WALL',
      classId: 'A60',
      depthMm: 200,
      location: null,
    });
    const frame = checkScheduleRow(['12', 'T-1', '', '600 x 300 mm', '', '', ''], mapping, options);
    expect(frame.ok && frame.value.transit).toMatchObject({
      shape: 'RECTANGLE',
      widthMm: 600,
      heightMm: 300,
    });
    const bad = checkScheduleRow(['12', 'T-1', 'Oval', 'big', 'Deck', 'H-0', 'deep'], mapping, options);
    expect(bad.ok ? [] : bad.problems.map((p) => p.field)).toEqual([
      'transitShape',
      'transitSize',
      'transitType',
      'transitClass',
      'transitDepth',
    ]);
  });
});

describe('the location column (ADR 031)', () => {
  it.each([
    [['Cable no.', 'OD', 'Penetration', 'Location'], 3, 2],
    [['Kabelnummer', 'Außendurchmesser', 'Durchführung', 'Einbauort'], 3, 2],
    [['Kabelnr.', 'Ø', 'Gjennomføring', 'Lokasjon'], 3, 2],
    [['Repère', 'Diamètre', 'Traversée', 'Emplacement'], 3, 2],
    [['电缆编号', '外径', '贯穿件', '位置'], 3, 2],
    [['Tag', 'OD', 'MCT', 'Deck'], 3, 2],
    [['Tag', 'OD', 'MCT', 'Raum'], 3, 2],
    [['Tag', 'OD', 'Transit location', 'Transit'], 2, 3],
    // A place word inside a longer heading is not a location: "Frame type" is the transit type.
    [['Tag', 'OD', 'MCT', 'Frame type'], null, 2],
  ] as const)('maps %j', (headings, location, transit) => {
    const { mapping } = guessMapping(headings);
    expect([mapping.location, mapping.transit]).toEqual([location, transit]);
  });

  it.each([
    ['Deck 3 / Engine room', ['Deck 3', 'Engine room']],
    ['Deck 3 > ER', ['Deck 3', 'ER']],
    ['Deck 3 › Frame 42 › Engine room', ['Deck 3', 'Frame 42', 'Engine room']],
    ['Deck 3\\ER', ['Deck 3', 'ER']],
    ['Deck 3/ER', ['Deck 3', 'ER']],
    ['Deck 4 / Frame 42/43', ['Deck 4', 'Frame 42/43']],
    ['  Deck\u00a03 //  Engine   room ', ['Deck 3', 'Engine room']],
    ['Engine room', ['Engine room']],
    ['—', []],
    ['', []],
  ])('reads %j as a path', (text, path) => {
    expect(parseLocationPath(text)).toEqual(path);
  });

  it('checks the location of a row: depth, length, one line', () => {
    const mapping = { ...EMPTY_MAPPING, outerDiameter: 0, transit: 1, location: 2 };
    const options = { diameterUnit: 'MM' as const, intoOneTransit: false };
    const ok = checkScheduleRow(['12', 'T-1', 'Deck 3 / ER'], mapping, options);
    expect(ok.ok && ok.value.transit.location).toEqual(['Deck 3', 'ER']);
    const none = checkScheduleRow(['12', 'T-1', ''], mapping, options);
    expect(none.ok && none.value.transit.location).toBeNull();
    const deep = checkScheduleRow(['12', 'T-1', 'A/B/C/D/E/F/G'], mapping, options);
    expect(!deep.ok && deep.problems).toEqual([
      {
        field: 'location',
        column: 2,
        message: scheduleMessage(SCHEDULE_MESSAGES.locationTooDeep, { value: 'A/B/C/D/E/F/G' }),
      },
    ]);
    const long = `Deck / ${'x'.repeat(81)}`;
    const tooLong = checkScheduleRow(['12', 'T-1', long], mapping, options);
    expect(!tooLong.ok && tooLong.problems[0]!.message).toBe(
      scheduleMessage(SCHEDULE_MESSAGES.locationName, { value: long }),
    );
  });

  it('writes a path as screens and documents do, and compares names without case', () => {
    expect(locationPathText(['Deck 3', 'Engine room'])).toBe('Deck 3 › Engine room');
    expect(locationKey('  ENGINE   Room ')).toBe(locationKey('engine room'));
  });
});
