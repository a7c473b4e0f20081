import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { apiKeys, idempotencyKeys, users, type Database } from '@sealplan/db';
import type { ApiKeyScope } from '@sealplan/contracts';

export type ApiKeyRecord = typeof apiKeys.$inferSelect & { createdByName: string };

/** API keys and idempotency keys: the only Drizzle code of the api-keys module (ADR 036). */
export function createApiKeysRepository(db: Database) {
  const withCreator = () =>
    db
      .select({
        key: apiKeys,
        createdByName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.createdByUserId));
  const flat = (row: { key: typeof apiKeys.$inferSelect; createdByName: string }): ApiKeyRecord => ({
    ...row.key,
    createdByName: row.createdByName,
  });

  return {
    async list(organizationId: string): Promise<ApiKeyRecord[]> {
      const rows = await withCreator()
        .where(eq(apiKeys.organizationId, organizationId))
        .orderBy(desc(apiKeys.createdOn), desc(apiKeys.id));
      return rows.map(flat);
    },

    async find(organizationId: string, id: string): Promise<ApiKeyRecord | null> {
      const rows = await withCreator()
        .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId)))
        .limit(1);
      return rows[0] ? flat(rows[0]) : null;
    },

    /** Keys of the organization that are neither revoked nor expired. */
    async countLive(organizationId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(apiKeys)
        .where(
          and(
            eq(apiKeys.organizationId, organizationId),
            isNull(apiKeys.revokedAt),
            or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
          ),
        );
      return row?.n ?? 0;
    },

    async insert(values: {
      organizationId: string;
      createdByUserId: string;
      name: string;
      scopes: ApiKeyScope[];
      secretHash: string;
      prefix: string;
      expiresAt: Date | null;
    }): Promise<string> {
      const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
      return row!.id;
    },

    /** Revokes the key (once: a revoked key keeps its first revoke time); answers whether it is the caller's. */
    async revoke(organizationId: string, id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now})` })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId)))
        .returning({ id: apiKeys.id });
      return rows.length > 0;
    },

    /**
     * The live key of this hash with its use counted, in one statement: revoked, expired or unknown answers
     * nothing. The creator's name and address come with it (an export's author).
     */
    async use(secretHash: string, now: Date) {
      const rows = await db
        .update(apiKeys)
        .set({ lastUsedAt: now, useCount: sql`${apiKeys.useCount} + 1` })
        .from(users)
        .where(
          and(
            eq(apiKeys.secretHash, secretHash),
            isNull(apiKeys.revokedAt),
            or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
            eq(users.id, apiKeys.createdByUserId),
          ),
        )
        .returning({
          keyId: apiKeys.id,
          organizationId: apiKeys.organizationId,
          scopes: apiKeys.scopes,
          expiresAt: apiKeys.expiresAt,
          userId: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
        });
      return rows[0] ?? null;
    },

    /** Claims the key for a request; null when a row for it exists (and is younger than `since`). */
    async claimIdempotencyKey(apiKeyId: string, key: string, requestHash: string, since: Date) {
      // Keys older than their time to live are forgotten (this API key's, so the table stays small): the same
      // key then starts a new request.
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), lt(idempotencyKeys.createdOn, since)));
      const rows = await db
        .insert(idempotencyKeys)
        .values({ apiKeyId, key, requestHash })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      return rows[0]?.id ?? null;
    },

    async findIdempotencyKey(apiKeyId: string, key: string) {
      const rows = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key)))
        .limit(1);
      return rows[0] ?? null;
    },

    async completeIdempotencyKey(id: string, statusCode: number, response: string): Promise<void> {
      await db.update(idempotencyKeys).set({ statusCode, response }).where(eq(idempotencyKeys.id, id));
    },

    async deleteIdempotencyKey(id: string): Promise<void> {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
