import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';

/**
 * Eight schedules as yards and contractors hand them over (ADR 020, amended 2026-11-27): a title block above the
 * headings, a revision log before the list, German headings with decimal commas, a Norwegian Windows-1252 CSV with
 * Ø, a block pasted from Excel (tabs, no-break spaces), pipe sizes in inches, a penetration's name merged down
 * over its rows, and an engine room's penetrations with where each one is (ADR 031: location paths written with
 * "/", ">" and "›", in other cases). Each is written from the rows below, and each lists what an import must make
 * of every row, so the tests check every row.
 *
 * Written by `npx tsx apps/server/src/modules/schedules/testing/schedule-fixtures.ts [file ...]` into `fixtures/`
 * (the files named, or all); the files are committed, so the tests read them as a person's files, not regenerated
 * ones.
 */

export const FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** What the import makes of one row. */
export interface ExpectedItem {
  tag: string;
  specification: string | null;
  itemTypeId: 'CABLE' | 'PIPE' | 'PIPE_PLASTIC';
  outerDiameterMm: number;
  quantity: number;
  transit: string;
}

export interface ScheduleFixture {
  file: string;
  /** The sheet a person would pick (the reader should offer it), and the heading row's number in it (1-based). */
  sheetName: string;
  headingRowNumber: number;
  expected: ExpectedItem[];
  /** Created transits' figures the file gives (name -> figures). */
  transits?: Record<
    string,
    {
      shape: 'ROUND' | 'RECTANGLE';
      diameterMm?: number;
      widthMm?: number;
      heightMm?: number;
      transitTypeId: string;
      classId: string;
      depthMm: number;
    }
  >;
  /** ADR 031: where each transit is after the import (its location's path from the root; null: nowhere). */
  locations?: Record<string, string[] | null>;
  /** The location tree the import leaves in an empty project: each path from the root, sorted. */
  locationTree?: string[][];
}

/** NEK 606 cables with typical outer diameters (mm). */
const CABLES: [string, number][] = [
  ['RFOU(i) 3x2.5', 14.5],
  ['RFOU(i) 3x35', 31],
  ['BFOU(i) 2x2.5', 12.5],
  ['BFOU 2x2.5', 12],
  ['TFOU 7x2x0.75', 21],
  ['RFOU 4x1.5+PE', 13.5],
  ['RFOU(i) 3x70', 39],
  ['BFOU(i) 4x2x0.75', 17],
  ['RFOU 3x10', 20],
  ['TFOU(i) 1x2x0.75', 9.5],
];

const cable = (i: number, tag: string, transit: string, quantity = 1): ExpectedItem => {
  const [specification, od] = CABLES[i % CABLES.length]!;
  return { tag, specification, itemTypeId: 'CABLE', outerDiameterMm: od, quantity, transit };
};

// 1. Title block (merged across the columns), document number and revision, headings on row 6, a section row,
// a blank separator and a total row; some diameters typed as text with their unit or a trailing space.
const TITLE_BLOCK: ExpectedItem[] = Array.from({ length: 18 }, (_, i) =>
  cable(i, `NK-${String(101 + i)}`, i < 10 ? 'MCT-101' : 'MCT-102'),
);

