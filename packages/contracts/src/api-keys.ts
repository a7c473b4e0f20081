import { z } from 'zod';
import { singleLine } from './input-gate';
import {
  DEFAULT_DOCUMENT_LANGUAGE,
  DOCUMENT_LANGUAGES,
  EXPORT_DEFAULTS,
  EXPORT_FORMATS,
  EXPORT_MAX_TRANSIT_IDS,
  EXPORT_MEASUREMENT_SYSTEMS,
  EXPORT_PAPER_SIZES,
  EXPORT_SCOPES,
} from './export';
import { projectSchema } from './projects';

/**
 * API keys of an organization and the public API under /api/v1 (ADR 036). A key carries scopes; each public call
 * needs one of them: reading, writing (creating and changing records) or making documents.
 */
export const API_KEY_SCOPES = ['read', 'write', 'export'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every secret starts with this, so a leaked one is easy to recognise (and to search for in a repository). */
export const API_KEY_PREFIX = 'spk_';
/** Random bytes in a secret (256 bits: a SHA-256 of it needs no salt and no slow hash). */
export const API_KEY_SECRET_BYTES = 32;
/** How many characters of the secret the list shows to tell keys apart. */
export const API_KEY_SHOWN_PREFIX_LENGTH = 12;
export const API_KEY_NAME_MAX_LENGTH = 80;
/** Keys an organization may hold at once (revoked ones not counted). */
export const MAX_API_KEYS_PER_ORGANIZATION = 50;
/** The header a public call reads its key from (besides `Authorization: Bearer`); names are case-insensitive. */
export const API_KEY_HEADER = 'X-API-Key';

/** The header a creating call of the public API reads its idempotency key from. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The header of an answer replayed from an earlier request with the same idempotency key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long an idempotency key is remembered. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** Printable ASCII without spaces: a UUID, a ULID or any token an integrator makes. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const API_KEY_MESSAGES = {
  name: 'Please enter a name for the key.',
  scopes: 'Please choose at least one scope.',
  expiryInPast: 'The expiry date must be in the future.',
  tooMany: `An organization may hold at most ${MAX_API_KEYS_PER_ORGANIZATION} keys: revoke one first.`,
  notFound: 'This API key does not exist.',
  keyRequired:
    'This call needs an API key: send it as "Authorization: Bearer spk_…" or in the X-API-Key header.',
  keyInvalid: 'The API key is not valid: it is unknown, revoked or expired.',
  scopeMissing: (scope: ApiKeyScope) => `The API key does not have the "${scope}" scope this call needs.`,
  rateLimited: 'Too many requests with this API key: try again after the time in Retry-After.',
  idempotencyKeyInvalid: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable characters without spaces.`,
  idempotencyKeyReused:
    'This Idempotency-Key was used with another request: use a new key for a new request.',
  idempotencyKeyInProgress:
    'A request with this Idempotency-Key is still being processed: try again in a moment.',
} as const;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The first characters of the secret (never the whole of it). */
  prefix: z.string(),
  createdOn: z.string(),
  createdBy: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  useCount: z.number().int(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer of making a key: the only time its secret is shown. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const createApiKeyRequestSchema = z.object({
  name: singleLine(
    z.string().trim().min(1, API_KEY_MESSAGES.name).max(API_KEY_NAME_MAX_LENGTH),
    'The key name',
  ),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, API_KEY_MESSAGES.scopes)
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
  /** ISO date-time; none: the key does not expire. */
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

export const apiKeyIdRequestSchema = z.object({ apiKeyId: z.guid() });

/** Path parameters of the public API. */
export const v1ProjectParamsSchema = z.object({ projectId: z.guid() });
export const v1TransitParamsSchema = z.object({ transitId: z.guid() });

/** A document of a project through the public API (ADR 027 languages, ADR 020 formats): always the file. */
export const v1ExportRequestSchema = z.object({
  outputFormat: z.enum(EXPORT_FORMATS).default(EXPORT_DEFAULTS.outputFormat),
  measurementSystem: z.enum(EXPORT_MEASUREMENT_SYSTEMS),
  transitIds: z.array(z.guid()).max(EXPORT_MAX_TRANSIT_IDS).default([]),
  size: z.enum(EXPORT_PAPER_SIZES).default(EXPORT_DEFAULTS.size),
  isProjectMaterialsOnly: z.boolean().default(false),
  scope: z.enum(EXPORT_SCOPES).default(EXPORT_DEFAULTS.scope),
  language: z.enum(DOCUMENT_LANGUAGES).default(DEFAULT_DOCUMENT_LANGUAGE),
});

export const V1_PAGE_DEFAULT_LIMIT = 50;
export const V1_PAGE_MAX_LIMIT = 200;
/** A page of a list: `limit` records from `offset`. */
export const v1PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(V1_PAGE_MAX_LIMIT).default(V1_PAGE_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const v1ProjectPageSchema = z.object({
  projects: z.array(projectSchema),
  /** Live projects of the organization in all. */
  total: z.number().int(),
});
export type V1ProjectPage = z.infer<typeof v1ProjectPageSchema>;
