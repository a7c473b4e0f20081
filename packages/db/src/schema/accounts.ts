import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, versionColumn } from './audit';

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The provider's own organization: its ElevatedUsers administer every account. */
  isProvider: boolean('is_provider').notNull().default(false),
  defaultMeasurementSystem: text('default_measurement_system').notNull().default('IMPERIAL'),
  ...versionColumn(),
  ...auditColumns(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id),
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company').notNull().default(''),
    industryId: text('industry_id'),
    phoneNumber: text('phone_number'),
    avatarUrl: text('avatar_url'),
    passwordHash: text('password_hash').notNull(),
    isPending: boolean('is_pending').notNull().default(true),
    isApproved: boolean('is_approved').notNull().default(false),
    isDenied: boolean('is_denied').notNull().default(false),
    isSuspended: boolean('is_suspended').notNull().default(false),
    isRemoved: boolean('is_removed').notNull().default(false),
    requiresPasswordReset: boolean('requires_password_reset').notNull().default(false),
    languagePreference: text('language_preference'),
    defaultMeasurementSystem: text('default_measurement_system').notNull().default('IMPERIAL'),
    attributes: jsonb('attributes')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    dateRegistered: timestamp('date_registered', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...versionColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_org_idx').on(t.organizationId),
  ],
);

export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  label: text('label').notNull(),
  permissions: jsonb('permissions').$type<{ id: string; label: string }[]>().notNull(),
  hierarchy: integer('hierarchy'),
  isAssignable: boolean('is_assignable').notNull().default(true),
  /** Content administration edits roles through /api/instance/Role (ADR 016): saves name the version they edited. */
  ...versionColumn(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Opaque bearer tokens, stored hashed, so sign-out and suspension take effect on every app server at once. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);

/** Password reset tokens: random, single use, expiring, stored hashed. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

/** Fixed-window counters shared by all app servers (sign-in rate limiting). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
});
