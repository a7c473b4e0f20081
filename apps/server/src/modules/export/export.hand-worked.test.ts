// ADR 007: every figure a document prints for a fixed project, compared with values worked out by hand
// below (spec §9 formulas, catalogue figures of the sample catalogue), in both unit systems and all four formats.
// The engine is not asked: a change to a formula, a rounding or a formatter shows here as a different figure.
// (Smallest gaps come from the packing search and are checked in the drawing tests, not here.)
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@sealplan/db/testing';
import type { DbHandle } from '@sealplan/db';
import type { MeasurementSystem } from '@sealplan/engine';
// The engine package exports only its public API; its sample catalogue is test data reached by path.
import { sampleCatalogue } from '../../../../../packages/engine/src/testing/sample-catalogue';
import { sendProjectExportRequestSchema, type ExportFormat } from '@sealplan/contracts';
import { createOrganization } from '../../testing/factories';
import type { ExportCaller } from './export.service';
import {
  createExportProject,
  testCaller,
  testExportService,
  type SeededProject,
  type TransitSpec,
} from './testing/export-factories';
import { parseCsv, pdfPages, readDocx, rtfToText } from './testing/readers';

const CABLES: TransitSpec = {
  // Ø 200 round, no spare, 2 copies; NOFIRNO (filler sleeve Ø 20, 30 mm less than the transit, cartridges 310 ml,
  // 290 usable), A-60 (cables: minimum depth 120 mm), depth 150.
  name: 'H-1 Cables',
  transit: {
    shape: 'ROUND',
    diameterMm: 200,
    copies: 2,
    sparePercent: 0,
    itemTypeId: 'CABLE',
    transitTypeId: 'NOFIRNO',
    classId: 'A_60_CLASS',
    sealantType: 'NOFIRNO_SEALANT',
    sealantDepth: 'DOUBLE',
    depthMm: 150,
  },
  // Cables of Ø 18 take the NF-CS-028 sleeve (over 15 up to 20 mm, Ø 28); Ø 64 is above 63 mm: no sleeve, wrapped.
  items: [
    { quantity: 4, outerDiameterMm: 18, itemTypeId: 'CABLE' },
    { quantity: 1, outerDiameterMm: 64, itemTypeId: 'CABLE' },
  ],
};

const PIPES: TransitSpec = {
  // 300 × 200 with corner radius 20, spare 20 %; NOFIRNO, A class (pipes: minimum depth 100 mm), depth 100.
  name: 'H-2 Pipes',
  transit: {
    shape: 'RECTANGLE',
    widthMm: 300,
    heightMm: 200,
    cornerRadiusMm: 20,
    copies: 1,
    sparePercent: 20,
    itemTypeId: 'PIPE',
    transitTypeId: 'NOFIRNO',
    classId: 'A_CLASS',
    sealantType: 'NOFIRNO_SEALANT',
    sealantDepth: 'DOUBLE',
    depthMm: 100,
  },
  // 2" steel pipe: 2.375 in = 60.325 mm outside; clearance 30 mm (below 76.2 mm, spec §9 table).
  items: [{ quantity: 2, outerDiameterMm: 60.325, crusherId: 'PIPE-DN50', itemTypeId: 'PIPE' }],
};

