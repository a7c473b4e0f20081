import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PAGE_SIZE,
  type Customer,
  type InstanceList,
  type Project,
  type Transit,
  type TransitData,
} from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { call, seedReferenceData, validCustomer } from '../projects/testing/project-fixtures';

let t: TestApp;
let user: TestUser;
let other: TestUser;
let acme: Customer;
let project: Project;
let transit: TransitData;

async function list<T>(model: string, query: Record<string, string | number>, headers = user.headers) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/instance/${model}`,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers,
  });
  return {
    status: res.statusCode,
    body: res.json() as { data: InstanceList<T>; error?: { code: string; message: string } },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.deps.db.db);
  user = await createUserWithToken(t.deps.db.db);
  other = await createUserWithToken(t.deps.db.db);
  for (const name of ['Bravo Marine', 'Charlie Yards', 'Delta Offshore']) {
    await call(t.app, '/api/customer/saveOne', { customer: validCustomer({ name }) }, user.headers);
  }
  acme = (
    await call<Customer>(
      t.app,
      '/api/customer/saveOne',
      { customer: validCustomer({ name: 'Acme 100%_Sealing' }) },
      user.headers,
    )
  ).body.data;
  await call(
    t.app,
    '/api/customer/saveOne',
    { customer: validCustomer({ name: 'Foreign Co' }) },
    other.headers,
  );
  project = (
    await call<Project>(
      t.app,
      '/api/project/saveOne',
      { project: { name: 'Ferry', customerId: acme.id, industryId: 'OFF_SHORE' } },
      user.headers,
    )
  ).body.data;
  await call(
    t.app,
    '/api/project/saveOne',
    { project: { name: 'Harbour', customerId: acme.id, industryId: 'ON_SHORE' } },
    user.headers,
  );
  transit = (
    await call<TransitData>(
      t.app,
      '/api/project/savePenetratingItemsAndTransit',
      {
        transit: {
          projectId: project.id,
          name: 'T',
          shape: 'ROUND',
          diameterMm: 200,
          penetratingItemTypeId: 'CABLE',
        },
        penetratingItems: [{ quantity: 2, outerDiameterMm: 20 }],
      },
      user.headers,
    )
  ).body.data;
});
afterAll(async () => t.close());

describe('GET /api/instance/{model}', () => {
  it('lists customers of the caller only, sorted by name, with a pager (default size 10)', async () => {
    const res = await list<Customer>('Customer', {});
    expect(res.status).toBe(200);
    expect(res.body.data.r.map((c) => c.name)).toEqual([
      'Acme 100%_Sealing',
      'Bravo Marine',
      'Charlie Yards',
      'Delta Offshore',
    ]);
    expect(res.body.data.pager).toEqual({
      fromIndex: 0,
      size: 10,
      totalRecords: 4,
      pageIndex: 0,
      recordIndex: 0,
    });
    expect(res.body.data.r[0]!.projectCount).toBe(2);
  });

  it('pages, sorts and filters with the whitelisted operators', async () => {
    const page = await list<Customer>('Customer', {
      fromIndex: 2,
      size: 2,
      sort: JSON.stringify({ name: -1 }),
    });
    expect(page.body.data.r.map((c) => c.name)).toEqual(['Bravo Marine', 'Acme 100%_Sealing']);
    expect(page.body.data.pager).toEqual({
      fromIndex: 2,
      size: 2,
      totalRecords: 4,
      pageIndex: 1,
      recordIndex: 2,
    });
    // Spec §3 recordIndex: a page asked for past the end starts after the last record.
    const past = await list<Customer>('Customer', { fromIndex: 10, size: 5 });
    expect(past.body.data.r).toEqual([]);
    expect(past.body.data.pager).toMatchObject({ pageIndex: 2, recordIndex: 4, totalRecords: 4 });
    const like = await list<Customer>('Customer', { q: JSON.stringify({ name: { like: 'marine' } }) });
    expect(like.body.data.r.map((c) => c.name)).toEqual(['Bravo Marine']);
    const orFilter = await list<Customer>('Customer', {
      q: JSON.stringify({ $or: [{ name: 'Delta Offshore' }, { projectCount: { gte: 1 } }] }),
    });
    expect(orFilter.body.data.r.map((c) => c.name)).toEqual(['Acme 100%_Sealing', 'Delta Offshore']);
    const inFilter = await list<Customer>('Customer', {
      q: JSON.stringify({ name: { in: ['Charlie Yards', 'Nobody'] }, isActive: true }),
    });
    expect(inFilter.body.data.r.map((c) => c.name)).toEqual(['Charlie Yards']);
    // % and _ are taken literally, not as wildcards.
    const literal = await list<Customer>('Customer', { q: JSON.stringify({ name: { contains: '100%_' } }) });
    expect(literal.body.data.r.map((c) => c.name)).toEqual(['Acme 100%_Sealing']);
    const wildcard = await list<Customer>('Customer', { q: JSON.stringify({ name: { contains: '%' } }) });
    expect(wildcard.body.data.r).toHaveLength(1);
    const search = await list<Customer>('Customer', { search: 'yards' });
    expect(search.body.data.r.map((c) => c.name)).toEqual(['Charlie Yards']);
  });

  it('lists projects with customer name, industry, transit count and last update; searches by customer', async () => {
    const res = await list<Project>('Project', { sort: JSON.stringify({ name: 1 }) });
    expect(
      res.body.data.r.map((p) => [p.name, p.customer.display, p.industry.display, p.transitCount]),
    ).toEqual([
      ['Ferry', 'Acme 100%_Sealing', 'Off Shore', 1],
      ['Harbour', 'Acme 100%_Sealing', 'On Shore', 0],
    ]);
    expect(res.body.data.r[0]!.auditing.lastUpdatedOn).toMatch(/^\d{4}-/);
    const byCustomer = await list<Project>('Project', {
      search: 'acme',
      q: JSON.stringify({ industryId: 'ON_SHORE' }),
    });
    expect(byCustomer.body.data.r.map((p) => p.name)).toEqual(['Harbour']);
    const otherOrg = await list<Project>('Project', {}, other.headers);
    expect(otherOrg.body.data.r).toEqual([]);
  });

  it('lists the transits of a project by projectId, and their items', async () => {
    const transits = await list<Transit>('Transit', { q: JSON.stringify({ projectId: project.id }) });
    expect(transits.body.data.r.map((x) => x.id)).toEqual([transit.transit.id]);
    expect(transits.body.data.r[0]!.results).not.toBeNull();
    const items = await list<{ transitId: string; quantity: number }>('PenetratingItem', {
      q: JSON.stringify({ transitId: transit.transit.id }),
    });
    expect(items.body.data.r.map((i) => i.quantity)).toEqual([2]);
    const foreign = await list<Transit>(
      'Transit',
      { q: JSON.stringify({ projectId: project.id }) },
      other.headers,
    );
    expect(foreign.body.data.r).toEqual([]);
    const industries = await list<{ id: string }>('Industry', {});
    expect(industries.body.data.r.map((i) => i.id)).toEqual(['ON_SHORE', 'OFF_SHORE']);
  });

  it.each([
    ['SQL in a field name', { q: JSON.stringify({ 'name; drop table customers; --': 'x' }) }],
    ['a column that is not whitelisted', { q: JSON.stringify({ organizationId: 'x' }) }],
    ['an inherited property name', { q: JSON.stringify({ constructor: 'x' }) }],
    ['__proto__', { q: '{"__proto__": {"eq": 1}}' }],
    ['SQL in an operator', { q: JSON.stringify({ name: { "= 'x' or 1=1 --": 'x' } }) }],
    ['an object as a value', { q: JSON.stringify({ name: { eq: { raw: 'select 1' } } }) }],
    ['a number where a uuid belongs', { q: JSON.stringify({ id: 1 }) }],
    ['a bad uuid', { q: JSON.stringify({ id: "' or 1=1 --" }) }],
    ['text for a number field', { q: JSON.stringify({ projectCount: { gt: '0 or 1=1' } }) }],
    ['like on a number', { q: JSON.stringify({ projectCount: { like: '1' } }) }],
    ['not JSON', { q: "name = 'x'" }],
    ['a JSON array', { q: '[1,2]' }],
    ['deeply nested $or', { q: JSON.stringify({ $or: [{ $or: [{ $or: [{ name: 'x' }] }] }] }) }],
    [
      'an oversized in list',
      { q: JSON.stringify({ name: { in: Array.from({ length: 101 }, (_, i) => `n${i}`) } }) },
    ],
    ['SQL in a sort key', { sort: JSON.stringify({ 'name desc; drop table customers': 1 }) }],
    ['a bad sort direction', { sort: JSON.stringify({ name: 'desc, (select 1)' }) }],
    ['an oversized size', { size: MAX_PAGE_SIZE + 1 }],
    ['a negative fromIndex', { fromIndex: -1 }],
  ])('refuses %s with 400', async (_label, query) => {
    const res = await list('Customer', query as Record<string, string | number>);
    expect(res.status).toBe(400);
    const after = await list<Customer>('Customer', {});
    expect(after.body.data.pager.totalRecords).toBe(4);
  });

  it('treats SQL in a value as plain text', async () => {
    const res = await list<Customer>('Customer', { q: JSON.stringify({ name: "x' or '1'='1" }) });
    expect(res.status).toBe(200);
    expect(res.body.data.r).toEqual([]);
  });

  it('answers 404 for an unknown model', async () => {
    const res = await list('users', {});
    expect(res.status).toBe(404);
  });
});

describe('record reads and writes', () => {
  it('creates, reads, updates and soft-deletes a project through the generic API', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/instance/Project',
      headers: user.headers,
      payload: { name: 'Generic', customerId: acme.id, industryId: 'ON_SHORE' },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as string;
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/instance/Project/${id}`,
      headers: user.headers,
    });
    expect(read.json().data.name).toBe('Generic');
    const invalid = await t.app.inject({
      method: 'PUT',
      url: `/api/instance/Project/${id}`,
      headers: user.headers,
      payload: { name: '', customerId: acme.id, industryId: 'ON_SHORE', version: 1 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields['project.name']).toBe('Please Enter a Project Name');
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/instance/Project/${id}`,
      headers: user.headers,
      payload: { name: 'Renamed', customerId: acme.id, industryId: 'ON_SHORE', version: 1 },
    });
    expect(updated.json().data).toMatchObject({ name: 'Renamed', version: 2 });
    const stale = await t.app.inject({
      method: 'DELETE',
      url: `/api/instance/Project/${id}?version=1`,
      headers: user.headers,
    });
    expect(stale.statusCode).toBe(409);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/instance/Project/${id}?force=true`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/instance/Project/${id}?version=2`,
      headers: user.headers,
    });
    expect(removed.json().data.isRemoved).toBe(true);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/instance/Project/${id}`,
      headers: user.headers,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('a user of another organization gets 404 for every record of every model', async () => {
    const ids: [string, string][] = [
      ['Customer', acme.id],
      ['Project', project.id],
      ['Transit', transit.transit.id],
      ['PenetratingItem', transit.penetratingItems[0]!.id],
    ];
    for (const [model, id] of ids) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await t.app.inject({
          method,
          url: `/api/instance/${model}/${id}${method === 'DELETE' ? '?force=true' : ''}`,
          headers: other.headers,
          ...(method === 'PUT'
            ? { payload: { force: true, name: 'x', quantity: 1, outerDiameterMm: 1 } }
            : {}),
        });
        expect({ model, method, status: res.statusCode }).toEqual({ model, method, status: 404 });
      }
    }
    const item = await t.app.inject({
      method: 'GET',
      url: `/api/instance/PenetratingItem/${transit.penetratingItems[0]!.id}`,
      headers: user.headers,
    });
    expect(item.json().data.quantity).toBe(2);
  });

  it('updates an item line through the generic API and recomputes its transit', async () => {
    const line = transit.penetratingItems[0]!;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/instance/PenetratingItem/${line.id}`,
      headers: user.headers,
      payload: { quantity: 5, outerDiameterMm: 20, version: line.version },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.quantity).toBe(5);
    const data = (
      await call<TransitData>(
        t.app,
        '/api/project/getTransitData',
        { transitId: transit.transit.id },
        user.headers,
      )
    ).body.data;
    expect(data.transit.penetratingItemCount).toBe(5);
  });

  it('industries are read-only', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/instance/Industry/ON_SHORE',
      headers: user.headers,
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });
});
