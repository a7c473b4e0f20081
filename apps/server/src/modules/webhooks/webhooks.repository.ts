import { and, desc, eq, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints, type Database } from '@sealplan/db';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewDelivery = Pick<
  WebhookDeliveryRow,
  'id' | 'organizationId' | 'endpointId' | 'event' | 'body'
> & {
  createdOn: Date;
};

/** Deliveries per INSERT statement: well below PostgreSQL's 65,535 bind parameters (a schedule import's events). */
const INSERT_CHUNK_ROWS = 1_000;

/** The webhooks' Drizzle code: every read and write of an organization's data is scoped to it. */
export function createWebhooksRepository(db: Database) {
  const queries = (q: Database) => ({
    async insertDeliveries(rows: NewDelivery[]) {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK_ROWS)
        await q.insert(webhookDeliveries).values(rows.slice(i, i + INSERT_CHUNK_ROWS));
    },
  });

  return {
    /** Work in one transaction: the deliveries and their queue jobs are written together or not at all. */
    transaction<T>(work: (tx: Database, q: ReturnType<typeof queries>) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) =>
        work(tx as unknown as Database, queries(tx as unknown as Database)),
      );
    },

    async endpointsOf(organizationId: string) {
      return db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.organizationId, organizationId))
        .orderBy(webhookEndpoints.createdOn, webhookEndpoints.id);
    },

    /** The newest delivery of each of the organization's endpoints. */
    async lastDeliveries(organizationId: string) {
      return db
        .selectDistinctOn([webhookDeliveries.endpointId], {
          endpointId: webhookDeliveries.endpointId,
          status: webhookDeliveries.status,
          responseStatus: webhookDeliveries.responseStatus,
          createdOn: webhookDeliveries.createdOn,
        })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.organizationId, organizationId))
        .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.createdOn), desc(webhookDeliveries.id));
    },

    async endpointOf(organizationId: string, id: string) {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)));
      return row ?? null;
    },

    async countOf(organizationId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.organizationId, organizationId));
      return row?.n ?? 0;
    },

    async insertEndpoint(values: typeof webhookEndpoints.$inferInsert) {
      const [row] = await db.insert(webhookEndpoints).values(values).returning();
      return row!;
    },

    async updateEndpoint(
      organizationId: string,
      id: string,
      values: Pick<WebhookEndpointRow, 'url' | 'description' | 'events' | 'enabled'>,
    ) {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ ...values, version: sql`${webhookEndpoints.version} + 1` })
        .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)))
        .returning();
      return row ?? null;
    },

    /** Deletes the endpoint and its delivery log; answers whether there was one. */
    async deleteEndpoint(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    /** The organization's enabled endpoints that subscribe to the event (one indexed read per event). */
    async subscribersOf(organizationId: string, event: string) {
      return db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.organizationId, organizationId),
            eq(webhookEndpoints.enabled, true),
            sql`${webhookEndpoints.events} @> ${JSON.stringify([event])}::jsonb`,
          ),
        );
    },

    /** A delivery with what sending it needs (the queue's job knows only the delivery's id). */
    async deliveryToSend(id: string) {
      const [row] = await db
        .select({
          delivery: webhookDeliveries,
          url: webhookEndpoints.url,
          secret: webhookEndpoints.secret,
          enabled: webhookEndpoints.enabled,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, id));
      return row ?? null;
    },

    async recordAttempt(
      id: string,
      values: Pick<WebhookDeliveryRow, 'status' | 'responseStatus' | 'lastError' | 'lastAttemptOn'> & {
        deliveredOn?: Date;
      },
    ) {
      await db
        .update(webhookDeliveries)
        .set({ ...values, attempts: sql`${webhookDeliveries.attempts} + 1` })
        .where(eq(webhookDeliveries.id, id));
    },

    async markPending(organizationId: string, id: string) {
      await db
        .update(webhookDeliveries)
        .set({ status: 'PENDING' })
        .where(and(eq(webhookDeliveries.organizationId, organizationId), eq(webhookDeliveries.id, id)));
    },

    async deliveriesOf(organizationId: string, endpointId: string | undefined, limit: number) {
      return db
        .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(
          and(
            eq(webhookDeliveries.organizationId, organizationId),
            endpointId ? eq(webhookDeliveries.endpointId, endpointId) : undefined,
          ),
        )
        .orderBy(desc(webhookDeliveries.createdOn), desc(webhookDeliveries.id))
        .limit(limit);
    },

    async deliveryOf(organizationId: string, id: string) {
      const [row] = await db
        .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(and(eq(webhookDeliveries.organizationId, organizationId), eq(webhookDeliveries.id, id)));
      return row ?? null;
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
