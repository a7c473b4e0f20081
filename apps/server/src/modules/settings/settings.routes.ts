import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { apiRoute } from '../../plugins/api-routes';
import { withSessionValue } from '../../plugins/auth';
import type { SettingsParts, SettingsService } from './settings.service';
import { settingsPartsJson } from './settings-json';

/** Spec §7 GET settings (public: page titles before sign-in) and GET adminSettings (user administrators). */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings: service },
) => {
  apiRoute(
    app,
    {
      call: 'settings',
      // A signed-in caller's parts are read with the session: one round trip (ADR 038).
      ...withSessionValue({
        name: 'session_with_settings',
        value: settingsPartsJson,
        inputs: {},
        params: () => ({}),
      }),
    },
    async (request) =>
      ok(
        request.user && typeof request.sessionValue === 'string'
          ? service.settingsOf(JSON.parse(request.sessionValue) as SettingsParts)
          : await service.settings(request.user),
      ),
  );

  apiRoute(
    app,
    {
      call: 'adminSettings',
    },
    async (request) => ok(await service.adminSettings(request.user!)),
  );
};
