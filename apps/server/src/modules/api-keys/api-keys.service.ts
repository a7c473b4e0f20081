import { randomBytes } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  API_KEY_SECRET_BYTES,
  API_KEY_SHOWN_PREFIX_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
  MAX_API_KEYS_PER_ORGANIZATION,
  createApiKeyRequestSchema,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import { hashToken } from '../../lib/tokens';
import { parseInput } from '../../lib/parse-input';
import type { ApiKeyAuthority, ApiKeyCaller, IdempotencyClaim } from '../../shared/api-key-authority';
import type { ApiKeysRepository, ApiKeyRecord } from './api-keys.repository';
import type { RateLimiter } from '../auth';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export function presentApiKey(record: ApiKeyRecord): ApiKey {
  return {
    id: record.id,
    name: record.name,
    scopes: API_KEY_SCOPES.filter((scope) => record.scopes.includes(scope)),
    prefix: record.prefix,
    createdOn: record.createdOn.toISOString(),
    createdBy: record.createdByName,
    expiresAt: record.expiresAt?.toISOString() ?? null,
    revokedAt: record.revokedAt?.toISOString() ?? null,
    lastUsedAt: record.lastUsedAt?.toISOString() ?? null,
    useCount: record.useCount,
  };
}

/** A new secret: the prefix and 256 random bits (base64url). */
export function newApiKeySecret(): string {
  return `${API_KEY_PREFIX}${randomBytes(API_KEY_SECRET_BYTES).toString('base64url')}`;
}

export interface ApiKeysServiceDeps {
  repo: ApiKeysRepository;
  limiter: Pick<RateLimiter, 'hit'>;
  /** Requests a key may make per minute, on all app servers together. */
  ratePerMinute: number;
  now: () => Date;
}

/** An organization's API keys (ADR 036), and the authority the public API's guard asks about them. */
export function createApiKeysService({ repo, limiter, ratePerMinute, now }: ApiKeysServiceDeps) {
  const rateRule = { name: 'apikey', max: ratePerMinute, windowMs: MINUTE_MS };

  const authority: ApiKeyAuthority = {
    async authenticate(secret: string): Promise<ApiKeyCaller | null> {
      if (!secret.startsWith(API_KEY_PREFIX)) return null;
      const row = await repo.use(hashToken(secret), now());
      if (!row) return null;
      return {
        ...row,
        scopes: row.scopes.filter((s): s is ApiKeyScope => API_KEY_SCOPES.includes(s as never)),
      };
    },

    async rateLimit(keyId: string): Promise<number | null> {
      const used = await limiter.hit(rateRule, keyId);
      if (used <= rateRule.max) return null;
      // Fixed windows: the counter starts again within a minute.
      return Math.ceil(rateRule.windowMs / 1000);
    },

    async claimIdempotencyKey(keyId, key, requestHash): Promise<IdempotencyClaim> {
      const since = new Date(now().getTime() - IDEMPOTENCY_KEY_TTL_HOURS * HOUR_MS);
      const id = await repo.claimIdempotencyKey(keyId, key, requestHash, since);
      if (id) return { kind: 'claimed', id };
      const row = await repo.findIdempotencyKey(keyId, key);
      // Gone in between (the first request failed and let it go): this one may claim it.
      if (!row) return authority.claimIdempotencyKey(keyId, key, requestHash);
      if (row.requestHash !== requestHash) return { kind: 'otherRequest' };
      if (row.statusCode === null || row.response === null) return { kind: 'inProgress' };
      return { kind: 'replay', answer: { statusCode: row.statusCode, body: row.response } };
    },

    completeIdempotencyKey: (id, answer) => repo.completeIdempotencyKey(id, answer.statusCode, answer.body),
    releaseIdempotencyKey: (id) => repo.deleteIdempotencyKey(id),
  };

  return {
    authority,

    async list(organizationId: string): Promise<ApiKey[]> {
      return (await repo.list(organizationId)).map(presentApiKey);
    },

    /** Makes a key; the secret is answered here once and only its hash is stored. */
    async create(organizationId: string, userId: string, raw: CreateApiKeyRequest): Promise<CreatedApiKey> {
      const input = parseInput(createApiKeyRequestSchema, raw, '');
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= now().getTime())
        throw new AppError('VALIDATION_FAILED', API_KEY_MESSAGES.expiryInPast, {
          expiresAt: API_KEY_MESSAGES.expiryInPast,
        });
      if ((await repo.countLive(organizationId, now())) >= MAX_API_KEYS_PER_ORGANIZATION)
        throw new AppError('CONFLICT', API_KEY_MESSAGES.tooMany);
      const secret = newApiKeySecret();
      const id = await repo.insert({
        organizationId,
        createdByUserId: userId,
        name: input.name,
        scopes: input.scopes,
        secretHash: hashToken(secret),
        prefix: secret.slice(0, API_KEY_SHOWN_PREFIX_LENGTH),
        expiresAt,
      });
      const record = await repo.find(organizationId, id);
      return { key: presentApiKey(record!), secret };
    },

    async revoke(organizationId: string, id: string): Promise<ApiKey> {
      if (!(await repo.revoke(organizationId, id, now())))
        throw new AppError('NOT_FOUND', API_KEY_MESSAGES.notFound);
      return presentApiKey((await repo.find(organizationId, id))!);
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
