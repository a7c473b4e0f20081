import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import * as XLSX from 'xlsx';
import DxfParser from 'dxf-parser';
import { unzipSync, strFromU8 } from 'fflate';
import { documentFixture } from '../testing/document-fixture';
import { readDxfWithEzdxf } from '../testing/readers';
import type { ExportDocument } from '../export.model';
import { documentTexts } from './document-texts';
import { XLSX_HEADER_ROW, buildXlsx, numberFormat, sheetNames } from './xlsx-document';

const TEXT = documentTexts('en-US');
const XLSX_TEXT = TEXT.xlsx;
import { DXF_LAYERS, buildDxf, transitToDxf, wrap } from './dxf-document';

/**
 * The XLSX is read back by two independent readers (ExcelJS, which wrote it, and SheetJS, which did not); the DXF
 * by dxf-parser. Both are checked against the document model they were made from.
 */

async function readWorkbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book;
}

/** A fixture with article numbers and decimals as the builder sets them. */
function bomFixture(overrides: Partial<ExportDocument> = {}): ExportDocument {
  const doc = documentFixture(overrides);
  doc.transits[0]!.materials.push({
    key: 'cable-sleeve:NF-CS-008',
    item: 'Cable sleeve NF-CS-008',
    detail: 'Ø 8 mm',
    quantity: 3,
    quantityText: '3',
    unit: 'pcs',
    articleNumber: 'NF-CS-008',
    decimals: 0,
  });
  doc.transits[0]!.materials.push({
    key: 'wrap-length',
    item: 'Cable wrap',
    detail: 'Length',
    quantity: 1234.57,
    quantityText: '1234.57',
    unit: 'mm',
    decimals: 2,
  });
  return doc;
}

