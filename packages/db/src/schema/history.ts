import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { projects, transits } from './projects';
import { bytea } from './content';

/**
 * One saved change of a transit (ADR 032): written in the transaction of the change itself, so a refused or failed
 * save writes none. `entries` are the field-level befores and afters, `snapshot` the transit and its live items as
 * the change left them (what a restore writes back).
 */
export const transitChanges = pgTable(
  'transit_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    transitId: uuid('transit_id')
      .notNull()
      .references(() => transits.id),
    /** created, updated, removed, restored, status, photo. */
    action: text('action').notNull(),
    entries: jsonb('entries').$type<unknown>().notNull(),
    snapshot: jsonb('snapshot').$type<unknown>(),
    /** The revision letter index the transit had after this change (0 = A). */
    revision: integer('revision').notNull().default(0),
    changedById: uuid('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    changedOn: timestamp('changed_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('transit_changes_transit_idx').on(t.organizationId, t.transitId, t.changedOn),
    // The project's history view reads every change of its transits, newest first.
    index('transit_changes_project_idx').on(t.organizationId, t.projectId, t.changedOn),
  ],
);

/**
 * One saved change of a project's own fields (ADR 032): its name, customer, industry and description, written in
 * the transaction of the change like a transit's. `entries` are the field-level befores and afters. The project's
 * history view reads these rows with its transits' changes.
 */
export const projectChanges = pgTable(
  'project_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    /** created, updated, removed. */
    action: text('action').notNull(),
    entries: jsonb('entries').$type<unknown>().notNull(),
    changedById: uuid('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    changedOn: timestamp('changed_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('project_changes_project_idx').on(t.organizationId, t.projectId, t.changedOn)],
);

/**
 * The design revision of a transit (ADR 032): `revision` 0 is A. Issuing a document marks the current revision
 * issued; the next change after that opens the next letter, dated by that change.
 */
export const transitRevisions = pgTable('transit_revisions', {
  transitId: uuid('transit_id')
    .primaryKey()
    .references(() => transits.id),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id),
  revision: integer('revision').notNull().default(0),
  revisedOn: timestamp('revised_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  issuedOn: timestamp('issued_on', { withTimezone: true, mode: 'date' }),
});

/** Photos and files of a transit (ADR 032), in the database so every app server serves them. */
export const transitPhotos = pgTable(
  'transit_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    transitId: uuid('transit_id')
      .notNull()
      .references(() => transits.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    data: bytea('data').notNull(),
    thumbnail: bytea('thumbnail'),
    /** Whether the uploader chose to keep the photo's GPS position (removed by default). */
    keptGps: boolean('kept_gps').notNull().default(false),
    isRemoved: boolean('is_removed').notNull().default(false),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('transit_photos_transit_idx').on(t.organizationId, t.transitId)],
);