/*
 * Worked by hand (1 in = 25.4 mm, 1 in² = 645.16 mm², 1 US fl oz = 29.5735 ml; imperial 3 decimals, metric up to 2,
 * ml whole, US fl oz one decimal, % one decimal):
 *
 * H-1: transit area π × 100² = 31 415.93 mm² = 314.16 cm² = 48.695 in².
 *   Items: 4 sleeves π × 14² = 2 463.01 + one cable π × 32² = 3 216.99 → 5 680.00 mm² = 56.8 cm² = 8.804 in²; cables
 *   have no clearance, so the same with clearance. Empty 25 735.93 mm² = 257.36 cm² = 39.891 in².
 *   Fill 5 680.00 / 31 415.93 = 18.08 % → 18.1 %; limit 100 − 0 = 100.0 %.
 *   Filler sleeves: length 150 − 30 = 120 mm (4.724 in); ⌈25 735.93 / (π × 10²)⌉ = ⌈81.92⌉ = 82 a transit, × 2 = 164,
 *   bundles ⌈164 / 10⌉ = 17. Sealant ⌈30 × 25 735.93 × 1.25 × 0.001⌉ = ⌈965.10⌉ = 966 ml, × 2 = 1932 ml;
 *   cartridges ⌈966 / 290⌉ = 4, × 2 = 8 (ADR 010: per transit). Cable sleeves 4 × 2 = 8.
 *   Wrap 64 × π × 4 = 804.25 mm, × 2 = 1 608.50 mm = 63.327 in; rolls ⌈1 608.50 / 1 000⌉ = 2.
 * H-2: transit area 300 × 200 − (4 − π) × 20² = 59 656.64 mm² = 596.57 cm² = 92.468 in².
 *   Items 2 × π × 30.1625² = 5 716.29 mm² = 57.16 cm² = 8.860 in²; with clearance 2 × π × 45.1625² = 12 815.51 mm²
 *   = 128.16 cm² = 19.864 in². Empty 53 940.34 mm² = 539.4 cm² = 83.608 in². Fill 12 815.51 / 59 656.64 = 21.48 %
 *   → 21.5 %; limit 100 − 20 = 80.0 %.
 *   Filler sleeves: 100 − 30 = 70 mm (2.756 in); ⌈53 940.34 / 314.16⌉ = ⌈171.70⌉ = 172, bundles 18.
 *   Sealant ⌈30 × 53 940.34 × 1.25 × 0.001⌉ = ⌈2 022.76⌉ = 2023 ml; cartridges ⌈2023 / 290⌉ = ⌈6.98⌉ = 7.
 * Totals (both fit): sealant 1932 + 2023 = 3955 ml, cartridges 8 + 7 = 15; sleeves and wrap as above.
 */
type Row = readonly string[];
interface Figures {
  cover: Row[];
  facts: Record<string, Row[]>;
  materials: Record<string, Row[]>;
  totals: Row[];
}

