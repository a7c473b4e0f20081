import { z } from 'zod';

/**
 * A transit's history, revisions and photos (ADR 032). Each saved change lists its field-level befores and afters;
 * the web app words them in the reader's language and units.
 */

/** Transit fields a change names (their labels are the transit editor's). */
export const HISTORY_TRANSIT_FIELDS = [
  'name',
  'copies',
  'shape',
  'widthMm',
  'heightMm',
  'radiusMm',
  'diameterMm',
  'nominalSize',
  'sparePercent',
  'comments',
  'penetratingItemTypeId',
  'transitTypeId',
  'classId',
  'sealantType',
  'sealantDepth',
  'crusherPipeConfiguration',
  'singleCrusherPipeId',
  'depthMm',
] as const;
export type HistoryTransitField = (typeof HISTORY_TRANSIT_FIELDS)[number];

/** Item fields a change names. */
export const HISTORY_ITEM_FIELDS = [
  'itemTypeId',
  'quantity',
  'outerDiameterMm',
  'crusherId',
  'tag',
  'specification',
] as const;
export type HistoryItemField = (typeof HISTORY_ITEM_FIELDS)[number];

/**
 * A project's own fields a change names. The customer is kept by its name as it was then (the reader knows
 * customers by name, and a customer renamed later must not rewrite history); the industry by its id, which the
 * web app names in the reader's language (ADR 030).
 */
export const HISTORY_PROJECT_FIELDS = ['name', 'customer', 'industryId', 'description'] as const;
export type HistoryProjectField = (typeof HISTORY_PROJECT_FIELDS)[number];

const value = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** An item as a change names it: "4 × cable Ø 12 mm". */
export const historyItemRefSchema = z.object({
  quantity: z.number(),
  itemTypeId: z.string().nullable(),
  outerDiameterMm: z.number(),
  tag: z.string().nullable(),
});

