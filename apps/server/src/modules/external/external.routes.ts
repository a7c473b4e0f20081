import type { FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';
import {
  EXTERNAL_BROWSER_COOKIE,
  EXTERNAL_MESSAGES,
  EXTERNAL_PROVIDERS,
  EXTERNAL_TICKET_TTL_MS,
} from '@sealplan/contracts';
import { ok } from '../../lib/reply';
import { newToken } from '../../lib/tokens';
import { apiRoute } from '../../plugins/api-routes';
import type { ExternalSignInService } from './external.service';

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

/** docs/decisions/018-external-sign-in.md: request, access, verify; link and unlink on the profile. */
export async function externalRoutes(
  app: FastifyInstance,
  { external }: { external: ExternalSignInService },
) {
  apiRoute(
    app,
    {
      call: 'external.providers',
    },
    async () => ok({ providers: external.providers() }),
  );

  for (const provider of EXTERNAL_PROVIDERS) {
    apiRoute(
      app,
      {
        call: `external.${provider}.request`,
      },
      async (request, reply) =>
        ok(await external.request(provider, request.body.purpose, request.user, browserKey(request, reply))),
    );
  }

  // Access step: what each protocol puts on the callback URL (each its own body in the table).
  for (const provider of EXTERNAL_PROVIDERS) {
    apiRoute(
      app,
      {
        call: `external.${provider}.access`,
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

  apiRoute(
    app,
    {
      call: 'external.verify',
    },
    async (request) =>
      ok(await external.verify(request.body.ticket, request.cookies?.[EXTERNAL_BROWSER_COOKIE] ?? null)),
  );

  apiRoute(
    app,
    {
      call: 'external.identities',
    },
    async (request) => ok(await external.identities(request.user!)),
  );

  apiRoute(
    app,
    {
      call: 'external.link',
    },
    async (request) => ok(await external.link(request.user!, request.body), [EXTERNAL_MESSAGES.linked]),
  );

  apiRoute(
    app,
    {
      call: 'external.unlink',
    },
    async (request) =>
      ok(await external.unlink(request.user!, request.body.identityId), [EXTERNAL_MESSAGES.unlinked]),
  );
}
