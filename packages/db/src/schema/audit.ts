import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Audit columns every record carries (spec §3: auditing.createdOn, auditing.lastUpdatedOn, guid). */
export const auditColumns = () => ({
  guid: uuid('guid').notNull().defaultRandom().unique(),
  createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastUpdatedOn: timestamp('last_updated_on', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** Optimistic concurrency: a save based on an older version is refused. */
export const versionColumn = () => ({ version: integer('version').notNull().default(1) });
