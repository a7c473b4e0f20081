import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  accessTokens,
  passwordResetTokens,
  rateLimits,
  roles,
  userRoles,
  users,
  type Database,
} from '@sealplan/db';

/**
 * The user columns sign-in and password calls need: never the free-form JSON (devices, attributes), so a large
 * row cannot slow every sign-in down.
 */
const AUTH_USER_COLUMNS = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  passwordHash: users.passwordHash,
  isApproved: users.isApproved,
  isDenied: users.isDenied,
  isSuspended: users.isSuspended,
  isRemoved: users.isRemoved,
  requiresPasswordReset: users.requiresPasswordReset,
};
export type UserRow = { [K in keyof typeof AUTH_USER_COLUMNS]: (typeof users.$inferSelect)[K] };

/** Sign-in, tokens, password resets and rate-limit counters: the only Drizzle code of the auth module. */
export function createAuthRepository(db: Database) {
  return {
    /** Case-insensitive e-mail lookup (the unique index is on lower(email)); deleted accounts are not found. */
    async findUserByEmail(email: string): Promise<UserRow | null> {
      const rows = await db
        .select(AUTH_USER_COLUMNS)
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.isRemoved, false)))
        .limit(1);
      return rows[0] ?? null;
    },

    async findUserById(id: string): Promise<UserRow | null> {
      const rows = await db.select(AUTH_USER_COLUMNS).from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async permissionsOf(userId: string): Promise<{ roles: string[]; permissions: string[] }> {
      const rows = await db
        .select({ id: roles.id, permissions: roles.permissions })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, userId));
      return {
        roles: rows.map((r) => r.id),
        permissions: [...new Set(rows.flatMap((r) => r.permissions.map((p) => p.id)))],
      };
    },

    async insertAccessToken(values: { userId: string; tokenHash: string; issuedAt: Date; expiresAt: Date }) {
      await db.insert(accessTokens).values(values);
    },

    async revokeAccessToken(tokenHash: string, at: Date) {
      await db
        .update(accessTokens)
        .set({ revokedAt: at })
        .where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt)));
    },

    /** Revokes every live token of the users (optionally sparing the caller's current one). */
    async revokeUserTokens(userIds: string[], at: Date, exceptTokenId?: string) {
      if (userIds.length === 0) return;
      await db
        .update(accessTokens)
        .set({ revokedAt: at })
        .where(
          and(
            inArray(accessTokens.userId, userIds),
            isNull(accessTokens.revokedAt),
            exceptTokenId ? ne(accessTokens.id, exceptTokenId) : undefined,
          ),
        );
    },

    async setPassword(userId: string, passwordHash: string) {
      await db
        .update(users)
        .set({ passwordHash, requiresPasswordReset: false, version: sql`${users.version} + 1` })
        .where(eq(users.id, userId));
    },

    async insertResetToken(values: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date }) {
      await db.insert(passwordResetTokens).values(values);
    },

    /**
     * Marks a reset token used and answers its user, in one statement so that two concurrent uses cannot both
     * succeed. Unknown, used or expired tokens answer null.
     */
    async consumeResetToken(tokenHash: string, now: Date): Promise<string | null> {
      const rows = await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      return rows[0]?.userId ?? null;
    },

    /** A password change makes every other outstanding reset link of the user useless. */
    async invalidateResetTokens(userId: string, now: Date) {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    },

    /** Current count of a fixed window (0 when the window has passed or never started). */
    async rateCount(key: string, now: Date, windowMs: number): Promise<number> {
      const rows = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
      const row = rows[0];
      if (!row || row.windowStart.getTime() + windowMs <= now.getTime()) return 0;
      return row.count;
    },

    /** Adds one to a fixed-window counter (a new window starts when the old one has passed); answers the count. */
    async rateHit(key: string, now: Date, windowMs: number): Promise<number> {
      // ISO strings with casts: raw sql parameters go to the driver untouched (PGlite and pg alike).
      const windowEnd = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
      const nowParam = sql`${now.toISOString()}::timestamptz`;
      const rows = await db
        .insert(rateLimits)
        .values({ key, count: 1, windowStart: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.windowStart} <= ${windowEnd} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${rateLimits.windowStart} <= ${windowEnd} then ${nowParam} else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ count: rateLimits.count });
      return rows[0]?.count ?? 1;
    },

    async rateRefund(key: string) {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, key));
    },

    async rateClear(key: string) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
