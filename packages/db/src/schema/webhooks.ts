import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, versionColumn } from './audit';
import { organizations, users } from './accounts';

/**
 * ADR 037: an organization's webhook endpoints. The signing secret is kept as it is (HMAC needs it to sign);
 * it is shown to the administrator once, when the endpoint is made.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id),
    ...versionColumn(),
    ...auditColumns(),
  },
  (t) => [index('webhook_endpoints_organization_idx').on(t.organizationId)],
);

/**
 * ADR 037: one event sent to one endpoint: the exact body signed and sent (so every attempt and "send again"
 * sends the same bytes with a fresh signature), and where it stands after its last attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    body: text('body').notNull(),
    /** PENDING, DELIVERED or FAILED (given up after the last retry). */
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastAttemptOn: timestamp('last_attempt_on', { withTimezone: true, mode: 'date' }),
    deliveredOn: timestamp('delivered_on', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('webhook_deliveries_organization_idx').on(t.organizationId, t.createdOn),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdOn),
  ],
);
