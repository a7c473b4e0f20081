import type { SQL } from 'drizzle-orm';

/*
 * The session as the auth plugin and the routes that read a value with it see it (ADR 025): an interface placed
 * below both the plugin and the auth module that implements it (session.repository.ts), so the plugin depends on
 * no module and the composition root hands it the implementation.
 */

/** The caller behind a token, as every authenticated request needs it. */
export interface SessionRow {
  tokenId: string;
  tokenExpiresAt: Date;
  userId: string;
  organizationId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  isProvider: boolean | null;
  /** Sorted as JavaScript sorts strings (code unit order). */
  roleIds: string[];
  /** Sorted as JavaScript sorts strings (code unit order). */
  permissionIds: string[];
}

/**
 * The caller in the session's statement, for a value read with it (prepareWithValue): the columns of the caller's
 * own `users` row and of the request's `access_tokens` row, which the value may also use directly.
 */
export interface SessionCaller {
  organizationId: SQL;
  userId: SQL;
  tokenId: SQL;
}

/** The inputs a value read with the session takes from its request, each with its SQL type. */
export type SessionValueInputs = Record<string, 'uuid' | 'text'>;

/** A value read with the session, as SQL over the caller and its request's inputs (SQL of their columns). */
export type SessionValueSql<T, I extends SessionValueInputs> = (
  caller: SessionCaller,
  input: { [K in keyof I]: SQL },
) => SQL<T>;

/** Resolves token hashes to live sessions; implemented by the auth module's session repository (ADR 019). */
export interface SessionLookup {
  /** The caller behind a token hash, or null: revoked, expired, suspended, removed or unapproved. */
  findLiveSession(tokenHash: string, now: Date): Promise<SessionRow | null>;
  /**
   * The session lookup with one more value a route answers, computed in the same statement for the caller
   * (ADR 019: one round trip). `value` is SQL over the caller and the request's `inputs` (their names and SQL
   * types); the statement is prepared once under `name`.
   */
  prepareWithValue<T, I extends SessionValueInputs = Record<never, never>>(
    name: string,
    value: SessionValueSql<T, I>,
    inputs?: I,
  ): (
    tokenHash: string,
    now: Date,
    params?: { [K in keyof I]: unknown },
  ) => Promise<{ session: SessionRow; value: T } | null>;
}