const FIGURES: Record<MeasurementSystem, Figures> = {
  METRIC: {
    cover: [
      ['H-1 Cables', 'Round, Ø 200 mm', '2', '18.1 %', 'Fits'],
      ['H-2 Pipes', 'Rectangle, 300 mm × 200 mm, corner radius 20 mm', '1', '21.5 %', 'Fits'],
    ],
    facts: {
      'H-1 Cables': [
        ['Opening', 'Round, Ø 200 mm'],
        ['Items', '5: 4 × Ø 18 mm; 1 × Ø 64 mm'],
        ['Depth', '150 mm (minimum 120 mm)'],
        ['Spare', '0.0 %'],
        ['Copies', '2'],
        ['Transit area', '314.16 cm²'],
        ['Items area', '56.8 cm²'],
        ['Items area with clearance', '56.8 cm²'],
        ['Empty area', '257.36 cm²'],
        ['Fill', '18.1 %'],
        ['Fill limit', '100.0 %'],
        ['Status', 'Fits'],
      ],
      'H-2 Pipes': [
        ['Opening', 'Rectangle, 300 mm × 200 mm, corner radius 20 mm'],
        ['Items', '2: 2 × Ø 60.33 mm (2" (DN50))'],
        ['Depth', '100 mm (minimum 100 mm)'],
        ['Spare', '20.0 %'],
        ['Copies', '1'],
        ['Transit area', '596.57 cm²'],
        ['Items area', '57.16 cm²'],
        ['Items area with clearance', '128.16 cm²'],
        ['Empty area', '539.4 cm²'],
        ['Fill', '21.5 %'],
        ['Fill limit', '80.0 %'],
        ['Status', 'Fits'],
      ],
    },
    materials: {
      'H-1 Cables': [
        ['NOFIRNO filler sleeve', 'Filler sleeve, Ø 20 mm, length 120 mm; 17 bundles of 10', '164', 'pcs'],
        ['NOFIRNO sealant', 'Sealant volume', '1932', 'ml'],
        ['NOFIRNO sealant, cartridges', '310 ml cartridge, 290 ml usable', '8', 'cartridges'],
        ['Cable sleeve NF-CS-028', 'Ø 28 mm, for cables over 15 mm up to 20 mm', '8', 'pcs'],
        ['Cable wrap', 'Length (cables over 63 mm, 4 turns)', '1608.5', 'mm'],
        ['Cable wrap rolls', 'Rolls of 1000 mm', '2', 'rolls'],
      ],
      'H-2 Pipes': [
        ['NOFIRNO filler sleeve', 'Filler sleeve, Ø 20 mm, length 70 mm; 18 bundles of 10', '172', 'pcs'],
        ['NOFIRNO sealant', 'Sealant volume', '2023', 'ml'],
        ['NOFIRNO sealant, cartridges', '310 ml cartridge, 290 ml usable', '7', 'cartridges'],
      ],
    },
    totals: [
      ['NOFIRNO filler sleeve', 'Filler sleeve, Ø 20 mm, length 70 mm; 18 bundles of 10', '172', 'pcs'],
      ['NOFIRNO filler sleeve', 'Filler sleeve, Ø 20 mm, length 120 mm; 17 bundles of 10', '164', 'pcs'],
      ['NOFIRNO sealant', 'Sealant volume', '3955', 'ml'],
      ['NOFIRNO sealant, cartridges', '310 ml cartridge, 290 ml usable', '15', 'cartridges'],
      ['Cable sleeve NF-CS-028', 'Ø 28 mm, for cables over 15 mm up to 20 mm', '8', 'pcs'],
      ['Cable wrap', 'Length (cables over 63 mm, 4 turns)', '1608.5', 'mm'],
      ['Cable wrap rolls', 'Rolls of 1000 mm', '2', 'rolls'],
    ],
  },
  IMPERIAL: {
    cover: [
      ['H-1 Cables', 'Round, Ø 7.874 in', '2', '18.1 %', 'Fits'],
      ['H-2 Pipes', 'Rectangle, 11.811 in × 7.874 in, corner radius 0.787 in', '1', '21.5 %', 'Fits'],
    ],
    facts: {
      'H-1 Cables': [
        ['Opening', 'Round, Ø 7.874 in'],
        ['Items', '5: 4 × Ø 0.709 in; 1 × Ø 2.520 in'],
        ['Depth', '5.906 in (minimum 4.724 in)'],
        ['Spare', '0.0 %'],
        ['Copies', '2'],
        ['Transit area', '48.695 in²'],
        ['Items area', '8.804 in²'],
        ['Items area with clearance', '8.804 in²'],
        ['Empty area', '39.891 in²'],
        ['Fill', '18.1 %'],
        ['Fill limit', '100.0 %'],
        ['Status', 'Fits'],
      ],
      'H-2 Pipes': [
        ['Opening', 'Rectangle, 11.811 in × 7.874 in, corner radius 0.787 in'],
        ['Items', '2: 2 × Ø 2.375 in (2" (DN50))'],
        ['Depth', '3.937 in (minimum 3.937 in)'],
        ['Spare', '20.0 %'],
        ['Copies', '1'],
        ['Transit area', '92.468 in²'],
        ['Items area', '8.860 in²'],
        ['Items area with clearance', '19.864 in²'],
        ['Empty area', '83.608 in²'],
        ['Fill', '21.5 %'],
        ['Fill limit', '80.0 %'],
        ['Status', 'Fits'],
      ],
    },
    materials: {
      'H-1 Cables': [
        [
          'NOFIRNO filler sleeve',
          'Filler sleeve, Ø 0.787 in, length 4.724 in; 17 bundles of 10',
          '164',
          'pcs',
        ],
        ['NOFIRNO sealant', 'Sealant volume', '65.3', 'US fl oz'],
        ['NOFIRNO sealant, cartridges', '10.5 US fl oz cartridge, 9.8 US fl oz usable', '8', 'cartridges'],
        ['Cable sleeve NF-CS-028', 'Ø 1.102 in, for cables over 0.591 in up to 0.787 in', '8', 'pcs'],
        ['Cable wrap', 'Length (cables over 2.480 in, 4 turns)', '63.327', 'in'],
        ['Cable wrap rolls', 'Rolls of 39.370 in', '2', 'rolls'],
      ],
      'H-2 Pipes': [
        [
          'NOFIRNO filler sleeve',
          'Filler sleeve, Ø 0.787 in, length 2.756 in; 18 bundles of 10',
          '172',
          'pcs',
        ],
        ['NOFIRNO sealant', 'Sealant volume', '68.4', 'US fl oz'],
        ['NOFIRNO sealant, cartridges', '10.5 US fl oz cartridge, 9.8 US fl oz usable', '7', 'cartridges'],
      ],
    },
    totals: [
      ['NOFIRNO filler sleeve', 'Filler sleeve, Ø 0.787 in, length 2.756 in; 18 bundles of 10', '172', 'pcs'],
      ['NOFIRNO filler sleeve', 'Filler sleeve, Ø 0.787 in, length 4.724 in; 17 bundles of 10', '164', 'pcs'],
      ['NOFIRNO sealant', 'Sealant volume', '133.7', 'US fl oz'],
      ['NOFIRNO sealant, cartridges', '10.5 US fl oz cartridge, 9.8 US fl oz usable', '15', 'cartridges'],
      ['Cable sleeve NF-CS-028', 'Ø 1.102 in, for cables over 0.591 in up to 0.787 in', '8', 'pcs'],
      ['Cable wrap', 'Length (cables over 2.480 in, 4 turns)', '63.327', 'in'],
      ['Cable wrap rolls', 'Rolls of 39.370 in', '2', 'rolls'],
    ],
  },
};

