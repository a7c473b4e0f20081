import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { singleFlight } from '../../lib/single-flight';
import { apiRoute } from '../../plugins/api-routes';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Health checks that arrive while a ping is on its way share it (ADR 019): under a burst of checks the database
  // sees one round trip at a time, and every answer still comes from a ping that was in flight when it was asked.
  const ping = singleFlight(() => app.deps.db.ping());
  apiRoute(
    app,
    {
      call: 'health',
    },
    async (_request, reply) => {
      const reachable = await ping();
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