async function titleBlockXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Cable schedule');
  sheet.addRow(['CABLE SCHEDULE — MV NORDKAPP, ENGINE ROOM']);
  sheet.mergeCells('A1:G1');
  sheet.addRow(['Document no.', 'NK-E-4012', '', 'Revision', 'C']);
  sheet.addRow(['Date', new Date(Date.UTC(2026, 10, 2)), '', 'Prepared by', 'E. Hansen']);
  sheet.addRow([]);
  sheet.addRow(['Issued for construction. Diameters from the maker\u2019s data sheets.']);
  sheet.mergeCells('A5:G5');
  sheet.addRow(['Cable No.', 'Cable type', 'From', 'To', 'OD (mm)', 'Route', 'Remarks']);
  TITLE_BLOCK.forEach((item, i) => {
    if (i === 10) {
      sheet.addRow([]);
      sheet.addRow(['DECK 2 — SWITCHBOARD ROOM']);
    }
    // Every third diameter is typed as text, as people do: "31 mm", "14.5 ".
    const od =
      i % 3 === 1
        ? `${item.outerDiameterMm} mm`
        : i % 3 === 2
          ? `${item.outerDiameterMm} `
          : item.outerDiameterMm;
    sheet.addRow([
      item.tag,
      item.specification,
      `MSB-${i + 1}`,
      `M-${i + 1}`,
      od,
      item.transit,
      i === 4 ? 'Screened' : '',
    ]);
  });
  sheet.addRow(['Total', '', '', '', { formula: `SUM(E7:E26)`, result: 0 }]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

// 2. A revision log first, the list on the second sheet with transit columns (type, shape, opening, class, depth)
// given on the first row of each transit.
const TWO_SHEETS: ExpectedItem[] = [
  cable(0, 'P-1', 'P-201'),
  cable(1, 'P-2', 'P-201', 2),
  cable(2, 'P-3', 'P-201'),
  cable(3, 'P-4', 'P-202', 3),
  cable(4, 'P-5', 'P-202'),
  cable(5, 'P-6', 'P-202'),
];
const TWO_SHEETS_TRANSITS: ScheduleFixture['transits'] = {
  'P-201': { shape: 'ROUND', diameterMm: 150, transitTypeId: 'NOFIRNO', classId: 'A_60_CLASS', depthMm: 200 },
  'P-202': {
    shape: 'RECTANGLE',
    widthMm: 300,
    heightMm: 150,
    transitTypeId: 'RISE_ULTRA',
    classId: 'WATERTIGHT',
    depthMm: 150,
  },
};

async function twoSheetsXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const log = book.addWorksheet('Revision log');
  log.addRow(['Rev', 'Date', 'Description', 'By']);
  log.addRow(['A', '2026-09-01', 'First issue', 'KL']);
  log.addRow(['B', '2026-10-12', 'Deck 3 penetrations added', 'KL']);
  const list = book.addWorksheet('Cable list');
  list.addRow([
    'Tag',
    'Cable type',
    'Ø mm',
    'Qty',
    'Penetration',
    'Transit type',
    'Shape',
    'Opening',
    'Class',
    'Depth (mm)',
  ]);
  let previous = '';
  for (const item of TWO_SHEETS) {
    const first = item.transit !== previous;
    previous = item.transit;
    const t = TWO_SHEETS_TRANSITS![item.transit]!;
    const figures = first
      ? [
          t.transitTypeId === 'NOFIRNO' ? 'Nofirno' : 'Rise Ultra',
          t.shape === 'ROUND' ? 'Round' : 'Rectangular',
          t.shape === 'ROUND' ? `Ø${t.diameterMm}` : `${t.widthMm} x ${t.heightMm}`,
          t.classId === 'A_60_CLASS' ? 'A-60' : 'Watertight',
          t.depthMm,
        ]
      : ['', '', '', '', ''];
    list.addRow([
      item.tag,
      item.specification,
      item.outerDiameterMm,
      item.quantity,
      item.transit,
      ...figures,
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

// 3. German headings and decimal commas typed as text, quantities with "Stk.", a total row.
const GERMAN: ExpectedItem[] = Array.from({ length: 8 }, (_, i) =>
  cable(i + 3, `+E1-W${String(i + 1).padStart(3, '0')}`, 'Schott 3-A', (i % 2) + 1),
);

async function germanXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Kabelliste');
  sheet.addRow(['Kabelliste Deck 3 — Stand 12.10.2026']);
  sheet.mergeCells('A1:F1');
  sheet.addRow(['Kabelnummer', 'Kabeltyp', 'Außendurchmesser', 'Anzahl', 'Durchführung', 'Bemerkung']);
  GERMAN.forEach((item, i) =>
    sheet.addRow([
      item.tag,
      item.specification,
      String(item.outerDiameterMm).replace('.', ','),
      i % 2 === 0 ? item.quantity : `${item.quantity} Stk.`,
      item.transit,
      '',
    ]),
  );
  sheet.addRow(['Summe', '', '', GERMAN.reduce((n, item) => n + item.quantity, 0)]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

// 4. Norwegian CSV from Excel on Windows: semicolons, CRLF, Windows-1252 (Ø, ø, ²), decimal commas.
const NORWEGIAN: ExpectedItem[] = Array.from({ length: 7 }, (_, i) =>
  cable(i + 5, `K-${200 + i}`, i < 4 ? 'Gjennomføring 1' : 'Gjennomføring 2'),
);

function norwegianCsv(): Buffer {
  const lines = ['Kabelnr.;Kabeltype;Ø (mm);Antall;Gjennomføring;Merknad'];
  NORWEGIAN.forEach((item, i) =>
    lines.push(
      [
        item.tag,
        item.specification,
        String(item.outerDiameterMm).replace('.', ','),
        String(item.quantity),
        item.transit,
        i === 0 ? 'Skjermet, 2,5 mm²' : '',
      ]
        .map((cell) => cell ?? '')
        .map((cell) => (cell.includes(';') ? `"${cell}"` : cell))
        .join(';'),
    ),
  );
  return latin1(lines.join('\r\n') + '\r\n');
}

/** Windows-1252 bytes of text whose characters are all in Latin-1 (as these are). */
function latin1(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

// 5. A block copied from Excel and pasted: tab-separated, a kind column, no-break spaces and trailing spaces.
const PASTE: ExpectedItem[] = [
  {
    tag: 'C-1',
    specification: null,
    itemTypeId: 'CABLE',
    outerDiameterMm: 18,
    quantity: 1,
    transit: 'MCT-7',
  },
  {
    tag: 'C-2',
    specification: null,
    itemTypeId: 'CABLE',
    outerDiameterMm: 12.5,
    quantity: 4,
    transit: 'MCT-7',
  },
  {
    tag: 'L-1',
    specification: null,
    itemTypeId: 'PIPE',
    outerDiameterMm: 60.3,
    quantity: 1,
    transit: 'MCT-7',
  },
  {
    tag: 'D-1',
    specification: null,
    itemTypeId: 'PIPE_PLASTIC',
    outerDiameterMm: 50,
    quantity: 1,
    transit: 'MCT-8',
  },
  {
    tag: 'C-3',
    specification: null,
    itemTypeId: 'CABLE',
    outerDiameterMm: 9.5,
    quantity: 1,
    transit: 'MCT-8',
  },
];

function pasteTsv(): Buffer {
  const cells = [
    ['Tag', 'Type', 'OD', 'Qty', 'MCT'],
    ['C-1', 'Cable', '18\u00a0mm', '1', 'MCT-7'],
    ['C-2 ', 'Cable ', '12.5 ', ' 4', 'MCT-7 '],
    ['L-1', 'Steel pipe', '60,3', '', 'MCT-7'],
    ['D-1', 'PVC', '50', '1', 'MCT-8'],
    ['C-3', 'cable', '9,5\u00a0', '1', 'MCT-8'],
  ];
  return Buffer.from(cells.map((row) => row.join('\t')).join('\r\n') + '\r\n', 'utf8');
}

// 6. Pipes in inches: fractions typed with a space, a hyphen or "¼", decimals with "in", one size in mm.
const INCH = 25.4;
const INCHES: ExpectedItem[] = [
  {
    tag: 'L-101',
    specification: 'DN32 Sch 40',
    itemTypeId: 'PIPE',
    outerDiameterMm: 1.25 * INCH,
    quantity: 1,
    transit: 'W-12',
  },
  {
    tag: 'L-102',
    specification: 'DN32 Sch 40',
    itemTypeId: 'PIPE',
    outerDiameterMm: 1.25 * INCH,
    quantity: 2,
    transit: 'W-12',
  },
  {
    tag: 'L-103',
    specification: 'NPS 2 Sch 40',
    itemTypeId: 'PIPE',
    outerDiameterMm: 2.375 * INCH,
    quantity: 1,
    transit: 'W-12',
  },
  {
    tag: 'L-104',
    specification: 'PE 100 SDR 11',
    itemTypeId: 'PIPE_PLASTIC',
    outerDiameterMm: 63,
    quantity: 1,
    transit: 'W-13',
  },
  {
    tag: 'L-105',
    specification: 'NPS 3 Sch 40',
    itemTypeId: 'PIPE',
    outerDiameterMm: 3.5 * INCH,
    quantity: 1,
    transit: 'W-13',
  },
  {
    tag: 'L-106',
    specification: 'DN15',
    itemTypeId: 'PIPE',
    outerDiameterMm: 0.75 * INCH,
    quantity: 1,
    transit: 'W-13',
  },
];

function inchesCsv(): Buffer {
  const rows = [
    ['Line no.', 'Pipe spec', 'Kind', 'OD [in]', 'Qty', 'Penetration'],
    ['L-101', 'DN32 Sch 40', 'Steel pipe', '1 1/4"', '1', 'W-12'],
    ['L-102', 'DN32 Sch 40', 'Steel pipe', '1¼ in', '2', 'W-12'],
    ['L-103', 'NPS 2 Sch 40', 'Steel pipe', '2.375 in', '1', 'W-12'],
    ['L-104', 'PE 100 SDR 11', 'PE pipe', '63 mm', '1', 'W-13'],
    ['L-105', 'NPS 3 Sch 40', 'Steel pipe', '3.5', '1', 'W-13'],
    ['L-106', 'DN15', 'Steel pipe', '3/4"', '1', 'W-13'],
  ];
  const quote = (cell: string) => (/[",]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return Buffer.from(rows.map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n', 'utf8');
}

// 7. The penetration's name merged down over its cables' rows (written once, as people lay a list out), a title
// merged across the columns above the headings, and a penetration on one row alone.
const MERGED: ExpectedItem[] = [
  cable(0, 'M-1', 'MCT-301'),
  cable(1, 'M-2', 'MCT-301', 2),
  cable(2, 'M-3', 'MCT-301'),
  cable(3, 'M-4', 'MCT-302'),
  cable(4, 'M-5', 'MCT-302'),
  cable(5, 'M-6', 'MCT-303', 3),
];

async function mergedXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Penetrations');
  sheet.addRow(['Penetration list — deck 3']);
  sheet.mergeCells('A1:E1');
  sheet.addRow(['MCT', 'Cable No.', 'Cable type', 'OD (mm)', 'Qty']);
  let previous = '';
  for (const item of MERGED) {
    const first = item.transit !== previous;
    previous = item.transit;
    // Only the first row of a merged block holds the value, as in the file a spreadsheet writes.
    sheet.addRow([
      first ? item.transit : null,
      item.tag,
      item.specification,
      item.outerDiameterMm,
      item.quantity,
    ]);
  }
  // MCT-301 on rows 3–5, MCT-302 on rows 6–7, MCT-303 alone on row 8.
  sheet.mergeCells('A3:A5');
  sheet.mergeCells('A6:A7');
  return Buffer.from(await book.xlsx.writeBuffer());
}

// 8. An engine room's penetrations with a location column as a yard writes it: paths from the deck down written
// with " / ", ">" and "›", the same place in other letter cases, a frame range with a slash of its own
// ("Frame 42/43" is one name), a location given on a transit's first row only, and a transit with none.
const ENGINE_ROOM: ExpectedItem[] = [
  cable(0, 'ER-101', 'MCT-401'),
  cable(1, 'ER-102', 'MCT-401', 2),
  cable(2, 'ER-103', 'MCT-401'),
  cable(3, 'ER-104', 'MCT-402'),
  cable(4, 'ER-105', 'MCT-402'),
  cable(5, 'ER-106', 'MCT-403'),
  cable(6, 'ER-107', 'MCT-403'),
  cable(7, 'ER-108', 'MCT-404', 2),
  cable(8, 'ER-109', 'MCT-404'),
  cable(9, 'ER-110', 'MCT-405'),
];
/** The location cell of each row, as written (a blank cell: the transit's first row said it). */
const ENGINE_ROOM_CELLS = [
  'Deck 3 / Engine room',
  'Deck 3 / Engine room',
  '',
  'DECK 3 > engine room',
  '',
  'Deck 4 / Frame 42/43',
  'Deck 4/Frame 42/43',
  'Deck 2 \u203a Switchboard room ',
  '',
  '',
];
const ENGINE_ROOM_LOCATIONS: Record<string, string[] | null> = {
  'MCT-401': ['Deck 3', 'Engine room'],
  'MCT-402': ['Deck 3', 'Engine room'],
  'MCT-403': ['Deck 4', 'Frame 42/43'],
  'MCT-404': ['Deck 2', 'Switchboard room'],
  'MCT-405': null,
};

async function engineRoomXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Penetrations');
  sheet.addRow(['MV NORDKAPP — ENGINE ROOM PENETRATIONS']);
  sheet.mergeCells('A1:G1');
  sheet.addRow(['Rev. B', '', '', 'Checked', 'KL']);
  sheet.addRow([]);
  sheet.addRow(['Cable No.', 'Cable type', 'OD (mm)', 'Qty', 'Penetration', 'Location', 'Remarks']);
  ENGINE_ROOM.forEach((item, i) =>
    sheet.addRow([
      item.tag,
      item.specification,
      item.outerDiameterMm,
      item.quantity,
      item.transit,
      ENGINE_ROOM_CELLS[i],
      i === 9 ? 'Location to be confirmed' : '',
    ]),
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const SCHEDULE_FIXTURES: ScheduleFixture[] = [
  { file: 'title-block.xlsx', sheetName: 'Cable schedule', headingRowNumber: 6, expected: TITLE_BLOCK },
  {
    file: 'two-sheets.xlsx',
    sheetName: 'Cable list',
    headingRowNumber: 1,
    expected: TWO_SHEETS,
    transits: TWO_SHEETS_TRANSITS,
  },
  { file: 'kabelliste-de.xlsx', sheetName: 'Kabelliste', headingRowNumber: 2, expected: GERMAN },
  { file: 'kabelliste-nb-1252.csv', sheetName: 'CSV', headingRowNumber: 1, expected: NORWEGIAN },
  { file: 'excel-paste.tsv', sheetName: 'CSV', headingRowNumber: 1, expected: PASTE },
  { file: 'pipes-inches.csv', sheetName: 'CSV', headingRowNumber: 1, expected: INCHES },
  { file: 'merged-penetrations.xlsx', sheetName: 'Penetrations', headingRowNumber: 2, expected: MERGED },
  {
    file: 'engine-room-locations.xlsx',
    sheetName: 'Penetrations',
    headingRowNumber: 4,
    expected: ENGINE_ROOM,
    locations: ENGINE_ROOM_LOCATIONS,
    locationTree: [
      ['Deck 2'],
      ['Deck 2', 'Switchboard room'],
      ['Deck 3'],
      ['Deck 3', 'Engine room'],
      ['Deck 4'],
      ['Deck 4', 'Frame 42/43'],
    ],
  },
];

async function writeFixtures(): Promise<void> {
  mkdirSync(FIXTURES_DIR, { recursive: true });
  const files: Record<string, Buffer> = {
    'title-block.xlsx': await titleBlockXlsx(),
    'two-sheets.xlsx': await twoSheetsXlsx(),
    'kabelliste-de.xlsx': await germanXlsx(),
    'kabelliste-nb-1252.csv': norwegianCsv(),
    'excel-paste.tsv': pasteTsv(),
    'pipes-inches.csv': inchesCsv(),
    'merged-penetrations.xlsx': await mergedXlsx(),
    'engine-room-locations.xlsx': await engineRoomXlsx(),
  };
  // Only the files asked for (all when none), so the committed ones stay as they were read before.
  const wanted = process.argv.slice(2);
  for (const [name, bytes] of Object.entries(files))
    if (wanted.length === 0 || wanted.includes(name)) writeFileSync(join(FIXTURES_DIR, name), bytes);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await writeFixtures();
