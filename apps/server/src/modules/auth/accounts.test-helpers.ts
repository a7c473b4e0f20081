import type { Database } from '@sealplan/db';
import type { TestApp } from '../../testing/test-app';
import { createOrganization, createUserWithToken, type TestUser } from '../../testing/factories';
import type { RoleId } from '../../shared/roles';
import { hashPassword } from './passwords';

const TEN_YEARS_MS = 10 * 365 * 24 * 3600 * 1000;
export const randomAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** A user who can sign in through /api/auth/token with `password`. */
export async function createAccount(
  db: Database,
  opts: { organizationId?: string | null; roles?: RoleId[]; email?: string; password?: string } = {},
): Promise<TestUser> {
  const password = opts.password ?? 'correct-horse';
  // A long-lived factory token, so tests that move the app's clock forward do not expire it.
  const user = await createUserWithToken(db, {
    ...opts,
    passwordHash: await hashPassword(password),
    ttlMs: TEN_YEARS_MS,
  });
  return { ...user, password };
}

/** The provider organization with one ElevatedUser, as the seed creates it. */
export async function createProviderAdmin(db: Database, email?: string) {
  const provider = await createOrganization(db, `Provider ${Math.random().toString(36).slice(2, 8)}`, true);
  const admin = await createAccount(db, {
    organizationId: provider.id,
    roles: ['ElevatedUser', 'Administrator'],
    email,
  });
  return { provider, admin };
}

export function signIn(t: TestApp, username: string, password: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    // A random client address unless given, so address rate limits of one test do not trip another.
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': randomAddress(),
      ...headers,
    },
    payload: new URLSearchParams({
      grant_type: 'password',
      username,
      password,
      isCustomer: 'true',
    }).toString(),
  });
}

export function bearerOf(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** The confirmId of the newest mail's link. */
export function confirmIdFromMail(t: TestApp, to?: string): string {
  const mail = [...t.sentMail].reverse().find((m) => !to || m.to === to);
  const match = mail?.text.match(/confirmId=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no confirmId link in mail to ${to ?? 'anyone'}`);
  return match[1]!;
}

export function post(t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
}
