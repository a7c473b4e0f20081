import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './accounts';

/**
 * ADR 020: the column mapping of an organization's last schedule import (headings per field and the diameter unit),
 * so the next schedule with the same headings maps itself. One row per organization.
 */
export const scheduleMappings = pgTable('schedule_mappings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  /** contracts' RememberedMapping: { headings: { tag, type, outerDiameter, quantity, transit }, diameterUnit }. */
  mapping: jsonb('mapping').$type<Record<string, unknown>>().notNull(),
  lastUpdatedOn: timestamp('last_updated_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
