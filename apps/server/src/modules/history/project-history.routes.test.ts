import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projectChanges, projectLocations, projects as projectsTable, transitChanges } from '@sealplan/db';
import {
  PROJECT_HISTORY_PAGE_SIZE,
  RECORD_MESSAGES,
  type Customer,
  type Project,
  type ProjectHistory,
  type TransitData,
} from '@sealplan/contracts';
import type { TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { createProjectsRepository, createProjectsService } from '../projects';
import { call, validCustomer } from '../projects/testing/project-fixtures';
import { createSiteRepository, createSiteService } from '../site';
import {
  A60_CABLE_FIELDS,
  postOk,
  setUpProject,
  type ProjectSetup,
} from '../transits/testing/transit-fixtures';
import { createChangeRecorder, createHistoryRepository } from './index';

// ADR 032: every change of a project's own fields is recorded in the change's transaction, and the project's
// history view lists them with its transits' changes, newest first.

let setup: ProjectSetup;
let t: TestApp;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  setup = await setUpProject('Project history tests');
  ({ t, user } = setup);
  other = await createUserWithToken(t.deps.db.db);
});
afterAll(async () => t.close());

const projectHistory = (projectId: string, who: TestUser = user, offset?: number) =>
  call<ProjectHistory>(
    t.app,
    '/api/history/project',
    { projectId, ...(offset === undefined ? {} : { offset }) },
    who.headers,
  );

const rowsOf = (projectId: string) =>
  t.deps.db.db.select().from(projectChanges).where(eq(projectChanges.projectId, projectId));

async function newProject(name: string): Promise<Project> {
  return postOk<Project>(setup, '/api/project/saveOne', {
    project: { name, customerId: setup.project.customerId, industryId: 'OFF_SHORE', description: 'Deck 3' },
  });
}

const saveProject = (project: Project, changes: Record<string, unknown>, who: TestUser = user) =>
  call<Project>(
    t.app,
    '/api/project/saveOne',
    {
      project: {
        id: project.id,
        name: project.name,
        customerId: project.customerId,
        industryId: project.industryId,
        description: project.description,
        version: project.version,
        ...changes,
      },
    },
    who.headers,
  );

