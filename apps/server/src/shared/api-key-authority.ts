import type { ApiKeyScope } from '@sealplan/contracts';

/*
 * What the public API's guard and idempotency hooks need of the API keys (ADR 036): an interface placed below the
 * plugin and the module that implements it (modules/api-keys), so the plugin depends on no module and the
 * composition root hands it the implementation (ADR 025).
 */

/** The key behind a request and the organization it acts for. */
export interface ApiKeyCaller {
  keyId: string;
  organizationId: string;
  scopes: ApiKeyScope[];
  /** The administrator who made the key: what the key writes is recorded under their name. */
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  expiresAt: Date | null;
}

/** A stored answer of an earlier request with the same idempotency key. */
export interface StoredAnswer {
  statusCode: number;
  body: string;
}

export type IdempotencyClaim =
  | { kind: 'claimed'; id: string }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'inProgress' }
  | { kind: 'otherRequest' };

export interface ApiKeyAuthority {
  /**
   * The live key of this secret, its use counted (last use, count) in the same statement; null when unknown,
   * revoked or expired. Read from the database on every request: a revoke counts at once on every server.
   */
  authenticate(secret: string): Promise<ApiKeyCaller | null>;
  /** Counts one request of the key; answers the seconds to wait when it is over its limit, else null. */
  rateLimit(keyId: string): Promise<number | null>;
  /** Claims an idempotency key for a request, or answers what an earlier request with it left. */
  claimIdempotencyKey(keyId: string, key: string, requestHash: string): Promise<IdempotencyClaim>;
  /** Stores the answer of a claimed request that succeeded. */
  completeIdempotencyKey(id: string, answer: StoredAnswer): Promise<void>;
  /** Lets a claimed request's key go (it failed: a retry may try again). */
  releaseIdempotencyKey(id: string): Promise<void>;
}
