import { randomUUID } from 'node:crypto';
import { organizations, roles, userRoles, users, accessTokens } from '@sealplan/db';
import type { Database } from '@sealplan/db';
import { hashToken, newToken } from '../lib/tokens';
import { ROLE_DEFINITIONS, type RoleId } from '../shared/roles';

/** Inserts the spec §6 roles (idempotent). */
export async function seedRoles(db: Database) {
  await db
    .insert(roles)
    .values(
      ROLE_DEFINITIONS.map((r) => ({
        id: r.id,
        name: r.id,
        label: r.label,
        permissions: r.permissions,
        hierarchy: r.hierarchy,
        isAssignable: r.isAssignable,
      })),
    )
    .onConflictDoNothing();
}

export async function createOrganization(
  db: Database,
  name = `Org ${randomUUID().slice(0, 8)}`,
  isProvider = false,
) {
  const [org] = await db.insert(organizations).values({ name, isProvider }).returning();
  return org!;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  organizationId: string | null;
  token: string;
  /** Authorization header for app.inject. */
  headers: { authorization: string };
}

/**
 * An approved user with a valid bearer token. The password hash is a placeholder unless `passwordHash` is given:
 * tests that sign in through /api/auth/token create users through the accounts service instead.
 */
export async function createUserWithToken(
  db: Database,
  opts: {
    organizationId?: string | null;
    roles?: RoleId[];
    email?: string;
    passwordHash?: string;
    ttlMs?: number;
  } = {},
): Promise<TestUser> {
  await seedRoles(db);
  const organizationId =
    opts.organizationId === undefined ? (await createOrganization(db)).id : opts.organizationId;
  const email = opts.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      userName: email,
      firstName: 'Test',
      lastName: 'User',
      company: 'Test Co',
      passwordHash: opts.passwordHash ?? 'not-a-real-hash',
      isPending: false,
      isApproved: true,
      organizationId,
    })
    .returning();
  const roleIds = opts.roles ?? ['Administrator'];
  if (roleIds.length)
    await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: user!.id, roleId })));
  const token = newToken();
  await db.insert(accessTokens).values({
    tokenHash: hashToken(token),
    userId: user!.id,
    expiresAt: new Date(Date.now() + (opts.ttlMs ?? 3_600_000)),
  });
  return {
    id: user!.id,
    email,
    password: '',
    organizationId,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}