describe("the history of a project's own fields", () => {
  it('records a creation and a change field by field, the customer by its name, with who made it', async () => {
    const created = await newProject('Hull 512');
    const second = await postOk<Customer>(setup, '/api/customer/saveOne', {
      customer: validCustomer({ name: 'Baltic Refits' }),
    });
    const res = await saveProject(created, {
      name: 'Hull 512 engine room',
      customerId: second.id,
      industryId: 'ON_SHORE',
      description: '',
    });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    const history = await projectHistory(created.id);
    expect(history.status).toBe(200);
    expect(history.body.data.hasMore).toBe(false);
    const [latest, first] = history.body.data.changes;
    expect(history.body.data.changes).toHaveLength(2);
    expect(first).toMatchObject({
      action: 'created',
      transitId: null,
      transitName: null,
      revision: null,
      changedBy: 'Test User',
      entries: [
        { kind: 'projectField', field: 'name', before: null, after: 'Hull 512' },
        { kind: 'projectField', field: 'customer', before: null, after: 'North Sea Yards' },
        { kind: 'projectField', field: 'industryId', before: null, after: 'OFF_SHORE' },
        { kind: 'projectField', field: 'description', before: null, after: 'Deck 3' },
      ],
    });
    expect(latest).toMatchObject({ action: 'updated', changedBy: 'Test User' });
    expect(latest!.entries).toEqual([
      { kind: 'projectField', field: 'name', before: 'Hull 512', after: 'Hull 512 engine room' },
      { kind: 'projectField', field: 'customer', before: 'North Sea Yards', after: 'Baltic Refits' },
      { kind: 'projectField', field: 'industryId', before: 'OFF_SHORE', after: 'ON_SHORE' },
      { kind: 'projectField', field: 'description', before: 'Deck 3', after: null },
    ]);
  });

  it('writes nothing for a refused save (a stale version, an unknown customer) or a save that changes nothing', async () => {
    const created = await newProject('Refused');
    const stale = await saveProject(created, { name: 'Never', version: created.version + 3 });
    expect(stale.status).toBe(409);
    expect(stale.body.error?.message).toBe(RECORD_MESSAGES.versionConflict);
    const unknownCustomer = await saveProject(created, {
      name: 'Never',
      customerId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownCustomer.status).toBe(400);
    const same = await saveProject(created, {});
    expect(same.status).toBe(200);
    expect((await rowsOf(created.id)).map((r) => r.action)).toEqual(['created']);
    const [row] = await t.deps.db.db.select().from(projectsTable).where(eq(projectsTable.id, created.id));
    expect(row!.name).toBe('Refused');
  });

  it('is written in the transaction of the change: a history that fails takes the change back with it', async () => {
    const created = await newProject('Atomic');
    const db = t.deps.db.db;
    const real = createChangeRecorder({ repo: createHistoryRepository(db), now: () => new Date() });
    const failing = createProjectsService({
      repo: createProjectsRepository(db),
      history: {
        async recordProjectChange(tx, change) {
          await real.recordProjectChange(tx, change);
          throw new Error('the history could not be written');
        },
      },
    });
    await expect(
      failing.saveOne(user.organizationId!, user.id, {
        id: created.id,
        name: 'Atomic changed',
        customerId: created.customerId,
        industryId: created.industryId,
        version: created.version,
      }),
    ).rejects.toThrow('the history could not be written');
    await expect(
      failing.saveOne(user.organizationId!, user.id, {
        name: 'Never created',
        customerId: created.customerId,
        industryId: created.industryId,
      }),
    ).rejects.toThrow('the history could not be written');
    const [row] = await db.select().from(projectsTable).where(eq(projectsTable.id, created.id));
    expect([row!.name, row!.version]).toEqual(['Atomic', created.version]);
    expect((await rowsOf(created.id)).map((r) => r.action)).toEqual(['created']);
    const neverCreated = await db.select().from(projectsTable).where(eq(projectsTable.name, 'Never created'));
    expect(neverCreated).toHaveLength(0);
  });

  it('records a removal', async () => {
    const created = await newProject('Removed');
    const res = await saveProject(created, { isDelete: true });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    expect((await rowsOf(created.id)).map((r) => r.action).sort()).toEqual(['created', 'removed']);
  });
});

describe("the project's history view", () => {
  it("lists the project's changes with its transits' changes, newest first, each transit named", async () => {
    const project = await newProject('Mixed');
    const transit = await postOk<TransitData>(setup, '/api/project/savePenetratingItemsAndTransit', {
      transit: {
        projectId: project.id,
        name: 'Frame 40',
        shape: 'ROUND',
        diameterMm: 250,
        ...A60_CABLE_FIELDS,
      },
      penetratingItems: [{ itemTypeId: 'CABLE', quantity: 4, outerDiameterMm: 32 }],
    });
    const [item] = transit.penetratingItems;
    await postOk<TransitData>(setup, '/api/project/savePenetratingItems', {
      transitVersion: transit.transit.version,
      penetratingItems: [{ ...item, outerDiameterMm: 40, version: item!.version }],
    });
    const renamed = await saveProject(project, { name: 'Mixed, renamed' });
    expect(renamed.status).toBe(200);

    const { changes } = (await projectHistory(project.id)).body.data;
    expect(changes.map((c) => [c.transitName, c.action])).toEqual([
      [null, 'updated'],
      ['Frame 40', 'updated'],
      ['Frame 40', 'created'],
      [null, 'created'],
    ]);
    expect(changes[1]).toMatchObject({ transitId: transit.transit.id, revision: 'A' });
    expect(changes[1]!.entries).toContainEqual({
      kind: 'itemField',
      item: { quantity: 4, itemTypeId: 'CABLE', outerDiameterMm: 32, tag: null },
      field: 'outerDiameterMm',
      before: 32,
      after: 40,
    });
  });

  it("records a transit's move in the location tree by its paths, once per move", async () => {
    const project = await newProject('Located');
    const transit = await postOk<TransitData>(setup, '/api/project/saveTransit', {
      transit: {
        projectId: project.id,
        name: 'Frame 7',
        shape: 'ROUND',
        diameterMm: 200,
        ...A60_CABLE_FIELDS,
      },
    });
    const transitId = (transit as unknown as { id: string }).id;
    const deck = await postOk<{ id: string }>(setup, '/api/site/saveLocation', {
      location: { projectId: project.id, name: 'Deck 3' },
    });
    const room = await postOk<{ id: string }>(setup, '/api/site/saveLocation', {
      location: { projectId: project.id, name: 'Engine room', parentId: deck.id },
    });
    const move = (locationId: string | null) =>
      postOk(setup, '/api/site/setTransitLocation', { transitId, locationId });
    await move(room.id);
    await move(room.id); // the same place again: no change
    await move(deck.id);
    await move(null);
    const { changes } = (await projectHistory(project.id)).body.data;
    const moves = changes.filter((c) => c.action === 'location');
    expect(moves.map((c) => c.entries)).toEqual([
      [{ kind: 'location', before: ['Deck 3'], after: [] }],
      [{ kind: 'location', before: ['Deck 3', 'Engine room'], after: ['Deck 3'] }],
      [{ kind: 'location', before: [], after: ['Deck 3', 'Engine room'] }],
    ]);
    expect(moves.every((c) => c.transitName === 'Frame 7' && c.revision === 'A')).toBe(true);
  });

  it("records a removed place's transits losing it, in the removal's transaction", async () => {
    const project = await newProject('Unplaced');
    const transit = await postOk<{ id: string }>(setup, '/api/project/saveTransit', {
      transit: {
        projectId: project.id,
        name: 'Frame 9',
        shape: 'ROUND',
        diameterMm: 200,
        ...A60_CABLE_FIELDS,
      },
    });
    const deck = await postOk<{ id: string }>(setup, '/api/site/saveLocation', {
      location: { projectId: project.id, name: 'Deck 3' },
    });
    const room = await postOk<{ id: string }>(setup, '/api/site/saveLocation', {
      location: { projectId: project.id, name: 'ER', parentId: deck.id },
    });
    await postOk(setup, '/api/site/setTransitLocation', { transitId: transit.id, locationId: room.id });

    // A history that cannot be written takes the removal back: the place stays, the transit in it.
    const db = t.deps.db.db;
    const real = createChangeRecorder({ repo: createHistoryRepository(db), now: () => new Date() });
    const failing = createSiteService({
      repo: createSiteRepository(db),
      now: () => new Date(),
      cpu: t.deps.cpu!,
      publicUrl: 'http://localhost',
      recordLocationChange: async (tx, change) => {
        await real.recordChange(tx, {
          ...change,
          actorId: change.userId,
          action: 'location',
          before: null,
          after: null,
          entries: [{ kind: 'location', before: change.before, after: change.after }],
        });
        throw new Error('the history could not be written');
      },
    });
    const rowsBefore = (
      await db.select().from(transitChanges).where(eq(transitChanges.projectId, project.id))
    ).length;
    await expect(failing.deleteLocation(user.organizationId!, room.id, user.id)).rejects.toThrow(
      'the history could not be written',
    );
    expect(await db.select().from(projectLocations).where(eq(projectLocations.id, room.id))).toHaveLength(1);
    expect(
      (await db.select().from(transitChanges).where(eq(transitChanges.projectId, project.id))).length,
    ).toBe(rowsBefore);

    await postOk(setup, '/api/site/deleteLocation', { locationId: room.id });
    const { changes } = (await projectHistory(project.id)).body.data;
    expect(changes.slice(0, 2).map((c) => [c.transitName, c.action, c.entries])).toEqual(
      expect.arrayContaining([
        [null, 'updated', [{ kind: 'locationRemoved', path: ['Deck 3', 'ER'] }]],
        ['Frame 9', 'location', [{ kind: 'location', before: ['Deck 3', 'ER'], after: [] }]],
      ]),
    );
  });

  it("records the project's location tree: a place added, renamed and moved, removed, by its paths", async () => {
    const project = await newProject('Tree');
    const deck = await postOk<{ id: string; version: number }>(setup, '/api/site/saveLocation', {
      location: { projectId: project.id, name: 'Deck 3' },
    });
    const room = await postOk<{ id: string; version: number }>(setup, '/api/site/saveLocation', {
      location: { projectId: project.id, name: 'ER', parentId: deck.id },
    });
    await postOk(setup, '/api/site/saveLocation', {
      location: { projectId: project.id, id: room.id, name: 'Engine room', version: room.version },
    });
    // A stale version is refused and records nothing.
    const stale = await call(
      t.app,
      '/api/site/saveLocation',
      { location: { projectId: project.id, id: room.id, name: 'Never', version: room.version } },
      user.headers,
    );
    expect(stale.status).toBe(409);
    await postOk(setup, '/api/site/deleteLocation', { locationId: room.id });
    const { changes } = (await projectHistory(project.id)).body.data;
    expect(changes.filter((c) => c.transitId === null).map((c) => c.entries)).toEqual([
      [{ kind: 'locationRemoved', path: ['Engine room'] }],
      [{ kind: 'locationChanged', before: ['Deck 3', 'ER'], after: ['Engine room'] }],
      [{ kind: 'locationAdded', path: ['Deck 3', 'ER'] }],
      [{ kind: 'locationAdded', path: ['Deck 3'] }],
      expect.arrayContaining([{ kind: 'projectField', field: 'name', before: null, after: 'Tree' }]),
    ]);
  });

  it('pages a long history', async () => {
    let project = await newProject('Paged');
    for (let i = 1; i <= PROJECT_HISTORY_PAGE_SIZE; i++) {
      const res = await saveProject(project, { name: `Paged ${i}` });
      expect(res.status).toBe(200);
      project = res.body.data;
    }
    const first = (await projectHistory(project.id)).body.data;
    expect(first.changes).toHaveLength(PROJECT_HISTORY_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.changes[0]!.entries).toContainEqual({
      kind: 'projectField',
      field: 'name',
      before: `Paged ${PROJECT_HISTORY_PAGE_SIZE - 1}`,
      after: `Paged ${PROJECT_HISTORY_PAGE_SIZE}`,
    });
    const next = (await projectHistory(project.id, user, PROJECT_HISTORY_PAGE_SIZE)).body.data;
    expect(next).toMatchObject({ hasMore: false, changes: [{ action: 'created' }] });
  }, 120_000);

  it('another organization can neither read it nor write to it', async () => {
    const project = await newProject('Private');
    const read = await projectHistory(project.id, other);
    expect(read.status).toBe(404);
    const write = await saveProject(project, { name: 'Taken over' }, other);
    expect(write.status).toBe(404);
    expect((await rowsOf(project.id)).map((r) => r.action)).toEqual(['created']);
  });
});
