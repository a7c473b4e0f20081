import { z } from 'zod';
import { singleLine } from './input-gate';
import { editedVersionSchema } from './records';
import { translatedNamesSchema } from './translated-names';
import { ITEM_TYPE_IDS, TRANSIT_CLASS_IDS, TRANSIT_TYPE_IDS } from '@sealplan/engine';
import type { Catalogue, ItemTypeId, TransitClassId, TransitTypeId } from '@sealplan/engine';

// Spec §3 fixed identifiers and form reference data. The catalogue travels in the engine's own `Catalogue` shape
// (lengths in mm), so the browser and the server feed the same object to `sizeTransit`. Spec names map as:
// transitClasses = catalogue.classes, transitTypes = catalogue.transitTypes, penetratingItems = catalogue.itemTypes,
// sealants, cableSleeves, crushers (pipe sizes) and the clearance table under the same names.

export const itemTypeIdSchema = z.enum(ITEM_TYPE_IDS as [ItemTypeId, ...ItemTypeId[]]);
export const transitTypeIdSchema = z.enum(TRANSIT_TYPE_IDS as [TransitTypeId, ...TransitTypeId[]]);
export const transitClassIdSchema = z.enum(TRANSIT_CLASS_IDS as [TransitClassId, ...TransitClassId[]]);

const lengthMm = z.number().finite().nonnegative().max(100_000);
const volumeMl = z.number().finite().positive().max(100_000);
const catalogueId = singleLine(z.string().trim().min(1).max(60), 'The id');
const catalogueName = singleLine(z.string().trim().min(1).max(120), 'The name');
const articleNumber = singleLine(z.string().trim().max(60), 'The article number');

export const catalogueItemTypeSchema = z.object({
  id: itemTypeIdSchema,
  name: catalogueName,
  names: translatedNamesSchema.optional(),
  transitTypes: z.array(
    z.object({ transitTypeId: transitTypeIdSchema, classExceptions: z.array(transitClassIdSchema).max(20) }),
  ),
  classes: z.array(
    z.object({
      classId: transitClassIdSchema,
      minimumTransitDepthMm: lengthMm,
      sealants: z.array(catalogueId).max(50),
    }),
  ),
});

export const catalogueTransitTypeSchema = z.object({
  id: transitTypeIdSchema,
  name: catalogueName,
  names: translatedNamesSchema.optional(),
  classes: z.array(z.object({ classId: transitClassIdSchema, mmFillerSleeveLessThanTransit: lengthMm })),
  fillerSleeveType: catalogueName,
  fillerSleeveDiameterMm: lengthMm.positive(),
  sealantCartridgeSizeMl: volumeMl,
  usableSealantCartridgeSizeMl: volumeMl,
});

export const catalogueClassSchema = z.object({
  id: transitClassIdSchema,
  name: catalogueName,
  names: translatedNamesSchema.optional(),
});
export const catalogueSealantSchema = z.object({
  id: catalogueId,
  name: catalogueName,
  names: translatedNamesSchema.optional(),
});

export const catalogueCableSleeveSchema = z.object({
  id: catalogueId,
  transitTypeId: transitTypeIdSchema,
  cableMinMm: lengthMm,
  cableMaxMm: lengthMm,
  outerDiameterMm: lengthMm.positive(),
  articleNumber: articleNumber.min(1),
});

export const catalogueCrusherSchema = z.object({
  id: catalogueId,
  name: catalogueName,
  itemTypeId: itemTypeIdSchema,
  pipeNominalSize: singleLine(z.string().trim().min(1).max(30), 'The nominal size'),
  pipeDiameterMm: lengthMm.positive(),
  insideDiameterMm: lengthMm.positive().nullable(),
  outerDiameterMm: lengthMm.positive(),
  articleNumber: articleNumber.nullable().optional(),
});

export const clearanceEntrySchema = z.object({
  pipeOuterDiameterMinMm: lengthMm,
  pipeOuterDiameterMaxMm: lengthMm,
  requiredClearanceMm: lengthMm,
});

