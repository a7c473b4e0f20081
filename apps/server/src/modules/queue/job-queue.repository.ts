import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { queueJobs, type Database } from '@sealplan/db';

export type QueueJob = typeof queueJobs.$inferSelect;
/** A connection or an open transaction: a job written in a transaction exists only if the transaction commits. */
export type QueueWriter = Pick<Database, 'insert' | 'execute'>;

/** The job queue's Drizzle code: enqueue, claim due jobs (several servers never take the same one), settle. */
export function createJobQueueRepository(db: Database) {
  return {
    async insert(
      kind: string,
      payload: Record<string, unknown>,
      at: Date,
      runAfter: Date,
      writer: QueueWriter = db,
    ): Promise<number> {
      const [row] = await writer
        .insert(queueJobs)
        .values({ kind, payload, createdAt: at, runAfter })
        .returning({ id: queueJobs.id });
      return row!.id;
    },

    /**
     * Takes up to `limit` due jobs and holds them until `lockUntil`, in one statement. SKIP LOCKED lets two
     * servers claim at once without taking the same job; a job whose holder died is due again after the lock.
     */
    async claimDue(at: Date, lockUntil: Date, limit: number): Promise<QueueJob[]> {
      const atParam = sql`${at.toISOString()}::timestamptz`;
      const due = sql`select ${queueJobs.id} from ${queueJobs}
        where ${queueJobs.doneAt} is null and ${queueJobs.runAfter} <= ${atParam}
          and (${queueJobs.lockedUntil} is null or ${queueJobs.lockedUntil} <= ${atParam})
        order by ${queueJobs.runAfter}, ${queueJobs.id} limit ${limit} for update skip locked`;
      return db
        .update(queueJobs)
        .set({ lockedUntil: lockUntil, attempts: sql`${queueJobs.attempts} + 1` })
        .where(sql`${queueJobs.id} in (${due})`)
        .returning();
    },

    async markDone(id: number, at: Date) {
      await db
        .update(queueJobs)
        .set({ doneAt: at, lockedUntil: null, lastError: null })
        .where(eq(queueJobs.id, id));
    },

    /** A failed attempt: try again after `runAfter`, or give up (done, with the error kept) when `giveUp`. */
    async markFailed(id: number, error: string, runAfter: Date, giveUp: boolean, at: Date) {
      await db
        .update(queueJobs)
        .set({ lastError: error, lockedUntil: null, runAfter, ...(giveUp ? { doneAt: at } : {}) })
        .where(eq(queueJobs.id, id));
    },

    /** Jobs not yet done, of the kinds that start with `prefix` (all when none). */
    async pendingCount(prefix = ''): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(queueJobs)
        .where(sql`${queueJobs.doneAt} is null and starts_with(${queueJobs.kind}, ${prefix})`);
      return rows[0]?.n ?? 0;
    },
  };
}

export type JobQueueRepository = ReturnType<typeof createJobQueueRepository>;

/**
 * Takes out of `queue_jobs` the jobs not yet done that no server holds (in `tx`, which writes them elsewhere):
 * what a PostgreSQL database queued before its queue moved to pg-boss (ADR 037).
 */
export async function takeWaitingQueueJobs(tx: Pick<Database, 'delete'>, at: Date): Promise<QueueJob[]> {
  return tx
    .delete(queueJobs)
    .where(and(isNull(queueJobs.doneAt), or(isNull(queueJobs.lockedUntil), lte(queueJobs.lockedUntil, at))))
    .returning();
}
