import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { projectChanges, transitChanges, transits as transitsTable } from '@sealplan/db';
import {
  importScheduleRequestSchema,
  type ImportScheduleInput,
  type ImportScheduleReport,
  type ImportScheduleRequest,
  type ProjectHistory,
  type SavedWebhook,
  type TransitHistory,
} from '@sealplan/contracts';
import type { Catalogue } from '@sealplan/engine';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { createExportProject } from '../export/testing/export-factories';
import { seedCatalogue } from '../export/testing/export-test-app';
import { createChangeRecorder, createHistoryRepository } from '../history';
import { call } from '../projects/testing/project-fixtures';
import { createSchedulesRepository } from './schedules.repository';
import { createSchedulesService } from './schedules.service';

/**
 * A schedule import's history (ADR 032) and webhook events (ADR 037): each transit it writes gets its change as a
 * save would record it, the project one change naming the import, all in the import's transaction; once it has
 * committed, `project.changed` with what was imported and `transit.changed` per transit are sent. A refused or
 * failed import writes and sends nothing.
 */

/** Sizing in the pool and a second test app make these slow on a loaded machine. */
const SLOW_TEST_MS = 180_000;
/** The operator allows private targets and http:// here: the receiver is on this machine. */
const LOCAL_RECEIVERS = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_ALLOW_HTTP: 'true' };

const HEADINGS = ['Cable tag', 'Type', 'OD (mm)', 'Qty', 'Transit', 'Location'];
const MAPPING = { tag: 0, type: 1, outerDiameter: 2, quantity: 3, transit: 4, location: 5 };

/** A local receiver that answers 204 and keeps each body. */
async function startReceiver() {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let user: TestUser;
let admin: TestUser;
let catalogue: Catalogue;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  t = await createTestApp({}, LOCAL_RECEIVERS);
  catalogue = await seedCatalogue(t);
  user = await createUserWithToken(t.deps.db.db);
  admin = await createUserWithToken(t.deps.db.db, {
    organizationId: user.organizationId!,
    roles: ['ElevatedUser'],
  });
  receiver = await startReceiver();
}, SLOW_TEST_MS);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const freshProject = (name: string) =>
  createExportProject(t.deps.db.db, user.organizationId!, catalogue, { name });

function importRows(projectId: string, rows: string[][], extra: Partial<ImportScheduleRequest> = {}) {
  return call<ImportScheduleReport>(
    t.app,
    '/api/schedules/importSchedule',
    { projectId, headings: HEADINGS, rows, mapping: MAPPING, ...extra },
    user.headers,
  );
}

const projectHistory = async (projectId: string) =>
  (await call<ProjectHistory>(t.app, '/api/history/project', { projectId }, user.headers)).body.data;
const transitHistory = async (transitId: string) =>
  (await call<TransitHistory>(t.app, '/api/history/transit', { transitId }, user.headers)).body.data;

/** Every history row of a project, of its own and of its transits. */
async function historyRows(projectId: string) {
  const db = t.deps.db.db;
  const [own, ofTransits] = await Promise.all([
    db.select().from(projectChanges).where(eq(projectChanges.projectId, projectId)),
    db.select().from(transitChanges).where(eq(transitChanges.projectId, projectId)),
  ]);
  return own.length + ofTransits.length;
}

