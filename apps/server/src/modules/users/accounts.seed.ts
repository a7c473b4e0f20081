import { randomBytes } from 'node:crypto';
import type { SeedContext } from '../../shared/seed-context';
import { createUsersRepository } from './users.repository';
import { hashPassword } from '../auth';
import { ROLE_DEFINITIONS, ROLE_IDS, type RoleId } from '../../shared/roles';

/** The seeded administrator approves registrations: provider organization + ElevatedUser (docs/decisions/005). */
export const SEED_ADMIN_ROLES: RoleId[] = [
  ROLE_IDS.DEFAULT_USER,
  ROLE_IDS.ADMINISTRATOR,
  ROLE_IDS.ELEVATED_USER,
];

/**
 * Seed step: the spec §6 roles, the provider organization (PROVIDER_NAME) and its administrator (ADMIN_EMAIL).
 * Idempotent: roles are upserted; the organization and the administrator are created only when missing, and an
 * existing administrator's password is never changed. A generated password is announced once, on creation.
 */
export async function seedAccounts(ctx: SeedContext) {
  const repo = createUsersRepository(ctx.db.db);
  await repo.upsertRoles(ROLE_DEFINITIONS);
  const provider =
    (await repo.findProviderOrganization()) ??
    (await repo.createOrganization({ name: ctx.env.PROVIDER_NAME, isProvider: true }));
  const email = ctx.env.ADMIN_EMAIL;
  if (await repo.findByEmail(email)) return;
  const password = ctx.env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  await repo.insertUser(
    {
      email,
      userName: email,
      firstName: 'Administrator',
      lastName: provider.name,
      company: provider.name,
      passwordHash: await hashPassword(password),
      isPending: false,
      isApproved: true,
      isDenied: false,
      organizationId: provider.id,
    },
    SEED_ADMIN_ROLES,
  );
  ctx.log.info({ email }, 'administrator created');
  ctx.announce(
    ctx.env.ADMIN_PASSWORD
      ? `Administrator: ${email} (password from ADMIN_PASSWORD)`
      : `Administrator: ${email} / ${password}  (generated now and shown only once: change it after signing in)`,
  );
}
