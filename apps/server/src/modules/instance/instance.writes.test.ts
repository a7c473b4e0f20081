import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { transitChanges } from '@sealplan/db';
import {
  CUSTOMER_MESSAGES,
  type Customer,
  type PenetratingItem,
  type Project,
  type Transit,
  type TransitData,
} from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { call, seedReferenceData, validCustomer } from '../projects/testing/project-fixtures';

/** Generic records writes (spec §7 POST/PUT/DELETE /api/instance/{model}) for Customer, Transit, PenetratingItem. */
let t: TestApp;
let user: TestUser;
let other: TestUser;
let project: Project;
let foreignTransit: TransitData;

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers = user.headers,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function setUp(owner: TestUser) {
  const customer = (
    await call<Customer>(t.app, '/api/customer/saveOne', { customer: validCustomer() }, owner.headers)
  ).body.data;
  return (
    await call<Project>(
      t.app,
      '/api/project/saveOne',
      { project: { name: 'Generic writes', customerId: customer.id, industryId: 'OFF_SHORE' } },
      owner.headers,
    )
  ).body.data;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.deps.db.db);
  user = await createUserWithToken(t.deps.db.db);
  other = await createUserWithToken(t.deps.db.db);
  project = await setUp(user);
  const foreignProject = await setUp(other);
  foreignTransit = (
    await call<TransitData>(
      t.app,
      '/api/project/savePenetratingItemsAndTransit',
      {
        transit: {
          projectId: foreignProject.id,
          shape: 'ROUND',
          diameterMm: 150,
          penetratingItemTypeId: 'CABLE',
        },
        penetratingItems: [{ quantity: 1, outerDiameterMm: 20 }],
      },
      other.headers,
    )
  ).body.data;
});
afterAll(async () => t.close());

