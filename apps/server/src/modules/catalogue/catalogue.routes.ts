import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { apiRoute } from '../../plugins/api-routes';
import type { CatalogueService } from './catalogue.service';

/** The catalogue (spec §3 form reference data) and its small admin endpoint. */
export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue: service },
) => {
  apiRoute(
    app,
    {
      call: 'catalogue.get',
    },
    () => service.formDataAnswer(),
  );

  apiRoute(
    app,
    {
      call: 'catalogue.save',
    },
    async (request) => ok(await service.save(request.body)),
  );

  apiRoute(
    app,
    {
      call: 'catalogue.verify',
    },
    async (request) => ok(await service.verify(request.body, request.user!.id)),
  );
};
