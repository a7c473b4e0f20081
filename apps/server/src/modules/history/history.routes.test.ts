import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { transitChanges, transits as transitsTable } from '@sealplan/db';
import {
  CLIENT_HEADER,
  HISTORY_MESSAGES,
  RECORD_MESSAGES,
  type TransitData,
  type TransitHistory,
} from '@sealplan/contracts';
import type { TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { createInlineCpu } from '../../workers/inline-cpu';
import { createTransitsRepository, createTransitsService } from '../transits';
import { loadCatalogue } from '../catalogue/catalogue.repository';
import { pdfToText } from '../export/testing/readers';
import { call } from '../projects/testing/project-fixtures';
import {
  A60_CABLE_FIELDS,
  postOk,
  setUpProject,
  type ProjectSetup,
} from '../transits/testing/transit-fixtures';
import { createChangeRecorder, createHistoryRepository } from './index';

let setup: ProjectSetup;
let t: TestApp;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  setup = await setUpProject('History tests');
  ({ t, user } = setup);
  other = await createUserWithToken(t.deps.db.db);
});
afterAll(async () => t.close());

/** A new transit with one line of 4 cables Ø 32 mm. */
async function newTransit(name = 'Bulkhead 1'): Promise<TransitData> {
  return postOk<TransitData>(setup, '/api/project/savePenetratingItemsAndTransit', {
    transit: { projectId: setup.project.id, name, shape: 'ROUND', diameterMm: 250, ...A60_CABLE_FIELDS },
    penetratingItems: [{ itemTypeId: 'CABLE', quantity: 4, outerDiameterMm: 32 }],
  });
}

const history = (transitId: string, who: TestUser = user) =>
  call<TransitHistory>(t.app, '/api/history/transit', { transitId }, who.headers);

async function changeDiameter(data: TransitData, outerDiameterMm: number, depthMm?: number) {
  const [item] = data.penetratingItems;
  return postOk<TransitData>(setup, '/api/project/savePenetratingItemsAndTransit', {
    transit: {
      ...data.transit,
      ...A60_CABLE_FIELDS,
      penetratingItemTypeId: 'CABLE',
      transitTypeId: 'NOFIRNO',
      classId: 'A_60_CLASS',
      ...(depthMm === undefined ? {} : { depthMm }),
      version: data.transit.version,
    },
    penetratingItems: [{ ...item, outerDiameterMm, version: item!.version }],
  });
}

const changeRows = async (transitId: string) =>
  t.deps.db.db.select().from(transitChanges).where(eq(transitChanges.transitId, transitId));