/** ADR 020: a standard opening size (round: diameter; rectangle: width, height, corner radius). */
export const standardOpeningSchema = z
  .object({
    id: catalogueId,
    shape: z.enum(['ROUND', 'RECTANGLE']),
    diameterMm: lengthMm.positive().nullable().optional(),
    widthMm: lengthMm.positive().nullable().optional(),
    heightMm: lengthMm.positive().nullable().optional(),
    cornerRadiusMm: lengthMm.nullable().optional(),
  })
  .superRefine((row, ctx) => {
    const need = (field: 'diameterMm' | 'widthMm' | 'heightMm') => {
      if (row[field] == null)
        ctx.addIssue({ code: 'custom', path: [field], message: 'Required for this shape.' });
    };
    if (row.shape === 'ROUND') need('diameterMm');
    else {
      need('widthMm');
      need('heightMm');
      const { widthMm, heightMm, cornerRadiusMm } = row;
      if (widthMm != null && heightMm != null && (cornerRadiusMm ?? 0) > Math.min(widthMm, heightMm) / 2)
        ctx.addIssue({
          code: 'custom',
          path: ['cornerRadiusMm'],
          message: 'The corner radius can be at most half the shorter side.',
        });
    }
  });

/** The whole catalogue as the engine uses it (also the body an administrator saves, see PUT /api/catalogue). */
export const catalogueSchema = z.object({
  itemTypes: z.array(catalogueItemTypeSchema).max(20),
  transitTypes: z.array(catalogueTransitTypeSchema).max(20),
  classes: z.array(catalogueClassSchema).max(20),
  sealants: z.array(catalogueSealantSchema).max(100),
  cableSleeves: z.array(catalogueCableSleeveSchema).max(1000),
  crushers: z.array(catalogueCrusherSchema).max(1000),
  clearance: z.array(clearanceEntrySchema).max(100),
  standardOpenings: z.array(standardOpeningSchema).max(200).optional(),
  isSample: z.boolean().optional(),
}) satisfies z.ZodType<Catalogue>;

/**
 * Research (shared/research/catalogue.md): most figures are sample values until an administrator verifies them.
 * `isVerified` false = the UI shows the "sample catalogue" notice.
 */
export const catalogueMetaSchema = z.object({
  /** Version of the seed data file the tables were filled from (packages/db/src/seed-data). */
  dataVersion: z.number().int(),
  isVerified: z.boolean(),
  verifiedOn: z.string().nullable(),
  verifiedBy: z.string().nullable(),
  /** Row version, for concurrent edits of the catalogue by administrators. */
  version: z.number().int(),
  lastUpdatedOn: z.string(),
});
export type CatalogueMeta = z.infer<typeof catalogueMetaSchema>;

/** The meta a catalogue that was never seeded answers: no data version, not verified, never changed. */
export const NO_CATALOGUE_META: CatalogueMeta = Object.freeze({
  dataVersion: 0,
  isVerified: false,
  verifiedOn: null,
  verifiedBy: null,
  version: 0,
  lastUpdatedOn: new Date(0).toISOString(),
});

/**
 * Spec §7 POST /api/project/getFormData {} — form reference data of spec §3. `catalogue.isSample` is true while
 * the catalogue is not verified. `sampleFields` names, per table and row id, which values are sample values.
 */
export interface FormData {
  catalogue: Catalogue;
  meta: CatalogueMeta;
  sampleFields: SampleFields;
}

/** Per catalogue table, per row id: the field names whose values are sample values (no public source). */
export type SampleFields = Record<CatalogueTable, Record<string, string[]>>;

export const CATALOGUE_TABLES = [
  'itemTypes',
  'transitTypes',
  'classes',
  'sealants',
  'cableSleeves',
  'crushers',
  'clearance',
  'standardOpenings',
] as const;
export type CatalogueTable = (typeof CATALOGUE_TABLES)[number];

/** Spec §7 POST /api/project/getPenetratingItemTypes {} — the item types with their allowed transit types/classes. */
export type PenetratingItemTypes = Catalogue['itemTypes'];

/** Admin: PUT /api/catalogue {catalogue, version, force?} replaces the catalogue (ElevatedUser, SystemAdministrator). */
export const saveCatalogueRequestSchema = z.object({
  catalogue: catalogueSchema,
  /** The meta version the administrator edited; an older one is refused with VERSION_CONFLICT. */
  version: editedVersionSchema,
  force: z.boolean().optional(),
});
export type SaveCatalogueRequest = z.infer<typeof saveCatalogueRequestSchema>;

/** Admin: POST /api/catalogue/verify {isVerified, version} — marks the figures as the maker's (hides the notice). */
export const verifyCatalogueRequestSchema = z.object({
  isVerified: z.boolean(),
  version: editedVersionSchema,
});
export type VerifyCatalogueRequest = z.infer<typeof verifyCatalogueRequestSchema>;

/** Messages of catalogue edits. */
export const CATALOGUE_MESSAGES = {
  unknownReference: 'The catalogue refers to an unknown {kind}: {id}',
  duplicateId: 'The catalogue has the {kind} {id} twice',
  rangeInverted: 'The minimum must be below the maximum',
  saved: 'Catalogue saved successfully!',
} as const;
