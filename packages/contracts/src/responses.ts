import { z } from 'zod';
import type { TransitSizing } from '@sealplan/engine';
import { CATALOGUE_TABLES, catalogueItemTypeSchema, catalogueMetaSchema, catalogueSchema } from './catalogue';
import type { FormData, PenetratingItemTypes } from './catalogue';
import { customerSchema, industrySchema } from './customers';
import { projectSchema, type DashboardData, type ProjectAndTransits } from './projects';
import { auditingSchema, pagerSchema, referenceSchema } from './records';
import type { AdminSettings, AppSettings } from './settings';
import {
  PIPE_CONFIGURATIONS,
  SEALANT_DEPTHS,
  TRANSIT_SHAPES,
  penetratingItemSchema,
  type Transit,
  type TransitData,
  type TransitWithItems,
} from './transits';
import { itemTypeIdSchema, transitClassIdSchema, transitTypeIdSchema } from './catalogue';

// Response schemas of the answers whose types are written as interfaces elsewhere in the contracts. Every route
// declares its answer's schema (ADR 019): the server serialises from it (fields not declared are not sent), and
// checks answers against it outside production. `Same<…>` below fails to compile when a schema and its interface
// part ways, so a field added to an interface cannot be dropped silently from the answer.

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(proof: Same<A, B>) => proof;

/**
 * The engine's sizeTransit output as stored at the last save: written as stored, not described field by field (it
 * is the engine's own shape, and JSON.stringify writes a nested object of numbers faster than a schema walk).
 */
export const transitSizingSchema = z.custom<TransitSizing>(
  (value) => typeof value === 'object' && value !== null,
  'results must be the engine output',
);

export const transitSchema = z.object({
  id: z.string(),
  guid: z.string(),
  projectId: z.string(),
  name: z.string(),
  copies: z.number().int(),
  shape: z.enum(TRANSIT_SHAPES),
  widthMm: z.number().nullable(),
  heightMm: z.number().nullable(),
  radiusMm: z.number().nullable(),
  diameterMm: z.number().nullable(),
  nominalSize: z.string().nullable(),
  sparePercent: z.number().nullable(),
  comments: z.string(),
  penetratingItemTypeId: itemTypeIdSchema.nullable(),
  transitTypeId: transitTypeIdSchema.nullable(),
  classId: transitClassIdSchema.nullable(),
  penetratingItemType: referenceSchema.nullable(),
  transitType: referenceSchema.nullable(),
  class: referenceSchema.nullable(),
  sealantType: z.string().nullable(),
  sealantDepth: z.enum(SEALANT_DEPTHS).nullable(),
  crusherPipeConfiguration: z.enum(PIPE_CONFIGURATIONS).nullable(),
  singleCrusherPipeId: z.string().nullable(),
  depthMm: z.number().nullable(),
  penetratingItemCount: z.number().int(),
  isRemoved: z.boolean(),
  version: z.number().int(),
  auditing: auditingSchema,
  results: transitSizingSchema.nullable(),
});
same<z.output<typeof transitSchema>, Transit>(true);

export const transitWithItemsSchema = transitSchema.extend({
  penetratingItems: z.array(penetratingItemSchema),
});
same<z.output<typeof transitWithItemsSchema>, TransitWithItems>(true);

export const transitDataSchema = z.object({
  transit: transitSchema,
  penetratingItems: z.array(penetratingItemSchema),
});
same<z.output<typeof transitDataSchema>, TransitData>(true);

export const projectAndTransitsSchema = z.object({
  project: projectSchema,
  customer: customerSchema,
  transits: z.array(transitWithItemsSchema),
});
same<z.output<typeof projectAndTransitsSchema>, ProjectAndTransits>(true);

export const dashboardDataSchema = z.object({
  counts: z.object({
    projects: z.number().int(),
    transits: z.number().int(),
    customers: z.number().int(),
    overfilledTransits: z.number().int(),
  }),
  recentProjects: z.array(projectSchema),
});
same<z.output<typeof dashboardDataSchema>, DashboardData>(true);

export const recentProjectsSchema = z.array(projectSchema);

export const formDataSchema = z.object({
  catalogue: catalogueSchema,
  meta: catalogueMetaSchema,
  sampleFields: z.record(z.enum(CATALOGUE_TABLES), z.record(z.string(), z.array(z.string()))),
});
same<z.output<typeof formDataSchema>, FormData>(true);

export const penetratingItemTypesSchema = z.array(catalogueItemTypeSchema);
same<z.output<typeof penetratingItemTypesSchema>, PenetratingItemTypes>(true);

export const customersSchema = z.array(customerSchema);
export const industriesSchema = z.array(industrySchema);

const measurementSystemSchema = z.enum(['METRIC', 'IMPERIAL']);

export const appSettingsSchema = z.object({
  provider: z.object({ name: z.string(), shortName: z.string() }),
  organization: z
    .object({ id: z.string(), name: z.string(), defaultMeasurementSystem: measurementSystemSchema })
    .nullable(),
  defaultMeasurementSystem: measurementSystemSchema,
  catalogue: z.object({ isVerified: z.boolean(), dataVersion: z.number().int() }),
  frontEndVersion: z.string(),
  apiVersion: z.string(),
});
same<z.output<typeof appSettingsSchema>, AppSettings>(true);

export const adminSettingsSchema = appSettingsSchema.extend({
  catalogueMeta: catalogueMetaSchema,
  database: z.enum(['pglite', 'postgres']).nullable(),
  mail: z.string().nullable(),
  publicUrl: z.string().nullable(),
  counts: z.object({
    organizations: z.number().int(),
    users: z.number().int(),
    pendingUsers: z.number().int(),
  }),
});
same<z.output<typeof adminSettingsSchema>, AdminSettings>(true);

/**
 * Spec §7 generic records: one record of the model named in the path (Customer, Project, Transit,
 * PenetratingItem, Industry), as that model's product functions answer it. The model is chosen at run time, so
 * the record is written as the service presents it.
 */
export const instanceRecordSchema = z.unknown();
export const instanceListSchema = z.object({ r: z.array(instanceRecordSchema), pager: pagerSchema });

/** The OpenAPI description (GET /api/docs), written as generated. */
export const apiDescriptionSchema = z.record(z.string(), z.unknown());