describe('the history of a transit', () => {
  it('records a creation with its items and a change field by field, with who made it', async () => {
    const created = await newTransit();
    const changed = await changeDiameter(created, 40, 160);
    const res = await history(created.transit.id);
    expect(res.status).toBe(200);
    const [latest, first] = res.body.data.changes;
    expect(res.body.data.changes).toHaveLength(2);
    expect(first).toMatchObject({
      action: 'created',
      changedBy: 'Test User',
      revision: 'A',
      entries: [{ kind: 'itemAdded', item: { quantity: 4, itemTypeId: 'CABLE', outerDiameterMm: 32 } }],
    });
    expect(latest!.action).toBe('updated');
    expect(latest!.entries).toEqual([
      { kind: 'transitField', field: 'depthMm', before: 150, after: 160 },
      {
        kind: 'itemField',
        item: { quantity: 4, itemTypeId: 'CABLE', outerDiameterMm: 32, tag: null },
        field: 'outerDiameterMm',
        before: 32,
        after: 40,
      },
    ]);
    // The newest change is the state the transit is in; only earlier ones are offered for a restore.
    expect([latest!.restorable, first!.restorable]).toEqual([false, true]);
    expect(changed.penetratingItems[0]!.outerDiameterMm).toBe(40);
  });

  it('records a duplicate as the creation of the copy, with its lines added', async () => {
    const source = await newTransit('Duplicated');
    const copy = await postOk<TransitData>(setup, '/api/project/duplicateTransit', {
      transitId: source.transit.id,
    });
    const res = await history(copy.transit.id);
    expect(res.body.data.changes).toEqual([
      expect.objectContaining({
        action: 'created',
        changedBy: expect.any(String),
        entries: [
          {
            kind: 'itemAdded',
            item: { quantity: 4, itemTypeId: 'CABLE', outerDiameterMm: 32, tag: null },
          },
        ],
      }),
    ]);
    // The source is left as it was: its history has only its own creation.
    expect((await changeRows(source.transit.id)).map((c) => c.action)).toEqual(['created']);
  });

  it('writes nothing for a refused save (a stale version) or a save that changes nothing', async () => {
    const created = await newTransit('Refused');
    const stale = await call(
      t.app,
      '/api/project/savePenetratingItemsAndTransit',
      {
        transit: { ...created.transit, ...A60_CABLE_FIELDS, version: created.transit.version + 5 },
        penetratingItems: [],
      },
      user.headers,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error?.message).toBe(RECORD_MESSAGES.versionConflict);
    await postOk(setup, '/api/project/saveTransit', {
      transit: { ...created.transit, ...A60_CABLE_FIELDS, version: created.transit.version },
    });
    expect((await changeRows(created.transit.id)).map((r) => r.action)).toEqual(['created']);
  });

  it('is written in the transaction of the change: a history that fails takes the change back with it', async () => {
    const created = await newTransit('Atomic');
    const db = t.deps.db.db;
    const real = createChangeRecorder({ repo: createHistoryRepository(db), now: () => new Date() });
    const failing = createTransitsService({
      repo: createTransitsRepository(db),
      loadCatalogue: () => loadCatalogue(db),
      cpu: createInlineCpu(),
      history: {
        ...real,
        async recordChange(tx, change) {
          await real.recordChange(tx, change);
          throw new Error('the history could not be written');
        },
      },
    });
    await expect(
      failing.saveTransit(
        user.organizationId!,
        { ...created.transit, ...A60_CABLE_FIELDS, depthMm: 170, version: created.transit.version },
        user.id,
      ),
    ).rejects.toThrow('the history could not be written');
    const [row] = await db.select().from(transitsTable).where(eq(transitsTable.id, created.transit.id));
    expect([row!.depthMm, row!.version]).toEqual([150, created.transit.version]);
    expect((await changeRows(created.transit.id)).map((r) => r.action)).toEqual(['created']);
  });

  it('restores an earlier state as a new change', async () => {
    const created = await newTransit('Restored');
    const changed = await changeDiameter(created, 40, 160);
    const { changes } = (await history(created.transit.id)).body.data;
    const first = changes.find((c) => c.action === 'created')!;
    const restored = await call<TransitData>(
      t.app,
      '/api/history/restore',
      { transitId: created.transit.id, changeId: first.id },
      user.headers,
    );
    expect(restored.status, JSON.stringify(restored.body.error)).toBe(200);
    expect(restored.body.data.transit.depthMm).toBe(150);
    expect(restored.body.data.penetratingItems.map((i) => [i.quantity, i.outerDiameterMm])).toEqual([
      [4, 32],
    ]);
    expect(restored.body.data.transit.version).toBeGreaterThan(changed.transit.version);
    const after = (await history(created.transit.id)).body.data.changes;
    expect(after.map((c) => c.action)).toEqual(['restored', 'updated', 'created']);
    expect(after[0]!.entries).toContainEqual({
      kind: 'transitField',
      field: 'depthMm',
      before: 160,
      after: 150,
    });
  });

  it('restores item lines that were removed and removes lines added since', async () => {
    const created = await newTransit('Lines');
    const [item] = created.penetratingItems;
    await postOk<TransitData>(setup, '/api/project/savePenetratingItems', {
      transitVersion: created.transit.version,
      penetratingItems: [
        { ...item, isRemoved: true, version: item!.version },
        { transitId: created.transit.id, itemTypeId: 'CABLE', quantity: 2, outerDiameterMm: 12 },
      ],
    });
    const { changes } = (await history(created.transit.id)).body.data;
    expect(changes[0]!.entries).toEqual([
      { kind: 'itemAdded', item: { quantity: 2, itemTypeId: 'CABLE', outerDiameterMm: 12, tag: null } },
      { kind: 'itemRemoved', item: { quantity: 4, itemTypeId: 'CABLE', outerDiameterMm: 32, tag: null } },
    ]);
    const restored = await postOk<TransitData>(setup, '/api/history/restore', {
      transitId: created.transit.id,
      changeId: changes[1]!.id,
    });
    expect(restored.penetratingItems.map((i) => [i.quantity, i.outerDiameterMm])).toEqual([[4, 32]]);
  });

  it('refuses a change of another transit or one that does not exist', async () => {
    const a = await newTransit('A');
    const b = await newTransit('B');
    const [change] = (await history(b.transit.id)).body.data.changes;
    const res = await call(
      t.app,
      '/api/history/restore',
      { transitId: a.transit.id, changeId: change!.id },
      user.headers,
    );
    expect(res.status).toBe(404);
    expect(res.body.error?.message).toBe(HISTORY_MESSAGES.changeNotFound);
  });

  it('another organization can neither read nor restore it', async () => {
    const created = await newTransit('Private');
    const [change] = (await history(created.transit.id)).body.data.changes;
    expect((await history(created.transit.id, other)).status).toBe(404);
    const restore = await call(
      t.app,
      '/api/history/restore',
      { transitId: created.transit.id, changeId: change!.id },
      other.headers,
    );
    expect(restore.status).toBe(404);
    expect((await changeRows(created.transit.id)).length).toBe(1);
  });
});

