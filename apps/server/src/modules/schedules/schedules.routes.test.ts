import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  MAX_TRANSIT_CIRCLES,
  SCHEDULE_MESSAGES,
  scheduleMessage,
  type ImportScheduleReport,
  type ImportScheduleRequest,
  type ScheduleMappingAnswer,
  type ScheduleTable,
  type TransitData,
  type TransitWithItems,
} from '@sealplan/contracts';
import { loadCatalogue } from '../catalogue/catalogue.repository';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { call, seedReferenceData } from '../projects/testing/project-fixtures';
import { createExportProject, type SeededProject } from '../export/testing/export-factories';

/**
 * The schedule import through buildApp + app.inject on a real database: all of it or nothing, the row report,
 * duplicates, created transits, the stored figures sized by the engine, tenant isolation, and reading files.
 */

let t: TestApp;
let user: TestUser;
let project: SeededProject;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.deps.db.db);
  user = await createUserWithToken(t.deps.db.db);
  project = await createExportProject(t.deps.db.db, user.organizationId!, await loadCatalogue(t.deps.db.db));
});
afterAll(async () => t?.close());

const HEADINGS = ['Cable tag', 'Type', 'OD (mm)', 'Qty', 'Transit'];
const MAPPING = { tag: 0, type: 1, outerDiameter: 2, quantity: 3, transit: 4 };

function importRows(rows: string[][], extra: Partial<ImportScheduleRequest> = {}, headers = user.headers) {
  return call<ImportScheduleReport>(
    t.app,
    '/api/schedules/importSchedule',
    { projectId: project.projectId, headings: HEADINGS, rows, mapping: MAPPING, ...extra },
    headers,
  );
}

async function transits(): Promise<TransitWithItems[]> {
  const res = await call<{ transits: TransitWithItems[] }>(
    t.app,
    '/api/project/getProjectAndTransits',
    { projectId: project.projectId },
    user.headers,
  );
  return res.body.data.transits;
}

