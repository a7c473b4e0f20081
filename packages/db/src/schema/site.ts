import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, versionColumn } from './audit';
import { organizations, users } from './accounts';
import { projects, transits } from './projects';

/**
 * ADR 031: a project's locations, a tree of any depth (deck → frame or room, building → level → room), edited by
 * the staff of the project's organization. A root has no parent.
 */
export const projectLocations = pgTable(
  'project_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    parentId: uuid('parent_id').references((): AnyPgColumn => projectLocations.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    ...versionColumn(),
    ...auditColumns(),
  },
  (t) => [
    index('project_locations_project_idx').on(t.projectId),
    index('project_locations_parent_idx').on(t.parentId),
  ],
);

/**
 * ADR 031: a transit's life on site, one row per transit once it has a location or a status other than designed
 * (no row reads as designed, without a location). Kept beside the transit, not in it, so the design's save never
 * touches what happens on site.
 */
export const transitSiteStates = pgTable(
  'transit_site_states',
  {
    transitId: uuid('transit_id')
      .primaryKey()
      .references(() => transits.id),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    locationId: uuid('location_id').references(() => projectLocations.id),
    /** DESIGNED, INSTALLED, INSPECTION_PASSED or INSPECTION_FAILED (contracts' TRANSIT_SITE_STATUSES). */
    status: text('status').notNull().default('DESIGNED'),
    installedById: uuid('installed_by_id').references(() => users.id),
    installedOn: timestamp('installed_on', { withTimezone: true, mode: 'date' }),
    inspectedById: uuid('inspected_by_id').references(() => users.id),
    inspectedOn: timestamp('inspected_on', { withTimezone: true, mode: 'date' }),
    /**
     * ADR 035: who installed and inspected a transit imported from a project archive, by name (a person of another
     * organization or installation has no account here); null for steps taken here, whose person is the id's.
     */
    installedByName: text('installed_by_name'),
    inspectedByName: text('inspected_by_name'),
    /** The last failed inspection's remarks; empty otherwise. */
    remarks: text('remarks').notNull().default(''),
    ...versionColumn(),
    ...auditColumns(),
  },
  (t) => [
    index('transit_site_states_project_idx').on(t.projectId, t.status),
    index('transit_site_states_location_idx')
      .on(t.locationId)
      .where(sql`${t.locationId} is not null`),
  ],
);

/** ADR 031: every status step of a transit, who made it and when (the site page lists them). */
export const transitStatusEvents = pgTable(
  'transit_status_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    transitId: uuid('transit_id')
      .notNull()
      .references(() => transits.id),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    /** Null for a step imported from a project archive (ADR 035), which names its person in `user_name`. */
    userId: uuid('user_id').references(() => users.id),
    userName: text('user_name'),
    remarks: text('remarks').notNull().default(''),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('transit_status_events_transit_idx').on(t.transitId, t.at)],
);
