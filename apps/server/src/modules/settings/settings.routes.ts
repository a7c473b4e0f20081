import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSettingsSchema, appSettingsSchema, envelope } from '@sealplan/contracts';
import { ok } from '../../lib/reply';
import { requireUserAdmin } from '../../plugins/auth';
import { createCatalogueRepository } from '../catalogue/catalogue.repository';
import { createSettingsRepository } from './settings.repository';
import { createSettingsService } from './settings.service';

/** Spec §7 GET settings (public: page titles before sign-in) and GET adminSettings (user administrators). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { env, db, mail, version } = app.deps;
  const service = createSettingsService({
    repo: createSettingsRepository(db.db),
    catalogue: createCatalogueRepository(db.db),
    provider: { name: env.PROVIDER_NAME, shortName: env.PROVIDER_SHORT_NAME },
    apiVersion: version,
    database: db.kind,
    mail: mail.target,
    publicUrl: env.PUBLIC_URL,
  });

  app.get(
    '/api/settings',
    { schema: { tags: ['settings'], response: { 200: envelope(appSettingsSchema) } } },
    async (request) => ok(await service.settings(request.user)),
  );

  app.get(
    '/api/adminSettings',
    {
      preHandler: requireUserAdmin,
      schema: { tags: ['settings'], response: { 200: envelope(adminSettingsSchema) } },
    },
    async (request) => ok(await service.adminSettings(request.user!)),
  );
};
