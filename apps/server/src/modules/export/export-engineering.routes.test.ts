import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import DxfParser from 'dxf-parser';
import { unzipSync, strFromU8 } from 'fflate';
import { drawingView, projectTotals, roundTo, type Catalogue } from '@sealplan/engine';
import { EXPORT_MESSAGES, type SendProjectExportRequest } from '@sealplan/contracts';
import type { TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import type { SeededProject } from './testing/export-factories';
import { createExportTestApp } from './testing/export-test-app';
import { XLSX_HEADER_ROW } from './documents/xlsx-document';
import { documentTexts } from './documents/document-texts';
import { DXF_LAYERS } from './documents/dxf-document';
import { readDxfWithEzdxf } from './testing/readers';

const XLSX_TEXT = documentTexts('en-US').xlsx;

/**
 * sendProjectExport as XLSX and DXF (ADR 020) through buildApp + app.inject on a real database: the files are read
 * with independent readers and compared with the engine figures stored for the seeded project.
 */

const PATH = '/api/project/sendProjectExport';
let t: TestApp;
let user: TestUser;
let project: SeededProject;
let catalogue: Catalogue;

beforeAll(async () => {
  ({ t, user, project, catalogue } = await createExportTestApp());
});
afterAll(async () => t?.close());

function post(body: Partial<Record<keyof SendProjectExportRequest, unknown>>, headers = user.headers) {
  return t.app.inject({
    method: 'POST',
    url: PATH,
    headers,
    payload: { projectId: project.projectId, measurementSystem: 'METRIC', ...body },
  });
}

describe('XLSX', () => {
  it('is a workbook of project totals and one sheet per transit with the stored figures as numbers', async () => {
    const res = await post({ outputFormat: 'XLSX', size: 'A4' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Harbour-Ferry-Refit-Zurich-material-list-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets).toHaveLength(1 + project.transits.length);
    expect(book.worksheets[0]!.name).toBe(XLSX_TEXT.totalsSheet);

    // The totals sheet's filler sleeves are the engine's project totals.
    const { totals } = projectTotals(project.transits.map((tr) => tr.sizing));
    const totalsSheet = book.worksheets[0]!;
    // Filler sleeves of one type come in several lengths (one line each): compare the sums per type.
    const quantities = new Map<string, number>();
    totalsSheet.eachRow((row, n) => {
      const value = row.getCell(4).value;
      if (n > XLSX_HEADER_ROW && typeof value === 'number') {
        const item = String(row.getCell(2).value);
        quantities.set(item, (quantities.get(item) ?? 0) + value);
      }
    });
    const fillerByType = new Map<string, number>();
    for (const sleeve of totals.fillerSleeves.filter((s) => s.count > 0))
      fillerByType.set(sleeve.type!, (fillerByType.get(sleeve.type!) ?? 0) + sleeve.count);
    expect(fillerByType.size).toBeGreaterThan(0);
    for (const [type, count] of fillerByType) expect(quantities.get(type)).toBe(count);
    const sealant = totals.sealants[0]!;
    expect(quantities.get(`${sealant.sealantName}, cartridges`)).toBe(sealant.cartridges);

    // A transit sheet: cable sleeves with their article numbers, for all copies.
    const cable = project.transits[0]!;
    const sheet = book.getWorksheet(cable.name)!;
    const rows: { article: unknown; quantity: unknown }[] = [];
    sheet.eachRow((row, n) => {
      if (n > XLSX_HEADER_ROW && String(row.getCell(2).value ?? '').startsWith('Cable sleeve '))
        rows.push({ article: row.getCell(1).value, quantity: row.getCell(4).value });
    });
    expect(rows).toEqual(
      cable.sizing.materials.cableSleeves
        .filter((s) => s.count > 0)
        .map((s) => ({ article: s.articleNumber, quantity: s.count })),
    );
    // The name starting with "=" is a sheet name and a text, never a formula.
    expect(book.getWorksheet('=T-103 Plastic pipes')).toBeDefined();
  });

  it('writes imperial quantities with three decimals as numbers', async () => {
    const res = await post({
      outputFormat: 'XLSX',
      measurementSystem: 'IMPERIAL',
      isProjectMaterialsOnly: true,
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets).toHaveLength(1);
    const formats = new Set<string>();
    book.worksheets[0]!.eachRow((row, n) => {
      if (n > XLSX_HEADER_ROW && typeof row.getCell(4).value === 'number') formats.add(row.getCell(4).numFmt);
    });
    expect(formats).toContain('#,##0');
  });
});

interface Entity {
  type: string;
  layer: string;
  center?: { x: number; y: number };
  radius?: number;
  text?: string;
}

/** ezdxf's audit finds nothing to report or repair; $HANDSEED is above every handle; the code page is set. */
async function expectCleanDxf(text: string): Promise<void> {
  const read = await readDxfWithEzdxf(text);
  expect(read.auditErrors).toEqual([]);
  expect(read.auditFixes).toEqual([]);
  expect(read.handSeed).toBeGreaterThan(read.maxHandle);
  expect(read.codePage).toBe('ANSI_1252');
}

describe('DXF', () => {
  it('answers one transit as a DXF whose circles are the stored layout, in mm', async () => {
    const cable = project.transits[0]!;
    const res = await post({ outputFormat: 'DXF', scope: 'CURRENT', transitIds: [cable.id] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/vnd.dxf');
    expect(res.headers['content-disposition']).toMatch(/-drawing-\d{4}-\d{2}-\d{2}\.dxf"$/);
    await expectCleanDxf(res.body);
    const parsed = new DxfParser().parseSync(res.body)!;
    expect(parsed.header.$INSUNITS).toBe(4);
    const entities = parsed.entities as unknown as Entity[];
    const view = drawingView(cable.sizing, catalogue);
    const items = entities.filter((e) => e.layer === DXF_LAYERS.items.name);
    expect(items).toHaveLength(view.circles.length);
    view.circles.forEach((c, i) => {
      expect(roundTo(items[i]!.center!.x, 6)).toBe(roundTo(c.xMm, 6));
      expect(roundTo(items[i]!.center!.y, 6)).toBe(roundTo(-c.yMm, 6));
      expect(items[i]!.radius).toBeCloseTo(c.ownDiameterMm / 2, 6);
    });
    const opening = entities.filter((e) => e.layer === DXF_LAYERS.opening.name);
    expect(opening).toEqual([expect.objectContaining({ type: 'CIRCLE', radius: 110 })]);
    // The cables wear their cable sleeves.
    expect(entities.filter((e) => e.layer === DXF_LAYERS.sleeves.name).length).toBeGreaterThan(0);
  });

  it('answers a ZIP with one DXF per transit for the project, clearance rings on the pipes', async () => {
    const res = await post({ outputFormat: 'DXF' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toHaveLength(project.transits.length);
    for (const file of Object.values(files)) await expectCleanDxf(strFromU8(file));
    const pipes = Object.entries(files).find(([name]) => name.startsWith('002-'))!;
    const entities = new DxfParser().parseSync(strFromU8(pipes[1]))!.entities as unknown as Entity[];
    expect(entities.filter((e) => e.layer === DXF_LAYERS.clearance.name).length).toBeGreaterThan(0);
    expect(entities.some((e) => e.text === 'T-102 Pipe deck, "main" corridor')).toBe(true);
  });

  it('refuses project material totals only (nothing to draw) with the contract message', async () => {
    const res = await post({ outputFormat: 'DXF', isProjectMaterialsOnly: true });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(EXPORT_MESSAGES.drawingsNeedTransits);
  });

  it('answers 404 for another organization', async () => {
    const other = await createUserWithToken(t.deps.db.db);
    for (const outputFormat of ['XLSX', 'DXF'] as const)
      expect((await post({ outputFormat }, other.headers)).statusCode).toBe(404);
  });
});
