import { z } from 'zod';

// Shapes shared by every record of spec §3 and the generic records API of spec §7.

/** Spec §3: a reference to another record: id, display name and model name. */
export const referenceSchema = z.object({ id: z.string(), display: z.string(), model: z.string() });
export type Reference = z.infer<typeof referenceSchema>;

/** Spec §3 auditing.createdOn / auditing.lastUpdatedOn (ISO strings). */
export const auditingSchema = z.object({ createdOn: z.string(), lastUpdatedOn: z.string() });
export type Auditing = z.infer<typeof auditingSchema>;

/** Messages shared by every save. */
export const RECORD_MESSAGES = {
  versionConflict:
    'This record was changed by someone else. Reload to see their changes, or save again to overwrite them.',
  versionRequired: 'The version of the record you edited is required to save it.',
  notFound: 'Record not found.',
} as const;

/** Versions are stored as PostgreSQL integers: a larger one can only be a wrong request, refused as such. */
export const MAX_RECORD_VERSION = 2_147_483_647;
/** The version of a record the user edited, as a request names it. */
export const editedVersionSchema = z.number().int().min(0).max(MAX_RECORD_VERSION);

/**
 * Save controls every saved record accepts: `version` = the version the user edited (required to update; an older
 * one is refused with VERSION_CONFLICT), `force` = overwrite anyway after the user chose to, `isDelete` = soft delete.
 */
export const saveControlSchema = z.object({
  version: editedVersionSchema.positive().optional(),
  force: z.boolean().optional(),
  isDelete: z.boolean().optional(),
});

/** Spec §9: default page size 10, page 0. */
export const DEFAULT_PAGE_SIZE = 10;
/** A list answers at most this many records per call (a larger `size` is refused). */
export const MAX_PAGE_SIZE = 100;
/** Longest accepted `q` / `sort` JSON (characters). */
export const MAX_QUERY_JSON_LENGTH = 4000;

/** Spec §7 generic records: the models served at /api/instance/{model}. */
export const INSTANCE_MODELS = ['Customer', 'Industry', 'Project', 'Transit', 'PenetratingItem'] as const;
export type InstanceModel = (typeof INSTANCE_MODELS)[number];

/**
 * Filter operators of `q`. A filter is a JSON object: `{ field: value }` (eq) or `{ field: { op: value } }`, several
 * fields AND-ed; `{ "$or": [filter, ...] }` for alternatives. `like`/`contains` are case-insensitive substring
 * matches; `in` takes an array. Field names and operators are checked against each model's whitelist.
 */
export const FILTER_OPERATORS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'like', 'contains', 'in'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export type FilterValue = string | number | boolean | null;
export type Filter = {
  [field: string]: FilterValue | Partial<Record<FilterOperator, FilterValue | FilterValue[]>> | Filter[];
};
/** `sort`: JSON object `{ field: 1 | -1 }` (or 'asc' | 'desc'), applied in key order. */
export type Sort = Record<string, 1 | -1 | 'asc' | 'desc'>;

/** Spec §7 GET /api/instance/{model}?q=&fromIndex=&size=&sort=&search= */
export const instanceListQuerySchema = z.object({
  q: z.string().max(MAX_QUERY_JSON_LENGTH).optional(),
  sort: z.string().max(MAX_QUERY_JSON_LENGTH).optional(),
  fromIndex: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE, `The page size must be at most ${MAX_PAGE_SIZE}.`)
    .default(DEFAULT_PAGE_SIZE),
  /** Free-text search over the model's search fields (Customer: name and contact; Project: name and customer). */
  search: z.string().trim().max(200).optional(),
});
export type InstanceListQuery = z.input<typeof instanceListQuerySchema>;

/**
 * Spec §3 page state (pageIndex, pageSize, recordIndex, totalRecords): where the page starts, its size, the
 * position of its first record in the whole list and how many records match in all.
 */
export const pagerSchema = z.object({
  fromIndex: z.number().int(),
  size: z.number().int(),
  totalRecords: z.number().int(),
  pageIndex: z.number().int(),
  recordIndex: z.number().int(),
});
export type Pager = z.infer<typeof pagerSchema>;

/**
 * The page state of a list read from `fromIndex`, `size` at a time, of `totalRecords` matches. `recordIndex` is
 * the 0-based position of the page's first record; a page asked for past the end has none, so it is
 * `totalRecords` (one past the last record).
 */
export function pageState(fromIndex: number, size: number, totalRecords: number): Pager {
  return {
    fromIndex,
    size,
    totalRecords,
    pageIndex: Math.floor(fromIndex / size),
    recordIndex: Math.min(fromIndex, totalRecords),
  };
}

/** Spec §7: a list answers `{ r, pager }`. */
export interface InstanceList<T> {
  r: T[];
  pager: Pager;
}

export const FILTER_MESSAGES = {
  invalidJson: 'The {param} parameter must be a JSON object.',
  unknownField: 'Unknown field "{field}" for {model}.',
  unknownOperator: 'Unknown operator "{op}".',
  invalidValue: 'Invalid value for "{field}".',
  tooComplex: 'The filter is too complex.',
  unknownModel: 'Unknown model "{model}".',
} as const;
