import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { orgIdOf } from '../../plugins/auth';
import { apiRoute } from '../../plugins/api-routes';
import type { TransitsService } from './transits.service';

/** Spec §7 product functions of transits and penetrating items (POST /api/project/{name}). */
export const transitsRoutes: FastifyPluginAsyncZod<{ transits: TransitsService }> = async (
  app,
  { transits },
) => {
  apiRoute(
    app,
    {
      call: 'project.getTransitData',
    },
    async (request) => ok(await transits.getTransitData(orgIdOf(request), request.body.transitId)),
  );

  apiRoute(
    app,
    {
      call: 'project.saveTransit',
    },
    async (request) => {
      const transit = await transits.saveTransit(orgIdOf(request), request.body.transit, request.user!.id);
      request.log.info({ transitId: transit.id, removed: transit.isRemoved }, 'transit saved');
      return ok(transit);
    },
  );

  apiRoute(
    app,
    {
      call: 'project.savePenetratingItems',
    },
    async (request) =>
      ok(await transits.savePenetratingItems(orgIdOf(request), request.body, request.user!.id)),
  );

  apiRoute(
    app,
    {
      call: 'project.savePenetratingItemsAndTransit',
    },
    async (request) =>
      ok(await transits.savePenetratingItemsAndTransit(orgIdOf(request), request.body, request.user!.id)),
  );

  apiRoute(
    app,
    {
      call: 'project.duplicateTransit',
    },
    async (request) =>
      ok(await transits.duplicateTransit(orgIdOf(request), request.body.transitId, request.user!.id)),
  );
};
