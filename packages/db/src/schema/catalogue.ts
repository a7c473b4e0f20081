import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CatalogueItemType, CatalogueTransitType, TranslatedNames } from '@sealplan/engine';
import { auditColumns, versionColumn } from './audit';
import { users } from './accounts';

// Catalogue (spec §3 form reference data): one provider-wide set of tables an administrator edits, seeded from the
// versioned data file in src/seed-data. Every row lists in `sample_fields` the fields whose values come from no
// public source (research/catalogue.md: "the file says so per value"); editing a value clears its mark.

/** ADR 030: the row's name in the other interface languages (the English one is `name`); {} = English only. */
export const translatedNamesColumn = () => ({
  names: jsonb('names')
    .$type<TranslatedNames>()
    .notNull()
    .default(sql`'{}'::jsonb`),
});

const sampleFields = () => ({
  sampleFields: jsonb('sample_fields')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

/** One row: which seed file version filled the tables, and whether an administrator verified the figures. */
export const catalogueMeta = pgTable('catalogue_meta', {
  id: text('id').primaryKey(),
  dataVersion: integer('data_version').notNull(),
  isVerified: boolean('is_verified').notNull().default(false),
  verifiedOn: timestamp('verified_on', { withTimezone: true, mode: 'date' }),
  verifiedById: uuid('verified_by_id').references(() => users.id),
  ...versionColumn(),
  ...auditColumns(),
});

/** Spec §3 fixed identifiers: transit classes. */
export const transitClasses = pgTable('transit_classes', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  ...translatedNamesColumn(),
  sort: integer('sort').notNull().default(0),
  ...sampleFields(),
});

export const sealants = pgTable('sealants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  ...translatedNamesColumn(),
  sort: integer('sort').notNull().default(0),
  ...sampleFields(),
});

/** Spec §3 transit type: per-class mmFillerSleeveLessThanTransit, filler sleeve and cartridge data. */
export const transitTypes = pgTable('transit_types', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  ...translatedNamesColumn(),
  classes: jsonb('classes').$type<CatalogueTransitType['classes']>().notNull(),
  fillerSleeveType: text('filler_sleeve_type').notNull(),
  fillerSleeveDiameterMm: doublePrecision('filler_sleeve_diameter_mm').notNull(),
  sealantCartridgeSizeMl: doublePrecision('sealant_cartridge_size_ml').notNull(),
  usableSealantCartridgeSizeMl: doublePrecision('usable_sealant_cartridge_size_ml').notNull(),
  sort: integer('sort').notNull().default(0),
  ...sampleFields(),
});

/** Spec §3 penetrating item type: allowed transit types (with class exceptions) and classes (depth, sealants). */
export const penetratingItemTypes = pgTable('penetrating_item_types', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  ...translatedNamesColumn(),
  transitTypes: jsonb('transit_types').$type<CatalogueItemType['transitTypes']>().notNull(),
  classes: jsonb('classes').$type<CatalogueItemType['classes']>().notNull(),
  sort: integer('sort').notNull().default(0),
  ...sampleFields(),
});

/** Spec §3 cable sleeve (matches cableMin < OD <= cableMax, spec §9). */
export const cableSleeves = pgTable('cable_sleeves', {
  id: text('id').primaryKey(),
  transitTypeId: text('transit_type_id').notNull(),
  cableMinMm: doublePrecision('cable_min_mm').notNull(),
  cableMaxMm: doublePrecision('cable_max_mm').notNull(),
  outerDiameterMm: doublePrecision('outer_diameter_mm').notNull(),
  articleNumber: text('article_number').notNull(),
  sort: integer('sort').notNull().default(0),
  ...sampleFields(),
});

/** Spec §3 crusher (predefined pipe size): ASME NPS steel pipes and ISO plastic pipes with crusher plugs. */
export const crushers = pgTable('crushers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  itemTypeId: text('item_type_id').notNull(),
  pipeNominalSize: text('pipe_nominal_size').notNull(),
  pipeDiameterMm: doublePrecision('pipe_diameter_mm').notNull(),
  insideDiameterMm: doublePrecision('inside_diameter_mm'),
  outerDiameterMm: doublePrecision('outer_diameter_mm').notNull(),
  articleNumber: text('article_number'),
  sort: integer('sort').notNull().default(0),
  ...sampleFields(),
});

/** Spec §9 clearance table (min inclusive, max exclusive). `id` is the row's position. */
export const clearanceEntries = pgTable('clearance_entries', {
  id: integer('id').primaryKey(),
  pipeOuterDiameterMinMm: doublePrecision('pipe_outer_diameter_min_mm').notNull(),
  pipeOuterDiameterMaxMm: doublePrecision('pipe_outer_diameter_max_mm').notNull(),
  requiredClearanceMm: doublePrecision('required_clearance_mm').notNull(),
  ...sampleFields(),
});
