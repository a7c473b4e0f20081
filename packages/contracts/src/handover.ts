import { z } from 'zod';
import { DEFAULT_DOCUMENT_LANGUAGE, DOCUMENT_LANGUAGES, EXPORT_MEASUREMENT_SYSTEMS } from './export';
import { singleLine } from './input-gate';
import { ROLE_IDS, type PermissionSubject } from './permissions';
import {
  LOCATION_MAX_DEPTH,
  LOCATION_NAME_MAX_LENGTH,
  SITE_REMARKS_MAX_LENGTH,
  TRANSIT_SITE_STATUSES,
} from './site';
import { PROJECT_DESCRIPTION_MAX_LENGTH, PROJECT_NAME_MAX_LENGTH } from './projects';
import {
  ITEM_SPECIFICATION_MAX_LENGTH,
  ITEM_TAG_MAX_LENGTH,
  TRANSIT_COMMENTS_MAX_LENGTH,
  TRANSIT_NAME_MAX_LENGTH,
} from './transits';
import { CUSTOMER_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from './customers';
import {
  TRANSIT_FILE_TYPES,
  TRANSIT_PHOTO_MAX_BYTES,
  TRANSIT_PHOTO_TYPES,
  TRANSIT_PHOTOS_MAX_COUNT,
} from './history';

/**
 * ADR 035: the hand-over of a project. The as-built record (a PDF of each transit's location, status, who installed
 * and inspected it and when, remarks and photos) and the project archive (a ZIP of the data as JSON, the documents,
 * the photos and the other files of each transit) that imports into another organization or installation under new
 * ids.
 */

/** The archive's JSON file (docs/project-archive.md describes it field by field). */
export const ARCHIVE_DATA_FILE = 'sealplan-archive.json';
export const ARCHIVE_FORMAT = 'sealplan-project-archive';
/** The version an archive is written in: 2 carries each transit's files beside its photos (`files`). */
export const ARCHIVE_FORMAT_VERSION = 2;
/** The versions an import reads: a version 1 archive is one without files. */
export const ARCHIVE_READABLE_VERSIONS = [1, ARCHIVE_FORMAT_VERSION] as const;
/** Largest archive file accepted for import. */
export const ARCHIVE_MAX_BYTES = 64 * 1024 * 1024;
/** Largest total of the archive's files once unpacked (a ZIP may hold far more than it weighs). */
export const ARCHIVE_MAX_UNZIPPED_BYTES = 256 * 1024 * 1024;
/** Most files in an archive: the JSON, the documents, two per photo and one per other file of a transit. */
export const ARCHIVE_MAX_ENTRIES = 20_000;
/** Largest JSON data file (a 5,000-transit project with stored figures is about 40 MB). */
export const ARCHIVE_MAX_DATA_BYTES = 64 * 1024 * 1024;
/** Most transits and locations an archive may carry. */
export const ARCHIVE_MAX_TRANSITS = 5_000;
export const ARCHIVE_MAX_LOCATIONS = 5_000;
export const ARCHIVE_MAX_ITEMS_PER_TRANSIT = 5_000;

/** ADR 035: who imports an archive into their organization: its administrators (the inspecting roles of ADR 031). */
export const ARCHIVE_IMPORT_ROLES: readonly string[] = [
  ROLE_IDS.ADMINISTRATOR,
  ROLE_IDS.ELEVATED_USER,
  ROLE_IDS.SYSTEM_ADMINISTRATOR,
];

export function canImportArchive(user: PermissionSubject | null | undefined): boolean {
  return !!user && user.roles.some((role) => ARCHIVE_IMPORT_ROLES.includes(role));
}

export const HANDOVER_MESSAGES = {
  importRole: 'Only an Administrator of your organization imports project archives.',
  notMultipart: 'Send the archive as multipart/form-data (field "file").',
  fileMissing: 'Choose a project archive (.zip) to import.',
  tooLarge: `The archive is larger than ${ARCHIVE_MAX_BYTES / (1024 * 1024)} MB.`,
  notZip: 'This file is not a ZIP archive. Choose a project archive exported by Sealplan (.zip).',
  zipUnreadable: 'The ZIP archive is damaged and cannot be read.',
  zipTooLarge: `The archive unpacks to more than ${ARCHIVE_MAX_UNZIPPED_BYTES / (1024 * 1024)} MB.`,
  zipTooManyEntries: `The archive holds more than ${ARCHIVE_MAX_ENTRIES} files.`,
  dataMissing: `The archive has no ${ARCHIVE_DATA_FILE}: it is not a Sealplan project archive.`,
  dataUnreadable: `${ARCHIVE_DATA_FILE} is not valid JSON.`,
  wrongFormat: `This is not a Sealplan project archive (format ${ARCHIVE_FORMAT}, version ${ARCHIVE_READABLE_VERSIONS.join(' or ')}).`,
  dataInvalid: (path: string, message: string) => `${ARCHIVE_DATA_FILE}: ${path || 'the file'}: ${message}`,
  duplicateId: (id: string) => `${ARCHIVE_DATA_FILE}: the id ${id} appears twice.`,
  unknownLocation: (id: string) => `${ARCHIVE_DATA_FILE}: the location ${id} is not in the archive.`,
  locationCycle: `${ARCHIVE_DATA_FILE}: the locations do not form a tree (deeper than ${LOCATION_MAX_DEPTH} levels or in a circle).`,
  unknownIndustry: (id: string) => `The industry "${id}" does not exist on this installation.`,
  photoMissing: (path: string) => `The photo ${path} named in ${ARCHIVE_DATA_FILE} is not in the archive.`,
  photoInvalid: (path: string) => `The photo ${path} is not the image its entry says it is.`,
  photoTooLarge: (path: string) =>
    `The photo ${path} is larger than ${TRANSIT_PHOTO_MAX_BYTES / (1024 * 1024)} MB.`,
  fileMissingInArchive: (path: string) =>
    `The file ${path} named in ${ARCHIVE_DATA_FILE} is not in the archive.`,
  fileInvalid: (path: string) => `The file ${path} is not the PDF document its entry says it is.`,
  fileTooLarge: (path: string) =>
    `The file ${path} is larger than ${TRANSIT_PHOTO_MAX_BYTES / (1024 * 1024)} MB.`,
  tooManyFiles: (index: number) =>
    `${ARCHIVE_DATA_FILE}: transits.${index}: a transit holds at most ${TRANSIT_PHOTOS_MAX_COUNT} photos and files together.`,
  asBuiltLocation: 'The location is not one of this project.',
  resultsInvalid: (index: number) =>
    `${ARCHIVE_DATA_FILE}: transits.${index}.results: these are not the figures Sealplan stores for a transit.`,
} as const;

export const asBuiltParamsSchema = z.object({ projectId: z.string().uuid() });
export const asBuiltQuerySchema = z.object({
  /** ADR 027: the document's language. */
  language: z.enum(DOCUMENT_LANGUAGES).default(DEFAULT_DOCUMENT_LANGUAGE),
  /** Only the transits of this location and the locations below it; the whole project when left out. */
  locationId: z.string().uuid().optional(),
});
export type AsBuiltQuery = z.input<typeof asBuiltQuerySchema>;

export const archiveParamsSchema = z.object({ projectId: z.string().uuid() });
export const archiveQuerySchema = z.object({
  /** The language and units of the documents in the archive (ADR 027); the data is in stored units (mm). */
  language: z.enum(DOCUMENT_LANGUAGES).default(DEFAULT_DOCUMENT_LANGUAGE),
  measurementSystem: z.enum(EXPORT_MEASUREMENT_SYSTEMS).default('METRIC'),
});

/** What an import made: the new project and what it holds. */
export const archiveImportResultSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  /** Whether a customer of that name was made (otherwise the organization's customer of that name is used). */
  customerCreated: z.boolean(),
  locations: z.number().int(),
  transits: z.number().int(),
  items: z.number().int(),
  photos: z.number().int(),
  /** The transits' other files (PDFs, ADR 032). */
  files: z.number().int(),
});
export type ArchiveImportResult = z.infer<typeof archiveImportResultSchema>;

