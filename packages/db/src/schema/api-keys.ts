import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { auditColumns } from './audit';

/**
 * API keys of an organization (ADR 036). The secret is shown once when the key is made; only its SHA-256 is
 * kept, so a copy of the database lets no one call the API. Every request reads its key here (no cache), so a
 * revoke or an expiry counts on every app server at once.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The administrator who made the key: what the key writes is recorded under their name. */
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** 'read', 'write', 'export'. */
    scopes: text('scopes').array().notNull(),
    /** SHA-256 (hex) of the whole secret. */
    secretHash: text('secret_hash').notNull(),
    /** The first characters of the secret, shown so a person can tell keys apart. */
    prefix: text('prefix').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    useCount: integer('use_count').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_unique').on(t.secretHash),
    index('api_keys_org_idx').on(t.organizationId),
  ],
);

/**
 * Idempotency keys of creating calls (ADR 036): the first request with a key claims the row (pending), its
 * answer is stored when it succeeds, and a retry with the same key gets that answer instead of a second record.
 * In the database, so a retry that reaches another app server is answered the same.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The call's name and a SHA-256 of its input: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request runs. */
    statusCode: integer('status_code'),
    /** The answer's body as it was sent (replayed byte for byte). */
    response: text('response'),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_key_unique').on(t.apiKeyId, t.key),
    index('idempotency_keys_created_idx').on(t.createdOn),
  ],
);