let handle: DbHandle;
let project: SeededProject;
let caller: ExportCaller;

beforeAll(async () => {
  handle = await createTestDb();
  const org = await createOrganization(handle.db, 'Hand-worked Marine');
  project = await createExportProject(handle.db, org.id, sampleCatalogue, {
    name: 'Hand-worked figures',
    transits: [CABLES, PIPES],
  });
  caller = testCaller(org.id);
});
afterAll(async () => handle?.close());

async function exportFile(outputFormat: ExportFormat, measurementSystem: MeasurementSystem): Promise<Buffer> {
  const service = testExportService(handle.db, sampleCatalogue);
  const request = sendProjectExportRequestSchema.parse({
    projectId: project.projectId,
    outputFormat,
    measurementSystem,
    size: 'A4',
  });
  const outcome = await service.sendProjectExport(caller, request);
  if (outcome.kind !== 'file') throw new Error('expected a file');
  // EXPORT_ARTIFACTS_DIR=/path keeps the files to look at.
  if (process.env.EXPORT_ARTIFACTS_DIR)
    writeFileSync(
      `${process.env.EXPORT_ARTIFACTS_DIR}/hand-worked-${measurementSystem}.${outputFormat.toLowerCase()}`,
      outcome.file.body,
    );
  return outcome.file.body;
}

/**
 * A table row in pdftotext's layout: the first cell starts the line, the last cells end it, and the middle cell
 * may wrap onto the next line (a long detail or opening in a narrow column).
 */
function pdfHasRow(lines: string[], [head, middle, ...tail]: Row): boolean {
  const end = ` ${tail.join(' ')}`;
  return lines.some((line, i) => {
    if (!line.startsWith(`${head} `) || !line.endsWith(end)) return false;
    const inLine = line.slice(head!.length + 1, line.length - end.length);
    return inLine === middle || `${inLine} ${lines[i + 1] ?? ''}` === middle;
  });
}

/**
 * A label and its value in pdftotext's layout: the value may wrap onto the next line, a long label's last word too,
 * and the drawing beside the table may add its own text at the end of the line.
 */