describe('the history of a schedule import (ADR 032)', () => {
  it(
    'records each transit it writes like a save, and one readable change of the project with the file and counts',
    async () => {
      const { projectId, transits } = await freshProject('Import history');
      const bulkhead = transits.find((tr) => tr.name === 'T-101 Cable bulkhead')!;
      const res = await importRows(
        projectId,
        [
          ['W-1', 'Cable', '18', '2', 'MCT-1', 'Deck 3 / Engine room'],
          ['W-2', 'Cable', '12', '1', 'MCT-1', ''],
          ['W-3', 'Cable', '14', '1', 'T-101 Cable bulkhead', ''],
          ['', '', '', '', '', ''],
        ],
        { fileName: 'cables deck 3.csv' },
      );
      expect(res.status).toBe(200);
      expect(res.body.data.applied).toBe(true);
      const created = res.body.data.transits.find((tr) => tr.created)!;

      const history = await projectHistory(projectId);
      const own = history.changes.filter((c) => c.transitId === null);
      expect(own).toHaveLength(1);
      expect(own[0]).toMatchObject({ action: 'imported', changedBy: 'Test User', revision: null });
      expect(own[0]!.entries).toEqual([
        {
          kind: 'scheduleImported',
          fileName: 'cables deck 3.csv',
          rows: 3,
          items: 4,
          transitsCreated: 1,
          transitsChanged: 1,
        },
      ]);
      expect(
        history.changes
          .filter((c) => c.transitId !== null)
          .map((c) => [c.transitName, c.action])
          .sort(),
      ).toEqual([
        ['MCT-1', 'created'],
        ['T-101 Cable bulkhead', 'updated'],
      ]);

      // The created transit: its lines as added, then where the import placed it; revision A, like a first save.
      const made = await transitHistory(created.id!);
      expect(made.changes).toHaveLength(1);
      expect(made.changes[0]).toMatchObject({ action: 'created', revision: 'A', changedBy: 'Test User' });
      expect(made.changes[0]!.entries).toEqual([
        {
          kind: 'itemAdded',
          item: { quantity: 2, itemTypeId: 'CABLE', outerDiameterMm: 18, tag: 'W-1' },
        },
        {
          kind: 'itemAdded',
          item: { quantity: 1, itemTypeId: 'CABLE', outerDiameterMm: 12, tag: 'W-2' },
        },
        { kind: 'location', before: [], after: ['Deck 3', 'Engine room'] },
      ]);
      // The existing transit: only the line the import added.
      const changed = await transitHistory(bulkhead.id);
      expect(changed.changes.map((c) => [c.action, c.entries])).toEqual([
        [
          'updated',
          [
            {
              kind: 'itemAdded',
              item: { quantity: 1, itemTypeId: 'CABLE', outerDiameterMm: 14, tag: 'W-3' },
            },
          ],
        ],
      ]);
    },
    SLOW_TEST_MS,
  );

  it('names no file for pasted rows', async () => {
    const { projectId } = await freshProject('Pasted rows');
    const res = await importRows(projectId, [['P-1', 'Cable', '10', '1', 'MCT-9', '']]);
    expect(res.body.data.applied).toBe(true);
    const own = (await projectHistory(projectId)).changes.filter((c) => c.transitId === null);
    expect(own.map((c) => c.entries)).toEqual([
      [
        {
          kind: 'scheduleImported',
          fileName: null,
          rows: 1,
          items: 1,
          transitsCreated: 1,
          transitsChanged: 0,
        },
      ],
    ]);
  });

  it('refuses a file name on more than one line, with the field named', async () => {
    const { projectId } = await freshProject('Bad file name');
    const res = await importRows(projectId, [['P-1', 'Cable', '10', '1', 'MCT-9', '']], {
      fileName: 'cables\nx.csv',
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.fields?.fileName).toBe('The file name must be on one line.');
    expect(await historyRows(projectId)).toBe(0);
  });

  it('writes no history for a rejected import or a dry run', async () => {
    const { projectId } = await freshProject('Rejected import');
    const rejected = await importRows(projectId, [
      ['W-1', 'Cable', '18', '1', 'MCT-1', ''],
      ['W-2', 'Cable', 'thick', '1', 'MCT-1', ''],
    ]);
    expect(rejected.body.data.applied).toBe(false);
    const dry = await importRows(projectId, [['W-1', 'Cable', '18', '1', 'MCT-1', '']], { dryRun: true });
    expect(dry.body.data).toMatchObject({ applied: false, dryRun: true });
    expect(await historyRows(projectId)).toBe(0);
  });

  it(
    'is written in the import’s transaction: a history that fails takes the whole import back',
    async () => {
      const { projectId } = await freshProject('Atomic import');
      const db = t.deps.db.db;
      const real = createChangeRecorder({ repo: createHistoryRepository(db), now: () => new Date() });
      const failing = createSchedulesService({
        repo: createSchedulesRepository(db),
        history: {
          recordChange: real.recordChange,
          async recordProjectChange(tx, change) {
            await real.recordProjectChange(tx, change);
            throw new Error('the history could not be written');
          },
        },
        loadCatalogue: async () => catalogue,
        cpu: t.deps.cpu!,
        now: () => new Date(),
      });
      const input: ImportScheduleInput = importScheduleRequestSchema.parse({
        projectId,
        fileName: 'atomic.csv',
        headings: HEADINGS,
        rows: [['A-1', 'Cable', '18', '1', 'MCT-A', '']],
        mapping: MAPPING,
      });
      await expect(failing.importSchedule(user.organizationId!, input, user.id)).rejects.toThrow(
        'the history could not be written',
      );
      const names = (await db.select().from(transitsTable).where(eq(transitsTable.projectId, projectId))).map(
        (tr) => tr.name,
      );
      expect(names).not.toContain('MCT-A');
      expect(await historyRows(projectId)).toBe(0);
    },
    SLOW_TEST_MS,
  );
});

describe('the webhook events of a schedule import (ADR 037)', () => {
  it(
    'sends project.changed with what was imported and transit.changed per transit written; a refused import none',
    async () => {
      const saved = (
        await call<SavedWebhook>(
          t.app,
          '/api/webhook/save',
          {
            url: `${receiver.url}/import`,
            events: ['project.changed', 'transit.changed'],
            description: 'ERP bridge',
          },
          admin.headers,
        )
      ).body.data;
      const { projectId, transits } = await freshProject('Import events');
      const bulkhead = transits.find((tr) => tr.name === 'T-101 Cable bulkhead')!;

      const refused = await importRows(projectId, [['W-1', 'Cable', 'thick', '1', 'MCT-1', '']]);
      expect(refused.body.data.applied).toBe(false);
      await importRows(projectId, [['W-1', 'Cable', '18', '1', 'MCT-1', '']], { dryRun: true });
      await t.app.jobQueue.drain();
      expect(receiver.bodies).toEqual([]);

      const res = await importRows(
        projectId,
        [
          ['W-1', 'Cable', '18', '2', 'MCT-1', ''],
          ['W-2', 'Cable', '12', '1', 'MCT-2', ''],
          ['W-3', 'Cable', '14', '1', 'T-101 Cable bulkhead', ''],
        ],
        { fileName: 'cables.xlsx' },
      );
      expect(res.body.data.applied).toBe(true);
      await t.app.jobQueue.drain();
      const events = receiver.bodies.map(
        (b) => JSON.parse(b) as { type: string; data: Record<string, unknown> },
      );
      const project = events.filter((e) => e.type === 'project.changed');
      expect(project.map((e) => e.data)).toEqual([
        {
          projectId,
          scheduleImport: {
            fileName: 'cables.xlsx',
            rows: 3,
            items: 4,
            transitsCreated: 2,
            transitsChanged: 1,
          },
          importedBy: user.id,
        },
      ]);
      const ids = res.body.data.transits.map((tr) => tr.id);
      expect(ids).toContain(bulkhead.id);
      expect(
        events
          .filter((e) => e.type === 'transit.changed')
          .map((e) => e.data)
          .sort((a, b) => String(a.transitId).localeCompare(String(b.transitId))),
      ).toEqual(
        [...ids]
          .sort((a, b) => a!.localeCompare(b!))
          .map((transitId) => ({ projectId, transitId, isRemoved: false })),
      );
      // Each event is its own delivery in the endpoint's log.
      const log = await call<{ deliveries: { event: string; status: string }[] }>(
        t.app,
        '/api/webhook/deliveries',
        { endpointId: saved.endpoint.id },
        admin.headers,
      );
      expect(log.body.data.deliveries.map((d) => d.status)).toEqual(Array(4).fill('DELIVERED'));
    },
    SLOW_TEST_MS,
  );
});
