import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, versionColumn } from './audit';
import { organizations, users } from './accounts';
import { translatedNamesColumn } from './catalogue';

export const industries = pgTable('industries', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  ...translatedNamesColumn(),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    industryId: text('industry_id')
      .notNull()
      .references(() => industries.id),
    contactFirstName: text('contact_first_name').notNull(),
    contactLastName: text('contact_last_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...versionColumn(),
    ...auditColumns(),
  },
  (t) => [index('customers_org_idx').on(t.organizationId, t.name)],
);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    industryId: text('industry_id')
      .notNull()
      .references(() => industries.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdById: uuid('created_by_id').references(() => users.id),
    isRemoved: boolean('is_removed').notNull().default(false),
    ...versionColumn(),
    ...auditColumns(),
  },
  (t) => [
    index('projects_org_idx').on(t.organizationId),
    // ADR 019: a customer's live project count (customers' lists and records) and the dashboard's recent projects.
    index('projects_customer_idx').on(t.customerId),
    index('projects_org_recent_idx')
      .on(t.organizationId, t.lastUpdatedOn.desc().nullsFirst())
      .where(sql`${t.isRemoved} = false`),
  ],
);

/** Transit (spec §3). Lengths in mm. `results` holds the engine's figures computed on the server at save. */
export const transits = pgTable(
  'transits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    name: text('name').notNull(),
    copies: integer('copies').notNull().default(1),
    shape: text('shape').notNull().default('ROUND'),
    widthMm: doublePrecision('width_mm'),
    heightMm: doublePrecision('height_mm'),
    radiusMm: doublePrecision('radius_mm'),
    diameterMm: doublePrecision('diameter_mm'),
    nominalSize: text('nominal_size'),
    sparePercent: doublePrecision('spare_percent'),
    comments: text('comments').notNull().default(''),
    penetratingItemTypeId: text('penetrating_item_type_id'),
    transitTypeId: text('transit_type_id'),
    classId: text('class_id'),
    sealantType: text('sealant_type'),
    sealantDepth: text('sealant_depth'),
    crusherPipeConfiguration: text('crusher_pipe_configuration'),
    singleCrusherPipeId: text('single_crusher_pipe_id'),
    depthMm: doublePrecision('depth_mm'),
    penetratingItemCount: integer('penetrating_item_count').notNull().default(0),
    results: jsonb('results').$type<unknown>(),
    isRemoved: boolean('is_removed').notNull().default(false),
    ...versionColumn(),
    ...auditColumns(),
  },
  (t) => [
    index('transits_project_idx').on(t.projectId),
    index('transits_org_idx').on(t.organizationId),
    // ADR 019: the project read's live transits of a project, in the order it answers them (no sort).
    index('transits_project_live_idx')
      .on(t.projectId, t.createdOn, t.id)
      .where(sql`${t.isRemoved} = false`),
  ],
);

/** Penetrating item line (spec §3): `quantity` identical items of one outer diameter. */
export const penetratingItems = pgTable(
  'penetrating_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    transitId: uuid('transit_id')
      .notNull()
      .references(() => transits.id),
    itemTypeId: text('item_type_id'),
    quantity: integer('quantity').notNull(),
    outerDiameterMm: doublePrecision('outer_diameter_mm').notNull(),
    crusherId: text('crusher_id'),
    plasticPipeDiameterMm: doublePrecision('plastic_pipe_diameter_mm'),
    sleevedDiameterMm: doublePrecision('sleeved_diameter_mm'),
    diameterPlusClearanceMm: doublePrecision('diameter_plus_clearance_mm'),
    /** ADR 020: the cable tag (designation) of the line, from an imported schedule or typed; null when none. */
    tag: text('tag'),
    /** The cable type or pipe spec as the schedule writes it ("RFOU(i) 3x35"), printed beside the tag; null when none. */
    specification: text('specification'),
    sort: integer('sort').notNull().default(0),
    isRemoved: boolean('is_removed').notNull().default(false),
    ...versionColumn(),
    ...auditColumns(),
  },
  (t) => [index('penetrating_items_transit_idx').on(t.transitId)],
);

/**
 * The revisions of each project's read (ADR 038, "The project read kept per server"): `revision` takes a new value
 * of `project_read_revision_seq` in every transaction that writes a row the project read shows (the project, its
 * customer and the customer's other projects, their industries, its transits and their items). The database's
 * own triggers move it (migration 0018), so no write path can forget to; an app server keeps a project's read
 * text beside the revision it was read at, and the database builds the text again only when the revision moved.
 */
export const projectReadRevisionSeq = pgSequence('project_read_revision_seq');

export const projectReadRevisions = pgTable('project_read_revisions', {
  projectId: uuid('project_id').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull(),
});
