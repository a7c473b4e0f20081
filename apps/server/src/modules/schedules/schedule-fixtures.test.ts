import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import * as XLSX from 'xlsx';
import {
  guessMapping,
  locationPaths,
  sheetTable,
  type DocumentLanguage,
  type ExportFormat,
  type ImportScheduleReport,
  type ImportScheduleRequest,
  type ProjectSite,
  type ScheduleTable,
  type TransitData,
} from '@sealplan/contracts';
import type { Catalogue } from '@sealplan/engine';
import type { TestApp } from '../../testing/test-app';
import type { TestUser } from '../../testing/factories';
import { call } from '../projects/testing/project-fixtures';
import { createExportProject, type SeededProject } from '../export/testing/export-factories';
import { createCatalogueTestApp } from '../export/testing/export-test-app';
import { documentTexts } from '../export/documents/document-texts';
import { pdfToText, readDocx, readDxfWithEzdxf, rtfToText } from '../export/testing/readers';
import { exportTransit, projectTransits } from './testing/schedule-calls';
import { FIXTURES_DIR, SCHEDULE_FIXTURES, type ScheduleFixture } from './testing/schedule-fixtures';

/**
 * Schedules as yards write them (ADR 020, amended 2026-11-27), through the real calls as the dialog makes them:
 * the file is read, the offered sheet and heading row are taken, the columns guessed, and the import is checked
 * row by row against what each fixture says it holds. Then the specifications reach the documents, and created
 * transits end with figures.
 */

let t: TestApp;
let user: TestUser;
let catalogue: Catalogue;

beforeAll(async () => {
  ({ t, user, catalogue } = await createCatalogueTestApp());
});
afterAll(async () => t?.close());

async function newProject(name: string): Promise<SeededProject> {
  return createExportProject(t.deps.db.db, user.organizationId!, catalogue, {
    name,
    transits: [],
  });
}