export const historyEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('transitField'),
    field: z.enum(HISTORY_TRANSIT_FIELDS),
    before: value,
    after: value,
  }),
  z.object({ kind: z.literal('itemAdded'), item: historyItemRefSchema }),
  z.object({ kind: z.literal('itemRemoved'), item: historyItemRefSchema }),
  z.object({
    kind: z.literal('itemField'),
    item: historyItemRefSchema,
    field: z.enum(HISTORY_ITEM_FIELDS),
    before: value,
    after: value,
  }),
  z.object({ kind: z.literal('photoAdded'), fileName: z.string() }),
  z.object({ kind: z.literal('photoRemoved'), fileName: z.string() }),
  z.object({ kind: z.literal('fileAdded'), fileName: z.string() }),
  z.object({ kind: z.literal('fileRemoved'), fileName: z.string() }),
  z.object({ kind: z.literal('status'), before: z.string().nullable(), after: z.string() }),
  /** The transit's place in the project's location tree (ADR 031), as the names of its path then; [] = none. */
  z.object({ kind: z.literal('location'), before: z.array(z.string()), after: z.array(z.string()) }),
  /** The project's location tree (ADR 031): a place added, renamed or moved, removed, by its path's names. */
  z.object({ kind: z.literal('locationAdded'), path: z.array(z.string()) }),
  z.object({ kind: z.literal('locationChanged'), before: z.array(z.string()), after: z.array(z.string()) }),
  z.object({ kind: z.literal('locationRemoved'), path: z.array(z.string()) }),
  z.object({
    kind: z.literal('projectField'),
    field: z.enum(HISTORY_PROJECT_FIELDS),
    before: value,
    after: value,
  }),
  /**
   * A schedule import into the project (ADR 020): the file it came from (null: rows pasted, or sent through the
   * public API without a name), the rows imported, the items (circles) added, and the transits it created and
   * added lines to. Each transit's own change is in its history beside it.
   */
  z.object({
    kind: z.literal('scheduleImported'),
    fileName: z.string().nullable(),
    rows: z.number().int(),
    items: z.number().int(),
    transitsCreated: z.number().int(),
    transitsChanged: z.number().int(),
  }),
  /**
   * A project archive imported as this project (ADR 035): the archive's file name (null when the upload gave
   * none) and what it brought. Each transit's own `created` change is in its history beside it.
   */
  z.object({
    kind: z.literal('archiveImported'),
    fileName: z.string().nullable(),
    locations: z.number().int(),
    transits: z.number().int(),
    items: z.number().int(),
    photos: z.number().int(),
    files: z.number().int(),
  }),
]);
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const HISTORY_ACTIONS = [
  'created',
  'updated',
  'removed',
  'restored',
  'status',
  'photo',
  'location',
  /** A schedule import, in the project's own history (its transits' changes are `created` and `updated`). */
  'imported',
  /** A project made from a project archive (ADR 035), in the project's own history (its transits: `created`). */
  'archiveImported',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** The transit and its live items as a change left them: what a restore writes back. */
export const transitSnapshotSchema = z.object({
  transit: z.record(z.string(), value),
  items: z.array(
    z.object({
      id: z.string(),
      itemTypeId: z.string().nullable(),
      quantity: z.number(),
      outerDiameterMm: z.number(),
      crusherId: z.string().nullable(),
      tag: z.string().nullable(),
      specification: z.string().nullable(),
      sort: z.number(),
    }),
  ),
});
export type TransitSnapshot = z.infer<typeof transitSnapshotSchema>;

/** Revision letters: 0 → A, 25 → Z, 26 → AA. */
export function revisionLetter(index: number): string {
  let n = Math.max(0, Math.floor(index));
  let letters = '';
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return letters;
}

export const transitChangeSchema = z.object({
  id: z.string(),
  action: z.enum(HISTORY_ACTIONS),
  entries: z.array(historyEntrySchema),
  revision: z.string(),
  changedOn: z.string(),
  changedBy: z.string().nullable(),
  /** Whether the change left a state a restore can return to. */
  restorable: z.boolean(),
});
export type TransitChange = z.infer<typeof transitChangeSchema>;

export const transitRevisionSchema = z.object({
  revision: z.string(),
  revisedOn: z.string(),
  issuedOn: z.string().nullable(),
});
export type TransitRevision = z.infer<typeof transitRevisionSchema>;

export const transitHistorySchema = z.object({
  changes: z.array(transitChangeSchema),
  revision: transitRevisionSchema,
});
export type TransitHistory = z.infer<typeof transitHistorySchema>;

/** The project's history view reads this many changes at a time, newest first. */
export const PROJECT_HISTORY_PAGE_SIZE = 50;
/** How far back the view pages (offsets past it are refused): older changes stay in each transit's history. */
export const PROJECT_HISTORY_MAX_OFFSET = 5_000;

export const projectHistoryRequestSchema = z.object({
  projectId: z.string().uuid(),
  /** Changes to skip, newest first (a multiple of the page size to read the next page). */
  offset: z.number().int().min(0).max(PROJECT_HISTORY_MAX_OFFSET).optional(),
});

/**
 * One change in a project's history: of the project's own fields (`transitId` null) or of one of its transits
 * (named as it is now), with the transit's revision after the change.
 */
export const projectChangeSchema = z.object({
  id: z.string(),
  transitId: z.string().nullable(),
  transitName: z.string().nullable(),
  action: z.enum(HISTORY_ACTIONS),
  entries: z.array(historyEntrySchema),
  revision: z.string().nullable(),
  changedOn: z.string(),
  changedBy: z.string().nullable(),
});
export type ProjectChange = z.infer<typeof projectChangeSchema>;

export const projectHistorySchema = z.object({
  changes: z.array(projectChangeSchema),
  /** Whether older changes follow (read them with the next offset). */
  hasMore: z.boolean(),
});
export type ProjectHistory = z.infer<typeof projectHistorySchema>;

export const restoreTransitRequestSchema = z.object({
  transitId: z.string().uuid(),
  changeId: z.string().uuid(),
});

export const photoIdRequestSchema = z.object({ photoId: z.string().uuid() });
export const photoParamsSchema = z.object({ id: z.string().uuid() });

export const HISTORY_MESSAGES = {
  changeNotFound: 'This change of the transit was not found.',
  notRestorable: 'This change left no state to restore.',
  photoNotFound: 'This photo was not found.',
  noThumbnail: 'This file is not a photo and has no thumbnail.',
} as const;

/** Photos and files of a transit (ADR 032). */
export const TRANSIT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Files that are not photos (a test report, a certificate): stored as sent, without a thumbnail. */
export const TRANSIT_FILE_TYPES = ['application/pdf'] as const;
/** Everything a transit's "Photos and files" accepts. */
export const TRANSIT_UPLOAD_TYPES = [...TRANSIT_PHOTO_TYPES, ...TRANSIT_FILE_TYPES] as const;
export const isPhotoType = (contentType: string): boolean =>
  (TRANSIT_PHOTO_TYPES as readonly string[]).includes(contentType);
/** Every PDF begins so (ISO 32000-1 §7.5.2, the file header). */
const PDF_FILE_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
/** Whether the bytes begin as a PDF does: what an upload and an archive's file are checked by (ADR 032, 035). */
export const startsAsPdf = (bytes: Uint8Array): boolean =>
  bytes.length >= PDF_FILE_HEADER.length && PDF_FILE_HEADER.every((byte, i) => bytes[i] === byte);
export const TRANSIT_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const TRANSIT_PHOTOS_MAX_COUNT = 40;
/** Stored photos are resized to fit this many pixels on their longer side; thumbnails to the second figure. */
export const TRANSIT_PHOTO_MAX_PIXELS = 2048;
export const TRANSIT_THUMBNAIL_PIXELS = 320;
/**
 * An image larger than this many pixels is refused before it is decoded: a small file can unpack into gigabytes
 * (a decompression bomb). 100 megapixels is above what a phone's camera saves by default.
 */
export const TRANSIT_PHOTO_MAX_INPUT_PIXELS = 100_000_000;

export const transitPhotoSchema = z.object({
  id: z.string(),
  transitId: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  keptGps: z.boolean(),
  url: z.string(),
  /** Null for a file that is not a photo (a PDF): it has no thumbnail. */
  thumbnailUrl: z.string().nullable(),
  createdOn: z.string(),
});
export type TransitPhoto = z.infer<typeof transitPhotoSchema>;

export const PHOTO_MESSAGES = {
  typeRefused: 'Photos must be JPEG, PNG or WebP images, and other files PDF documents.',
  tooLarge: 'The photo is larger than {max}.',
  tooMany: 'A transit holds at most {max} photos; remove one first.',
  unreadable: 'The file could not be read as an image.',
  tooManyPixels: 'The photo has more than {max} megapixels; send it at a smaller size.',
} as const;
