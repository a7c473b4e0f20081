import { CLIENT_HEADER } from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createOrganization, createUserWithToken, type TestUser } from '../../../testing/factories';
import { seedContentData } from '../content.seed';

/** Who calls the content API in the tests (ADR 016: provider staff with content.manage administer content). */
export interface ContentCallers {
  /** ElevatedUser of the provider: content.manage and provider-wide reach. */
  providerElevated: TestUser;
  /** Editor of the provider: content.manage, no provider-wide reach (may not change roles). */
  providerEditor: TestUser;
  /** Administrator of the provider: signs in, no content.manage. */
  providerAdministrator: TestUser;
  /** ElevatedUser of a customer organization: content.manage by role, but not the provider's: refused. */
  customerElevated: TestUser;
  /** Administrator of a customer organization. */
  customerAdministrator: TestUser;
}

export interface ContentTestContext {
  t: TestApp;
  callers: ContentCallers;
  providerId: string;
  customerOrgId: string;
}

/** A test app with the content seed and one caller per role of interest. */
export async function createContentTestContext(
  envOverrides: Record<string, string> = {},
): Promise<ContentTestContext> {
  const t = await createTestApp({}, envOverrides);
  const db = t.deps.db.db;
  await seedContentData(db);
  const provider = await createOrganization(db, `Provider ${Math.random().toString(36).slice(2, 8)}`, true);
  const customer = await createOrganization(db);
  const callers: ContentCallers = {
    providerElevated: await createUserWithToken(db, {
      organizationId: provider.id,
      roles: ['DefaultUser', 'Administrator', 'ElevatedUser'],
    }),
    providerEditor: await createUserWithToken(db, {
      organizationId: provider.id,
      roles: ['Administrator', 'Editor'],
    }),
    providerAdministrator: await createUserWithToken(db, {
      organizationId: provider.id,
      roles: ['DefaultUser', 'Administrator'],
    }),
    customerElevated: await createUserWithToken(db, {
      organizationId: customer.id,
      roles: ['Administrator', 'ElevatedUser'],
    }),
    customerAdministrator: await createUserWithToken(db, {
      organizationId: customer.id,
      roles: ['DefaultUser', 'Administrator'],
    }),
  };
  return { t, callers, providerId: provider.id, customerOrgId: customer.id };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
export interface Answer<T = any> {
  status: number;
  body: {
    success: boolean;
    data: T;
    messages: string[];
    error?: { code: string; message: string; fields?: Record<string, string> };
  };
}

/** One JSON call as the web app makes it (bearer token and the client header). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
export async function api<T = any>(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  caller: TestUser | null,
  payload?: unknown,
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method,
    url,
    headers: { [CLIENT_HEADER]: 'test', ...(caller?.headers ?? {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** `?q=` of the generic records API. */
export const q = (filter: object) => `q=${encodeURIComponent(JSON.stringify(filter))}`;
