import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { instanceListQuerySchema } from '@sealplan/contracts';
import { ok } from '../../lib/reply';
import { orgIdOf, requireOrgUser } from '../../plugins/auth';
import { createProjectServices } from '../projects/project-services';
import { createInstanceService } from './instance.service';
import { isContentModel } from '@sealplan/contracts';
import { contentServiceFor } from '../content/content.routes';

const modelParams = z.object({ model: z.string().min(1).max(60) });
const recordParams = modelParams.extend({ id: z.string().min(1).max(60) });
/** Records are JSON objects; each model's contract validates the fields. */
const recordBody = z.record(z.string(), z.unknown());
const deleteQuery = z.object({
  version: z.coerce.number().int().positive().optional(),
  force: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec §7 generic records: GET/POST /api/instance/{model}, GET/PUT/DELETE /api/instance/{model}/{id}. */
export const instanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createInstanceService(
    createProjectServices(app.deps.db.db, app.deps.now, app.deps.cpu),
    contentServiceFor(app),
  );
  const tags = ['records'];
  const guarded = { preHandler: requireOrgUser };
  /** Ids are uuids except industries' fixed identifiers; anything else is simply not found. */
  const idOf = (model: string, id: string) =>
    model === 'Industry' || isContentModel(model) || UUID_PATTERN.test(id)
      ? id
      : '00000000-0000-0000-0000-000000000000';

  app.get(
    '/api/instance/:model',
    { ...guarded, schema: { tags, params: modelParams, querystring: instanceListQuerySchema } },
    async (request) =>
      ok(await service.list(orgIdOf(request), request.params.model, request.query, request.user!)),
  );

  app.get(
    '/api/instance/:model/:id',
    { ...guarded, schema: { tags, params: recordParams } },
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

  app.post(
    '/api/instance/:model',
    { ...guarded, schema: { tags, params: modelParams, body: recordBody } },
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

  app.put(
    '/api/instance/:model/:id',
    { ...guarded, schema: { tags, params: recordParams, body: recordBody } },
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

  app.delete(
    '/api/instance/:model/:id',
    { ...guarded, schema: { tags, params: recordParams, querystring: deleteQuery } },
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
