import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings } from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createOrganization, createUserWithToken } from '../../testing/factories';
import { createCatalogueRepository } from '../catalogue';
import { createSettingsRepository } from './settings.repository';
import { createSettingsService } from './settings.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const adminSettings = async (headers: { authorization: string }) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/adminSettings', headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as AdminSettings;
};

describe('GET /api/adminSettings counts (docs/decisions/005-permissions.md reach)', () => {
  it("an ElevatedUser of a customer organization sees only their organization's counts", async () => {
    const db = t.deps.db.db;
    const provider = await createOrganization(db, 'Provider', true);
    const customerOrg = await createOrganization(db, 'Customer A');
    const otherOrg = await createOrganization(db, 'Customer B');
    const providerAdmin = await createUserWithToken(db, {
      organizationId: provider.id,
      roles: ['ElevatedUser', 'Administrator'],
    });
    const sysAdmin = await createUserWithToken(db, {
      organizationId: otherOrg.id,
      roles: ['SystemAdministrator', 'Administrator'],
    });
    const customerAdmin = await createUserWithToken(db, {
      organizationId: customerOrg.id,
      roles: ['ElevatedUser', 'Administrator'],
    });
    await createUserWithToken(db, { organizationId: customerOrg.id });
    for (let i = 0; i < 3; i++) await createUserWithToken(db, { organizationId: otherOrg.id });
    // A pending registration belongs to no organization until it is approved.
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        FirstName: 'Pat',
        LastName: 'Pending',
        Password: 'pending-pass',
        Company: 'Pending Ltd',
        Industry: 'ON_SHORE',
        UserName: 'pat.pending@example.com',
      },
    });
    expect(register.statusCode).toBe(200);

    const everything = { organizations: 3, users: 8, pendingUsers: 1 };
    expect((await adminSettings(providerAdmin.headers)).counts).toEqual(everything);
    expect((await adminSettings(sysAdmin.headers)).counts).toEqual(everything);
    // Nothing about other tenants: one organization, its two users, no pending registrations (it cannot see them).
    expect((await adminSettings(customerAdmin.headers)).counts).toEqual({
      organizations: 1,
      users: 2,
      pendingUsers: 0,
    });
  });
});

describe("GET /api/adminSettings operator details (the provider's, not a customer's)", () => {
  it("only a SystemAdministrator or the provider organization's ElevatedUser gets database, mail and public URL", async () => {
    const db = t.deps.db.db;
    const provider = await createOrganization(db, 'Provider Ops', true);
    const customerOrg = await createOrganization(db, 'Customer Ops');
    const providerAdmin = await createUserWithToken(db, {
      organizationId: provider.id,
      roles: ['ElevatedUser', 'Administrator'],
    });
    const sysAdmin = await createUserWithToken(db, {
      organizationId: customerOrg.id,
      roles: ['SystemAdministrator', 'Administrator'],
    });
    const customerAdmin = await createUserWithToken(db, {
      organizationId: customerOrg.id,
      roles: ['ElevatedUser', 'Administrator'],
    });

    for (const caller of [providerAdmin, sysAdmin]) {
      const data = await adminSettings(caller.headers);
      expect(data.database).toBe(t.deps.db.kind);
      expect(data.mail).toBe(t.deps.mail.target);
      expect(data.publicUrl).toBe(t.deps.env.PUBLIC_URL);
    }
    const customer = await adminSettings(customerAdmin.headers);
    expect(customer).toMatchObject({ database: null, mail: null, publicUrl: null });
    // What the customer administers is still there.
    expect(customer.counts.organizations).toBe(1);
    expect(customer.organization?.id).toBe(customerOrg.id);
  });
});

describe('GET /api/settings read with the session (ADR 038)', () => {
  it("a signed-in caller's settings equal the service's from the rows; a signed-out caller gets no organization", async () => {
    const db = t.deps.db.db;
    const org = await createOrganization(db, 'Settings Marine');
    const user = await createUserWithToken(db, { organizationId: org.id });
    const other = await createUserWithToken(db);
    const { env } = t.deps;
    const service = createSettingsService({
      repo: createSettingsRepository(db),
      catalogue: createCatalogueRepository(db),
      provider: { name: env.PROVIDER_NAME, shortName: env.PROVIDER_SHORT_NAME },
      apiVersion: t.deps.version,
      database: t.deps.db.kind,
      mail: t.deps.mail.target,
      publicUrl: env.PUBLIC_URL,
    });
    for (const caller of [user, other]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/settings', headers: caller.headers });
      expect(res.statusCode).toBe(200);
      const expected = await service.settings({
        id: caller.id,
        organizationId: caller.organizationId,
      });
      expect(res.json().data).toEqual(JSON.parse(JSON.stringify(expected)));
    }
    const mine = await t.app.inject({ method: 'GET', url: '/api/settings', headers: user.headers });
    expect(mine.json().data.organization).toMatchObject({ id: org.id, name: 'Settings Marine' });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data.organization).toBeNull();
  });
});
