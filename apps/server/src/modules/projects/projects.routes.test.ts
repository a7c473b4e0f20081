import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@sealplan/db';
import {
  PROJECT_MESSAGES,
  RECENT_PROJECTS_LIMIT,
  RECORD_MESSAGES,
  type Customer,
  type DashboardData,
  type InstanceList,
  type Project,
  type ProjectAndTransits,
  type Transit,
  type TransitData,
} from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { call, seedReferenceData, validCustomer } from './testing/project-fixtures';
import { seedDemoPortfolio } from './demo.seed';

let t: TestApp;
let user: TestUser;
let other: TestUser;
let customer: Customer;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.deps.db.db);
  user = await createUserWithToken(t.deps.db.db);
  other = await createUserWithToken(t.deps.db.db);
  customer = (
    await call<Customer>(t.app, '/api/customer/saveOne', { customer: validCustomer() }, user.headers)
  ).body.data;
});
afterAll(async () => t.close());

const newProject = (overrides: Record<string, unknown> = {}) => ({
  name: 'Platform refit',
  customerId: customer.id,
  industryId: 'OFF_SHORE',
  description: 'Deck penetrations, level 3',
  ...overrides,
});

describe('project saveOne', () => {
  it('creates a project with customer and industry references', async () => {
    const res = await call<Project>(t.app, '/api/project/saveOne', { project: newProject() }, user.headers);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const p = res.body.data;
    expect(p).toMatchObject({
      name: 'Platform refit',
      customer: { id: customer.id, display: 'North Sea Yards', model: 'Customer' },
      industry: { id: 'OFF_SHORE', display: 'Off Shore', model: 'Industry' },
      description: 'Deck penetrations, level 3',
      transitCount: 0,
      version: 1,
      isRemoved: false,
    });
    expect(p.guid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    [{ name: '' }, 'project.name', PROJECT_MESSAGES.name],
    [{ name: '   ' }, 'project.name', PROJECT_MESSAGES.name],
    [{ industryId: '' }, 'project.industryId', PROJECT_MESSAGES.industry],
    [{ industryId: undefined }, 'project.industryId', PROJECT_MESSAGES.industry],
    [{ customerId: undefined }, 'project.customerId', PROJECT_MESSAGES.customer],
    [{ customerId: 'not-a-uuid' }, 'project.customerId', PROJECT_MESSAGES.customer],
  ])('refuses %j with the spec message', async (overrides, field, message) => {
    const res = await call(t.app, '/api/project/saveOne', { project: newProject(overrides) }, user.headers);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('VALIDATION_FAILED');
    expect(res.body.error?.fields?.[field]).toBe(message);
  });

  it('refuses an unknown industry and a customer of another organization', async () => {
    const badIndustry = await call(
      t.app,
      '/api/project/saveOne',
      { project: newProject({ industryId: 'MOON' }) },
      user.headers,
    );
    expect(badIndustry.status).toBe(400);
    expect(badIndustry.body.error?.fields?.['project.industryId']).toBe(PROJECT_MESSAGES.industryNotFound);
    const foreign = await call(t.app, '/api/project/saveOne', { project: newProject() }, other.headers);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error?.fields?.['project.customerId']).toBe(PROJECT_MESSAGES.customerNotFound);
  });

  it('updates with the current version, refuses an older one, overwrites with force', async () => {
    const created = (
      await call<Project>(
        t.app,
        '/api/project/saveOne',
        { project: newProject({ name: 'V1' }) },
        user.headers,
      )
    ).body.data;
    const v2 = await call<Project>(
      t.app,
      '/api/project/saveOne',
      { project: newProject({ id: created.id, version: 1, name: 'V2' }) },
      user.headers,
    );
    expect(v2.status).toBe(200);
    expect(v2.body.data.version).toBe(2);
    const stale = await call(
      t.app,
      '/api/project/saveOne',
      { project: newProject({ id: created.id, version: 1, name: 'Stale' }) },
      user.headers,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe('VERSION_CONFLICT');
    expect(stale.body.error?.message).toBe(RECORD_MESSAGES.versionConflict);
    const noVersion = await call(
      t.app,
      '/api/project/saveOne',
      { project: newProject({ id: created.id, name: 'No version' }) },
      user.headers,
    );
    expect(noVersion.status).toBe(400);
    const forced = await call<Project>(
      t.app,
      '/api/project/saveOne',
      { project: newProject({ id: created.id, version: 1, force: true, name: 'Forced' }) },
      user.headers,
    );
    expect(forced.status).toBe(200);
    expect(forced.body.data).toMatchObject({ name: 'Forced', version: 3 });
  });

  it('soft-deletes with isDelete: the project is gone from reads but the row stays', async () => {
    const created = (
      await call<Project>(
        t.app,
        '/api/project/saveOne',
        { project: newProject({ name: 'To delete' }) },
        user.headers,
      )
    ).body.data;
    const del = await call<Project>(
      t.app,
      '/api/project/saveOne',
      { project: newProject({ id: created.id, version: 1, isDelete: true }) },
      user.headers,
    );
    expect(del.status).toBe(200);
    expect(del.body.data.isRemoved).toBe(true);
    const read = await call(
      t.app,
      '/api/project/getProjectAndTransits',
      { projectId: created.id },
      user.headers,
    );
    expect(read.status).toBe(404);
    const again = await call(
      t.app,
      '/api/project/saveOne',
      { project: newProject({ id: created.id, version: 2, name: 'Back?' }) },
      user.headers,
    );
    expect(again.status).toBe(404);
  });
});

describe('project reads', () => {
  it('getProjectAndTransits answers the project, its customer and its transits', async () => {
    const p = (
      await call<Project>(
        t.app,
        '/api/project/saveOne',
        { project: newProject({ name: 'With transits' }) },
        user.headers,
      )
    ).body.data;
    await call(
      t.app,
      '/api/project/saveTransit',
      { transit: { projectId: p.id, name: 'T1', shape: 'ROUND', diameterMm: 200 } },
      user.headers,
    );
    const res = await call<ProjectAndTransits>(
      t.app,
      '/api/project/getProjectAndTransits',
      { projectId: p.id },
      user.headers,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.project).toMatchObject({ id: p.id, transitCount: 1 });
    // The customer comes from the project's own query (ADR 019): the same answer as the customer's own read.
    const active = await call<Customer[]>(t.app, '/api/customer/getActive', {}, user.headers);
    expect(res.body.data.customer).toEqual(active.body.data.find((c) => c.id === customer.id));
    expect(res.body.data.customer.projectCount).toBeGreaterThanOrEqual(1);
    expect(res.body.data.transits).toHaveLength(1);
    expect(res.body.data.transits[0]).toMatchObject({ name: 'T1', penetratingItems: [] });
    expect(res.body.data.transits[0]!.results).not.toBeNull();
    // The stored results are answered as stored (sent as their JSON text, ADR 019): the same as getTransitData's.
    const one = await call<TransitData>(
      t.app,
      '/api/project/getTransitData',
      { transitId: res.body.data.transits[0]!.id },
      user.headers,
    );
    expect(res.body.data.transits[0]!.results).toEqual(one.body.data.transit.results);
    expect(res.body.data.transits[0]!.transitType).toEqual(one.body.data.transit.transitType);
    // Another organization learns nothing: not found, no project, customer or transits.
    const foreign = await call<ProjectAndTransits>(
      t.app,
      '/api/project/getProjectAndTransits',
      { projectId: p.id },
      other.headers,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.data).toBeNull();
    expect(foreign.body.error?.message).toBe(PROJECT_MESSAGES.notFound);
  });

  it('getRecentProjects answers the newest projects first, at most the limit', async () => {
    for (let i = 0; i < RECENT_PROJECTS_LIMIT + 1; i++) {
      await call(
        t.app,
        '/api/project/saveOne',
        { project: newProject({ name: `Recent ${i}` }) },
        user.headers,
      );
    }
    const res = await call<Project[]>(t.app, '/api/project/getRecentProjects', {}, user.headers);
    expect(res.body.data).toHaveLength(RECENT_PROJECTS_LIMIT);
    expect(res.body.data[0]!.name).toBe(`Recent ${RECENT_PROJECTS_LIMIT}`);
  });

  it('getDashboardData counts live projects, transits, active customers and overfilled transits', async () => {
    const fresh = await createUserWithToken(t.deps.db.db);
    const c = (
      await call<Customer>(t.app, '/api/customer/saveOne', { customer: validCustomer() }, fresh.headers)
    ).body.data;
    const p = (
      await call<Project>(
        t.app,
        '/api/project/saveOne',
        { project: newProject({ customerId: c.id }) },
        fresh.headers,
      )
    ).body.data;
    // 100 mm opening, two 90 mm cables: 162 % of the area, far above the fill limit.
    await call(
      t.app,
      '/api/project/savePenetratingItemsAndTransit',
      {
        transit: { projectId: p.id, shape: 'ROUND', diameterMm: 100, penetratingItemTypeId: 'CABLE' },
        penetratingItems: [{ quantity: 2, outerDiameterMm: 90 }],
      },
      fresh.headers,
    );
    await call(
      t.app,
      '/api/project/saveTransit',
      { transit: { projectId: p.id, shape: 'ROUND', diameterMm: 300 } },
      fresh.headers,
    );
    const res = await call<DashboardData>(t.app, '/api/project/getDashboardData', {}, fresh.headers);
    expect(res.body.data.counts).toEqual({ projects: 1, transits: 2, customers: 1, overfilledTransits: 1 });
    expect(res.body.data.recentProjects.map((x) => x.id)).toEqual([p.id]);
  });

  it('getFormData and getPenetratingItemTypes answer the seeded catalogue', async () => {
    const form = await call<{
      catalogue: { itemTypes: unknown[]; crushers: unknown[]; isSample: boolean };
      meta: { isVerified: boolean };
    }>(t.app, '/api/project/getFormData', {}, user.headers);
    expect(form.status).toBe(200);
    expect(form.body.data.catalogue.itemTypes).toHaveLength(3);
    expect(form.body.data.catalogue.isSample).toBe(true);
    expect(form.body.data.meta.isVerified).toBe(false);
    const types = await call<{ id: string }[]>(
      t.app,
      '/api/project/getPenetratingItemTypes',
      {},
      user.headers,
    );
    expect(types.body.data.map((x) => x.id)).toEqual(['PIPE_PLASTIC', 'PIPE', 'CABLE']);
  });
});

describe('the project read, written by the database in one query (ADR 019)', () => {
  it("answers exactly what the project's, the customer's and each transit's own reads answer", async () => {
    const owner = await createUserWithToken(t.deps.db.db);
    // The small portfolio: every shape, transit type and item type (the large project adds none).
    await seedDemoPortfolio(t.deps.db.db, owner.organizationId!, owner.id, { largeProject: false });
    const projects = (await call<Project[]>(t.app, '/api/project/getRecentProjects', {}, owner.headers)).body
      .data;
    const customers = (await call<Customer[]>(t.app, '/api/customer/getActive', {}, owner.headers)).body.data;
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/instance/Transit',
      query: { size: '100' },
      headers: owner.headers,
    });
    const allTransits = (listed.json().data as InstanceList<Transit>).r;
    // A removed transit and a removed item line are left out of the read.
    const gone = allTransits.find((x) => x.penetratingItemCount > 1)!;
    const goneData = (
      await call<TransitData>(t.app, '/api/project/getTransitData', { transitId: gone.id }, owner.headers)
    ).body.data;
    const [firstItem, ...keptItems] = goneData.penetratingItems;
    const trimmed = await call(
      t.app,
      '/api/project/savePenetratingItems',
      {
        transitVersion: goneData.transit.version,
        penetratingItems: [
          {
            id: firstItem!.id,
            transitId: gone.id,
            quantity: firstItem!.quantity,
            outerDiameterMm: firstItem!.outerDiameterMm,
            isRemoved: true,
          },
        ],
      },
      owner.headers,
    );
    expect(trimmed.status).toBe(200);
    const removedTransit = allTransits.find((x) => x.projectId === gone.projectId && x.id !== gone.id)!;
    const removed = await call(
      t.app,
      '/api/project/saveTransit',
      { transit: { ...removedTransit, isDelete: true } },
      owner.headers,
    );
    expect(removed.status).toBe(200);

    expect(projects.length).toBeGreaterThanOrEqual(3);
    const reads = new Map<string, ProjectAndTransits>();
    for (const project of projects) {
      const read = await call<ProjectAndTransits>(
        t.app,
        '/api/project/getProjectAndTransits',
        { projectId: project.id },
        owner.headers,
      );
      expect(read.status).toBe(200);
      const { data } = read.body;
      reads.set(project.id, data);
      const again = (await call<Project[]>(t.app, '/api/project/getRecentProjects', {}, owner.headers)).body
        .data;
      expect(data.project).toEqual(again.find((p) => p.id === project.id));
      expect(data.customer).toEqual(customers.find((c) => c.id === project.customerId));
      const expectedIds = allTransits
        .filter((x) => x.projectId === project.id && x.id !== removedTransit.id)
        .sort((a, b) => a.auditing.createdOn.localeCompare(b.auditing.createdOn) || a.id.localeCompare(b.id))
        .map((x) => x.id);
      expect(data.transits.map((x) => x.id)).toEqual(expectedIds);
      for (const transit of data.transits) {
        const own = (
          await call<TransitData>(
            t.app,
            '/api/project/getTransitData',
            { transitId: transit.id },
            owner.headers,
          )
        ).body.data;
        expect(transit).toEqual({ ...own.transit, penetratingItems: own.penetratingItems });
      }
    }
    const goneRead = reads.get(gone.projectId)!.transits.find((x) => x.id === gone.id)!;
    expect(goneRead.penetratingItems.map((i) => i.id)).not.toContain(firstItem!.id);
    expect(goneRead.penetratingItems).toHaveLength(keptItems.length);
    // Twelve transits sized on the test thread: minutes on a loaded machine.
  }, 300_000);
});

describe('the project read, in the session statement (ADR 019)', () => {
  it('refuses as every route does: signed out 401, a bad body 400, a suspended account 401', async () => {
    const p = (
      await call<Project>(
        t.app,
        '/api/project/saveOne',
        { project: newProject({ name: 'Guarded' }) },
        user.headers,
      )
    ).body.data;
    const read = (headers: Record<string, string>, body: unknown) =>
      call(t.app, '/api/project/getProjectAndTransits', body, headers);
    expect((await read({}, { projectId: p.id })).status).toBe(401);
    expect((await read(user.headers, { projectId: 'not-a-uuid' })).status).toBe(400);
    expect((await read(user.headers, {})).status).toBe(400);
    const suspended = await createUserWithToken(t.deps.db.db);
    await t.deps.db.db.update(users).set({ isSuspended: true }).where(eq(users.id, suspended.id));
    expect((await read(suspended.headers, { projectId: p.id })).status).toBe(401);
    expect((await read(user.headers, { projectId: p.id })).status).toBe(200);
  });
});