describe('importSchedule', () => {
  it('rejects the whole import when one row is bad, names the row, and writes nothing', async () => {
    const before = await transits();
    const res = await importRows([
      ['W-1', 'Cable', '18', '1', 'T-101 Cable bulkhead'],
      ['W-2', 'Cable', 'thick', '1', 'T-101 Cable bulkhead'],
      ['W-3', 'Cable', '12', '2', 'New transit A'],
    ]);
    expect(res.status).toBe(200);
    const report = res.body.data;
    expect(report.applied).toBe(false);
    expect(report.message).toBe(scheduleMessage(SCHEDULE_MESSAGES.rejected, { count: 1 }));
    expect(res.body.messages).toEqual([report.message]);
    expect(report.rows.map((r) => [r.row, r.status])).toEqual([
      [2, 'READY'],
      [3, 'REJECTED'],
      [4, 'READY'],
    ]);
    expect(report.rows[1]!.problems).toEqual([
      {
        field: 'outerDiameter',
        message: scheduleMessage(SCHEDULE_MESSAGES.diameterNotNumber, { value: 'thick' }),
      },
    ]);
    const after = await transits();
    expect(after.map((tr) => [tr.id, tr.version, tr.penetratingItems.length])).toEqual(
      before.map((tr) => [tr.id, tr.version, tr.penetratingItems.length]),
    );
  });

  it('a dry run reports without writing', async () => {
    const before = await transits();
    const res = await importRows([['W-9', 'Cable', '10', '', 'T-101 Cable bulkhead']], { dryRun: true });
    expect(res.body.data).toMatchObject({ applied: false, dryRun: true, message: null });
    expect(res.body.data.rows[0]!.status).toBe('READY');
    expect((await transits()).map((tr) => tr.penetratingItems.length)).toEqual(
      before.map((tr) => tr.penetratingItems.length),
    );
  });

  it('imports into existing and new transits in one go, with tags, sized results and the mapping remembered', async () => {
    const before = await transits();
    const bulkhead = before.find((tr) => tr.name === 'T-101 Cable bulkhead')!;
    const res = await importRows(
      [
        ['W-101', 'Cable', '18', '', 't-101  cable bulkhead'],
        ['W-102', 'Cable', '0.5', '2', 'New transit B'],
        ['', '', '', '', ''],
        ['W-103', '', '22,5', '1', 'New transit B'],
      ],
      { diameterUnit: 'MM' },
    );
    expect(res.status).toBe(200);
    const report = res.body.data;
    expect(report).toMatchObject({ applied: true, message: null });
    expect(report.counts).toMatchObject({ rows: 4, imported: 3, rejected: 0, blank: 1, items: 4 });
    expect(report.transits.map((tr) => [tr.name, tr.created, tr.itemLines])).toEqual([
      ['T-101 Cable bulkhead', false, 1],
      ['New transit B', true, 2],
    ]);

    const after = await transits();
    const updated = after.find((tr) => tr.id === bulkhead.id)!;
    expect(updated.version).toBe(bulkhead.version + 1);
    const added = updated.penetratingItems.at(-1)!;
    expect(added).toMatchObject({ tag: 'W-101', outerDiameterMm: 18, quantity: 1, itemTypeId: 'CABLE' });
    // The stored results are the engine's for the transit with its new line.
    expect(updated.results!.items).toHaveLength(updated.penetratingItems.length);
    expect(updated.penetratingItemCount).toBe(bulkhead.penetratingItemCount + 1);
    expect(added.sleevedDiameterMm).not.toBeNull();
    const created = after.find((tr) => tr.name === 'New transit B')!;
    expect(created.penetratingItems.map((i) => [i.tag, i.quantity, i.outerDiameterMm])).toEqual([
      ['W-102', 2, 0.5],
      ['W-103', 1, 22.5],
    ]);
    expect(created.penetratingItemTypeId).toBe('CABLE');
    expect(created.results).not.toBeNull();

    const mapping = await call<ScheduleMappingAnswer>(
      t.app,
      '/api/schedules/getScheduleMapping',
      {},
      user.headers,
    );
    expect(mapping.body.data.remembered).toEqual({
      headings: {
        tag: 'Cable tag',
        type: 'Type',
        outerDiameter: 'OD (mm)',
        quantity: 'Qty',
        transit: 'Transit',
      },
      diameterUnit: 'MM',
    });
  });

  it('shows the imported tags in the drawing legend of the exports', async () => {
    const created = (await transits()).find((tr) => tr.name === 'New transit B')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/project/sendProjectExport',
      headers: user.headers,
      payload: {
        projectId: project.projectId,
        measurementSystem: 'METRIC',
        outputFormat: 'DXF',
        scope: 'CURRENT',
        transitIds: [created.id],
      },
    });
    expect(res.statusCode).toBe(200);
    // The transit has no dimensions yet, so no drawing; its legend-free DXF still names it.
    expect(res.body).toContain('New transit B');
    const bulkhead = (await transits()).find((tr) => tr.name === 'T-101 Cable bulkhead')!;
    const dxf = await t.app.inject({
      method: 'POST',
      url: '/api/project/sendProjectExport',
      headers: user.headers,
      payload: {
        projectId: project.projectId,
        measurementSystem: 'METRIC',
        outputFormat: 'DXF',
        scope: 'CURRENT',
        transitIds: [bulkhead.id],
      },
    });
    expect(dxf.body).toMatch(/Cable W-101, Ø 18 mm/);
  });

  it('flags duplicate tags (in the file and already in the transit) and skips them unless told otherwise', async () => {
    const res = await importRows([
      ['W-101', 'Cable', '18', '', 'T-101 Cable bulkhead'],
      ['W-201', 'Cable', '10', '', 'T-101 Cable bulkhead'],
      ['w-201 ', 'Cable', '10', '', 'T-101 Cable bulkhead'],
    ]);
    const rows = res.body.data.rows;
    expect(rows.map((r) => r.status)).toEqual(['DUPLICATE_SKIPPED', 'IMPORTED', 'DUPLICATE_SKIPPED']);
    expect(rows[0]!.warnings).toEqual([
      scheduleMessage(SCHEDULE_MESSAGES.duplicateInTransit, {
        value: 'W-101',
        transit: 'T-101 Cable bulkhead',
      }),
    ]);
    expect(rows[2]!.warnings).toEqual([
      scheduleMessage(SCHEDULE_MESSAGES.duplicateInFile, { value: 'w-201', row: 3 }),
    ]);
    expect(res.body.data.counts.duplicates).toBe(2);

    const kept = await importRows([['W-101', 'Cable', '18', '', 'T-101 Cable bulkhead']], {
      skipDuplicates: false,
    });
    expect(kept.body.data.rows[0]).toMatchObject({ status: 'IMPORTED', warnings: [expect.any(String)] });
  });

  it('into one transit: no transit column needed; an unknown transit name is rejected when not creating', async () => {
    const target = project.transits[1]!;
    const res = await importRows([['P-1', 'Pipe', '2"', '1', '']], {
      transitId: target.id,
      headings: ['Tag', 'Type', 'OD', 'Qty', ''],
      diameterUnit: 'INCH',
    });
    expect(res.body.data.applied).toBe(true);
    const data = await call<TransitData>(
      t.app,
      '/api/project/getTransitData',
      { transitId: target.id },
      user.headers,
    );
    expect(data.body.data.penetratingItems.at(-1)).toMatchObject({
      tag: 'P-1',
      outerDiameterMm: 50.8,
      itemTypeId: 'PIPE',
    });

    const missing = await importRows([['X', 'Cable', '10', '', 'No such transit']], {
      createTransits: false,
    });
    expect(missing.body.data.rows[0]!.problems).toEqual([
      {
        field: 'transit',
        message: scheduleMessage(SCHEDULE_MESSAGES.transitNotFound, { value: 'No such transit' }),
      },
    ]);
  });

  it('rejects the rows that would pass the circle limit of a transit', async () => {
    const res = await importRows([
      ['A', 'Cable', '5', '1000', 'Crowded'],
      ['B', 'Cable', '5', '1', 'Other'],
    ]);
    expect(res.body.data.applied).toBe(false);
    expect(res.body.data.rows[0]!.problems[0]!.message).toBe(
      scheduleMessage(SCHEDULE_MESSAGES.tooManyCircles, { transit: 'Crowded', count: 1000 }),
    );
    expect(MAX_TRANSIT_CIRCLES).toBeLessThan(1000);
    expect((await transits()).some((tr) => tr.name === 'Other')).toBe(false);
  });

  it('refuses a mapping without a diameter column, with the field named', async () => {
    const res = await importRows([['A', 'Cable', '5', '1', 'T']], {
      mapping: { ...MAPPING, outerDiameter: null },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'mapping.outerDiameter': SCHEDULE_MESSAGES.mappingDiameterRequired },
    });
  });

  it("answers 404 for another organization's project or transit, and writes nothing there", async () => {
    const other = await createUserWithToken(t.deps.db.db);
    const res = await importRows([['A', 'Cable', '5', '1', 'T-101 Cable bulkhead']], {}, other.headers);
    expect(res.status).toBe(404);
    const intoTransit = await call(
      t.app,
      '/api/schedules/importSchedule',
      {
        projectId: project.projectId,
        transitId: project.transits[0]!.id,
        headings: HEADINGS,
        rows: [['A', 'Cable', '5', '1', '']],
        mapping: MAPPING,
      },
      other.headers,
    );
    expect(intoTransit.status).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/schedules/importSchedule',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the three calls with their request and response schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs', headers: user.headers })).json() as {
      paths: Record<
        string,
        { post?: { requestBody?: unknown; responses?: Record<string, unknown>; description?: string } }
      >;
    };
    for (const path of ['readScheduleFile', 'getScheduleMapping', 'importSchedule']) {
      const post = doc.paths[`/api/schedules/${path}`]?.post;
      expect(post?.requestBody, path).toBeDefined();
      expect(post?.responses?.['200'], path).toBeDefined();
    }
    expect(doc.paths['/api/schedules/importSchedule']!.post!.description).toMatch(/one transaction/);
  });
});

