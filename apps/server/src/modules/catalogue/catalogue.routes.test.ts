import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCatalogue } from '../../../../../packages/engine/src/testing/sample-catalogue';
import { FRONT_END_VERSION, type AdminSettings, type AppSettings, type FormData } from '@sealplan/contracts';
import { CATALOGUE_DATA_VERSION, catalogueSeed } from '@sealplan/db';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createOrganization, createUserWithToken, type TestUser } from '../../testing/factories';
import { seedReferenceData } from '../projects/testing/project-fixtures';
import { createCatalogueRepository, loadCatalogue } from './catalogue.repository';

let t: TestApp;
/** An ElevatedUser of the provider organization: may edit the provider-wide catalogue. */
let admin: TestUser;
/** An ElevatedUser of a customer organization: administers their own organization only (ADR 005). */
let customerAdmin: TestUser;
/** A SystemAdministrator, here in a customer organization: reaches everything wherever they sit. */
let sysAdmin: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db.db;
  await seedReferenceData(db);
  const provider = await createOrganization(db, 'Provider', true);
  admin = await createUserWithToken(db, { organizationId: provider.id, roles: ['ElevatedUser'] });
  customerAdmin = await createUserWithToken(db, { roles: ['ElevatedUser', 'Administrator'] });
  sysAdmin = await createUserWithToken(db, { roles: ['SystemAdministrator', 'Administrator'] });
  user = await createUserWithToken(db, { roles: ['Administrator'] });
});
afterAll(async () => t.close());

async function formData(headers = user.headers): Promise<FormData> {
  const res = await t.app.inject({ method: 'GET', url: '/api/catalogue', headers });
  return res.json().data as FormData;
}

