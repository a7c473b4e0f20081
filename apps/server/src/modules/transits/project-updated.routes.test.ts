// Issue 18 item 4: the project's "Updated" date moves whenever its transits or their items change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Customer,
  PenetratingItem,
  Project,
  ProjectAndTransits,
  Transit,
  TransitData,
} from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { call, seedReferenceData, validCustomer } from '../projects/testing/project-fixtures';

let t: TestApp;
let user: TestUser;
let project: Project;

/** Long enough for two timestamps to differ on any clock the database keeps. */
const TICK_MS = 15;
const tick = () => new Promise((r) => setTimeout(r, TICK_MS));

async function updatedOn(): Promise<{ on: string; version: number }> {
  const res = await call<ProjectAndTransits>(
    t.app,
    '/api/project/getProjectAndTransits',
    { projectId: project.id },
    user.headers,
  );
  return { on: res.body.data.project.auditing.lastUpdatedOn, version: res.body.data.project.version };
}

/** Runs a change and answers whether the project's Updated date moved (and that its version did not). */
async function moves(change: () => Promise<void>): Promise<boolean> {
  const before = await updatedOn();
  await tick();
  await change();
  const after = await updatedOn();
  expect(after.version).toBe(before.version);
  return Date.parse(after.on) > Date.parse(before.on);
}

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.deps.db.db);
  user = await createUserWithToken(t.deps.db.db);
  const customer = (
    await call<Customer>(t.app, '/api/customer/saveOne', { customer: validCustomer() }, user.headers)
  ).body.data;
  project = (
    await call<Project>(
      t.app,
      '/api/project/saveOne',
      { project: { name: 'Updated date', customerId: customer.id, industryId: 'OFF_SHORE' } },
      user.headers,
    )
  ).body.data;
});
afterAll(async () => t.close());

describe('project Updated date (issue 18 item 4)', () => {
  let transit: Transit;

  it('moves when a transit is created, saved with items, has an item saved, is duplicated and removed', async () => {
    expect(
      await moves(async () => {
        const res = await call<TransitData>(
          t.app,
          '/api/project/savePenetratingItemsAndTransit',
          {
            transit: { projectId: project.id, name: 'A', shape: 'ROUND', diameterMm: 200 },
            penetratingItems: [{ itemTypeId: 'CABLE', quantity: 2, outerDiameterMm: 20 }],
          },
          user.headers,
        );
        expect(res.status).toBe(200);
        transit = res.body.data.transit;
      }),
    ).toBe(true);

    expect(
      await moves(async () => {
        const res = await call<TransitData>(
          t.app,
          '/api/project/savePenetratingItems',
          {
            transitVersion: transit.version,
            penetratingItems: [
              { transitId: transit.id, itemTypeId: 'CABLE', quantity: 1, outerDiameterMm: 30 },
            ],
          },
          user.headers,
        );
        expect(res.status).toBe(200);
        transit = res.body.data.transit;
      }),
    ).toBe(true);

    expect(
      await moves(async () => {
        const res = await call<Transit>(
          t.app,
          '/api/project/saveTransit',
          {
            transit: {
              id: transit.id,
              projectId: project.id,
              version: transit.version,
              name: 'A2',
              shape: 'ROUND',
            },
          },
          user.headers,
        );
        expect(res.status).toBe(200);
        transit = res.body.data;
      }),
    ).toBe(true);

    expect(
      await moves(async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/instance/PenetratingItem',
          payload: { transitId: transit.id, itemTypeId: 'CABLE', quantity: 1, outerDiameterMm: 12 },
          headers: user.headers,
        });
        expect(res.statusCode).toBe(200);
        expect((res.json() as { data: PenetratingItem }).data.transitId).toBe(transit.id);
      }),
    ).toBe(true);

    let copyId = '';
    expect(
      await moves(async () => {
        const res = await call<TransitData>(
          t.app,
          '/api/project/duplicateTransit',
          { transitId: transit.id },
          user.headers,
        );
        expect(res.status).toBe(200);
        copyId = res.body.data.transit.id;
      }),
    ).toBe(true);

    const copy = (
      await call<TransitData>(t.app, '/api/project/getTransitData', { transitId: copyId }, user.headers)
    ).body.data.transit;
    expect(
      await moves(async () => {
        const res = await call<Transit>(
          t.app,
          '/api/project/saveTransit',
          {
            transit: {
              id: copy.id,
              projectId: project.id,
              version: copy.version,
              isDelete: true,
              name: copy.name,
              shape: copy.shape,
            },
          },
          user.headers,
        );
        expect(res.status).toBe(200);
      }),
    ).toBe(true);
  });

  it('does not move when a save is refused', async () => {
    expect(
      await moves(async () => {
        const res = await call<Transit>(
          t.app,
          '/api/project/saveTransit',
          { transit: { id: transit.id, projectId: project.id, version: 1, name: 'stale', shape: 'ROUND' } },
          user.headers,
        );
        expect(res.body.error?.code).toBe('VERSION_CONFLICT');
      }),
    ).toBe(false);
  });
});
