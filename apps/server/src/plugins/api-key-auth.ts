import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import {
  API_KEY_HEADER,
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
  type ApiKeyScope,
} from '@sealplan/contracts';
import { AppError } from '../errors';
import type { ApiKeyAuthority, ApiKeyCaller } from '../shared/api-key-authority';

declare module 'fastify' {
  interface FastifyInstance {
    /** The API keys the public API's guard resolves callers with (given by the composition root, ADR 025). */
    apiKeys: ApiKeyAuthority;
  }
  interface FastifyRequest {
    /** The API key of a public API request (ADR 036); null on every other route. */
    apiKey: ApiKeyCaller | null;
    /** The idempotency key this request claimed (its row), to store or let go of its answer. */
    idempotencyClaim: string | null;
  }
  interface FastifyContextConfig {
    /** A public API route (ADR 036): its caller is an API key, never a session. */
    apiKey?: boolean;
  }
}

/** The secret a request carries: `Authorization: Bearer spk_…` or the X-API-Key header. */
export function apiKeySecretOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token.startsWith(API_KEY_PREFIX)) return token;
  }
  const named = request.headers[API_KEY_HEADER.toLowerCase()];
  return typeof named === 'string' && named.trim() ? named.trim() : null;
}

/** Registers the API key authority the public API's guards use. */
export async function apiKeyAuthPlugin(app: FastifyInstance, { apiKeys }: { apiKeys: ApiKeyAuthority }) {
  app.decorate('apiKeys', apiKeys);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('idempotencyClaim', null);
}
// Let the decorations apply to the whole app, not only inside this plugin's scope.
(apiKeyAuthPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

/**
 * Guard of a public API call (ADR 036): a live key of the caller's organization with the call's scope, within its
 * rate limit (counters in the database, shared by every app server). The request then acts for the key's
 * organization, as the administrator who made the key; it has no roles, so no other route's guard lets it in.
 */
export function requireApiKey(scope: ApiKeyScope): preHandlerAsyncHookHandler {
  return async function (request, reply) {
    const secret = apiKeySecretOf(request);
    if (!secret) throw new AppError('UNAUTHENTICATED', API_KEY_MESSAGES.keyRequired);
    const apiKeys = request.server.apiKeys;
    const key = await apiKeys.authenticate(secret);
    if (!key) throw new AppError('UNAUTHENTICATED', API_KEY_MESSAGES.keyInvalid);
    const retryAfterSeconds = await apiKeys.rateLimit(key.keyId);
    if (retryAfterSeconds !== null) {
      reply.header('retry-after', String(retryAfterSeconds));
      throw new AppError('RATE_LIMITED', API_KEY_MESSAGES.rateLimited, undefined, { retryAfterSeconds });
    }
    if (!key.scopes.includes(scope)) throw new AppError('FORBIDDEN', API_KEY_MESSAGES.scopeMissing(scope));
    request.apiKey = key;
    request.user = {
      id: key.userId,
      organizationId: key.organizationId,
      isProviderOrganization: false,
      email: key.email,
      firstName: key.firstName,
      lastName: key.lastName,
      roles: [],
      permissions: [],
      tokenId: key.keyId,
      tokenExpiresAt: key.expiresAt ?? new Date(8.64e15),
    };
  };
}

/** What a request asks for, as a hash: the call, its path and query, and its body as sent. */
function requestHashOf(callName: string, request: FastifyRequest): string {
  return createHash('sha256')
    .update(callName)
    .update('\n')
    .update(request.url)
    .update('\n')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
}

/**
 * Idempotency of a creating call (ADR 036), run after its guard: with an Idempotency-Key header, the first request
 * claims the key (a row in the database), a retry gets the stored answer of the first (with Idempotent-Replayed),
 * a retry while the first still runs gets 409, and the same key with another request gets 409 too.
 */
export function idempotencyHooks(callName: string): {
  preHandler: preHandlerAsyncHookHandler;
  onSend: onSendHookHandler;
} {
  const preHandler: preHandlerAsyncHookHandler = async function (request, reply) {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    if (header === undefined || !request.apiKey) return;
    if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header))
      throw new AppError('BAD_REQUEST', API_KEY_MESSAGES.idempotencyKeyInvalid, {
        [IDEMPOTENCY_KEY_HEADER]: API_KEY_MESSAGES.idempotencyKeyInvalid,
      });
    const claim = await request.server.apiKeys.claimIdempotencyKey(
      request.apiKey.keyId,
      header,
      requestHashOf(callName, request),
    );
    switch (claim.kind) {
      case 'claimed':
        request.idempotencyClaim = claim.id;
        return;
      case 'inProgress':
        throw new AppError('CONFLICT', API_KEY_MESSAGES.idempotencyKeyInProgress);
      case 'otherRequest':
        throw new AppError('CONFLICT', API_KEY_MESSAGES.idempotencyKeyReused);
      case 'replay':
        await reply
          .code(claim.answer.statusCode)
          .header('content-type', 'application/json; charset=utf-8')
          .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
          .send(claim.answer.body);
        return reply;
    }
  };
  const onSend: onSendHookHandler = (request, reply, payload, done) => {
    const claim = request.idempotencyClaim;
    if (!claim) {
      done(null, payload);
      return;
    }
    request.idempotencyClaim = null;
    const apiKeys = request.server.apiKeys;
    const settle =
      reply.statusCode === 200 && typeof payload === 'string'
        ? apiKeys.completeIdempotencyKey(claim, { statusCode: reply.statusCode, body: payload })
        : apiKeys.releaseIdempotencyKey(claim);
    // The answer waits for its key's row: a retry that arrives after it sees the stored answer.
    settle.then(
      () => done(null, payload),
      (error: unknown) => done(error as Error),
    );
  };
  return { preHandler, onSend };
}