describe('XLSX bill of materials', () => {
  it('has a totals sheet and one sheet per transit with real numbers, formats, frozen header and print setup', async () => {
    const doc = bomFixture();
    const book = await readWorkbook(await buildXlsx(doc));
    expect(book.worksheets.map((s) => s.name)).toEqual([
      XLSX_TEXT.totalsSheet,
      'T-101 Engine room bulkhead',
      'T-102 Deck, "main" corridor',
    ]);
    const sheet = book.getWorksheet('T-101 Engine room bulkhead')!;
    expect(sheet.getRow(XLSX_HEADER_ROW).values).toEqual([undefined, ...XLSX_TEXT.columns]);
    const lines = doc.transits[0]!.materials;
    lines.forEach((line, i) => {
      const row = sheet.getRow(XLSX_HEADER_ROW + 1 + i);
      expect(row.getCell(1).value ?? '').toBe(line.articleNumber ?? '');
      expect(row.getCell(2).value).toBe(line.item);
      // A number, not a text: the spreadsheet can sum the column.
      expect(row.getCell(4).value).toBe(line.quantity);
      expect(typeof row.getCell(4).value).toBe('number');
      expect(row.getCell(4).numFmt).toBe(numberFormat(line.decimals ?? 0));
      expect(row.getCell(5).value).toBe(line.unit);
    });
    expect(sheet.getRow(XLSX_HEADER_ROW + lines.length).getCell(4).numFmt).toBe('#,##0.00');
    // The formula-like item stays text (never a formula).
    expect(sheet.getRow(XLSX_HEADER_ROW + 3).getCell(2).value).toBe('=HYPERLINK("http://evil")');
    expect(sheet.getRow(XLSX_HEADER_ROW + 3).getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: XLSX_HEADER_ROW });
    expect(sheet.pageSetup).toMatchObject({ paperSize: 9, orientation: 'landscape', fitToWidth: 1 });
    expect(sheet.pageSetup.printTitlesRow).toBe(`${XLSX_HEADER_ROW}:${XLSX_HEADER_ROW}`);
    expect(sheet.getColumn(3).width).toBeGreaterThan(40);
    // Legend and transit data follow the materials.
    const texts = sheet
      .getSheetValues()
      .flat()
      .filter((v) => typeof v === 'string');
    expect(texts).toContain(TEXT.legend);
    expect(texts).toContain('Cable, Ø 4 mm');
    expect(texts).toContain('Cable sleeve NF-CS-008, Ø 8 mm');
    expect(texts).toContain('Round, Ø 200 mm');
    expect(texts).toContain(TEXT.sampleNotice);
  });

  it('reads the same with SheetJS (an independent reader): sheets, numbers, the notice and the totals', async () => {
    const doc = bomFixture({ paperSize: 'LETTER' });
    const book = XLSX.read(await buildXlsx(doc), { type: 'buffer' });
    expect(book.SheetNames).toHaveLength(3);
    const totals = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[XLSX_TEXT.totalsSheet]!, {
      header: 1,
      defval: null,
    });
    expect(totals[3]![0]).toBe(TEXT.sampleNotice);
    expect(totals[XLSX_HEADER_ROW - 1]).toEqual([...XLSX_TEXT.columns]);
    expect(totals.slice(XLSX_HEADER_ROW, XLSX_HEADER_ROW + doc.totals.length).map((r) => r[3])).toEqual(
      doc.totals.map((t) => t.quantity),
    );
    expect(totals.flat()).toContain('+cmd|calc');
    const transit = book.Sheets['T-101 Engine room bulkhead']!;
    // SheetJS reports the cell type: n is a number.
    expect(transit[`D${XLSX_HEADER_ROW + 1}`]).toMatchObject({ t: 'n', v: 38 });
  });

  it('has totals only when materials only is asked, and no notice once the catalogue is verified', async () => {
    const book = await readWorkbook(
      await buildXlsx(bomFixture({ materialsOnly: true, sampleCatalogue: false })),
    );
    expect(book.worksheets.map((s) => s.name)).toEqual([XLSX_TEXT.totalsSheet]);
    const texts = book.worksheets[0]!.getSheetValues().flat();
    expect(texts).not.toContain(TEXT.sampleNotice);
    expect(texts).not.toContain(TEXT.transitsHeading);
  });

  // LibreOffice is not on every developer's machine; where it is, and always on CI (which installs it: a missing
  // one fails there, never skips), it must convert the workbook without a repair and keep every sheet and number.
  const soffice =
    process.env.CI === 'true' ||
    (() => {
      try {
        execFileSync('soffice', ['--version'], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    })();
  it.runIf(soffice)(
    'opens in LibreOffice (headless conversion to CSV of every sheet)',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'sealplan-xlsx-'));
      try {
        const doc = bomFixture();
        writeFileSync(join(dir, 'bom.xlsx'), await buildXlsx(doc));
        execFileSync(
          'soffice',
          [
            `-env:UserInstallation=file://${join(dir, 'profile')}`,
            '--headless',
            '--norestore',
            '--convert-to',
            'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1',
            '--outdir',
            dir,
            join(dir, 'bom.xlsx'),
          ],
          { stdio: 'ignore', timeout: 60_000 },
        );
        const totals = readFileSync(join(dir, 'bom-Project totals.csv'), 'utf8');
        expect(totals).toContain('Filler sleeve NFS 40');
        const transit = readFileSync(join(dir, 'bom-T-101 Engine room bulkhead.csv'), 'utf8');
        expect(transit).toContain('NF-CS-008,Cable sleeve NF-CS-008');
        // The number as stored (not a text), and the formula-like item still a text.
        expect(transit).toContain('Cable wrap,Length,1234.57,mm');
        expect(transit).toContain('"=HYPERLINK(""http://evil"")",Sealant volume,1178,ml');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    90_000,
  );

  it('makes sheet names Excel accepts: at most 31 characters, no []:*?/\\, unique ignoring case', () => {
    const names = sheetNames(
      ['A/B:C*D?[E]', 'x'.repeat(40), 'x'.repeat(40), 'Project totals', "'quoted'", ''],
      [XLSX_TEXT.totalsSheet],
    );
    expect(names[0]).toBe('A B C D E');
    expect(names[1]).toBe('x'.repeat(31));
    expect(names[2]).toBe(`${'x'.repeat(27)} (2)`);
    expect(names[3]).toBe('Project totals (2)');
    expect(names[4]).toBe('quoted');
    expect(names[5]).toBe('Transit');
    for (const name of names) expect(name.length).toBeLessThanOrEqual(31);
  });
});

