import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  MAX_ITEM_QUANTITY,
  MAX_TRANSIT_CIRCLES,
  SCHEDULE_FIELDS,
  SCHEDULE_MESSAGES,
  locationPaths,
  scheduleMessage,
  type ImportScheduleReport,
  type ImportScheduleRequest,
  type Location,
  type ProjectSite,
  type ScheduleMappingAnswer,
  type ScheduleTable,
  type TransitData,
} from '@sealplan/contracts';
import type { TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { call } from '../projects/testing/project-fixtures';
import type { Catalogue } from '@sealplan/engine';
import { createExportProject, type SeededProject } from '../export/testing/export-factories';
import { createExportTestApp } from '../export/testing/export-test-app';
import { exportTransit, projectTransits } from './testing/schedule-calls';

/**
 * The schedule import through buildApp + app.inject on a real database: all of it or nothing, the row report,
 * duplicates, created transits, the stored figures sized by the engine, tenant isolation, and reading files.
 */

let t: TestApp;
let user: TestUser;
let project: SeededProject;
let catalogue: Catalogue;

beforeAll(async () => {
  ({ t, user, project, catalogue } = await createExportTestApp());
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

const transits = () => projectTransits(t.app, project.projectId, user.headers);

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
        column: 2,
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
        ...Object.fromEntries(SCHEDULE_FIELDS.map((field) => [field, null])),
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
    const dxfOf = (transitId: string) =>
      exportTransit(t.app, user.headers, project.projectId, transitId, 'DXF');
    const created = (await transits()).find((tr) => tr.name === 'New transit B')!;
    const res = await dxfOf(created.id);
    expect(res.statusCode).toBe(200);
    // The transit has no dimensions yet, so no drawing; its legend-free DXF still names it.
    expect(res.body).toContain('New transit B');
    const bulkhead = (await transits()).find((tr) => tr.name === 'T-101 Cable bulkhead')!;
    const dxf = await dxfOf(bulkhead.id);
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
        column: 4,
        message: scheduleMessage(SCHEDULE_MESSAGES.transitNotFound, { value: 'No such transit' }),
      },
    ]);
  });

  it('rejects the rows that would pass the circle limit of a transit', async () => {
    // Lines of the largest quantity until the transit holds one circle more than the limit allows.
    const lines = Math.ceil((MAX_TRANSIT_CIRCLES + 1) / MAX_ITEM_QUANTITY);
    const crowded = Array.from({ length: lines }, (_, i) => [
      `A${i}`,
      'Cable',
      '5',
      String(MAX_ITEM_QUANTITY),
      'Crowded',
    ]);
    const res = await importRows([...crowded, ['B', 'Cable', '5', '1', 'Other']]);
    expect(res.body.data.applied).toBe(false);
    expect(res.body.data.rows[0]!.problems[0]!.message).toBe(
      scheduleMessage(SCHEDULE_MESSAGES.tooManyCircles, {
        transit: 'Crowded',
        count: lines * MAX_ITEM_QUANTITY,
      }),
    );
    expect(lines * MAX_ITEM_QUANTITY).toBeGreaterThan(MAX_TRANSIT_CIRCLES);
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
      sheet: 0,
      sheets: [
        {
          name: 'CSV',
          headingRow: 0,
          rows: [
            ['Tag', 'OD (mm)', 'Transit'],
            ['W-1', '18,5', 'T-1'],
            ['W-2', '12', 'T-2'],
          ],
          rowNumbers: [1, 2, 4],
        },
      ],
    });
    const latin = await read(
      Buffer.from([0x44, 0xfc, 0x72, 0x63, 0x68, 0x2c, 0x4f, 0x44, 0x0a, 0x41, 0x2c, 0x31]),
    );
    expect(latin.body.data.sheets[0]!.rows[0]).toEqual(['Dürch', 'OD']);
  });

  it('reads the first sheet of an XLSX with numbers at full precision', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Cables');
    sheet.addRow(['Tag', 'OD', 'Qty']);
    sheet.addRow(['W-1', 18.25, 2]);
    sheet.getCell('B2').numFmt = '0.0';
    sheet.addRow(['W-2', { formula: 'B2*2', result: 36.5 }, 1]);
    const res = await read(Buffer.from(await book.xlsx.writeBuffer()), 'schedule.xlsx');
    expect(res.body.data.sheets[0]).toMatchObject({
      name: 'Cables',
      headingRow: 0,
      rows: [
        ['Tag', 'OD', 'Qty'],
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

describe('the location column (ADR 031)', () => {
  const LOCATED = ['Cable tag', 'OD (mm)', 'Transit', 'Location'];
  const LOCATED_MAPPING = { tag: 0, type: null, outerDiameter: 1, quantity: null, transit: 2, location: 3 };

  async function freshProject(name: string) {
    return createExportProject(t.deps.db.db, user.organizationId!, catalogue, { name, transits: [] });
  }
  const importInto = (projectId: string, rows: string[][], extra: Partial<ImportScheduleRequest> = {}) =>
    call<ImportScheduleReport>(
      t.app,
      '/api/schedules/importSchedule',
      { projectId, headings: LOCATED, rows, mapping: LOCATED_MAPPING, ...extra },
      user.headers,
    );
  async function site(projectId: string) {
    const res = await call<ProjectSite>(t.app, '/api/site/getProjectSite', { projectId }, user.headers);
    const paths = locationPaths(res.body.data.locations);
    return { ...res.body.data, paths };
  }
  const saveLocation = (projectId: string, name: string, parentId: string | null = null) =>
    call<Location>(
      t.app,
      '/api/site/saveLocation',
      { location: { projectId, name, parentId } },
      user.headers,
    );

  it('finds the levels a project has (any case), creates the missing ones once, and places new transits', async () => {
    const { projectId } = await freshProject('Locations found and created');
    const deck = (await saveLocation(projectId, 'Deck 3')).body.data;
    const res = await importInto(projectId, [
      ['W-1', '18', 'MCT-1', 'deck 3 / Engine room'],
      ['W-2', '12', 'MCT-1', ''],
      ['W-3', '12', 'MCT-2', 'DECK 3 > engine ROOM'],
      ['W-4', '14', 'MCT-3', 'Deck 3 › Frame 42/43 › Bay A'],
      ['W-5', '14', 'MCT-4', ''],
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.applied).toBe(true);
    expect(res.body.data.transits.map((tr) => [tr.name, tr.location])).toEqual([
      ['MCT-1', 'Deck 3 › Engine room'],
      ['MCT-2', 'Deck 3 › Engine room'],
      ['MCT-3', 'Deck 3 › Frame 42/43 › Bay A'],
      ['MCT-4', null],
    ]);
    const after = await site(projectId);
    // "Deck 3" was there: found, not doubled; "Engine room" created once for both transits.
    expect([...after.paths.values()].map((p) => p.join(' › ')).sort()).toEqual([
      'Deck 3',
      'Deck 3 › Engine room',
      'Deck 3 › Frame 42/43',
      'Deck 3 › Frame 42/43 › Bay A',
    ]);
    const names = new Map(
      (await projectTransits(t.app, projectId, user.headers)).map((tr) => [tr.id, tr.name]),
    );
    const at = Object.fromEntries(
      after.transits.map((tr) => [
        names.get(tr.transitId),
        tr.locationId ? after.paths.get(tr.locationId) : null,
      ]),
    );
    expect(at).toEqual({
      'MCT-1': ['Deck 3', 'Engine room'],
      'MCT-2': ['Deck 3', 'Engine room'],
      'MCT-3': ['Deck 3', 'Frame 42/43', 'Bay A'],
      'MCT-4': null,
    });
    expect(after.locations.find((l) => l.id === deck.id)?.name).toBe('Deck 3');
  });

  it('places an existing transit that has no location, and keeps the location of one that has', async () => {
    const { projectId } = await freshProject('Existing transits');
    await importInto(projectId, [
      ['A-1', '18', 'MCT-10', ''],
      ['B-1', '18', 'MCT-11', 'Deck 1'],
    ]);
    const res = await importInto(projectId, [
      ['A-2', '12', 'MCT-10', 'Deck 2 / Pump room'],
      ['B-2', '12', 'MCT-11', 'Deck 2 / Pump room'],
    ]);
    expect(res.body.data.applied).toBe(true);
    expect(res.body.data.rows[0]!.warnings).toEqual([]);
    expect(res.body.data.rows[1]!.warnings).toEqual([
      scheduleMessage(SCHEDULE_MESSAGES.locationKept, {
        transit: 'MCT-11',
        location: 'Deck 1',
        value: 'Deck 2 › Pump room',
      }),
    ]);
    // A note, not a duplicate.
    expect(res.body.data.counts.duplicates).toBe(0);
    expect(res.body.data.transits.map((tr) => [tr.name, tr.location])).toEqual([
      ['MCT-10', 'Deck 2 › Pump room'],
      ['MCT-11', 'Deck 1'],
    ]);
    const after = await site(projectId);
    const ids = new Map(
      (await projectTransits(t.app, projectId, user.headers)).map((tr) => [tr.name, tr.id]),
    );
    const pathOf = (name: string) => {
      const row = after.transits.find((tr) => tr.transitId === ids.get(name))!;
      return row.locationId ? after.paths.get(row.locationId) : null;
    };
    expect(pathOf('MCT-10')).toEqual(['Deck 2', 'Pump room']);
    expect(pathOf('MCT-11')).toEqual(['Deck 1']);
  });

  it('refuses rows of one transit at two places, and paths too deep or too long: nothing is written', async () => {
    const { projectId } = await freshProject('Locations refused');
    const tooDeep = 'A / B / C / D / E / F / G';
    const tooLong = `Deck 1 / ${'x'.repeat(81)}`;
    const res = await importInto(projectId, [
      ['W-1', '18', 'MCT-20', 'Deck 1 / Engine room'],
      ['W-2', '18', 'MCT-20', 'Deck 2 / Engine room'],
      ['W-3', '18', 'MCT-21', tooDeep],
      ['W-4', '18', 'MCT-22', tooLong],
    ]);
    const report = res.body.data;
    expect(report.applied).toBe(false);
    expect(report.rows.map((r) => [r.row, r.status, r.problems.map((p) => [p.field, p.column])])).toEqual([
      [2, 'READY', []],
      [3, 'REJECTED', [['location', 3]]],
      [4, 'REJECTED', [['location', 3]]],
      [5, 'REJECTED', [['location', 3]]],
    ]);
    expect(report.rows[1]!.problems[0]!.message).toBe(
      scheduleMessage(SCHEDULE_MESSAGES.transitDiffers, {
        transit: 'MCT-20',
        field: 'Location',
        value: 'Deck 2 / Engine room',
        other: 'Deck 1 › Engine room',
        row: 2,
      }),
    );
    expect(report.rows[2]!.problems[0]!.message).toBe(
      scheduleMessage(SCHEDULE_MESSAGES.locationTooDeep, { value: tooDeep }),
    );
    expect(report.rows[3]!.problems[0]!.message).toBe(
      scheduleMessage(SCHEDULE_MESSAGES.locationName, { value: tooLong }),
    );
    const after = await site(projectId);
    expect(after.locations).toEqual([]);
    expect(after.transits).toEqual([]);
  });

  it('a dry run reports the locations and creates none', async () => {
    const { projectId } = await freshProject('Locations dry run');
    const res = await importInto(projectId, [['W-1', '18', 'MCT-30', 'Deck 5 / Galley']], { dryRun: true });
    expect(res.body.data.transits.map((tr) => tr.location)).toEqual(['Deck 5 › Galley']);
    expect((await site(projectId)).locations).toEqual([]);
  });

  it("another organization's import places nothing in this project", async () => {
    const { projectId } = await freshProject('Locations tenant');
    const stranger = await createUserWithToken(t.deps.db.db);
    const res = await call<ImportScheduleReport>(
      t.app,
      '/api/schedules/importSchedule',
      {
        projectId,
        headings: LOCATED,
        rows: [['W-1', '18', 'MCT-40', 'Deck 9']],
        mapping: LOCATED_MAPPING,
      },
      stranger.headers,
    );
    expect(res.status).toBe(404);
    expect((await site(projectId)).locations).toEqual([]);
  });
});
