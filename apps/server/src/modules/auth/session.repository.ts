import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { accessTokens, organizations, roles, userRoles, users, type Database } from '@sealplan/db';

/** The caller behind a token, as every authenticated request needs it. */
export interface SessionRow {
  tokenId: string;
  tokenExpiresAt: Date;
  userId: string;
  organizationId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  isProvider: boolean | null;
  roleIds: string[];
  permissionIds: string[];
}

/**
 * Resolves a token hash to its live session in one indexed query (access_tokens_token_hash_unique, then primary
 * keys and the user_roles key), prepared once per server: the query is built and planned once, not per request
 * (ADR 019). Revoked, expired, suspended, removed and unapproved accounts answer no row, so a change made on any
 * server takes effect on the next request everywhere.
 */
export function createSessionRepository(db: Database) {
  const lookup = db
    .select({
      tokenId: accessTokens.id,
      tokenExpiresAt: accessTokens.expiresAt,
      userId: users.id,
      organizationId: users.organizationId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isProvider: organizations.isProvider,
      roleIds: sql<string[]>`array(
        select ${userRoles.roleId} from ${userRoles}
        where ${userRoles.userId} = ${users.id} order by ${userRoles.roleId})`,
      permissionIds: sql<string[]>`array(
        select distinct p.value->>'id' from ${userRoles}
        join ${roles} on ${roles.id} = ${userRoles.roleId}
        cross join jsonb_array_elements(${roles.permissions}) as p(value)
        where ${userRoles.userId} = ${users.id})`,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql.placeholder('now')),
        eq(users.isSuspended, false),
        eq(users.isRemoved, false),
        eq(users.isApproved, true),
      ),
    )
    .limit(1)
    .prepare('session_by_token_hash');

  return {
    async findLiveSession(tokenHash: string, now: Date): Promise<SessionRow | null> {
      const rows = await lookup.execute({ tokenHash, now });
      return (rows[0] as SessionRow | undefined) ?? null;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
