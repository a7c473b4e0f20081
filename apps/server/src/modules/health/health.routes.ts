import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, healthSchema } from '@sealplan/contracts';
import { ok } from '../../lib/reply';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: envelope(healthSchema), 503: envelope(healthSchema) } } },
    async (_request, reply) => {
      const reachable = await app.deps.db.ping();
      const data = {
        status: reachable ? ('ok' as const) : ('degraded' as const),
        database: { kind: app.deps.db.kind, reachable },
        version: app.deps.version,
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.status(reachable ? 200 : 503).send({ ...ok(data), success: reachable });
    },
  );
};
