import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import {
  accessTokens,
  deviceTokens,
  industries,
  organizations,
  roles,
  userDevices,
  userRoles,
  users,
  type Database,
} from '@sealplan/db';
import { isoTimestamp } from '../../lib/sql-json';

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

/** One of the caller's devices as the profile lists it; `isCurrent` when the request's token is bound to it. */
export interface SessionDevice {
  id: string;
  deviceKey: string;
  name: string;
  userAgent: string;
  createdOn: Date;
  lastSeenOn: Date;
  isCurrent: boolean;
}

/** The user's fields a profile shows. */
export type ProfileUser = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'organizationId'
  | 'email'
  | 'userName'
  | 'firstName'
  | 'lastName'
  | 'company'
  | 'industryId'
  | 'phoneNumber'
  | 'avatarUrl'
  | 'isPending'
  | 'isApproved'
  | 'isDenied'
  | 'isSuspended'
  | 'requiresPasswordReset'
  | 'languagePreference'
  | 'defaultMeasurementSystem'
  | 'attributes'
  | 'dateRegistered'
>;

/** The caller's own profile, read with the session by routes that answer it (current-user). */
export interface SessionProfile {
  user: ProfileUser;
  organizationName: string | null;
  industryName: string | null;
  /** Newest first. */
  devices: SessionDevice[];
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

  // The same session with the caller's profile and devices: current-user answers in one round trip (ADR 019).
  // One JSON value rather than a column per field: the driver builds a parser per column of every result.
  const lookupWithProfile = db
    .select({
      ...sessionFields,
      profile: sql<ProfileJson>`json_build_object(
        'user', json_build_object(
          'id', ${users.id},
          'organizationId', ${users.organizationId},
          'email', ${users.email},
          'userName', ${users.userName},
          'firstName', ${users.firstName},
          'lastName', ${users.lastName},
          'company', ${users.company},
          'industryId', ${users.industryId},
          'phoneNumber', ${users.phoneNumber},
          'avatarUrl', ${users.avatarUrl},
          'isPending', ${users.isPending},
          'isApproved', ${users.isApproved},
          'isDenied', ${users.isDenied},
          'isSuspended', ${users.isSuspended},
          'requiresPasswordReset', ${users.requiresPasswordReset},
          'languagePreference', ${users.languagePreference},
          'defaultMeasurementSystem', ${users.defaultMeasurementSystem},
          'attributes', ${users.attributes},
          'dateRegistered', ${isoTimestamp(users.dateRegistered)}
        ),
        'organizationName', ${organizations.name},
        'industryName', ${industries.name},
        'devices', coalesce((
          select json_agg(json_build_object(
            'id', ${userDevices.id},
            'deviceKey', ${userDevices.deviceKey},
            'name', ${userDevices.name},
            'userAgent', ${userDevices.userAgent},
            'createdOn', ${isoTimestamp(userDevices.createdOn)},
            'lastSeenOn', ${isoTimestamp(userDevices.lastSeenOn)},
            'isCurrent', exists (select 1 from ${deviceTokens}
              where ${deviceTokens.deviceId} = ${userDevices.id} and ${deviceTokens.tokenId} = ${accessTokens.id})
          ) order by ${userDevices.lastSeenOn} desc, ${userDevices.id} desc)
          from ${userDevices} where ${userDevices.userId} = ${users.id}
        ), '[]'::json)
      )`,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(industries, eq(industries.id, users.industryId))
    .where(live)
    .limit(1)
    .prepare('session_with_profile_by_token_hash');

  return {
    /**
     * The session lookup with one more value a route answers, computed in the same statement for the caller's
     * organization (ADR 019: one round trip). `value` is SQL over `callerOrganizationId` and its own placeholders;
     * the statement is prepared once under `name`.
     */
    prepareWithValue<T>(name: string, value: (callerOrganizationId: SQL) => SQL<T>) {
      const statement = db
        .select({ ...sessionFields, value: value(sql`${users.organizationId}`) })
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

    /** The live session with the caller's profile (null when the token is not live). */
    async findLiveSessionWithProfile(
      tokenHash: string,
      now: Date,
    ): Promise<{ session: SessionRow; profile: SessionProfile } | null> {
      const row = (await lookupWithProfile.execute({ tokenHash, now }))[0];
      if (!row) return null;
      const { profile, ...session } = row;
      return {
        session,
        profile: {
          user: { ...profile.user, dateRegistered: new Date(profile.user.dateRegistered) },
          organizationName: profile.organizationName,
          industryName: profile.industryName,
          devices: profile.devices.map((d) => ({
            ...d,
            createdOn: new Date(d.createdOn),
            lastSeenOn: new Date(d.lastSeenOn),
          })),
        },
      };
    },
  };
}

/** The profile as the statement writes it (timestamps as ISO text). */
interface ProfileJson {
  user: Omit<ProfileUser, 'dateRegistered'> & { dateRegistered: string };
  organizationName: string | null;
  industryName: string | null;
  devices: (Omit<SessionDevice, 'createdOn' | 'lastSeenOn'> & { createdOn: string; lastSeenOn: string })[];
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