describe('readScheduleFile', () => {
  const read = (content: Buffer, fileName = 'schedule.csv') =>
    call<ScheduleTable>(
      t.app,
      '/api/schedules/readScheduleFile',
      { fileName, contentBase64: content.toString('base64') },
      user.headers,
    );

  it('reads CSV with a BOM and semicolons, and Windows-1252 text', async () => {
    const res = await read(
      Buffer.from('\uFEFFTag;OD (mm);Transit\r\nW-1;"18,5";T-1\r\n;;\r\nW-2;12;T-2\r\n'),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      headings: ['Tag', 'OD (mm)', 'Transit'],
      rows: [
        ['W-1', '18,5', 'T-1'],
        ['W-2', '12', 'T-2'],
      ],
      rowsLeftOut: 0,
    });
    const latin = await read(
      Buffer.from([0x44, 0xfc, 0x72, 0x63, 0x68, 0x2c, 0x4f, 0x44, 0x0a, 0x41, 0x2c, 0x31]),
    );
    expect(latin.body.data.headings).toEqual(['Dürch', 'OD']);
  });

  it('reads the first sheet of an XLSX with numbers at full precision', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Cables');
    sheet.addRow(['Tag', 'OD', 'Qty']);
    sheet.addRow(['W-1', 18.25, 2]);
    sheet.getCell('B2').numFmt = '0.0';
    sheet.addRow(['W-2', { formula: 'B2*2', result: 36.5 }, 1]);
    const res = await read(Buffer.from(await book.xlsx.writeBuffer()), 'schedule.xlsx');
    expect(res.body.data).toMatchObject({
      headings: ['Tag', 'OD', 'Qty'],
      rows: [
        ['W-1', '18.25', '2'],
        ['W-2', '36.5', '1'],
      ],
    });
  });

  it('refuses a broken XLSX and an empty file with their messages', async () => {
    const broken = await read(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'x.xlsx');
    expect(broken.status).toBe(400);
    expect(broken.body.error!.message).toBe(SCHEDULE_MESSAGES.fileUnreadable);
    const empty = await read(Buffer.from('\r\n\r\n'));
    expect(empty.body.error!.message).toBe(SCHEDULE_MESSAGES.fileEmpty);
  });
});
