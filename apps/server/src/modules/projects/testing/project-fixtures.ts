import type { Database } from '@sealplan/db';
import type { App } from '../../../app';
import { createCatalogueRepository } from '../../catalogue/catalogue.repository';

/** Reference data every projects/transits test needs: the spec §3 industries and the seeded catalogue. */
export async function seedReferenceData(db: Database) {
  const repo = createCatalogueRepository(db);
  await repo.seedIndustries();
  await repo.seed();
}

export interface CallResult<T = unknown> {
  status: number;
  body: {
    success: boolean;
    data: T;
    messages: string[];
    error?: { code: string; message: string; fields?: Record<string, string> };
  };
}

/** POST a product function (spec §7) and parse the envelope. */
export async function call<T = unknown>(
  app: App,
  path: string,
  payload: unknown,
  headers: Record<string, string>,
): Promise<CallResult<T>> {
  const res = await app.inject({ method: 'POST', url: path, payload: payload as object, headers });
  return { status: res.statusCode, body: res.json() };
}

export const validCustomer = (overrides: Record<string, unknown> = {}) => ({
  name: 'North Sea Yards',
  industryId: 'OFF_SHORE',
  contactFirstName: 'Ingrid',
  contactLastName: 'Hansen',
  contactPhone: '+47 (55) 123-456',
  contactEmail: 'ingrid@example.com',
  ...overrides,
});