// The archive's data (docs/project-archive.md). Ids are the exporting installation's: the import gives every
// record a new one and maps the references through them, so nothing of the importing organization is touched.
const archiveId = z.string().min(1).max(60);
const isoDate = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().max(max);
const name = (max: number, field: string) => singleLine(z.string().trim().min(1).max(max), field);
const length = z.number().finite().min(0).max(1_000_000).nullable();
const catalogueId = z.string().max(100).nullable();

export const archivePersonSchema = z.object({ name: name(200, 'A name') });

export const archiveLocationSchema = z.strictObject({
  id: archiveId,
  parentId: archiveId.nullable(),
  name: name(LOCATION_NAME_MAX_LENGTH, 'A location name'),
  sort: z.number().int(),
});

export const archiveItemSchema = z.strictObject({
  itemTypeId: catalogueId,
  quantity: z.number().int().min(1).max(100_000),
  outerDiameterMm: z.number().finite().min(0).max(100_000),
  crusherId: catalogueId,
  plasticPipeDiameterMm: length,
  sleevedDiameterMm: length,
  diameterPlusClearanceMm: length,
  tag: singleLine(z.string().max(ITEM_TAG_MAX_LENGTH), 'A tag').nullable(),
  specification: singleLine(z.string().max(ITEM_SPECIFICATION_MAX_LENGTH), 'A specification').nullable(),
  sort: z.number().int(),
});

export const archiveStatusEventSchema = z.strictObject({
  fromStatus: z.enum(TRANSIT_SITE_STATUSES),
  toStatus: z.enum(TRANSIT_SITE_STATUSES),
  by: archivePersonSchema,
  at: isoDate,
  remarks: text(SITE_REMARKS_MAX_LENGTH),
});