describe('generic record writes', () => {
  it('Customer: create with the spec messages, update with versions, delete deactivates', async () => {
    const invalid = await send('POST', '/api/instance/Customer', validCustomer({ name: 'A' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields['customer.name']).toBe(CUSTOMER_MESSAGES.companyName);
    const created = await send('POST', '/api/instance/Customer', validCustomer({ name: 'Generic Co' }));
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as string;
    const updated = await send(
      'PUT',
      `/api/instance/Customer/${id}`,
      validCustomer({ name: 'Generic Two', version: 1 }),
    );
    expect(updated.json().data).toMatchObject({ name: 'Generic Two', version: 2, isActive: true });
    const stale = await send(
      'PUT',
      `/api/instance/Customer/${id}`,
      validCustomer({ name: 'Stale', version: 1 }),
    );
    expect(stale.statusCode).toBe(409);
    const removed = await send('DELETE', `/api/instance/Customer/${id}?version=2`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.isActive).toBe(false);
  });

  it('Transit: create and update store server-computed results; stale versions refused; delete soft-deletes', async () => {
    const created = await send('POST', '/api/instance/Transit', {
      projectId: project.id,
      name: 'Generic',
      shape: 'ROUND',
      diameterMm: 200,
      penetratingItemTypeId: 'CABLE',
      results: { overfilled: true },
    });
    expect(created.statusCode).toBe(200);
    const transit = created.json().data as Transit;
    expect(transit).toMatchObject({ name: 'Generic', version: 1, projectId: project.id });
    expect(transit.results?.overfilled).toBe(false);

    const item = await send('POST', '/api/instance/PenetratingItem', {
      transitId: transit.id,
      quantity: 2,
      outerDiameterMm: 90,
    });
    expect(item.statusCode).toBe(200);
    const line = item.json().data as PenetratingItem;
    const withItem = (await send('GET', `/api/instance/Transit/${transit.id}`)).json().data as Transit;
    expect(withItem.penetratingItemCount).toBe(2);

    // Two 90 mm cables: 40 % of a 200 mm opening, 162 % of a 100 mm one. Narrowing overfills it: the server recomputes on the update.
    const narrowed = await send('PUT', `/api/instance/Transit/${transit.id}`, {
      name: 'Generic',
      shape: 'ROUND',
      diameterMm: 100,
      penetratingItemTypeId: 'CABLE',
      version: withItem.version,
    });
    expect(narrowed.statusCode).toBe(200);
    const after = narrowed.json().data as Transit;
    expect(after.version).toBe(withItem.version + 1);
    expect(after.results?.overfilled).toBe(true);
    const stale = await send('PUT', `/api/instance/Transit/${transit.id}`, {
      shape: 'ROUND',
      diameterMm: 300,
      version: withItem.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('VERSION_CONFLICT');

    const lineRemoved = await send('DELETE', `/api/instance/PenetratingItem/${line.id}?force=true`);
    expect(lineRemoved.statusCode).toBe(200);
    expect(
      ((await send('GET', `/api/instance/Transit/${transit.id}`)).json().data as Transit)
        .penetratingItemCount,
    ).toBe(0);
    const removed = await send('DELETE', `/api/instance/Transit/${transit.id}?force=true`);
    expect(removed.statusCode).toBe(200);
    expect((await send('GET', `/api/instance/Transit/${transit.id}`)).statusCode).toBe(404);

    // ADR 032: each write through the generic records is a change of the transit's history, like the editor's.
    const changes = await t.deps.db.db
      .select()
      .from(transitChanges)
      .where(eq(transitChanges.transitId, transit.id))
      .orderBy(asc(transitChanges.changedOn), asc(transitChanges.id));
    expect(changes.map((c) => [c.action, (c.entries as { kind: string }[]).map((e) => e.kind)])).toEqual([
      ['created', []],
      ['updated', ['itemAdded']],
      ['updated', ['transitField']],
      ['updated', ['itemRemoved']],
      ['removed', []],
    ]);
    expect(changes.every((c) => c.changedById === user.id)).toBe(true);
  });

  it("a body cannot move a record into another organization's project or transit", async () => {
    const mine = (
      await send('POST', '/api/instance/Transit', { projectId: project.id, shape: 'ROUND', diameterMm: 200 })
    ).json().data as Transit;
    const line = (
      await send('POST', '/api/instance/PenetratingItem', {
        transitId: mine.id,
        quantity: 1,
        outerDiameterMm: 10,
      })
    ).json().data as PenetratingItem;

    const attempts = [
      send('POST', '/api/instance/Transit', {
        projectId: foreignTransit.transit.projectId,
        shape: 'ROUND',
        diameterMm: 90,
      }),
      send('PUT', `/api/instance/Transit/${mine.id}`, {
        projectId: foreignTransit.transit.projectId,
        shape: 'ROUND',
        diameterMm: 200,
        force: true,
      }),
      send('POST', '/api/instance/PenetratingItem', {
        transitId: foreignTransit.transit.id,
        quantity: 1,
        outerDiameterMm: 10,
      }),
      send('PUT', `/api/instance/PenetratingItem/${line.id}`, {
        transitId: foreignTransit.transit.id,
        quantity: 1,
        outerDiameterMm: 10,
        force: true,
      }),
    ];
    const [createIn, moveTo, addTo, moveLine] = await Promise.all(attempts);
    expect(createIn!.statusCode).toBe(404);
    // An existing transit stays in its project: a projectId in the body is not a move.
    expect(moveTo!.statusCode === 200 ? moveTo!.json().data.projectId : 'refused').toMatch(
      new RegExp(`^(${project.id}|refused)$`),
    );
    expect(addTo!.statusCode).toBe(404);
    expect(moveLine!.statusCode).toBe(404);

    const theirs = (
      await call<TransitData>(
        t.app,
        '/api/project/getTransitData',
        { transitId: foreignTransit.transit.id },
        other.headers,
      )
    ).body.data;
    expect(theirs.transit.version).toBe(foreignTransit.transit.version);
    expect(theirs.penetratingItems.map((i) => i.id)).toEqual(
      foreignTransit.penetratingItems.map((i) => i.id),
    );
    const stillMine = (await send('GET', `/api/instance/PenetratingItem/${line.id}`)).json()
      .data as PenetratingItem;
    expect(stillMine.transitId).toBe(mine.id);
  });
});