async function readFixture(fixture: ScheduleFixture): Promise<ScheduleTable> {
  const bytes = readFileSync(join(FIXTURES_DIR, fixture.file));
  const res = await call<ScheduleTable>(
    t.app,
    '/api/schedules/readScheduleFile',
    { fileName: fixture.file, contentBase64: bytes.toString('base64') },
    user.headers,
  );
  // The refusal's own words, so that a file refused on one machine and read on another says why.
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** What the dialog sends for the offered sheet and heading row with the guessed columns. */
async function importFixture(
  fixture: ScheduleFixture,
  projectId: string,
  extra: Partial<ImportScheduleRequest> = {},
): Promise<ImportScheduleReport> {
  const table = await readFixture(fixture);
  const sheet = table.sheets[table.sheet]!;
  expect(sheet.name).toBe(fixture.sheetName);
  expect(sheet.rowNumbers[sheet.headingRow]).toBe(fixture.headingRowNumber);
  const { headings, rows, rowNumbers } = sheetTable(sheet, sheet.headingRow);
  const { mapping, diameterUnit } = guessMapping(headings, null, rows);
  const res = await call<ImportScheduleReport>(
    t.app,
    '/api/schedules/importSchedule',
    { projectId, headings, rows, rowNumbers, mapping, diameterUnit, ...extra },
    user.headers,
  );
  // The refusal's own words, so that a file refused on one machine and read on another says why.
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const transitsOf = (projectId: string) => projectTransits(t.app, projectId, user.headers);

/** ADR 031: the project's location tree (each path from the root, sorted) and each transit's path, by name. */
async function siteOf(projectId: string) {
  const res = await call<ProjectSite>(t.app, '/api/site/getProjectSite', { projectId }, user.headers);
  expect(res.status).toBe(200);
  const paths = locationPaths(res.body.data.locations);
  const names = new Map((await transitsOf(projectId)).map((tr) => [tr.id, tr.name]));
  return {
    tree: [...paths.values()].sort((a, b) => a.join('/').localeCompare(b.join('/'))),
    at: Object.fromEntries(
      res.body.data.transits.map((tr) => [
        names.get(tr.transitId)!,
        tr.locationId ? paths.get(tr.locationId)! : null,
      ]),
    ),
  };
}

describe('schedule fixtures: every row imported as written', () => {
  it.each(SCHEDULE_FIXTURES.map((f) => [f.file, f] as const))('%s', async (_file, fixture) => {
    const project = await newProject(`Fixture ${fixture.file}`);
    const report = await importFixture(fixture, project.projectId);
    const problems = report.rows.filter((r) => r.status === 'REJECTED');
    expect(problems).toEqual([]);
    expect(report.applied).toBe(true);
    expect(report.counts.imported).toBe(fixture.expected.length);

    const items = (await transitsOf(project.projectId)).flatMap((tr) =>
      tr.penetratingItems.map((item) => ({ ...item, transit: tr.name })),
    );
    expect(items).toHaveLength(fixture.expected.length);
    for (const expected of fixture.expected) {
      const item = items.find((i) => i.tag === expected.tag);
      expect(item, expected.tag).toBeDefined();
      expect({
        tag: item!.tag,
        specification: item!.specification,
        itemTypeId: item!.itemTypeId,
        quantity: item!.quantity,
        transit: item!.transit,
      }).toEqual({
        tag: expected.tag,
        specification: expected.specification,
        itemTypeId: expected.itemTypeId,
        quantity: expected.quantity,
        transit: expected.transit,
      });
      expect(item!.outerDiameterMm).toBeCloseTo(expected.outerDiameterMm, 9);
    }
    // ADR 031: the location column placed each transit in the project's tree, each place created once.
    const site = await siteOf(project.projectId);
    if (fixture.locations) {
      expect(site.at).toEqual(fixture.locations);
      expect(site.tree).toEqual(fixture.locationTree);
      expect(Object.fromEntries(report.transits.map((tr) => [tr.name, tr.location]))).toEqual(
        Object.fromEntries(
          Object.entries(fixture.locations).map(([name, path]) => [name, path ? path.join(' › ') : null]),
        ),
      );
    } else expect(site.tree).toEqual([]);
  });

  it('numbers the rows as the spreadsheet does when a row is refused (title block and gaps counted)', async () => {
    const fixture = SCHEDULE_FIXTURES.find((f) => f.file === 'title-block.xlsx')!;
    const project = await newProject('Row numbers');
    const table = await readFixture(fixture);
    const sheet = table.sheets[table.sheet]!;
    const { headings, rows, rowNumbers } = sheetTable(sheet, sheet.headingRow);
    const { mapping, diameterUnit } = guessMapping(headings, null, rows);
    const broken = rows.map((r, i) =>
      i === 12 ? r.map((c, j) => (j === mapping.outerDiameter ? 'thick' : c)) : r,
    );
    const res = await call<ImportScheduleReport>(
      t.app,
      '/api/schedules/importSchedule',
      { projectId: project.projectId, headings, rows: broken, rowNumbers, mapping, diameterUnit },
      user.headers,
    );
    const refused = res.body.data.rows.filter((r) => r.status === 'REJECTED');
    expect(refused.map((r) => [r.row, r.problems.map((p) => [p.field, p.column])])).toEqual([
      [rowNumbers[12], [['outerDiameter', 4]]],
    ]);
    // The 12th cable is row 20 of the sheet: six rows above the data, a blank and a section row between.
    expect(rowNumbers[12]).toBe(20);
    expect(res.body.data.applied).toBe(false);
    expect(await transitsOf(project.projectId)).toEqual([]);
  });
});

describe('created transits end with figures', () => {
  it("takes shape, opening, type, class and depth from the schedule's transit columns", async () => {
    const fixture = SCHEDULE_FIXTURES.find((f) => f.file === 'two-sheets.xlsx')!;
    const project = await newProject('Transit columns');
    await importFixture(fixture, project.projectId);
    const transits = await transitsOf(project.projectId);
    for (const [name, figures] of Object.entries(fixture.transits!)) {
      const transit = transits.find((tr) => tr.name === name)!;
      expect(transit).toMatchObject({
        shape: figures.shape,
        diameterMm: figures.diameterMm ?? null,
        widthMm: figures.widthMm ?? null,
        heightMm: figures.heightMm ?? null,
        transitTypeId: figures.transitTypeId,
        classId: figures.classId,
        depthMm: figures.depthMm,
      });
      expect(transit.results!.transitAreaMm2).toBeGreaterThan(0);
    }
  });

  it('gives new transits the defaults and the smallest standard opening that fits', async () => {
    const fixture = SCHEDULE_FIXTURES.find((f) => f.file === 'title-block.xlsx')!;
    const project = await newProject('Sized to fit');
    const report = await importFixture(fixture, project.projectId, {
      newTransits: { transitTypeId: 'NOFIRNO', classId: 'A_60_CLASS', depthMm: 200, sizeToFit: true },
    });
    expect(report.applied).toBe(true);
    const standards = catalogue.standardOpenings!;
    const transits = await transitsOf(project.projectId);
    expect(transits.map((tr) => tr.name).sort()).toEqual(['MCT-101', 'MCT-102']);
    for (const transit of transits) {
      expect(transit).toMatchObject({ transitTypeId: 'NOFIRNO', classId: 'A_60_CLASS', depthMm: 200 });
      const standard = standards.find((s) =>
        s.shape === 'ROUND'
          ? s.diameterMm === transit.diameterMm
          : s.widthMm === transit.widthMm && s.heightMm === transit.heightMm,
      );
      expect(standard, transit.name).toBeDefined();
      expect(transit.results!.transitAreaMm2).toBeGreaterThan(0);
      expect(transit.results!.packing.fits).toBe(true);
    }
    expect(report.transits.every((tr) => tr.fits === true)).toBe(true);
  });

  it('prints the specification beside the tag in the DXF, XLSX and PDF legends', async () => {
    const fixture = SCHEDULE_FIXTURES.find((f) => f.file === 'title-block.xlsx')!;
    const project = await newProject('Specification in documents');
    await importFixture(fixture, project.projectId, { newTransits: { sizeToFit: true } });
    const transit = (await transitsOf(project.projectId)).find((tr) => tr.name === 'MCT-101')!;
    const exportAs = (outputFormat: 'DXF' | 'XLSX' | 'PDF') =>
      exportTransit(t.app, user.headers, project.projectId, transit.id, outputFormat);
    const dxf = await exportAs('DXF');
    expect(dxf.statusCode).toBe(200);
    expect(dxf.body).toContain('Cable NK-102 · RFOU(i) 3x35');
    const xlsx = await exportAs('XLSX');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const texts: string[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((c) => texts.push(c.text))));
    expect(texts.some((text) => text.includes('NK-101 · RFOU(i) 3x2.5'))).toBe(true);
    // The PDF read back by poppler, as a person's viewer shows it.
    const pdf = await exportAs('PDF');
    const dir = mkdtempSync(join(tmpdir(), 'sealplan-spec-'));
    writeFileSync(join(dir, 'doc.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'doc.pdf'), '-']).toString();
    // The legend cell wraps after the tag; the specification is on the next line of that cell.
    expect(text).toMatch(/Cable NK-102 ·[^\n]*\n\s*RFOU\(i\) 3x35/);
  });
});

describe('the specification of an item line', () => {
  it('is kept by a save that leaves it out, set and cleared when given, and copied with the transit', async () => {
    const fixture = SCHEDULE_FIXTURES.find((f) => f.file === 'pipes-inches.csv')!;
    const project = await newProject('Specification saves');
    await importFixture(fixture, project.projectId);
    const transit = (await transitsOf(project.projectId)).find((tr) => tr.name === 'W-12')!;
    const lines = transit.penetratingItems;
    const save = (items: Record<string, unknown>[]) =>
      call<TransitData>(
        t.app,
        '/api/project/savePenetratingItemsAndTransit',
        {
          transit: {
            id: transit.id,
            version: transit.version,
            projectId: project.projectId,
            name: transit.name,
          },
          penetratingItems: items,
        },
        user.headers,
      );
    const base = (i: (typeof lines)[number]) => ({
      id: i.id,
      transitId: transit.id,
      itemTypeId: i.itemTypeId,
      quantity: i.quantity,
      outerDiameterMm: i.outerDiameterMm,
      version: i.version,
    });
    // Left out (as the workspace's older lines send them): kept. Given: set, or cleared with null.
    const res = await save([
      base(lines[0]!),
      { ...base(lines[1]!), specification: '  DN32 Sch 80 ' },
      { ...base(lines[2]!), specification: null },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.penetratingItems.map((i) => i.specification)).toEqual([
      'DN32 Sch 40',
      'DN32 Sch 80',
      null,
    ]);
    const twoLines = await save([{ ...base(lines[0]!), specification: 'a\nb' }]);
    expect(twoLines.status).toBe(400);

    const copy = await call<TransitData>(
      t.app,
      '/api/project/duplicateTransit',
      { transitId: transit.id },
      user.headers,
    );
    expect(copy.body.data.penetratingItems.map((i) => i.specification)).toEqual([
      'DN32 Sch 40',
      'DN32 Sch 80',
      null,
    ]);
  });
});

describe('the location column reaches every document (ADR 031)', () => {
  const fixture = SCHEDULE_FIXTURES.find((f) => f.file === 'engine-room-locations.xlsx')!;
  let projectId: string;

  beforeAll(async () => {
    projectId = (await newProject('Engine room locations')).projectId;
    // With a transit type and class, so each transit has material lines (the CSV's rows).
    const report = await importFixture(fixture, projectId, {
      newTransits: { transitTypeId: 'NOFIRNO', classId: 'A_60_CLASS', depthMm: 200, sizeToFit: true },
    });
    expect(report.applied).toBe(true);
  });

  /** The whole project exported in a document language, as the export dialog asks for it. */
  async function exportProject(outputFormat: ExportFormat, language: DocumentLanguage): Promise<Buffer> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/project/sendProjectExport',
      headers: user.headers,
      payload: { projectId, measurementSystem: 'METRIC', outputFormat, scope: 'PROJECT', language },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.rawPayload;
  }

  const ENGINE_ROOM = 'Deck 3 › Engine room';
  const FRAME = 'Deck 4 › Frame 42/43';

  it.each(['en-US', 'de-DE'] as const)(
    "%s: PDF (poppler), DOCX, RTF, CSV, XLSX and DXF (ezdxf) print each transit's location",
    { timeout: 120_000 },
    async (language) => {
      const text = documentTexts(language);
      const label = text.facts.location;
      // PDF read by poppler: the transit data of each transit starts with its location.
      const pdf = await pdfToText(await exportProject('PDF', language));
      expect(pdf).toContain(`${label} ${ENGINE_ROOM}`);
      expect(pdf).toContain(`${label} ${FRAME}`);
      // MCT-405 has no location: "not set" in the document's language.
      expect(pdf).toContain(`${label} ${text.facts.notSet}`);
      // The Word documents: the DOCX's parts and the RTF's text layer.
      const docx = (await readDocx(await exportProject('DOCX', language))).text;
      const rtf = rtfToText((await exportProject('RTF', language)).toString('latin1'));
      for (const body of [docx, rtf]) {
        expect(body).toContain(label);
        expect(body).toContain(ENGINE_ROOM);
        expect(body).toContain(FRAME);
      }
      // The CSV: its last column, on every material row of the transit.
      const csv = parse((await exportProject('CSV', language)).toString('utf8').replace(/^\uFEFF/, ''), {
        delimiter: language === 'de-DE' ? ';' : ',',
        relax_column_count: false,
      }) as string[][];
      expect(csv[0]!.at(-1)).toBe(label);
      const byTransit = new Map<string, Set<string>>();
      for (const row of csv.slice(1))
        byTransit.set(row[1]!, (byTransit.get(row[1]!) ?? new Set()).add(row.at(-1)!));
      expect([...byTransit.get('MCT-401')!]).toEqual([ENGINE_ROOM]);
      expect([...byTransit.get('MCT-403')!]).toEqual([FRAME]);
      expect([...byTransit.get('MCT-405')!]).toEqual(['']);
      // The workbook read by SheetJS: the transits list on the totals sheet and each transit's data.
      const book = XLSX.read(await exportProject('XLSX', language), { type: 'buffer' });
      const totals = XLSX.utils.sheet_to_json<string[]>(book.Sheets[text.xlsx.totalsSheet]!, { header: 1 });
      const listed = totals.find((row) => row[0] === 'MCT-402')!;
      expect(listed.at(-1)).toBe(ENGINE_ROOM);
      const sheet403 = book.SheetNames.find((n) => n.includes('MCT-403'))!;
      const rows403 = XLSX.utils.sheet_to_json<string[]>(book.Sheets[sheet403]!, { header: 1 });
      expect(rows403.some((row) => row[0] === label && row[1] === FRAME)).toBe(true);
      // The DXF title blocks, read by ezdxf (audit clean).
      const zip = unzipSync(new Uint8Array(await exportProject('DXF', language)));
      const dxfName = Object.keys(zip).find((n) => n.includes('MCT-401'))!;
      const dxf = await readDxfWithEzdxf(strFromU8(zip[dxfName]!));
      expect(dxf.auditErrors).toEqual([]);
      expect(dxf.texts.join('\n')).toContain(text.dxf.location);
      expect(dxf.texts.join('\n')).toContain(ENGINE_ROOM);
    },
  );

  it('a project that places no transit prints no location', async () => {
    const other = await newProject('No locations');
    await importFixture(
      SCHEDULE_FIXTURES.find((f) => f.file === 'pipes-inches.csv')!,
      other.projectId,
      {
        newTransits: { sizeToFit: true },
      },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/project/sendProjectExport',
      headers: user.headers,
      payload: {
        projectId: other.projectId,
        measurementSystem: 'METRIC',
        outputFormat: 'PDF',
        scope: 'PROJECT',
      },
    });
    expect(res.statusCode).toBe(200);
    const pdf = await pdfToText(res.rawPayload);
    expect(pdf).toContain('W-12');
    expect(pdf).not.toContain(documentTexts('en-US').facts.location);
  });
});
