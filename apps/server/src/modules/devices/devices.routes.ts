import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEVICE_MESSAGES,
  envelope,
  signOutDeviceRequestSchema,
  signOutDeviceResponseSchema,
} from '@sealplan/contracts';
import { ok } from '../../lib/reply';
import { requireUser } from '../../plugins/auth';
import { createDevicesRepository } from './devices.repository';
import { createDevicesService, type DevicesService } from './devices.service';

/** The devices service wired to the app (also used by the users module for setDevice and the profile). */
export function devicesServiceFor(app: FastifyInstance): DevicesService {
  return createDevicesService({
    repo: createDevicesRepository(app.deps.db.db),
    now: app.deps.now,
    log: app.log,
  });
}

/** Profile: sign one of one's devices out (its tokens revoked at once on every app server). */
export async function devicesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const devices = devicesServiceFor(app);
  r.post(
    '/api/user/signOutDevice',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        body: signOutDeviceRequestSchema,
        response: { 200: envelope(signOutDeviceResponseSchema) },
      },
    },
    async (request) =>
      ok({ signedOut: true as const, devices: await devices.signOut(request.user!, request.body.id) }, [
        DEVICE_MESSAGES.signedOut,
      ]),
  );
}
