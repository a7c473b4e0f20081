import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Durable mail queue: requests write a job, the server sends it later (and again after a restart or a failure).
 * A request that mails therefore does the same work whoever the mail is for, and never waits for SMTP.
 */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What to send; the processor knows each kind (e.g. 'password-reset'). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Not before this time (retries back off). */
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A processor holds the job until then; a crashed one lets it go when the time passes. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_jobs_pending_idx')
      .on(t.runAfter)
      .where(sql`${t.doneAt} is null`),
  ],
);
