import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormData, PenetratingItemTypes, TransitData } from '@sealplan/contracts';
import { buildApp, type App } from '../../app';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createOrganization, createUserWithToken, type TestUser } from '../../testing/factories';
import { withQueryLog } from '../../testing/query-log';
import { call, seedReferenceData, validCustomer } from '../projects/testing/project-fixtures';
import { A60_CABLE_FIELDS } from '../transits/testing/transit-fixtures';
import { createCatalogueRepository } from './catalogue.repository';

/**
 * ADR 038: the catalogue is kept per server and checked against the meta row's version on every load, so an
 * unchanged catalogue costs one indexed query and an administrator's edit through one server is seen by every
 * other server on its next request.
 */
let t: TestApp;
/** A second app server on the same database, with services (and a catalogue cache) of its own. */
let second: App;
let admin: TestUser;
let user: TestUser;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db.db;
  await seedReferenceData(db);
  const provider = await createOrganization(db, 'Provider', true);
  admin = await createUserWithToken(db, { organizationId: provider.id, roles: ['ElevatedUser'] });
  user = await createUserWithToken(db);
  second = await buildApp(t.deps, { logger: false });
  await second.ready();
  const customer = (
    await call<{ id: string }>(t.app, '/api/customer/saveOne', { customer: validCustomer() }, user.headers)
  ).body.data;
  projectId = (
    await call<{ id: string }>(
      t.app,
      '/api/project/saveOne',
      { project: { name: 'Cache', customerId: customer.id, industryId: 'OFF_SHORE' } },
      user.headers,
    )
  ).body.data.id;
});
afterAll(async () => {
  await second.close();
  await t.close();
});

async function formData(app: App): Promise<FormData> {
  const res = await call<FormData>(app, '/api/project/getFormData', {}, user.headers);
  expect(res.status).toBe(200);
  return res.body.data;
}

/** Saves the same cable transit through `app` and answers its stored results. */
async function saveTransit(app: App, name: string): Promise<TransitData> {
  const res = await call<TransitData>(
    app,
    '/api/project/savePenetratingItemsAndTransit',
    {
      transit: { projectId, name, shape: 'ROUND', diameterMm: 200, ...A60_CABLE_FIELDS },
      penetratingItems: [{ quantity: 4, outerDiameterMm: 20, crusherId: null, sort: 0 }],
    },
    user.headers,
  );
  expect(res.status, JSON.stringify(res.body.error)).toBe(200);
  return res.body.data;
}

/** Every value of `key` anywhere inside `value`. */
function valuesOf(value: unknown, key: string): unknown[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [...(k === key ? [v] : []), ...valuesOf(v, key)]);
}

describe('catalogue cache (ADR 038)', () => {
  it('an unchanged catalogue loads with one query, on the primary key of the meta row', async () => {
    const sent: string[] = [];
    const repo = createCatalogueRepository(withQueryLog(t.deps.db, (sql) => void sent.push(sql)));
    const first = await repo.load();
    expect(sent.length).toBeGreaterThan(1);
    sent.length = 0;
    const again = await repo.load();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/from "catalogue_meta"/);
    expect(again).toEqual(first);
    // Shared between loads, so nobody may change it.
    expect(() => (again.catalogue.itemTypes as unknown as unknown[]).push({})).toThrow();
    expect(Object.isFrozen(again.catalogue.transitTypes[0])).toBe(true);
  });

  it("an edit through one server is seen by the other's next read and next save", async () => {
    // Both servers have read (and kept) the catalogue, and sized a transit with it.
    const before = await formData(t.app);
    expect(await formData(second)).toEqual(before);
    const sizedBefore = await saveTransit(second, 'MCT-01 before the edit');
    const usableBefore = before.catalogue.transitTypes.find(
      (x) => x.id === 'NOFIRNO',
    )!.usableSealantCartridgeSizeMl;
    expect(valuesOf(sizedBefore.transit.results, 'usableCartridgeSizeMl')).toContain(usableBefore);

    const edited = structuredClone(before.catalogue);
    const nofirno = edited.transitTypes.find((x) => x.id === 'NOFIRNO')!;
    nofirno.usableSealantCartridgeSizeMl = usableBefore - 40;
    edited.itemTypes.find((x) => x.id === 'CABLE')!.name = 'Cable (edited)';
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/catalogue',
      headers: admin.headers,
      payload: { catalogue: edited, version: before.meta.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const seen = await formData(second);
    expect(seen.meta.version).toBe(before.meta.version + 1);
    expect(seen.catalogue.transitTypes.find((x) => x.id === 'NOFIRNO')!.usableSealantCartridgeSizeMl).toBe(
      usableBefore - 40,
    );
    const types = await call<PenetratingItemTypes>(
      second,
      '/api/project/getPenetratingItemTypes',
      {},
      user.headers,
    );
    expect(types.body.data.find((x) => x.id === 'CABLE')!.name).toBe('Cable (edited)');
    const sizedAfter = await saveTransit(second, 'MCT-02 after the edit');
    expect(valuesOf(sizedAfter.transit.results, 'usableCartridgeSizeMl')).toContain(usableBefore - 40);

    // Verifying moves the version too: the other server's answer says so at once.
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/catalogue/verify',
      headers: admin.headers,
      payload: { isVerified: true, version: seen.meta.version },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const after = await formData(second);
    expect(after.meta.isVerified).toBe(true);
    expect(after.catalogue.isSample).toBe(false);
    // The meta row read in the session's statement is exactly the repository's own lookup's (its times to the
    // millisecond, the verifier's e-mail), so the text kept for it is the text for the row.
    const own = await createCatalogueRepository(t.deps.db.db).load();
    expect(after.meta).toEqual(own.meta);
    expect(after.meta.verifiedOn).not.toBeNull();
    expect(after.meta.verifiedBy).toBeTruthy();
  });
});