describe('catalogue', () => {
  it('the seeded tables load back as exactly the engine reference catalogue (one source of truth)', async () => {
    expect(catalogueSeed).toBe(sampleCatalogue);
    const loaded = await loadCatalogue(t.deps.db.db);
    expect(loaded).toEqual(sampleCatalogue);
  });

  it('seeding again changes nothing', async () => {
    expect(await createCatalogueRepository(t.deps.db.db).seed()).toBe('current');
    expect(await loadCatalogue(t.deps.db.db)).toEqual(sampleCatalogue);
  });

  it('marks sample values per row: plastic crushers are sample, ASME pipe sizes and the clearance table are not', async () => {
    const data = await formData();
    expect(data.sampleFields.crushers['CRUSHER-D110']).toEqual(['outerDiameterMm', 'articleNumber']);
    expect(data.sampleFields.crushers['PIPE-DN100']).toEqual([]);
    expect(data.sampleFields.clearance['0']).toEqual([]);
    expect(data.sampleFields.transitTypes['NOFIRNO']).toContain('fillerSleeveDiameterMm');
  });

  it('spec §9 sealant depth: 2 x 15 mm for NOFIRNO, NOFIRNO/CER; 2 x 20 mm for NOFIRNO/RISE', async () => {
    const { catalogue } = await formData();
    const depth = (id: string) =>
      catalogue.transitTypes.find((x) => x.id === id)!.classes[0]!.mmFillerSleeveLessThanTransit;
    expect([depth('NOFIRNO'), depth('NOFIRNO/CER'), depth('NOFIRNO/RISE')]).toEqual([30, 30, 40]);
  });

  it('only ElevatedUser/SystemAdministrator may edit; an edit clears the sample mark of the value changed', async () => {
    const before = await formData();
    const edited = structuredClone(before.catalogue);
    edited.transitTypes[0]!.fillerSleeveDiameterMm = 22;
    const denied = await t.app.inject({
      method: 'PUT',
      url: '/api/catalogue',
      headers: user.headers,
      payload: { catalogue: edited, version: before.meta.version },
    });
    expect(denied.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/catalogue',
      headers: admin.headers,
      payload: { catalogue: edited, version: before.meta.version },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().data as FormData;
    expect(after.catalogue.transitTypes[0]!.fillerSleeveDiameterMm).toBe(22);
    expect(after.sampleFields.transitTypes['NOFIRNO']).not.toContain('fillerSleeveDiameterMm');
    expect(after.sampleFields.transitTypes['NOFIRNO']).toContain('sealantCartridgeSizeMl');
    expect(after.meta.version).toBe(before.meta.version + 1);
    const stale = await t.app.inject({
      method: 'PUT',
      url: '/api/catalogue',
      headers: admin.headers,
      payload: { catalogue: edited, version: before.meta.version },
    });
    expect(stale.statusCode).toBe(409);
  });

  it("a customer organization's ElevatedUser reads the catalogue but may neither change nor verify it", async () => {
    const before = await formData(customerAdmin.headers);
    expect(before.catalogue.itemTypes.length).toBeGreaterThan(0);
    const edited = structuredClone(before.catalogue);
    edited.transitTypes[0]!.fillerSleeveDiameterMm = 23;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/catalogue',
      headers: customerAdmin.headers,
      payload: { catalogue: edited, version: before.meta.version, force: true },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().error.code).toBe('FORBIDDEN');
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/catalogue/verify',
      headers: customerAdmin.headers,
      payload: { isVerified: true, version: before.meta.version },
    });
    expect(verify.statusCode).toBe(403);
    expect(verify.json().error.code).toBe('FORBIDDEN');
    // Nothing changed for anybody.
    const after = await formData(admin.headers);
    expect(after.meta).toEqual(before.meta);
    expect(after.catalogue).toEqual(before.catalogue);
  });

  it('a SystemAdministrator may change the catalogue from any organization', async () => {
    const before = await formData(sysAdmin.headers);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/catalogue',
      headers: sysAdmin.headers,
      payload: { catalogue: before.catalogue, version: before.meta.version },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as FormData).meta.version).toBe(before.meta.version + 1);
  });

  it('refuses a catalogue with a dangling reference', async () => {
    const current = await formData();
    const broken = structuredClone(current.catalogue);
    broken.itemTypes[0]!.classes[0]!.sealants = ['NO_SUCH_SEALANT'];
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/catalogue',
      headers: admin.headers,
      payload: { catalogue: broken, version: current.meta.version },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The catalogue refers to an unknown sealant: NO_SUCH_SEALANT');
  });

  it('verification hides the sample notice in settings and form data', async () => {
    const anonymous = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json()
      .data as AppSettings;
    expect(anonymous).toMatchObject({
      frontEndVersion: FRONT_END_VERSION,
      organization: null,
      catalogue: { isVerified: false },
    });
    expect(anonymous.provider.shortName).toBeTruthy();
    const current = await formData();
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/catalogue/verify',
      headers: user.headers,
      payload: { isVerified: true, version: current.meta.version },
    });
    expect(denied.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/catalogue/verify',
      headers: admin.headers,
      payload: { isVerified: true, version: current.meta.version },
    });
    expect(res.statusCode).toBe(200);
    const verified = res.json().data as FormData;
    expect(verified.meta).toMatchObject({ isVerified: true, verifiedBy: admin.email });
    expect(verified.catalogue.isSample).toBe(false);
    const settings = (
      await t.app.inject({ method: 'GET', url: '/api/settings', headers: user.headers })
    ).json().data as AppSettings;
    expect(settings.catalogue.isVerified).toBe(true);
    expect(settings.organization?.id).toBe(user.organizationId);
    expect(settings.defaultMeasurementSystem).toBe('IMPERIAL');
  });

  it('adminSettings is for user administrators only', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/adminSettings', headers: user.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/adminSettings' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/adminSettings',
      headers: customerAdmin.headers,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as AdminSettings;
    // An ElevatedUser of a customer organization: counts of their own organization only (settings tests).
    expect(data.counts).toEqual({ organizations: 1, users: 1, pendingUsers: 0 });
    expect(data.catalogueMeta.dataVersion).toBe(CATALOGUE_DATA_VERSION);
  });

  it('standard opening sizes (ADR 020): edited like the catalogue, kept by a save without them', async () => {
    const put = async (catalogue: FormData['catalogue']) => {
      const current = await formData();
      return t.app.inject({
        method: 'PUT',
        url: '/api/catalogue',
        headers: admin.headers,
        payload: { catalogue, version: current.meta.version },
      });
    };
    const before = await formData();
    expect(before.catalogue.standardOpenings?.length).toBeGreaterThan(20);
    const edited = structuredClone(before.catalogue);
    edited.standardOpenings = [
      { id: 'R180', shape: 'ROUND', diameterMm: 180 },
      { id: 'Q240x120', shape: 'RECTANGLE', widthMm: 240, heightMm: 120, cornerRadiusMm: 10 },
    ];
    expect((await put(edited)).statusCode).toBe(200);
    expect((await formData()).catalogue.standardOpenings).toEqual(edited.standardOpenings);

    const { standardOpenings: _dropped, ...withoutList } = edited;
    expect((await put(withoutList)).statusCode).toBe(200);
    expect((await formData()).catalogue.standardOpenings).toEqual(edited.standardOpenings);

    const broken = structuredClone(edited);
    broken.standardOpenings = [{ id: 'Q1', shape: 'RECTANGLE', widthMm: 200 }];
    const refused = await put(broken);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('heightMm');

    expect((await put(before.catalogue)).statusCode).toBe(200);
    expect((await formData()).catalogue.standardOpenings).toEqual(before.catalogue.standardOpenings);
  });
});