describe('revisions', () => {
  const exportPdf = (isShare = false) =>
    t.app.inject({
      method: 'POST',
      url: '/api/project/sendProjectExport',
      headers: { [CLIENT_HEADER]: 'test', ...user.headers },
      payload: {
        projectId: setup.project.id,
        measurementSystem: 'METRIC',
        outputFormat: 'PDF',
        ...(isShare ? { isShare: true, emailAddress: 'site@example.com' } : {}),
      },
    });

  it('moves to the next letter only on the first change after an issue, and documents print it', async () => {
    const created = await newTransit('Revised');
    const changed = await changeDiameter(created, 36);
    // Changes before any issue stay revision A.
    expect((await history(created.transit.id)).body.data.revision).toMatchObject({
      revision: 'A',
      issuedOn: null,
    });
    const first = await exportPdf();
    expect(first.statusCode).toBe(200);
    expect(await pdfToText(first.rawPayload)).toMatch(/Revision\s+A, \d{4}-\d{2}-\d{2}/);
    expect((await history(created.transit.id)).body.data.revision.issuedOn).not.toBeNull();
    const b = await changeDiameter(changed, 40);
    const afterB = (await history(created.transit.id)).body.data;
    expect(afterB.revision).toMatchObject({ revision: 'B', issuedOn: null });
    expect(afterB.changes[0]!.revision).toBe('B');
    // A second change before the next issue stays B.
    const b2 = await changeDiameter(b, 44);
    expect((await history(created.transit.id)).body.data.revision.revision).toBe('B');
    expect((await exportPdf(true)).statusCode).toBe(200);
    await changeDiameter(b2, 48);
    expect((await history(created.transit.id)).body.data.revision.revision).toBe('C');
    expect(await pdfToText((await exportPdf()).rawPayload)).toMatch(/Revision\s+C, \d{4}-\d{2}-\d{2}/);
  }, 180_000);
});
