import { randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import exifr from 'exifr';
import { eq } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { projectChanges, projects, transitChanges, users, webhookDeliveries } from '@sealplan/db';
import {
  ARCHIVE_DATA_FILE,
  ARCHIVE_MAX_BYTES,
  CLIENT_HEADER,
  HANDOVER_MESSAGES,
  type ArchiveData,
  type ArchiveImportResult,
  type Location,
  type ProjectAndTransits,
  type ProjectHistory,
  type TransitHistory,
  type TransitData,
  type TransitPhoto,
  type TransitSite,
} from '@sealplan/contracts';
import type { TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { createChangeRecorder, createHistoryRepository } from '../history';
import { call } from '../projects/testing/project-fixtures';
import { A60_CABLE_FIELDS, setUpProject, type ProjectSetup } from '../transits/testing/transit-fixtures';
import { createHandoverRepository } from './handover.repository';
import { createHandoverService } from './handover.service';

let setup: ProjectSetup;
let t: TestApp;
/** Administrator of organization A: inspects. */
let inspector: TestUser;
/** Organization A's installer (DefaultUser). */
let installer: TestUser;
/** Administrator of organization B, where the archive goes. */
let otherAdmin: TestUser;
/** A user of organization B without an administrator's role. */
let otherStaff: TestUser;
let cableTransit: TransitData;
let pipeTransit: TransitData;
let engineRoom: Location;
/** A test report kept beside the pipe transit's photos (ADR 032): a PDF, carried by the archive as it is. */
const TEST_REPORT = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

const headers = (who: TestUser) => ({ [CLIENT_HEADER]: 'test', ...who.headers });
const as = <T>(who: TestUser, path: string, payload: unknown) => call<T>(t.app, path, payload, who.headers);
async function ok<T>(who: TestUser, path: string, payload: unknown): Promise<T> {
  const res = await as<T>(who, path, payload);
  expect(res.status, `${path}: ${JSON.stringify(res.body.error)}`).toBe(200);
  return res.body.data;
}
const get = (who: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: headers(who) });

/** A multipart body with one file part. */
function multipart(field: string, file: { name: string; type: string; data: Buffer | Uint8Array }) {
  const boundary = `----sealplan${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    Buffer.from(file.data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const importArchive = (who: TestUser, data: Buffer | Uint8Array, name = 'archive.zip') => {
  const body = multipart('file', { name, type: 'application/zip', data });
  return t.app.inject({
    method: 'POST',
    url: '/api/handover/importArchive',
    headers: { ...headers(who), 'content-type': body.contentType },
    payload: body.payload,
  });
};

/** A photo as a phone writes it, with its GPS position in EXIF. */
const phonePhoto = (colour: string) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .jpeg({ quality: 70 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 20/1 0/1' } })
    .toBuffer();

async function uploadPhoto(
  who: TestUser,
  transitId: string,
  data: Buffer,
  name: string,
  type = 'image/jpeg',
) {
  const boundary = `----sealplan${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="transitId"\r\n\r\n${transitId}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/locker/upload',
    headers: { ...headers(who), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The text of a PDF as poppler's pdftotext reads it (a real reader, not the project's own). */
function pdfText(pdf: Buffer): { text: string; images: number; pages: number } {
  const dir = mkdtempSync(join(tmpdir(), 'as-built-'));
  try {
    const file = join(dir, 'record.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return {
      text,
      images: list.trim().split('\n').length - 2,
      pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function newTransit(name: string, quantity: number, diameter: number): Promise<TransitData> {
  return ok<TransitData>(setup.user, '/api/project/savePenetratingItemsAndTransit', {
    transit: { projectId: setup.project.id, name, shape: 'ROUND', diameterMm: 250, ...A60_CABLE_FIELDS },
    penetratingItems: [{ itemTypeId: 'CABLE', quantity, outerDiameterMm: diameter, tag: 'W-101' }],
  });
}

beforeAll(async () => {
  setup = await setUpProject('Hand-over project');
  t = setup.t;
  inspector = setup.user;
  const db = t.deps.db.db;
  installer = await createUserWithToken(db, {
    organizationId: inspector.organizationId,
    roles: ['DefaultUser', 'Author'],
  });
  otherAdmin = await createUserWithToken(db, { roles: ['Administrator'] });
  otherStaff = await createUserWithToken(db, {
    organizationId: otherAdmin.organizationId,
    roles: ['DefaultUser', 'Author'],
  });
  await db.update(users).set({ firstName: 'Ines', lastName: 'Installer' }).where(eq(users.id, installer.id));
  await db.update(users).set({ firstName: 'Paul', lastName: 'Prüfer' }).where(eq(users.id, inspector.id));

  const deck = await ok<Location>(inspector, '/api/site/saveLocation', {
    location: { projectId: setup.project.id, name: 'Deck 3' },
  });
  engineRoom = await ok<Location>(inspector, '/api/site/saveLocation', {
    location: { projectId: setup.project.id, name: 'Engine room', parentId: deck.id },
  });
  const deck4 = await ok<Location>(inspector, '/api/site/saveLocation', {
    location: { projectId: setup.project.id, name: 'Deck 4' },
  });
  cableTransit = await newTransit('FR-42 cable transit', 4, 20);
  pipeTransit = await newTransit('FR-43 pipe transit', 2, 32);
  await newTransit('FR-44 spare transit', 1, 12);
  await ok(inspector, '/api/site/setTransitLocation', {
    transitId: cableTransit.transit.id,
    locationId: engineRoom.id,
  });
  await ok(inspector, '/api/site/setTransitLocation', {
    transitId: pipeTransit.transit.id,
    locationId: deck4.id,
  });

  await ok(installer, '/api/site/changeStatus', { transitId: cableTransit.transit.id, action: 'install' });
  await uploadPhoto(installer, cableTransit.transit.id, await phonePhoto('#3a6ea5'), 'closed-transit.jpg');
  await ok(inspector, '/api/site/changeStatus', { transitId: cableTransit.transit.id, action: 'pass' });
  await uploadPhoto(inspector, pipeTransit.transit.id, TEST_REPORT, 'pressure test.pdf', 'application/pdf');
  await ok(installer, '/api/site/changeStatus', { transitId: pipeTransit.transit.id, action: 'install' });
  await ok(inspector, '/api/site/changeStatus', {
    transitId: pipeTransit.transit.id,
    action: 'fail',
    remarks: 'Sealant gap at the top',
  });
}, 120_000);
afterAll(async () => t.close());

// Documents are built in the worker pool; a machine shared with other work may take a while.
describe('the as-built record', { timeout: 120_000 }, () => {
  it('prints each transit with location, status, who installed and inspected it, remarks and photos', async () => {
    const res = await get(inspector, `/api/handover/asBuilt/${setup.project.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="as-built-Hand-over-project.pdf"');
    const { text, images } = pdfText(res.rawPayload);
    expect(text).toContain('As-built record');
    expect(text).toContain('FR-42 cable transit');
    expect(text).toContain('Deck 3 › Engine room');
    expect(text).toMatch(/Status: Inspection passed/);
    expect(text).toMatch(/Installed: Ines Installer, \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(text).toMatch(/Inspected: Paul Prüfer, \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(text).toContain('closed-transit.jpg');
    expect(text).toContain('FR-43 pipe transit');
    expect(text).toContain('Inspection failed');
    expect(text).toContain('Sealant gap at the top');
    expect(text).toContain('FR-44 spare transit');
    expect(text).toContain('No location');
    expect(images).toBe(1);
  });

  it('covers one location and the locations below it, in the document language', async () => {
    const deck3 = engineRoom.parentId!;
    const res = await get(
      inspector,
      `/api/handover/asBuilt/${setup.project.id}?locationId=${deck3}&language=de-DE`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { text } = pdfText(res.rawPayload);
    expect(text).toContain('Bestandsdokumentation');
    expect(text).toContain('Umfang: Deck 3');
    expect(text).toContain('FR-42 cable transit');
    expect(text).toContain('Prüfung bestanden');
    expect(text).toMatch(/Eingebaut: Ines Installer, \d\d\.\d\d\.\d{4} \d\d:\d\d UTC/);
    expect(text).not.toContain('FR-43 pipe transit');
    expect(text).not.toContain('FR-44 spare transit');

    const zh = pdfText(
      (await get(inspector, `/api/handover/asBuilt/${setup.project.id}?language=zh-Hans`)).rawPayload,
    );
    expect(zh.text).toContain('竣工记录');
    expect(zh.text).toContain('检验未通过');
  });

  it('refuses a location of another project and another organization', async () => {
    const res = await get(inspector, `/api/handover/asBuilt/${setup.project.id}?locationId=${randomUUID()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(HANDOVER_MESSAGES.asBuiltLocation);
    expect((await get(otherAdmin, `/api/handover/asBuilt/${setup.project.id}`)).statusCode).toBe(404);
    expect((await get(otherAdmin, `/api/handover/archive/${setup.project.id}`)).statusCode).toBe(404);
  });
});

describe('the project archive', { timeout: 120_000 }, () => {
  let archive: Buffer;
  let imported: ArchiveImportResult;

  it('holds the data as JSON, the documents and the photos', async () => {
    const res = await get(inspector, `/api/handover/archive/${setup.project.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    archive = res.rawPayload;
    const files = unzipSync(new Uint8Array(archive));
    const data = JSON.parse(Buffer.from(files[ARCHIVE_DATA_FILE]!).toString('utf8')) as ArchiveData;
    expect(data).toMatchObject({ format: 'sealplan-project-archive', version: 2 });
    expect(data.transits.map((tr) => tr.name)).toEqual([
      'FR-42 cable transit',
      'FR-43 pipe transit',
      'FR-44 spare transit',
    ]);
    expect(data.transits[0]!.site).toMatchObject({
      status: 'INSPECTION_PASSED',
      installedBy: { name: 'Ines Installer' },
      inspectedBy: { name: 'Paul Prüfer' },
    });
    expect(data.transits[0]!.photos).toHaveLength(1);
    const photo = data.transits[0]!.photos[0]!;
    expect(files[photo.file]).toBeDefined();
    expect(files[photo.thumbnail!]).toBeDefined();
    // The pipe transit's PDF is a file, not a photo: in its own list, stored byte for byte.
    expect(data.transits[0]!.files).toEqual([]);
    expect(data.transits[1]!.photos).toEqual([]);
    expect(data.transits[1]!.files).toEqual([
      {
        id: expect.any(String),
        fileName: 'pressure test.pdf',
        contentType: 'application/pdf',
        createdOn: expect.any(String),
        file: `files/${data.transits[1]!.files[0]!.id}.pdf`,
      },
    ]);
    expect(Buffer.from(files[data.transits[1]!.files[0]!.file]!).equals(TEST_REPORT)).toBe(true);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['documents/as-built.pdf', 'documents/project.pdf']),
    );
    expect(pdfText(Buffer.from(files['documents/as-built.pdf']!)).text).toContain('FR-42 cable transit');
    expect(pdfText(Buffer.from(files['documents/project.pdf']!)).text).toContain('FR-43 pipe transit');
  });

  it('imports into another organization under new ids with identical figures and photos', async () => {
    // ADR 037: the importing organization's endpoints hear of the new project (the delivery is recorded with its
    // body; where it goes does not matter here).
    const userAdmin = await createUserWithToken(t.deps.db.db, {
      organizationId: otherAdmin.organizationId,
      roles: ['ElevatedUser'],
    });
    await ok(userAdmin, '/api/webhook/save', {
      url: 'https://erp.example.com/sealplan',
      events: ['project.created'],
      description: 'ERP',
    });
    const before = await t.deps.db.db.select().from(projects);
    const res = await importArchive(otherAdmin, archive);
    expect(res.statusCode, res.body).toBe(200);
    imported = res.json().data as ArchiveImportResult;
    const events = await t.deps.db.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.organizationId, otherAdmin.organizationId!));
    expect(events.map((e) => [e.event, JSON.parse(e.body).data])).toEqual([
      [
        'project.created',
        {
          projectId: imported.projectId,
          name: 'Hand-over project',
          isRemoved: false,
          archiveImport: {
            fileName: 'archive.zip',
            locations: 3,
            transits: 3,
            items: 3,
            photos: 1,
            files: 1,
          },
          importedBy: otherAdmin.id,
        },
      ],
    ]);
    expect(imported).toMatchObject({
      projectName: 'Hand-over project',
      customerCreated: true,
      locations: 3,
      transits: 3,
      items: 3,
      photos: 1,
      files: 1,
    });
    expect(imported.projectId).not.toBe(setup.project.id);

    const source = await ok<ProjectAndTransits>(inspector, '/api/project/getProjectAndTransits', {
      projectId: setup.project.id,
    });
    const copy = await ok<ProjectAndTransits>(otherAdmin, '/api/project/getProjectAndTransits', {
      projectId: imported.projectId,
    });
    expect(copy.transits).toHaveLength(source.transits.length);
    source.transits.forEach((original, i) => {
      const mine = copy.transits[i]!;
      expect(mine.id).not.toBe(original.id);
      expect(mine.name).toBe(original.name);
      // The engine's stored figures, identical to the last digit.
      expect(mine.results).toEqual(original.results);
      expect(
        mine.penetratingItems.map(({ quantity, outerDiameterMm, tag }) => ({
          quantity,
          outerDiameterMm,
          tag,
        })),
      ).toEqual(
        original.penetratingItems.map(({ quantity, outerDiameterMm, tag }) => ({
          quantity,
          outerDiameterMm,
          tag,
        })),
      );
    });

    const site = await ok<TransitSite>(otherAdmin, '/api/site/getTransitSite', {
      transitId: copy.transits[0]!.id,
    });
    expect(site).toMatchObject({
      status: 'INSPECTION_PASSED',
      locationPath: ['Deck 3', 'Engine room'],
      installedBy: { name: 'Ines Installer' },
      inspectedBy: { name: 'Paul Prüfer' },
    });
    expect(site.events.map((e) => [e.toStatus, e.by.name])).toEqual([
      ['INSTALLED', 'Ines Installer'],
      ['INSPECTION_PASSED', 'Paul Prüfer'],
    ]);
    const failed = await ok<TransitSite>(otherAdmin, '/api/site/getTransitSite', {
      transitId: copy.transits[1]!.id,
    });
    expect(failed).toMatchObject({ status: 'INSPECTION_FAILED', remarks: 'Sealant gap at the top' });

    // The photo, byte for byte, and still without its GPS position.
    const [originalPhoto] = await ok<TransitPhoto[]>(inspector, '/api/photos/list', {
      transitId: source.transits[0]!.id,
    });
    const [copiedPhoto] = await ok<TransitPhoto[]>(otherAdmin, '/api/photos/list', {
      transitId: copy.transits[0]!.id,
    });
    expect(copiedPhoto!.id).not.toBe(originalPhoto!.id);
    const originalBytes = (await get(inspector, originalPhoto!.url)).rawPayload;
    const copiedBytes = (await get(otherAdmin, copiedPhoto!.url)).rawPayload;
    expect(copiedBytes.equals(originalBytes)).toBe(true);
    expect(await exifr.gps(copiedBytes).catch(() => undefined)).toBeUndefined();

    // The PDF, under a new id, byte for byte, still a file (no thumbnail) and downloaded as an attachment.
    const [originalFile] = await ok<TransitPhoto[]>(inspector, '/api/photos/list', {
      transitId: source.transits[1]!.id,
    });
    const [copiedFile] = await ok<TransitPhoto[]>(otherAdmin, '/api/photos/list', {
      transitId: copy.transits[1]!.id,
    });
    expect(copiedFile).toMatchObject({
      fileName: 'pressure test.pdf',
      contentType: 'application/pdf',
      size: TEST_REPORT.length,
      thumbnailUrl: null,
      width: null,
      createdOn: originalFile!.createdOn,
    });
    expect(copiedFile!.id).not.toBe(originalFile!.id);
    const download = await get(otherAdmin, copiedFile!.url);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    expect(download.rawPayload.equals(TEST_REPORT)).toBe(true);
    // The original is where it was, unchanged.
    expect((await get(inspector, originalFile!.url)).rawPayload.equals(TEST_REPORT)).toBe(true);

    // The as-built record of the copy prints the same people and steps.
    const record = pdfText((await get(otherAdmin, `/api/handover/asBuilt/${imported.projectId}`)).rawPayload);
    expect(record.text).toMatch(/Installed: Ines Installer/);
    expect(record.text).toMatch(/Inspected: Paul Prüfer/);

    // Nothing of organization A changed: its project is where it was, and B cannot reach it.
    const after = await t.deps.db.db.select().from(projects);
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((p) => before.some((b) => b.id === p.id))).toEqual(before);
    expect(
      (await as(otherAdmin, '/api/project/getProjectAndTransits', { projectId: setup.project.id })).status,
    ).toBe(404);
    // And A cannot reach the copy.
    expect(
      (await as(inspector, '/api/project/getProjectAndTransits', { projectId: imported.projectId })).status,
    ).toBe(404);
  });

  it('records the import in the history: one change of the project naming the archive, each transit created', async () => {
    const history = await ok<ProjectHistory>(otherAdmin, '/api/history/project', {
      projectId: imported.projectId,
    });
    const own = history.changes.filter((c) => c.transitId === null);
    expect(own).toEqual([
      expect.objectContaining({
        action: 'archiveImported',
        revision: null,
        entries: [
          {
            kind: 'archiveImported',
            fileName: 'archive.zip',
            locations: 3,
            transits: 3,
            items: 3,
            photos: 1,
            files: 1,
          },
        ],
      }),
    ]);
    const ofTransits = history.changes.filter((c) => c.transitId !== null);
    expect(ofTransits.map((c) => [c.transitName, c.action]).sort()).toEqual([
      ['FR-42 cable transit', 'created'],
      ['FR-43 pipe transit', 'created'],
      ['FR-44 spare transit', 'created'],
    ]);
    const copy = await ok<ProjectAndTransits>(otherAdmin, '/api/project/getProjectAndTransits', {
      projectId: imported.projectId,
    });
    const [cable, pipe] = copy.transits;
    const cableHistory = await ok<TransitHistory>(otherAdmin, '/api/history/transit', {
      transitId: cable!.id,
    });
    // Its lines as added, then where it is, its status and its photo, as it arrived.
    expect(cableHistory.changes).toHaveLength(1);
    expect(cableHistory.changes[0]!.entries).toEqual([
      {
        kind: 'itemAdded',
        item: { quantity: 4, itemTypeId: 'CABLE', outerDiameterMm: 20, tag: 'W-101' },
      },
      { kind: 'location', before: [], after: ['Deck 3', 'Engine room'] },
      { kind: 'status', before: null, after: 'INSPECTION_PASSED' },
      { kind: 'photoAdded', fileName: 'closed-transit.jpg' },
    ]);
    expect(cableHistory.changes[0]!.revision).toBe('A');
    const pipeHistory = await ok<TransitHistory>(otherAdmin, '/api/history/transit', { transitId: pipe!.id });
    expect(pipeHistory.changes[0]!.entries).toEqual(
      expect.arrayContaining([
        { kind: 'status', before: null, after: 'INSPECTION_FAILED' },
        { kind: 'fileAdded', fileName: 'pressure test.pdf' },
      ]),
    );
  });

  it('writes no history and no project when the history cannot be written', async () => {
    const db = t.deps.db.db;
    const count = async () => ({
      projects: (await db.select().from(projects)).length,
      projectChanges: (await db.select().from(projectChanges)).length,
      transitChanges: (await db.select().from(transitChanges)).length,
    });
    const before = await count();
    const real = createChangeRecorder({ repo: createHistoryRepository(db), now: () => new Date() });
    const failing = createHandoverService({
      repo: createHandoverRepository(db),
      history: {
        recordChange: real.recordChange,
        async recordProjectChange(tx, change) {
          await real.recordProjectChange(tx, change);
          throw new Error('the history could not be written');
        },
      },
      cpu: t.deps.cpu!,
      now: () => new Date(),
      publicUrl: 'http://localhost',
      projectDocument: () => Promise.reject(new Error('not used by an import')),
    });
    const caller = {
      id: otherAdmin.id,
      organizationId: otherAdmin.organizationId!,
      email: 'admin@example.com',
      firstName: 'Other',
      lastName: 'Admin',
      roles: ['Administrator'],
      isProviderOrganization: false,
    };
    await expect(
      failing.importArchive(caller, { data: archive, truncated: false, fileName: 'archive.zip' }),
    ).rejects.toThrow('the history could not be written');
    expect(await count()).toEqual(before);
  });

  it('imports again as a second project, using the customer of that name', async () => {
    const res = await importArchive(otherAdmin, archive);
    expect(res.statusCode, res.body).toBe(200);
    const again = res.json().data as ArchiveImportResult;
    expect(again.projectId).not.toBe(imported.projectId);
    expect(again.customerCreated).toBe(false);
    expect(again.customerId).toBe(imported.customerId);
  });

  it('takes an archive larger than a JSON body, and refuses one past its limit', async () => {
    const files = unzipSync(new Uint8Array(archive));
    const padded = Buffer.from(
      zipSync({ ...files, 'documents/drawings.bin': [randomBytes(12 * 1024 * 1024), { level: 0 }] }),
    );
    const res = await importArchive(otherAdmin, padded);
    expect(res.statusCode, res.body).toBe(200);

    const tooLarge = await importArchive(otherAdmin, Buffer.alloc(ARCHIVE_MAX_BYTES + 1024, 0x50));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(HANDOVER_MESSAGES.tooLarge);
  });

  it('lets only an administrator import', async () => {
    const res = await importArchive(otherStaff, archive);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(HANDOVER_MESSAGES.importRole);
  });

  const zipOf = (files: Record<string, Uint8Array>) => Buffer.from(zipSync(files));
  const withData = (change: (data: ArchiveData) => unknown) => {
    const files = unzipSync(new Uint8Array(archive));
    const data = JSON.parse(Buffer.from(files[ARCHIVE_DATA_FILE]!).toString('utf8')) as ArchiveData;
    change(data);
    return zipOf({ ...files, [ARCHIVE_DATA_FILE]: strToU8(JSON.stringify(data)) });
  };

  it('keeps the revision a transit arrives with, issued or not: its creation here opens no new letter', async () => {
    const issuedOn = '2026-11-20T10:00:00.000Z';
    const res = await importArchive(
      otherAdmin,
      withData((d) => Object.assign(d.transits[0]!, { revision: 1, revisedOn: issuedOn, issuedOn })),
      'issued.zip',
    );
    expect(res.statusCode, res.body).toBe(200);
    const copy = await ok<ProjectAndTransits>(otherAdmin, '/api/project/getProjectAndTransits', {
      projectId: (res.json().data as ArchiveImportResult).projectId,
    });
    const history = await ok<TransitHistory>(otherAdmin, '/api/history/transit', {
      transitId: copy.transits[0]!.id,
    });
    expect(history.changes.map((c) => [c.action, c.revision])).toEqual([['created', 'B']]);
    expect(history.revision).toEqual({ revision: 'B', revisedOn: issuedOn, issuedOn });
  });

  it.each([
    ['a file that is not a ZIP', () => Buffer.from('name,quantity\nW-1,2\n'), 400, HANDOVER_MESSAGES.notZip],
    [
      'a ZIP without the data file',
      () => zipOf({ 'readme.txt': strToU8('hello') }),
      400,
      HANDOVER_MESSAGES.dataMissing,
    ],
    [
      'data that is not JSON',
      () => zipOf({ [ARCHIVE_DATA_FILE]: strToU8('{"format": ') }),
      400,
      HANDOVER_MESSAGES.dataUnreadable,
    ],
    [
      'another format',
      () => zipOf({ [ARCHIVE_DATA_FILE]: strToU8('{"format":"other","version":1}') }),
      400,
      HANDOVER_MESSAGES.wrongFormat,
    ],
    [
      'a transit in a location the archive does not hold',
      () => withData((d) => (d.transits[0]!.site.locationId = 'missing-location')),
      400,
      HANDOVER_MESSAGES.unknownLocation('missing-location'),
    ],
    [
      'a location tree in a circle',
      () =>
        withData((d) => {
          d.locations[0]!.parentId = d.locations[1]!.id;
          d.locations[1]!.parentId = d.locations[0]!.id;
        }),
      400,
      HANDOVER_MESSAGES.locationCycle,
    ],
    [
      'a photo named but missing',
      () =>
        withData((d) => {
          d.transits[0]!.photos[0]!.file = 'photos/not-there.jpg';
        }),
      400,
      HANDOVER_MESSAGES.photoMissing('photos/not-there.jpg'),
    ],
    [
      'a file named but missing',
      () =>
        withData((d) => {
          d.transits[1]!.files[0]!.file = 'files/not-there.pdf';
        }),
      400,
      HANDOVER_MESSAGES.fileMissingInArchive('files/not-there.pdf'),
    ],
    [
      "figures that are not the engine's",
      () => withData((d) => (d.transits[1]!.results = { filledPercent: 'lots' })),
      400,
      HANDOVER_MESSAGES.resultsInvalid(1),
    ],
    [
      'an unknown industry',
      () => withData((d) => (d.project.industryId = 'MOON_BASE')),
      400,
      HANDOVER_MESSAGES.unknownIndustry('MOON_BASE'),
    ],
  ])('refuses %s with its reason and writes nothing', async (_name, make, status, message) => {
    const before = (await t.deps.db.db.select().from(projects)).length;
    const changesBefore = (await t.deps.db.db.select().from(projectChanges)).length;
    const res = await importArchive(otherAdmin, make());
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.message).toBe(message);
    expect((await t.deps.db.db.select().from(projects)).length).toBe(before);
    expect((await t.deps.db.db.select().from(projectChanges)).length).toBe(changesBefore);
  });

  it('refuses a control character in a name and a photo that is not its image', async () => {
    const control = await importArchive(
      otherAdmin,
      withData((d) => (d.transits[0]!.name = 'FR-42\u0007')),
    );
    expect(control.statusCode).toBe(400);
    expect(control.json().error.message).toMatch(/^sealplan-archive\.json: transits\.0\.name: /);

    const files = unzipSync(new Uint8Array(archive));
    const data = JSON.parse(Buffer.from(files[ARCHIVE_DATA_FILE]!).toString('utf8')) as ArchiveData;
    const photo = data.transits[0]!.photos[0]!;
    const forged = await importArchive(
      otherAdmin,
      zipOf({ ...files, [photo.file]: strToU8('<html>not a photo') }),
    );
    expect(forged.statusCode).toBe(415);
    expect(forged.json().error.message).toBe(HANDOVER_MESSAGES.photoInvalid(photo.file));

    // A transit's file is checked by its header like an upload (ADR 032).
    const report = data.transits[1]!.files[0]!;
    const notPdf = await importArchive(
      otherAdmin,
      zipOf({ ...files, [report.file]: strToU8('<html>not a PDF') }),
    );
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().error.message).toBe(HANDOVER_MESSAGES.fileInvalid(report.file));
  });

  it('imports a version 1 archive, which carries no files', async () => {
    const files = unzipSync(new Uint8Array(archive));
    const data = JSON.parse(Buffer.from(files[ARCHIVE_DATA_FILE]!).toString('utf8')) as Record<
      string,
      unknown
    > & { transits: Record<string, unknown>[] };
    const older = {
      ...data,
      version: 1,
      transits: data.transits.map(({ files: _files, ...transit }) => transit),
    };
    const res = await importArchive(
      otherAdmin,
      zipOf({ ...files, [ARCHIVE_DATA_FILE]: strToU8(JSON.stringify(older)) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ transits: 3, photos: 1, files: 0 });
  });

  /**
   * A one-file ZIP of `size` zero bytes, deflated by zlib (fast, unlike building it in JavaScript), whose headers
   * declare `declared` bytes: the truth, or a lie that only inflating finds out.
   */
  function zerosZip(size: number, declared: number): Buffer {
    const name = Buffer.from(ARCHIVE_DATA_FILE);
    const data = deflateRawSync(Buffer.alloc(size), { level: 1 });
    const header = (central: boolean) => {
      const b = Buffer.alloc(central ? 46 : 30);
      b.writeUInt32LE(central ? 0x02014b50 : 0x04034b50, 0);
      let at = 4;
      if (central) b.writeUInt16LE(20, (at += 2) - 2);
      b.writeUInt16LE(20, at); // version needed
      b.writeUInt16LE(8, at + 4); // deflate
      b.writeUInt32LE(0, at + 10); // crc (never reached: the size check stops first)
      b.writeUInt32LE(data.length, at + 14);
      b.writeUInt32LE(declared, at + 18);
      b.writeUInt16LE(name.length, at + 22);
      return b;
    };
    const local = Buffer.concat([header(false), name, data]);
    const central = Buffer.concat([header(true), name]);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length, 12);
    end.writeUInt32LE(local.length, 16);
    return Buffer.concat([local, central, end]);
  }

  it.each([
    ['that says how large it unpacks', 300 * 1024 * 1024],
    ['that hides how large it unpacks', 4],
  ])('refuses a ZIP bomb %s before unpacking it', async (_name, declared) => {
    const bomb = zerosZip(300 * 1024 * 1024, declared);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await importArchive(otherAdmin, bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(HANDOVER_MESSAGES.zipTooLarge);
  });

  it('refuses an upload that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/handover/importArchive',
      headers: { ...headers(otherAdmin), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(415);
  });
});
