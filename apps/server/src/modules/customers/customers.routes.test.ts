import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_MESSAGES,
  RECORD_MESSAGES,
  customerFormSchema,
  type Customer,
  type Industry,
} from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { call, seedReferenceData, validCustomer } from '../projects/testing/project-fixtures';

let t: TestApp;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.deps.db.db);
  user = await createUserWithToken(t.deps.db.db);
  other = await createUserWithToken(t.deps.db.db);
});
afterAll(async () => t.close());

describe('customer saveOne', () => {
  it('creates a customer in the stored shape of spec §3', async () => {
    const res = await call<Customer>(
      t.app,
      '/api/customer/saveOne',
      { customer: validCustomer() },
      user.headers,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'North Sea Yards',
      industry: { id: 'OFF_SHORE', display: 'Off Shore', model: 'Industry' },
      contactFirstName: 'Ingrid',
      contactLastName: 'Hansen',
      contactPhone: '+47 (55) 123-456',
      contactEmail: 'ingrid@example.com',
      projectCount: 0,
      isActive: true,
      version: 1,
    });
  });

  it.each([
    ['name', 'A', CUSTOMER_MESSAGES.companyName],
    ['name', 'x'.repeat(51), CUSTOMER_MESSAGES.companyName],
    ['name', undefined, CUSTOMER_MESSAGES.companyName],
    ['industryId', '', CUSTOMER_MESSAGES.industry],
    ['contactFirstName', 'J', CUSTOMER_MESSAGES.firstName],
    ['contactLastName', '', CUSTOMER_MESSAGES.lastName],
    ['contactPhone', '555-CALL-NOW', CUSTOMER_MESSAGES.phone],
    ['contactPhone', '', CUSTOMER_MESSAGES.phone],
    ['contactEmail', 'not-an-email', CUSTOMER_MESSAGES.email],
  ])('refuses %s = %j with the spec message', async (field, value, message) => {
    const res = await call(
      t.app,
      '/api/customer/saveOne',
      { customer: validCustomer({ [field]: value }) },
      user.headers,
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.fields?.[`customer.${field}`]).toBe(message);
  });

  it('the form schema gives the same messages on the form field names', () => {
    const result = customerFormSchema.safeParse({
      companyName: 'A',
      industry: '',
      pocFirstName: '',
      pocLastName: 'B',
      pocPhoneNumber: 'abc',
      pocEmail: 'x',
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      companyName: CUSTOMER_MESSAGES.companyName,
      industry: CUSTOMER_MESSAGES.industry,
      pocFirstName: CUSTOMER_MESSAGES.firstName,
      pocLastName: CUSTOMER_MESSAGES.lastName,
      pocPhoneNumber: CUSTOMER_MESSAGES.phone,
      pocEmail: CUSTOMER_MESSAGES.email,
    });
  });

  it('refuses an unknown industry', async () => {
    const res = await call(
      t.app,
      '/api/customer/saveOne',
      { customer: validCustomer({ industryId: 'MOON' }) },
      user.headers,
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.fields?.['customer.industryId']).toBe(CUSTOMER_MESSAGES.industryNotFound);
  });

  it('updates with versions, refuses stale saves, deactivates with isDelete', async () => {
    const c = (
      await call<Customer>(
        t.app,
        '/api/customer/saveOne',
        { customer: validCustomer({ name: 'Zeta Ltd' }) },
        user.headers,
      )
    ).body.data;
    const v2 = await call<Customer>(
      t.app,
      '/api/customer/saveOne',
      { customer: validCustomer({ id: c.id, version: 1, name: 'Zeta Limited' }) },
      user.headers,
    );
    expect(v2.body.data).toMatchObject({ name: 'Zeta Limited', version: 2 });
    const stale = await call(
      t.app,
      '/api/customer/saveOne',
      { customer: validCustomer({ id: c.id, version: 1 }) },
      user.headers,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error?.message).toBe(RECORD_MESSAGES.versionConflict);
    const del = await call<Customer>(
      t.app,
      '/api/customer/saveOne',
      { customer: validCustomer({ id: c.id, version: 2, isDelete: true }) },
      user.headers,
    );
    expect(del.body.data).toMatchObject({ isActive: false, name: 'Zeta Limited' });
    const active = await call<Customer[]>(t.app, '/api/customer/getActive', {}, user.headers);
    expect(active.body.data.map((x) => x.id)).not.toContain(c.id);
  });

  it('a user of another organization can neither read nor change the customer', async () => {
    const c = (
      await call<Customer>(
        t.app,
        '/api/customer/saveOne',
        { customer: validCustomer({ name: 'Private Co' }) },
        user.headers,
      )
    ).body.data;
    const write = await call(
      t.app,
      '/api/customer/saveOne',
      { customer: validCustomer({ id: c.id, force: true, name: 'Hijacked' }) },
      other.headers,
    );
    expect(write.status).toBe(404);
    const list = await call<Customer[]>(t.app, '/api/customer/getActive', {}, other.headers);
    expect(list.body.data.map((x) => x.id)).not.toContain(c.id);
    const get = await t.app.inject({
      method: 'GET',
      url: `/api/instance/Customer/${c.id}`,
      headers: other.headers,
    });
    expect(get.statusCode).toBe(404);
  });
});

describe('getActive', () => {
  it('customer getActive answers active customers sorted by name, with project counts', async () => {
    const fresh = await createUserWithToken(t.deps.db.db);
    for (const name of ['delta', 'Alpha', 'charlie']) {
      await call(t.app, '/api/customer/saveOne', { customer: validCustomer({ name }) }, fresh.headers);
    }
    const res = await call<Customer[]>(t.app, '/api/customer/getActive', {}, fresh.headers);
    expect(res.body.data.map((c) => c.name)).toEqual(['Alpha', 'charlie', 'delta']);
    const alpha = res.body.data[0]!;
    await call(
      t.app,
      '/api/project/saveOne',
      { project: { name: 'P', customerId: alpha.id, industryId: 'ON_SHORE' } },
      fresh.headers,
    );
    const again = await call<Customer[]>(t.app, '/api/customer/getActive', {}, fresh.headers);
    expect(again.body.data[0]!.projectCount).toBe(1);
  });

  it('industry getActive answers ON_SHORE and OFF_SHORE', async () => {
    const res = await call<Industry[]>(t.app, '/api/industry/getActive', {}, user.headers);
    expect(res.body.data.map((i) => [i.id, i.name])).toEqual([
      ['ON_SHORE', 'On Shore'],
      ['OFF_SHORE', 'Off Shore'],
    ]);
  });

  it('industry getActive answers a visitor without a token (the register page lists them)', async () => {
    const res = await call<Industry[]>(t.app, '/api/industry/getActive', {}, {});
    expect(res.status).toBe(200);
    expect(res.body.data.map((i) => i.id)).toEqual(['ON_SHORE', 'OFF_SHORE']);
  });
});
