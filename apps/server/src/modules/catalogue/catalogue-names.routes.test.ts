import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormData, Industry } from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createOrganization, createUserWithToken, type TestUser } from '../../testing/factories';
import { seedReferenceData } from '../projects/testing/project-fixtures';
import { catalogueName } from './index';

// ADR 030: catalogue entries and industries carry a name per language; English is required, a language without a
// name of its own shows the English one. The browser and the documents resolve names with the same function.

let t: TestApp;
/** An ElevatedUser of the provider organization: may edit the provider-wide catalogue (ADR 008). */
let admin: TestUser;
/** A user of a customer organization who reads the catalogue in German. */
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db.db;
  await seedReferenceData(db);
  const provider = await createOrganization(db, 'Provider', true);
  admin = await createUserWithToken(db, { organizationId: provider.id, roles: ['ElevatedUser'] });
  reader = await createUserWithToken(db, { roles: ['Administrator'] });
});
afterAll(async () => t.close());

async function formData(headers = reader.headers): Promise<FormData> {
  const res = await t.app.inject({ method: 'POST', url: '/api/project/getFormData', headers, payload: {} });
  expect(res.statusCode).toBe(200);
  return res.json().data as FormData;
}

async function save(catalogue: FormData['catalogue'], version: number, headers = admin.headers) {
  return t.app.inject({ method: 'PUT', url: '/api/catalogue', headers, payload: { catalogue, version } });
}

describe('names per language (ADR 030)', () => {
  it('the seeded classes, sealants, item types and industries answer with their German, French and Chinese names', async () => {
    const { catalogue } = await formData();
    const watertight = catalogue.classes.find((c) => c.id === 'WATERTIGHT')!;
    expect(catalogueName(watertight, 'de-DE')).toBe('Wasserdicht');
    expect(catalogueName(watertight, 'fr-FR')).toBe('Étanche');
    expect(catalogueName(watertight, 'zh-Hans')).toBe('水密');
    expect(catalogueName(watertight, 'en-US')).toBe('Watertight');
    expect(
      catalogueName(
        catalogue.classes.find((c) => c.id === 'A_60_CLASS')!,
        'de-DE',
      ),
    ).toBe('Klasse A-60');
    expect(
      catalogueName(
        catalogue.itemTypes.find((c) => c.id === 'CABLE')!,
        'fr-FR',
      ),
    ).toBe('Câble');
    expect(catalogueName(catalogue.sealants[0]!, 'de-DE')).toBe('NOFIRNO-Dichtmasse');
    // Transit types are product names: the same in every language.
    expect(
      catalogueName(
        catalogue.transitTypes.find((c) => c.id === 'RISE_ULTRA')!,
        'de-DE',
      ),
    ).toBe('RISE ULTRA');

    const res = await t.app.inject({ method: 'POST', url: '/api/industry/getActive', payload: {} });
    const offshore = (res.json().data as Industry[]).find((i) => i.id === 'OFF_SHORE')!;
    expect(offshore.name).toBe('Off Shore');
    expect(catalogueName(offshore, 'de-DE')).toBe('Offshore');
    expect(catalogueName(offshore, 'zh-Hans')).toBe('海上');
  });

  it('an administrator edits a German name; a German reader sees it, and a language left empty falls back to English', async () => {
    const before = await formData(admin.headers);
    const edited = structuredClone(before.catalogue);
    const cls = edited.classes.find((c) => c.id === 'A_60_CLASS')!;
    cls.names = { 'de-DE': '  Klasse A-60 (Deck)  ', 'fr-FR': '', 'zh-Hans': 'A-60 级' };
    const res = await save(edited, before.meta.version);
    expect(res.statusCode).toBe(200);

    const { catalogue } = await formData();
    const stored = catalogue.classes.find((c) => c.id === 'A_60_CLASS')!;
    // Trimmed, and the emptied French name is gone rather than stored empty.
    expect(stored.names).toEqual({ 'de-DE': 'Klasse A-60 (Deck)', 'zh-Hans': 'A-60 级' });
    expect(catalogueName(stored, 'de-DE')).toBe('Klasse A-60 (Deck)');
    expect(catalogueName(stored, 'de')).toBe('Klasse A-60 (Deck)');
    expect(catalogueName(stored, 'fr-FR')).toBe('A-60 Class');
    expect(catalogueName(stored, 'en-US')).toBe('A-60 Class');
  });

  it('a customer organization cannot change the names', async () => {
    const before = await formData();
    const edited = structuredClone(before.catalogue);
    edited.classes[0]!.names = { 'de-DE': 'Fremd' };
    expect((await save(edited, before.meta.version, reader.headers)).statusCode).toBe(403);
    expect((await formData()).catalogue.classes[0]!.names?.['de-DE']).toBe('Wasserdicht');
  });

  it('refuses a name with a line break, an unknown language and a missing English name, naming the field', async () => {
    const before = await formData(admin.headers);
    const broken = structuredClone(before.catalogue);
    broken.sealants[0]!.names = { 'de-DE': 'Dicht\nmasse' };
    const res = await save(broken, before.meta.version);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {}).join(' ')).toContain('sealants.0.names.de-DE');

    const unknown = structuredClone(before.catalogue) as unknown as {
      classes: { names: Record<string, string> }[];
    };
    unknown.classes[0]!.names = { 'es-ES': 'Estanco' };
    const refused = await save(unknown as unknown as FormData['catalogue'], before.meta.version);
    expect(refused.statusCode).toBe(400);

    const noEnglish = structuredClone(before.catalogue);
    noEnglish.classes[0]!.name = ' ';
    noEnglish.classes[0]!.names = { 'de-DE': 'Wasserdicht' };
    const missing = await save(noEnglish, before.meta.version);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields ?? {}).join(' ')).toContain('classes.0.name');
    // Nothing of the refused saves was kept.
    expect((await formData()).catalogue.sealants[0]!.names?.['de-DE']).toBe('NOFIRNO-Dichtmasse');
  });
});