export const archiveSiteSchema = z.strictObject({
  locationId: archiveId.nullable(),
  status: z.enum(TRANSIT_SITE_STATUSES),
  installedBy: archivePersonSchema.nullable(),
  installedOn: isoDate.nullable(),
  inspectedBy: archivePersonSchema.nullable(),
  inspectedOn: isoDate.nullable(),
  remarks: text(SITE_REMARKS_MAX_LENGTH),
  events: z.array(archiveStatusEventSchema).max(10_000),
});

export const archivePhotoSchema = z.strictObject({
  id: archiveId,
  fileName: name(200, 'A photo file name'),
  contentType: z.enum(TRANSIT_PHOTO_TYPES),
  width: z.number().int().min(0).nullable(),
  height: z.number().int().min(0).nullable(),
  keptGps: z.boolean(),
  createdOn: isoDate,
  /** The photo's path in the archive (photos/<id>.<ext>). */
  file: z.string().regex(/^photos\/[A-Za-z0-9-]+\.(jpg|png|webp)$/),
  /** Its thumbnail's path (photos/<id>.thumbnail.jpg), or null. */
  thumbnail: z
    .string()
    .regex(/^photos\/[A-Za-z0-9-]+\.thumbnail\.jpg$/)
    .nullable(),
});

/** A file of a transit that is not a photo (a test report, a certificate: ADR 032), stored as it was sent. */
export const archiveFileSchema = z.strictObject({
  id: archiveId,
  fileName: name(200, 'A file name'),
  contentType: z.enum(TRANSIT_FILE_TYPES),
  createdOn: isoDate,
  /** The file's path in the archive (files/<id>.pdf). */
  file: z.string().regex(/^files\/[A-Za-z0-9-]+\.pdf$/),
});

export const archiveTransitSchema = z.strictObject({
  id: archiveId,
  name: name(TRANSIT_NAME_MAX_LENGTH, 'A transit name'),
  copies: z.number().int().min(1).max(100_000),
  shape: z.string().max(40),
  widthMm: length,
  heightMm: length,
  radiusMm: length,
  diameterMm: length,
  nominalSize: z.string().max(100).nullable(),
  sparePercent: z.number().finite().min(0).max(1_000).nullable(),
  comments: text(TRANSIT_COMMENTS_MAX_LENGTH),
  penetratingItemTypeId: catalogueId,
  transitTypeId: catalogueId,
  classId: catalogueId,
  sealantType: catalogueId,
  sealantDepth: catalogueId,
  crusherPipeConfiguration: catalogueId,
  singleCrusherPipeId: catalogueId,
  depthMm: length,
  penetratingItemCount: z.number().int().min(0),
  /** The engine's stored figures (ADR 015), kept as they are so the imported documents print the same figures. */
  results: z.unknown(),
  /** The design revision (0 = A) and when it began and was issued (ADR 032). */
  revision: z.number().int().min(0).max(10_000),
  revisedOn: isoDate.nullable(),
  issuedOn: isoDate.nullable(),
  createdOn: isoDate,
  items: z.array(archiveItemSchema).max(ARCHIVE_MAX_ITEMS_PER_TRANSIT),
  site: archiveSiteSchema,
  photos: z.array(archivePhotoSchema).max(TRANSIT_PHOTOS_MAX_COUNT),
  /** Version 2: the transit's other files; none in a version 1 archive. */
  files: z.array(archiveFileSchema).max(TRANSIT_PHOTOS_MAX_COUNT).default([]),
});

export const archiveDataSchema = z.strictObject({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_READABLE_VERSIONS),
  exportedOn: isoDate,
  /** Where it came from: for the reader only, never used to find records. */
  source: z.strictObject({ organization: z.string().max(200), publicUrl: z.string().max(500) }),
  project: z.strictObject({
    id: archiveId,
    name: name(PROJECT_NAME_MAX_LENGTH, 'The project name'),
    description: text(PROJECT_DESCRIPTION_MAX_LENGTH),
    industryId: z.string().min(1).max(100),
    createdOn: isoDate,
  }),
  customer: z.strictObject({
    name: name(CUSTOMER_NAME_MAX_LENGTH, 'The customer name'),
    industryId: z.string().min(1).max(100),
    contactFirstName: z.string().max(100),
    contactLastName: z.string().max(100),
    contactPhone: z.string().max(100),
    contactEmail: z.string().max(EMAIL_MAX_LENGTH),
  }),
  locations: z.array(archiveLocationSchema).max(ARCHIVE_MAX_LOCATIONS),
  transits: z.array(archiveTransitSchema).max(ARCHIVE_MAX_TRANSITS),
  /** The documents in the archive (documents/…), for the reader. */
  documents: z.array(z.string().regex(/^documents\/[A-Za-z0-9._-]+$/)).max(20),
});
export type ArchiveData = z.output<typeof archiveDataSchema>;
export type ArchiveTransit = z.infer<typeof archiveTransitSchema>;
