import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { orgIdOf } from '../../plugins/auth';
import { apiRoute } from '../../plugins/api-routes';
import type { ApiKeysService } from './api-keys.service';

/** An organization's API keys, administered by its user administrators (ADR 036). */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (app, { apiKeys }) => {
  apiRoute(app, { call: 'apiKeys.list' }, async (request) => ok(await apiKeys.list(orgIdOf(request))));

  apiRoute(app, { call: 'apiKeys.create' }, async (request) => {
    const created = await apiKeys.create(orgIdOf(request), request.user!.id, request.body);
    request.log.info({ apiKeyId: created.key.id, scopes: created.key.scopes }, 'api key made');
    return ok(created);
  });

  apiRoute(app, { call: 'apiKeys.revoke' }, async (request) => {
    const key = await apiKeys.revoke(orgIdOf(request), request.body.apiKeyId);
    request.log.info({ apiKeyId: key.id }, 'api key revoked');
    return ok(key);
  });
};
