import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizedName, type Industry } from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createOrganization, createUserWithToken, type TestUser } from '../../testing/factories';
import { seedReferenceData } from '../projects/testing/project-fixtures';

// ADR 030: an administrator of the catalogue names the industries in English and in the other languages; every
// organization reads them (the register page, customers, projects, documents).

let t: TestApp;
let admin: TestUser;
let customerAdmin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db.db;
  await seedReferenceData(db);
  const provider = await createOrganization(db, 'Provider', true);
  admin = await createUserWithToken(db, { organizationId: provider.id, roles: ['ElevatedUser'] });
  customerAdmin = await createUserWithToken(db, { roles: ['Administrator'] });
});
afterAll(async () => t.close());

const industries = async (): Promise<Industry[]> =>
  (await t.app.inject({ method: 'POST', url: '/api/industry/getActive', payload: {} })).json().data;
const save = (payload: object, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: '/api/industry/saveNames', headers, payload });

describe('industry names per language (ADR 030)', () => {
  it('an administrator renames an industry in German; every reader gets it, other languages fall back', async () => {
    const res = await save({
      industries: [
        { id: 'OFF_SHORE', name: 'Offshore', names: { 'de-DE': 'Offshore-Anlagen', 'fr-FR': '' } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const offshore = (await industries()).find((i) => i.id === 'OFF_SHORE')!;
    expect(offshore.name).toBe('Offshore');
    expect(offshore.names).toEqual({ 'de-DE': 'Offshore-Anlagen' });
    expect(localizedName(offshore, 'de-DE')).toBe('Offshore-Anlagen');
    expect(localizedName(offshore, 'fr-FR')).toBe('Offshore');
  });

  it('refuses a customer organization, an unknown industry and an empty English name, and keeps what was stored', async () => {
    const before = await industries();
    const refused = await save(
      { industries: [{ id: 'ON_SHORE', name: 'Land', names: {} }] },
      customerAdmin.headers,
    );
    expect(refused.statusCode).toBe(403);
    const unknown = await save({
      industries: [
        { id: 'ON_SHORE', name: 'Land', names: {} },
        { id: 'NO_SUCH', name: 'Nowhere', names: {} },
      ],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.fields).toEqual({ 'industries.NO_SUCH': 'This industry does not exist.' });
    const empty = await save({ industries: [{ id: 'ON_SHORE', name: '  ', names: {} }] });
    expect(empty.statusCode).toBe(400);
    const twoLines = await save({ industries: [{ id: 'ON_SHORE', name: 'On\nshore', names: {} }] });
    expect(twoLines.statusCode).toBe(400);
    expect(await industries()).toEqual(before);
  });
});
