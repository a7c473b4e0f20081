import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  RECENT_PROJECTS_LIMIT,
  type Customer,
  type DashboardData,
  type Industry,
  type Project,
} from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { createInlineCpu } from '../../workers/inline-cpu';
import { A60_CABLE_FIELDS } from '../transits/testing/transit-fixtures';
import { call, seedReferenceData, validCustomer } from './testing/project-fixtures';
import { createProjectServices, type ProjectServices } from './project-services';

/**
 * ADR 038: the dashboard, the recent projects and the active customers are written by the database in the
 * session's statement. They must answer exactly what the services answer from the repositories' rows through the
 * presenters, and only the caller's organization.
 */
let t: TestApp;
let user: TestUser;
let other: TestUser;
let services: ProjectServices;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db.db;
  await seedReferenceData(db);
  user = await createUserWithToken(db);
  other = await createUserWithToken(db);
  services = createProjectServices(db, () => new Date(), createInlineCpu());
  const org = user.organizationId!;
  // Names that sort differently by case, an inactive customer, a removed project, an overfilled transit.
  const b = await services.customers.saveOne(org, validCustomer({ name: 'bergen Marine' }));
  const a = await services.customers.saveOne(
    org,
    validCustomer({ name: 'Aker Yards', industryId: 'ON_SHORE' }),
  );
  const gone = await services.customers.saveOne(org, validCustomer({ name: 'Closed Ltd' }));
  await services.customers.saveOne(org, {
    ...validCustomer({ name: 'Closed Ltd' }),
    id: gone.id,
    version: gone.version,
    isDelete: true,
  });
  const projects = [];
  for (let i = 0; i < RECENT_PROJECTS_LIMIT + 2; i++)
    projects.push(
      await services.projects.saveOne(org, user.id, {
        name: `Hull ${i + 1}`,
        customerId: i % 2 ? a.id : b.id,
        industryId: 'OFF_SHORE',
        description: i === 0 ? 'Deck 3 "refit" – 第二' : '',
      }),
    );
  const removed = projects[1]!;
  await services.projects.saveOne(org, user.id, {
    id: removed.id,
    version: removed.version,
    name: removed.name,
    customerId: a.id,
    industryId: 'OFF_SHORE',
    isDelete: true,
  });
  for (const [name, diameterMm] of [
    ['MCT-01 fits', 250],
    ['MCT-02 overfilled', 40],
  ] as const)
    await services.transits.savePenetratingItemsAndTransit(org, {
      transit: { projectId: projects[0]!.id, name, shape: 'ROUND', diameterMm, ...A60_CABLE_FIELDS },
      penetratingItems: [{ quantity: 6, outerDiameterMm: 24, crusherId: null, sort: 0 }],
    } as never);
}, 300_000);
afterAll(async () => t.close());

describe('page reads written by the database (ADR 038)', () => {
  it('getRecentProjects answers what the service answers from the repository', async () => {
    const res = await call<Project[]>(t.app, '/api/project/getRecentProjects', {}, user.headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(RECENT_PROJECTS_LIMIT);
    expect(res.body.data).toEqual(await services.projects.getRecentProjects(user.organizationId!));
  });

  it('customer getActive answers what the service answers, sorted by name whatever the case', async () => {
    const res = await call<Customer[]>(t.app, '/api/customer/getActive', {}, user.headers);
    expect(res.status).toBe(200);
    expect(res.body.data.map((c) => c.name)).toEqual(['Aker Yards', 'bergen Marine']);
    expect(res.body.data).toEqual(await services.customers.getActive(user.organizationId!));
  });

  it('getDashboardData answers the same counts and recent projects as the service', async () => {
    const res = await call<DashboardData>(t.app, '/api/project/getDashboardData', {}, user.headers);
    expect(res.status).toBe(200);
    const expected = await services.projects.getDashboardData(user.organizationId!);
    expect(res.body.data).toEqual(expected);
    expect(expected.counts).toEqual({
      projects: RECENT_PROJECTS_LIMIT + 1,
      transits: 2,
      overfilledTransits: 1,
      customers: 2,
    });
  });

  it('industry getActive answers what the service answers, to a signed-in caller and to a visitor', async () => {
    // An inactive industry and names per language (ADR 030) make the answer more than the seed's order.
    await t.deps.db.db.execute(sql`update industries set is_active = false where id = 'ON_SHORE'`);
    await t.deps.db.db.execute(
      sql`update industries set names = '{"de-DE":"Offshore (de)"}'::jsonb where id = 'OFF_SHORE'`,
    );
    const expected = await services.customers.getActiveIndustries();
    expect(expected.some((i) => i.id === 'ON_SHORE')).toBe(false);
    expect(expected.find((i) => i.id === 'OFF_SHORE')?.names).toEqual({ 'de-DE': 'Offshore (de)' });
    const signedIn = await call<Industry[]>(t.app, '/api/industry/getActive', {}, user.headers);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toEqual(expected);
    const visitor = await call<Industry[]>(t.app, '/api/industry/getActive', {}, {});
    expect(visitor.body.data).toEqual(expected);
    await t.deps.db.db.execute(sql`update industries set is_active = true where id = 'ON_SHORE'`);
  });

  it('another organization reads none of it, and a signed-out caller is refused', async () => {
    const recent = await call<Project[]>(t.app, '/api/project/getRecentProjects', {}, other.headers);
    expect(recent.body.data).toEqual([]);
    const customers = await call<Customer[]>(t.app, '/api/customer/getActive', {}, other.headers);
    expect(customers.body.data).toEqual([]);
    const dashboard = await call<DashboardData>(t.app, '/api/project/getDashboardData', {}, other.headers);
    expect(dashboard.body.data).toEqual({
      counts: { projects: 0, transits: 0, overfilledTransits: 0, customers: 0 },
      recentProjects: [],
    });
    for (const path of [
      '/api/project/getRecentProjects',
      '/api/customer/getActive',
      '/api/project/getDashboardData',
    ])
      expect((await call(t.app, path, {}, {})).status).toBe(401);
  });
});
