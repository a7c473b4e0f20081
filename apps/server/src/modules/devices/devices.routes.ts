import type { FastifyInstance } from 'fastify';
import { DEVICE_MESSAGES } from '@sealplan/contracts';
import { ok } from '../../lib/reply';
import { apiRoute } from '../../plugins/api-routes';
import type { DevicesService } from './devices.service';

/** Profile: sign one of one's devices out (its tokens revoked at once on every app server). */
export async function devicesRoutes(app: FastifyInstance, { devices }: { devices: DevicesService }) {
  apiRoute(
    app,
    {
      call: 'user.signOutDevice',
    },
    async (request) =>
      ok({ signedOut: true as const, devices: await devices.signOut(request.user!, request.body.id) }, [
        DEVICE_MESSAGES.signedOut,
      ]),
  );
}
