import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  savePenetratingItemsAndTransitRequestSchema,
  savePenetratingItemsRequestSchema,
  saveTransitRequestSchema,
  transitIdRequestSchema,
  envelope,
  transitDataSchema,
  transitSchema,
} from '@sealplan/contracts';
import { ok } from '../../lib/reply';
import { orgIdOf, requireOrgUser } from '../../plugins/auth';
import { createProjectServices } from '../projects/project-services';

/** Spec §7 product functions of transits and penetrating items (POST /api/project/{name}). */
export const transitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { transits } = createProjectServices(app.deps.db.db, app.deps.now, app.deps.cpu);
  const tags = ['transits'];
  const guarded = { preHandler: requireOrgUser };

  app.post(
    '/api/project/getTransitData',
    {
      ...guarded,
      schema: { tags, body: transitIdRequestSchema, response: { 200: envelope(transitDataSchema) } },
    },
    async (request) => ok(await transits.getTransitData(orgIdOf(request), request.body.transitId)),
  );

  app.post(
    '/api/project/saveTransit',
    {
      ...guarded,
      schema: { tags, body: saveTransitRequestSchema, response: { 200: envelope(transitSchema) } },
    },
    async (request) => {
      const transit = await transits.saveTransit(orgIdOf(request), request.body.transit);
      request.log.info({ transitId: transit.id, removed: transit.isRemoved }, 'transit saved');
      return ok(transit);
    },
  );

  app.post(
    '/api/project/savePenetratingItems',
    {
      ...guarded,
      schema: {
        tags,
        body: savePenetratingItemsRequestSchema,
        response: { 200: envelope(transitDataSchema) },
      },
    },
    async (request) => ok(await transits.savePenetratingItems(orgIdOf(request), request.body)),
  );

  app.post(
    '/api/project/savePenetratingItemsAndTransit',
    {
      ...guarded,
      schema: {
        tags,
        body: savePenetratingItemsAndTransitRequestSchema,
        response: { 200: envelope(transitDataSchema) },
      },
    },
    async (request) => ok(await transits.savePenetratingItemsAndTransit(orgIdOf(request), request.body)),
  );

  app.post(
    '/api/project/duplicateTransit',
    {
      ...guarded,
      schema: { tags, body: transitIdRequestSchema, response: { 200: envelope(transitDataSchema) } },
    },
    async (request) => ok(await transits.duplicateTransit(orgIdOf(request), request.body.transitId)),
  );
};
