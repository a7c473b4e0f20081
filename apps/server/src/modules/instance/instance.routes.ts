import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { orgIdOf } from '../../plugins/auth';
import { apiRoute } from '../../plugins/api-routes';
import type { InstanceService } from './instance.service';
import { isContentModel } from '@sealplan/contracts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec §7 generic records: GET/POST /api/instance/{model}, GET/PUT/DELETE /api/instance/{model}/{id}. */
export const instanceRoutes: FastifyPluginAsyncZod<{ instance: InstanceService }> = async (
  app,
  { instance: service },
) => {
  /** Ids are uuids except industries' fixed identifiers; anything else is simply not found. */
  const idOf = (model: string, id: string) =>
    model === 'Industry' || isContentModel(model) || UUID_PATTERN.test(id)
      ? id
      : '00000000-0000-0000-0000-000000000000';

  apiRoute(
    app,
    {
      call: 'instance.list',
    },
    async (request) =>
      ok(await service.list(orgIdOf(request), request.params.model, request.query, request.user!)),
  );

  apiRoute(
    app,
    {
      call: 'instance.get',
    },
    async (request) =>
      ok(
        await service.get(
          orgIdOf(request),
          request.params.model,
          idOf(request.params.model, request.params.id),
          request.user!,
        ),
      ),
  );

  apiRoute(
    app,
    {
      call: 'instance.create',
    },
    async (request) =>
      ok(
        await service.create(
          orgIdOf(request),
          request.user!.id,
          request.params.model,
          request.body,
          request.user!,
        ),
      ),
  );

  apiRoute(
    app,
    {
      call: 'instance.update',
    },
    async (request) =>
      ok(
        await service.update(
          orgIdOf(request),
          request.user!.id,
          request.params.model,
          idOf(request.params.model, request.params.id),
          request.body,
          request.user!,
        ),
      ),
  );

  apiRoute(
    app,
    {
      call: 'instance.delete',
    },
    async (request) =>
      ok(
        await service.remove(
          orgIdOf(request),
          request.user!.id,
          request.params.model,
          idOf(request.params.model, request.params.id),
          request.query,
          request.user!,
        ),
      ),
  );
};
