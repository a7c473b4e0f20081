import type { FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  EXTERNAL_BROWSER_COOKIE,
  EXTERNAL_MESSAGES,
  EXTERNAL_PROVIDERS,
  EXTERNAL_TICKET_TTL_MS,
  externalAccessResponseSchema,
  externalProvidersResponseSchema,
  externalRequestResponseSchema,
  externalRequestSchema,
  externalTicketRequestSchema,
  externalVerifyResponseSchema,
  integrationSchema,
  linkedIdentitiesResponseSchema,
  oauth1AccessRequestSchema,
  oidcAccessRequestSchema,
  unlinkIdentityRequestSchema,
  type ExternalProvider,
} from '@sealplan/contracts';
import type { Env } from '../../config/env';
import { ok } from '../../lib/reply';
import { newToken } from '../../lib/tokens';
import { requireUser } from '../../plugins/auth';
import { createExternalRepository } from './external.repository';
import { createExternalSignInService, type ExternalSignInService } from './external.service';
import { createOAuth1Adapter } from './providers/oauth1.adapter';
import { createOidcAdapter } from './providers/oidc.adapter';
import type { ProviderAdapter } from './providers/provider-adapter';

/** The providers the environment configures (config/env.ts checks each group is complete or absent). */
export function adaptersFromEnv(env: Env): Partial<Record<ExternalProvider, ProviderAdapter>> {
  const adapters: Partial<Record<ExternalProvider, ProviderAdapter>> = {};
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET) {
    adapters.oidc = createOidcAdapter({
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      label: env.OIDC_LABEL,
      scopes: env.OIDC_SCOPES,
    });
  }
  if (
    env.OAUTH1_REQUEST_TOKEN_URL &&
    env.OAUTH1_AUTHORIZE_URL &&
    env.OAUTH1_ACCESS_TOKEN_URL &&
    env.OAUTH1_VERIFY_URL &&
    env.OAUTH1_CONSUMER_KEY &&
    env.OAUTH1_CONSUMER_SECRET
  ) {
    adapters.oauth1 = createOAuth1Adapter({
      requestTokenUrl: env.OAUTH1_REQUEST_TOKEN_URL,
      authorizeUrl: env.OAUTH1_AUTHORIZE_URL,
      accessTokenUrl: env.OAUTH1_ACCESS_TOKEN_URL,
      verifyUrl: env.OAUTH1_VERIFY_URL,
      consumerKey: env.OAUTH1_CONSUMER_KEY,
      consumerSecret: env.OAUTH1_CONSUMER_SECRET,
      label: env.OAUTH1_LABEL,
    });
  }
  return adapters;
}

const services = new WeakMap<object, ExternalSignInService>();

/** One service per app (it caches the OIDC discovery); used by the auth and users modules too. */
export function externalServiceFor(app: FastifyInstance): ExternalSignInService {
  const root = app.deps;
  let service = services.get(app.server);
  if (!service) {
    service = createExternalSignInService({
      repo: createExternalRepository(root.db.db),
      adapters: adaptersFromEnv(root.env),
      publicUrl: root.env.PUBLIC_URL,
      now: root.now,
      log: app.log,
    });
    // Keyed by the HTTP server, which every plugin scope of one app shares.
    services.set(app.server, service);
  }
  return service;
}

/** The random value that binds a sign-in in progress to this browser (HttpOnly: script never reads it). */
function browserKey(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies?.[EXTERNAL_BROWSER_COOKIE];
  if (existing && /^[\w-]{20,100}$/.test(existing)) return existing;
  const key = newToken();
  reply.setCookie(EXTERNAL_BROWSER_COOKIE, key, {
    path: '/api/auth/external',
    httpOnly: true,
    // Lax: the call after the provider's redirect comes from this app's own page either way.
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.round(EXTERNAL_TICKET_TTL_MS / 1000),
  });
  return key;
}

const tags = ['external sign-in'];

/** docs/decisions/018-external-sign-in.md: request, access, verify; link and unlink on the profile. */
export async function externalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const external = externalServiceFor(app);

  r.get(
    '/api/auth/external/providers',
    { schema: { tags, response: { 200: envelope(externalProvidersResponseSchema) } } },
    async () => ok({ providers: external.providers() }),
  );

  for (const provider of EXTERNAL_PROVIDERS) {
    r.post(
      `/api/auth/external/${provider}/request`,
      {
        schema: {
          tags,
          body: externalRequestSchema,
          response: { 200: envelope(externalRequestResponseSchema) },
        },
      },
      async (request, reply) =>
        ok(await external.request(provider, request.body.purpose, request.user, browserKey(request, reply))),
    );
  }

  // Access step: what each protocol puts on the callback URL.
  const accessBodies = { oidc: oidcAccessRequestSchema, oauth1: oauth1AccessRequestSchema } as const;
  for (const provider of EXTERNAL_PROVIDERS) {
    r.post(
      `/api/auth/external/${provider}/access`,
      {
        schema: {
          tags,
          body: accessBodies[provider],
          response: { 200: envelope(externalAccessResponseSchema) },
        },
      },
      async (request) =>
        ok(
          await external.access(
            provider,
            request.body as Record<string, string | undefined>,
            request.cookies?.[EXTERNAL_BROWSER_COOKIE] ?? null,
            request.user,
          ),
        ),
    );
  }

  r.post(
    '/api/auth/external/verify',
    {
      schema: {
        tags,
        body: externalTicketRequestSchema,
        response: { 200: envelope(externalVerifyResponseSchema) },
      },
    },
    async (request) =>
      ok(await external.verify(request.body.ticket, request.cookies?.[EXTERNAL_BROWSER_COOKIE] ?? null)),
  );

  r.get(
    '/api/auth/external/identities',
    {
      preHandler: requireUser,
      schema: { tags, response: { 200: envelope(linkedIdentitiesResponseSchema) } },
    },
    async (request) => ok(await external.identities(request.user!)),
  );

  r.post(
    '/api/auth/external/link',
    {
      preHandler: requireUser,
      schema: { tags, body: integrationSchema, response: { 200: envelope(linkedIdentitiesResponseSchema) } },
    },
    async (request) => ok(await external.link(request.user!, request.body), [EXTERNAL_MESSAGES.linked]),
  );

  r.post(
    '/api/auth/external/unlink',
    {
      preHandler: requireUser,
      schema: {
        tags,
        body: unlinkIdentityRequestSchema,
        response: { 200: envelope(linkedIdentitiesResponseSchema) },
      },
    },
    async (request) =>
      ok(await external.unlink(request.user!, request.body.identityId), [EXTERNAL_MESSAGES.unlinked]),
  );
}
