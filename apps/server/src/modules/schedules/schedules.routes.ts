import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { orgIdOf } from '../../plugins/auth';
import { apiRoute } from '../../plugins/api-routes';
import type { SchedulesService } from './schedules.service';

/** ADR 020: cable and pipe schedules into a transit or a project. */
export const schedulesRoutes: FastifyPluginAsyncZod<{ schedules: SchedulesService }> = async (
  app,
  { schedules: service },
) => {
  apiRoute(
    app,
    {
      call: 'schedules.readScheduleFile',
    },
    async (request) => ok(await service.readFile(orgIdOf(request), request.body)),
  );

  apiRoute(
    app,
    {
      call: 'schedules.getScheduleMapping',
    },
    async (request) => ok(await service.getMapping(orgIdOf(request))),
  );

  apiRoute(
    app,
    {
      call: 'schedules.importSchedule',
    },
    async (request) => {
      const report = await service.importSchedule(orgIdOf(request), request.body, request.user!.id);
      request.log.info(
        { projectId: request.body.projectId, applied: report.applied, ...report.counts },
        'schedule import',
      );
      return ok(report, report.message ? [report.message] : []);
    },
  );
};
