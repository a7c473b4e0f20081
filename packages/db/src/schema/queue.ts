import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * ADR 037: the durable job queue (mail, webhook deliveries) on the embedded PGlite. A request writes a job; the
 * server runs it later, again after a failure (with backoff) or after a restart; claims use SKIP LOCKED so two
 * claims never take one job. On PostgreSQL pg-boss keeps the jobs (schema `pgboss`); rows left here from before
 * are moved there when its queue starts.
 */
export const queueJobs = pgTable(
  'queue_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What to run; each kind has one handler ('mail.password-reset', 'webhook.deliver'). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Not before this time (retries back off). */
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A server holds the job until then; a crashed one lets it go when the time passes. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (t) => [
    index('queue_jobs_pending_idx')
      .on(t.runAfter)
      .where(sql`${t.doneAt} is null`),
  ],
);
