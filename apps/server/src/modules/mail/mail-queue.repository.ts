import { and, eq, sql } from 'drizzle-orm';
import { mailJobs, type Database } from '@sealplan/db';

export type MailJob = typeof mailJobs.$inferSelect;

/** The mail queue's Drizzle code: enqueue, claim due jobs (several servers never take the same one), settle. */
export function createMailQueueRepository(db: Database) {
  return {
    async insert(kind: string, payload: Record<string, unknown>, at: Date) {
      await db.insert(mailJobs).values({ kind, payload, createdAt: at, runAfter: at });
    },

    /**
     * Takes up to `limit` due jobs and holds them until `lockUntil`, in one statement. SKIP LOCKED lets two
     * servers claim at once without taking the same job; a job whose holder died is due again after the lock.
     */
    async claimDue(at: Date, lockUntil: Date, limit: number): Promise<MailJob[]> {
      const atParam = sql`${at.toISOString()}::timestamptz`;
      const due = sql`select ${mailJobs.id} from ${mailJobs}
        where ${mailJobs.doneAt} is null and ${mailJobs.runAfter} <= ${atParam}
          and (${mailJobs.lockedUntil} is null or ${mailJobs.lockedUntil} <= ${atParam})
        order by ${mailJobs.id} limit ${limit} for update skip locked`;
      return db
        .update(mailJobs)
        .set({ lockedUntil: lockUntil, attempts: sql`${mailJobs.attempts} + 1` })
        .where(sql`${mailJobs.id} in (${due})`)
        .returning();
    },

    async markDone(id: number, at: Date) {
      await db
        .update(mailJobs)
        .set({ doneAt: at, lockedUntil: null, lastError: null })
        .where(eq(mailJobs.id, id));
    },

    /** A failed attempt: try again after `runAfter`, or give up (done, with the error kept) when `giveUp`. */
    async markFailed(id: number, error: string, runAfter: Date, giveUp: boolean, at: Date) {
      await db
        .update(mailJobs)
        .set({ lastError: error, lockedUntil: null, runAfter, ...(giveUp ? { doneAt: at } : {}) })
        .where(and(eq(mailJobs.id, id)));
    },

    async pendingCount(): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailJobs)
        .where(sql`${mailJobs.doneAt} is null`);
      return rows[0]?.n ?? 0;
    },
  };
}

export type MailQueueRepository = ReturnType<typeof createMailQueueRepository>;
