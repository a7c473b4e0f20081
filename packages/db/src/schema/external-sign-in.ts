import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { auditColumns } from './audit';

/**
 * An outside identity (OpenID Connect subject, OAuth 1.0a user id) bound to one user. The issuer is part of the
 * key: two providers may hand out the same subject for different people (docs/decisions/018-external-sign-in.md).
 */
export const externalIdentities = pgTable(
  'external_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'oidc' or 'oauth1'. */
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    displayName: text('display_name').notNull().default(''),
    lastUsedOn: timestamp('last_used_on', { withTimezone: true, mode: 'date' }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('external_identities_subject_unique').on(t.issuer, t.subject),
    // One identity per provider and user: the profile shows linked / not linked per provider.
    uniqueIndex('external_identities_user_issuer_unique').on(t.userId, t.issuer),
  ],
);

/** What a verified outside identity asserts (kept server-side between the verify step and its use). */
export interface ExternalIdentityClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  screenName: string;
  firstName: string;
  lastName: string;
}

/**
 * One external sign-in in progress, from the request step until its ticket is used or it expires. Rows, not
 * memory, so the step that returns from the provider may land on another app server. Secrets (PKCE verifier,
 * token secrets) stay here and never go to the browser.
 */
export const externalSignInStates = pgTable(
  'external_sign_in_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    /** 'signIn' (anyone) or 'link' (a signed-in user adds the identity to their account). */
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the random value in the browser's HttpOnly cookie: only the browser that started may finish. */
    browserKeyHash: text('browser_key_hash').notNull(),
    /** How the return from the provider finds the row: the OIDC state, or the OAuth 1.0a request token. */
    lookupKey: text('lookup_key').notNull(),
    /** 'requested' → 'accessed' → 'verified' → 'used'. */
    step: text('step').notNull(),
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    requestTokenSecret: text('request_token_secret'),
    accessToken: text('access_token'),
    accessTokenSecret: text('access_token_secret'),
    /** SHA-256 of the ticket the browser holds after the access step. */
    ticketHash: text('ticket_hash'),
    claims: jsonb('claims').$type<ExternalIdentityClaims>(),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('external_sign_in_states_lookup_unique').on(t.provider, t.lookupKey),
    uniqueIndex('external_sign_in_states_ticket_unique').on(t.ticketHash),
    index('external_sign_in_states_expiry_idx').on(t.expiresAt),
  ],
);
