import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accessTokens, users } from './accounts';
import { auditColumns } from './audit';

/**
 * Spec §3 user profile `devices`: a browser or device a user signed in from (setDevice). Capped per user
 * (MAX_USER_DEVICES); signing one out revokes every token bound to it.
 */
export const userDevices = pgTable(
  'user_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client's own id for the device (setDevice deviceInfo.deviceId). */
    deviceKey: text('device_key').notNull(),
    /** Read from the user agent ("Chrome 131 on Windows"), or the name the client gave. */
    name: text('name').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** The rest of deviceInfo, capped like every free-form JSON field (ADR 011). */
    info: jsonb('info')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    lastSeenOn: timestamp('last_seen_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('user_devices_user_key_unique').on(t.userId, t.deviceKey),
    index('user_devices_user_seen_idx').on(t.userId, t.lastSeenOn),
  ],
);

/** Binds an access token to the device it was used from: signing the device out revokes the token. */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    tokenId: uuid('token_id')
      .primaryKey()
      .references(() => accessTokens.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => userDevices.id, { onDelete: 'cascade' }),
  },
  (t) => [index('device_tokens_device_idx').on(t.deviceId)],
);
