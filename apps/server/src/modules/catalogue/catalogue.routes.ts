import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  saveCatalogueRequestSchema,
  verifyCatalogueRequestSchema,
  envelope,
  formDataSchema,
} from '@sealplan/contracts';
import { ok } from '../../lib/reply';
import { requireProviderWideAdmin, requireUser } from '../../plugins/auth';
import { createCatalogueRepository } from './catalogue.repository';
import { createCatalogueService } from './catalogue.service';

/**
 * Catalogue editors: SystemAdministrator and the provider organization's ElevatedUser. The catalogue is shared by
 * every organization, so a customer organization's ElevatedUser may read it but not change or verify it (ADR 008).
 */
const requireCatalogueAdmin = requireProviderWideAdmin;

/** The catalogue (spec §3 form reference data) and its small admin endpoint. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCatalogueService({
    repo: createCatalogueRepository(app.deps.db.db),
    now: app.deps.now,
  });

  app.get(
    '/api/catalogue',
    { preHandler: requireUser, schema: { tags: ['catalogue'], response: { 200: envelope(formDataSchema) } } },
    async () => ok(await service.getFormData()),
  );

  app.put(
    '/api/catalogue',
    {
      preHandler: requireCatalogueAdmin,
      schema: {
        tags: ['catalogue'],
        body: saveCatalogueRequestSchema,
        response: { 200: envelope(formDataSchema) },
      },
    },
    async (request) => ok(await service.save(request.body)),
  );

  app.post(
    '/api/catalogue/verify',
    {
      preHandler: requireCatalogueAdmin,
      schema: {
        tags: ['catalogue'],
        body: verifyCatalogueRequestSchema,
        response: { 200: envelope(formDataSchema) },
      },
    },
    async (request) => ok(await service.verify(request.body, request.user!.id)),
  );
};
