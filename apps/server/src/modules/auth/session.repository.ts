import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
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
 * The caller in the session's statement, for a value read with it (prepareWithValue): the columns of the caller's
 * own `users` row and of the request's `access_tokens` row, which the value may also use directly.
 */
export interface SessionCaller {
  organizationId: SQL;
  userId: SQL;
  tokenId: SQL;
}

/**
 * Resolves a token hash to its live session in one indexed query (access_tokens_token_hash_unique, then primary
 * keys and the user_roles key), prepared once per server: the query is built and planned once, not per request
 * (ADR 019). Revoked, expired, suspended, removed and unapproved accounts answer no row, so a change made on any
 * server takes effect on the next request everywhere.
 */
export function createSessionRepository(db: Database) {
  const sessionFields = {
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
  };
  const live = and(
    eq(accessTokens.tokenHash, sql.placeholder('tokenHash')),
    isNull(accessTokens.revokedAt),
    gt(accessTokens.expiresAt, sql.placeholder('now')),
    eq(users.isSuspended, false),
    eq(users.isRemoved, false),
    eq(users.isApproved, true),
  );

  const lookup = db
    .select(sessionFields)
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(live)
    .limit(1)
    .prepare('session_by_token_hash');

  return {
    /**
     * The session lookup with one more value a route answers, computed in the same statement for the caller
     * (ADR 019: one round trip). `value` is SQL over the caller and its own placeholders; the statement is
     * prepared once under `name`.
     */
    prepareWithValue<T>(name: string, value: (caller: SessionCaller) => SQL<T>) {
      const caller: SessionCaller = {
        organizationId: sql`${users.organizationId}`,
        userId: sql`${users.id}`,
        tokenId: sql`${accessTokens.id}`,
      };
      const statement = db
        .select({ ...sessionFields, value: value(caller) })
        .from(accessTokens)
        .innerJoin(users, eq(users.id, accessTokens.userId))
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .where(live)
        .limit(1)
        .prepare(name);
      return async (
        tokenHash: string,
        now: Date,
        params: Record<string, unknown>,
      ): Promise<{ session: SessionRow; value: T } | null> => {
        const row = (await statement.execute({ ...params, tokenHash, now }))[0];
        if (!row) return null;
        const { value: found, ...session } = row;
        return { session, value: found as T };
      };
    },

    async findLiveSession(tokenHash: string, now: Date): Promise<SessionRow | null> {
      const rows = await lookup.execute({ tokenHash, now });
      return (rows[0] as SessionRow | undefined) ?? null;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