function pdfHasFact(lines: string[], [label, value]: Row): boolean {
  const words = label!.split(' ');
  const shortLabel = words.slice(0, -1).join(' ');
  return lines.some((line, i) => {
    const next = lines[i + 1] ?? '';
    if (`${line} ${next}`.startsWith(`${label} ${value}`)) return true;
    return words.length > 1 && line.startsWith(`${shortLabel} ${value}`) && next.startsWith(words.at(-1)!);
  });
}

/** The section of a document from one transit's heading to the next heading (or the end). */
function section(text: string, name: string): string {
  const start = text.indexOf(`Transit: ${name}`);
  expect(start, name).toBeGreaterThanOrEqual(0);
  const next = text.indexOf('Transit: ', start + 1);
  const totals = text.indexOf('Project material totals', start);
  const end = Math.min(...[next, totals, text.length].filter((n) => n > start));
  return text.slice(start, end);
}

const transitNames = [CABLES.name, PIPES.name];

describe.each<MeasurementSystem>(['METRIC', 'IMPERIAL'])('hand-worked figures in %s', (system) => {
  const expected = FIGURES[system];

  it('PDF prints every figure as worked by hand', async () => {
    const pages = await pdfPages(await exportFile('PDF', system));
    const text = pages.join('\n');
    const lines = (part: string) => part.split('\n');
    for (const row of expected.cover) expect(pdfHasRow(lines(pages[0]!), row), row.join(' | ')).toBe(true);
    for (const name of transitNames) {
      const own = lines(section(text, name));
      for (const fact of expected.facts[name]!)
        expect(pdfHasFact(own, fact), `${name}: ${fact.join(' ')}`).toBe(true);
      for (const row of expected.materials[name]!)
        expect(pdfHasRow(own, row), `${name}: ${row.join(' | ')}`).toBe(true);
    }
    const totals = lines(text.slice(text.indexOf('Project material totals')));
    for (const row of expected.totals)
      expect(pdfHasRow(totals, row), `totals: ${row.join(' | ')}`).toBe(true);
  });

  it('DOCX prints every figure as worked by hand, cell after cell', async () => {
    const { text } = await readDocx(await exportFile('DOCX', system));
    const has = (part: string, row: Row) => `\n${part}\n`.includes(`\n${row.join('\n')}\n`);
    for (const row of expected.cover) expect(has(text, row), row.join(' | ')).toBe(true);
    for (const name of transitNames) {
      const own = section(text, name);
      for (const row of [...expected.facts[name]!, ...expected.materials[name]!])
        expect(has(own, row), `${name}: ${row.join(' | ')}`).toBe(true);
    }
    const totals = text.slice(text.indexOf('Project material totals'));
    for (const row of expected.totals) expect(has(totals, row), `totals: ${row.join(' | ')}`).toBe(true);
  });

  it('RTF prints every figure as worked by hand, one table row a line', async () => {
    const text = rtfToText((await exportFile('RTF', system)).toString('latin1'));
    const has = (part: string, row: Row) =>
      part.split('\n').some((line) => line.startsWith(`${row.join('\t')}\t`));
    for (const row of expected.cover) expect(has(text, row), row.join(' | ')).toBe(true);
    for (const name of transitNames) {
      const own = section(text, name);
      for (const row of [...expected.facts[name]!, ...expected.materials[name]!])
        expect(has(own, row), `${name}: ${row.join(' | ')}`).toBe(true);
    }
    const totals = text.slice(text.indexOf('Project material totals'));
    for (const row of expected.totals) expect(has(totals, row), `totals: ${row.join(' | ')}`).toBe(true);
  });

  it('CSV holds exactly the hand-worked material rows, transit by transit and in the totals', async () => {
    const { rows } = parseCsv(await exportFile('CSV', system));
    const of = (transit: string) =>
      rows.filter((r) => r.Transit === transit).map((r) => [r.Item, r.Detail, r.Quantity, r.Unit]);
    for (const name of transitNames) expect(of(name), name).toEqual(expected.materials[name]);
    expect(of('Project total')).toEqual(expected.totals);
    expect(new Set(rows.map((r) => r.Units))).toEqual(new Set([system]));
  });
});