interface ParsedEntity {
  type: string;
  layer: string;
  center?: { x: number; y: number };
  radius?: number;
  text?: string;
  vertices?: { x: number; y: number; bulge?: number }[];
  shape?: boolean;
}

/**
 * Every drawing is read twice: by dxf-parser for its entities, and by ezdxf, whose audit must find nothing to
 * report or repair, with $HANDSEED above every handle (a CAD program hands out new handles from there) and the
 * code page AutoCAD writes for UTF-8 DXF 2007+.
 */
async function parseDxf(text: string) {
  const ezdxf = await readDxfWithEzdxf(text);
  expect(ezdxf.auditErrors).toEqual([]);
  expect(ezdxf.auditFixes).toEqual([]);
  expect(ezdxf.handSeed).toBeGreaterThan(ezdxf.maxHandle);
  expect(ezdxf.codePage).toBe('ANSI_1252');
  const parsed = new DxfParser().parseSync(text)!;
  return { header: parsed.header, entities: parsed.entities as unknown as ParsedEntity[], parsed, ezdxf };
}

describe('DXF drawings', () => {
  it('draws the opening, items, sleeves, clearance rings and numbers in mm on named layers', async () => {
    const doc = documentFixture();
    doc.transits[0]!.drawing!.circles[1]!.clearanceRMm = 36;
    const transit = doc.transits[0]!;
    const { header, entities, parsed, ezdxf } = await parseDxf(transitToDxf(doc, transit));
    expect(header.$INSUNITS).toBe(4);
    expect(header.$MEASUREMENT).toBe(1);
    expect(Object.keys(parsed.tables.layer.layers)).toEqual(
      expect.arrayContaining(Object.values(DXF_LAYERS).map((l) => l.name)),
    );
    const on = (layer: string) => entities.filter((e) => e.layer === layer);
    const opening = on(DXF_LAYERS.opening.name);
    expect(opening).toEqual([expect.objectContaining({ type: 'CIRCLE', radius: 100 })]);
    const items = on(DXF_LAYERS.items.name);
    const circles = transit.drawing!.circles;
    expect(items).toHaveLength(circles.length);
    circles.forEach((c, i) => {
      // y is mirrored: the drawing model's y grows downwards, CAD's upwards.
      expect(items[i]!.center!.x).toBeCloseTo(c.xMm, 6);
      expect(items[i]!.center!.y).toBeCloseTo(-c.yMm, 6);
      expect(items[i]!.radius).toBeCloseTo(c.rMm, 6);
    });
    expect(on(DXF_LAYERS.sleeves.name)).toEqual([expect.objectContaining({ radius: 4 })]);
    expect(on(DXF_LAYERS.clearance.name)).toEqual([expect.objectContaining({ radius: 36 })]);
    expect(on(DXF_LAYERS.numbers.name).map((e) => e.text)).toEqual(circles.map((c) => String(c.number)));
    const legend = on(DXF_LAYERS.legend.name).map((e) => e.text);
    expect(legend).toContain(TEXT.legend);
    expect(legend).toContain('4  Cable, Ø 4 mm, Cable sleeve NF-CS-008, Ø 8 mm');
    // ezdxf decodes the "Ø" as written.
    expect(ezdxf.texts).toContain('4  Cable, Ø 4 mm, Cable sleeve NF-CS-008, Ø 8 mm');
    const title = on(DXF_LAYERS.title.name)
      .filter((e) => e.type === 'TEXT')
      .map((e) => e.text!);
    expect(title).toEqual(expect.arrayContaining([transit.name, doc.project.name]));
    // The long notice wraps inside the frame, its words in order.
    expect(title.join(' ')).toContain(TEXT.sampleNotice);
    expect(Math.max(...title.map((text) => text.length))).toBeLessThan(TEXT.sampleNotice.length);
    expect(on(DXF_LAYERS.title.name).some((e) => e.type === 'LWPOLYLINE' && e.shape)).toBe(true);
  });

  it('draws an imperial document in inches (ADR 027)', async () => {
    const doc = documentFixture({ unitSystem: 'IMPERIAL' });
    const { header, entities } = await parseDxf(transitToDxf(doc, doc.transits[0]!));
    expect(header.$INSUNITS).toBe(1);
    expect(header.$MEASUREMENT).toBe(0);
    const [opening] = entities.filter((e) => e.layer === DXF_LAYERS.opening.name);
    expect(opening!.radius).toBeCloseTo(100 / 25.4, 9);
    const items = entities.filter((e) => e.layer === DXF_LAYERS.items.name);
    expect(items[0]!.center!.x).toBeCloseTo(-40 / 25.4, 9);
  });

  it('wraps long title block values at word boundaries', () => {
    expect(wrap('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrap('averyveryverylongword x', 5)).toEqual(['averyveryverylongword', 'x']);
    expect(wrap('', 5)).toEqual(['']);
    // No-break spaces hold their words together; a zero-width no-break space never turns into a space.
    expect(wrap('Deck 3\u00A0A and 1\u202F000', 6)).toEqual(['Deck', '3\u00A0A', 'and', '1\u202F000']);
    expect(wrap('Ｇ\uFEFF{x}', 3)).toEqual(['Ｇ\uFEFF{x}']);
  });

  it('draws a rectangular opening with rounded corners as one closed polyline of quarter arcs', async () => {
    const doc = documentFixture();
    const { entities } = await parseDxf(transitToDxf(doc, doc.transits[1]!));
    const [opening] = entities.filter((e) => e.layer === DXF_LAYERS.opening.name);
    expect(opening).toMatchObject({ type: 'LWPOLYLINE', shape: true });
    const xs = opening!.vertices!.map((v) => v.x);
    const ys = opening!.vertices!.map((v) => v.y);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([
      -150, 150, -75, 75,
    ]);
    const bulges = opening!.vertices!.filter((v) => v.bulge).map((v) => v.bulge!);
    expect(bulges).toHaveLength(4);
    for (const b of bulges) expect(b).toBeCloseTo(Math.tan(Math.PI / 8), 9);
  });

  it('says so when a transit has no drawing, and still has the title block', async () => {
    const doc = documentFixture();
    const transit = { ...doc.transits[0]!, drawing: null };
    const { entities } = await parseDxf(transitToDxf(doc, transit));
    expect(entities.filter((e) => e.type === 'CIRCLE')).toHaveLength(0);
    expect(entities.map((e) => e.text)).toEqual(expect.arrayContaining([TEXT.noDrawing, transit.name]));
  });

  it('answers one DXF for one transit and a ZIP of one DXF per transit for several', async () => {
    const one = documentFixture();
    one.transits = one.transits.slice(0, 1);
    const single = await buildDxf(one);
    expect(single.contentType).toBe('image/vnd.dxf');
    expect(single.fileName).toBe('Harbour-Ferry-Refit-Zurich-drawing-2025-03-04.dxf');
    expect((await parseDxf(single.body.toString('utf8'))).entities.length).toBeGreaterThan(5);

    const zip = await buildDxf(documentFixture());
    expect(zip.contentType).toBe('application/zip');
    expect(zip.fileName).toBe('Harbour-Ferry-Refit-Zurich-drawings-2025-03-04.zip');
    const files = unzipSync(new Uint8Array(zip.body));
    expect(Object.keys(files)).toEqual([
      '001-T-101-Engine-room-bulkhead.dxf',
      '002-T-102-Deck-main-corridor.dxf',
    ]);
    const second = await parseDxf(strFromU8(files['002-T-102-Deck-main-corridor.dxf']!));
    expect(second.entities.filter((e) => e.layer === DXF_LAYERS.items.name)).toHaveLength(2);
  });
});
