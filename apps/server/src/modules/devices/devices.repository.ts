import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { accessTokens, deviceTokens, userDevices, type Database } from '@sealplan/db';

export type DeviceRow = typeof userDevices.$inferSelect;

/** The devices a user signed in from and the tokens bound to them: the only Drizzle code of the devices module. */
export function createDevicesRepository(db: Database) {
  // Every current-user answer lists the caller's devices: built once and prepared (ADR 019). A null token is
  // bound to no device (`= null` is never true), so one statement serves callers with and without a token.
  const devicesOfUser = db
    .select({
      device: userDevices,
      isCurrent: sql<boolean>`exists (select 1 from ${deviceTokens} where ${deviceTokens.deviceId} = ${userDevices.id} and ${deviceTokens.tokenId} = ${sql.placeholder('tokenId')}::uuid)`,
    })
    .from(userDevices)
    .where(eq(userDevices.userId, sql.placeholder('userId')))
    .orderBy(desc(userDevices.lastSeenOn), desc(userDevices.id))
    .prepare('devices_of_user');

  return {
    /** Newest first; each with whether the given token is bound to it. */
    async listOf(userId: string, tokenId: string | null): Promise<(DeviceRow & { isCurrent: boolean })[]> {
      const rows = await devicesOfUser.execute({ userId, tokenId });
      return rows.map((r) => ({ ...r.device, isCurrent: r.isCurrent === true }));
    },

    /** Records the device (new, or seen again) and binds the token to it, in one transaction. */
    async record(values: {
      userId: string;
      deviceKey: string;
      name: string;
      userAgent: string;
      info: Record<string, unknown>;
      seenAt: Date;
      tokenId: string;
    }): Promise<string> {
      return db.transaction(async (tx) => {
        const [device] = await tx
          .insert(userDevices)
          .values({
            userId: values.userId,
            deviceKey: values.deviceKey,
            name: values.name,
            userAgent: values.userAgent,
            info: values.info,
            lastSeenOn: values.seenAt,
          })
          .onConflictDoUpdate({
            target: [userDevices.userId, userDevices.deviceKey],
            set: {
              name: values.name,
              userAgent: values.userAgent,
              info: values.info,
              lastSeenOn: values.seenAt,
            },
          })
          .returning({ id: userDevices.id });
        await tx
          .insert(deviceTokens)
          .values({ tokenId: values.tokenId, deviceId: device!.id })
          .onConflictDoUpdate({ target: deviceTokens.tokenId, set: { deviceId: device!.id } });
        return device!.id;
      });
    },

    /**
     * Signs devices out: revokes every live token bound to them, then forgets them. Scoped to the user, so an id
     * of someone else's device does nothing. Answers how many devices were removed.
     */
    async signOut(userId: string, deviceIds: string[], at: Date): Promise<number> {
      if (deviceIds.length === 0) return 0;
      return db.transaction(async (tx) => {
        const owned = await tx
          .select({ id: userDevices.id })
          .from(userDevices)
          .where(and(eq(userDevices.userId, userId), inArray(userDevices.id, deviceIds)));
        const ids = owned.map((d) => d.id);
        if (ids.length === 0) return 0;
        const bound = tx
          .select({ id: deviceTokens.tokenId })
          .from(deviceTokens)
          .where(inArray(deviceTokens.deviceId, ids));
        await tx
          .update(accessTokens)
          .set({ revokedAt: at })
          .where(and(inArray(accessTokens.id, bound), isNull(accessTokens.revokedAt)));
        await tx.delete(userDevices).where(inArray(userDevices.id, ids));
        return ids.length;
      });
    },

    /** Ids of the user's devices beyond the newest `keep` (the cap of ADR 011). */
    async beyondNewest(userId: string, keep: number): Promise<string[]> {
      const newest = db
        .select({ id: userDevices.id })
        .from(userDevices)
        .where(eq(userDevices.userId, userId))
        .orderBy(desc(userDevices.lastSeenOn), desc(userDevices.id))
        .limit(keep);
      const rows = await db
        .select({ id: userDevices.id })
        .from(userDevices)
        .where(and(eq(userDevices.userId, userId), notInArray(userDevices.id, newest)));
      return rows.map((r) => r.id);
    },
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
