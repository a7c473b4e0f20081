// Setup shared by the transits API tests: an app with the reference data, a user, a customer and one project, and
// the check that stored results are the engine's over the stored fields (ADR 010).
import { expect } from 'vitest';
import { sizeTransit } from '@sealplan/engine';
import {
  toItemInputs,
  toTransitInput,
  transitInputSchema,
  type Customer,
  type Project,
  type TransitData,
} from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../../testing/factories';
import { loadCatalogue } from '../../catalogue/catalogue.repository';
import { call, seedReferenceData, validCustomer } from '../../projects/testing/project-fixtures';

/** Cable transit fields the save rules accept as sent: NOFIRNO, A-60 (minimum depth 120 mm), its only sealant. */
export const A60_CABLE_FIELDS = {
  penetratingItemTypeId: 'CABLE',
  transitTypeId: 'NOFIRNO',
  classId: 'A_60_CLASS',
  sealantType: 'NOFIRNO_SEALANT',
  sealantDepth: 'DOUBLE',
  depthMm: 150,
} as const;

export interface ProjectSetup {
  t: TestApp;
  user: TestUser;
  project: Project;
}

/** A test app on its own database with the industries and catalogue, a user, a customer and a project `name`. */
export async function setUpProject(name: string): Promise<ProjectSetup> {
  const t = await createTestApp();
  await seedReferenceData(t.deps.db.db);
  const user = await createUserWithToken(t.deps.db.db);
  const customer = (
    await call<Customer>(t.app, '/api/customer/saveOne', { customer: validCustomer() }, user.headers)
  ).body.data;
  const saved = await call<Project>(
    t.app,
    '/api/project/saveOne',
    { project: { name, customerId: customer.id, industryId: 'OFF_SHORE' } },
    user.headers,
  );
  expect(saved.status, JSON.stringify(saved.body.error)).toBe(200);
  return { t, user, project: saved.body.data };
}

/** POSTs a product call (spec §7) as the setup's user, expects it to succeed and answers its data. */
export async function postOk<T>(
  { t, user }: Pick<ProjectSetup, 't' | 'user'>,
  path: string,
  payload: unknown,
): Promise<T> {
  const res = await call<T>(t.app, path, payload, user.headers);
  expect(res.status, `${path}: ${JSON.stringify(res.body.error)}`).toBe(200);
  return res.body.data;
}

/** A transit and its items as stored (getTransitData). */
export function storedTransit(
  setup: Pick<ProjectSetup, 't' | 'user'>,
  transitId: string,
): Promise<TransitData> {
  return postOk<TransitData>(setup, '/api/project/getTransitData', { transitId });
}

/**
 * The stored results are exactly what the engine computes from the stored transit, its items and the database
 * catalogue: what is stored is what is computed with, and the item count agrees.
 */
export async function expectStoredResultsMatchEngine(t: TestApp, data: TransitData): Promise<void> {
  const catalogue = await loadCatalogue(t.deps.db.db);
  const values = transitInputSchema.parse({ ...data.transit });
  const expected = sizeTransit({
    transit: toTransitInput(values),
    items: toItemInputs(data.penetratingItems),
    catalogue,
  });
  expect(data.transit.results).toEqual(JSON.parse(JSON.stringify(expected)));
  expect(data.transit.penetratingItemCount).toBe(expected.itemCount);
}
