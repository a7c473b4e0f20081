import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  importScheduleReportSchema,
  importScheduleRequestSchema,
  readScheduleFileRequestSchema,
  scheduleMappingAnswerSchema,
  scheduleTableSchema,
} from '@sealplan/contracts';
import { ok } from '../../lib/reply';
import { orgIdOf, requireOrgUser } from '../../plugins/auth';
import { createCatalogueRepository } from '../catalogue/catalogue.repository';
import { createCatalogueService } from '../catalogue/catalogue.service';
import { createSchedulesRepository } from './schedules.repository';
import { createSchedulesService } from './schedules.service';

/** Issue 22: cable and pipe schedules into a transit or a project (ADR 020). */
export const schedulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = createCatalogueService({
    repo: createCatalogueRepository(app.deps.db.db),
    now: app.deps.now,
  });
  const service = createSchedulesService({
    repo: createSchedulesRepository(app.deps.db.db),
    loadCatalogue: () => catalogue.getCatalogue(),
    cpu: app.deps.cpu,
    now: app.deps.now,
  });
  const tags = ['schedules'];
  const guarded = { preHandler: requireOrgUser };

  app.post(
    '/api/schedules/readScheduleFile',
    {
      ...guarded,
      schema: {
        tags,
        description:
          'Reads the first sheet of a CSV, TSV or XLSX schedule (base64) into headings and rows, with the ' +
          "organization's remembered column mapping. Nothing is stored.",
        body: readScheduleFileRequestSchema,
        response: { 200: envelope(scheduleTableSchema) },
      },
    },
    async (request) => ok(await service.readFile(orgIdOf(request), request.body)),
  );

  app.post(
    '/api/schedules/getScheduleMapping',
    {
      ...guarded,
      schema: {
        tags,
        description: "The organization's remembered column mapping (null before its first import).",
        body: z.object({}).optional(),
        response: { 200: envelope(scheduleMappingAnswerSchema) },
      },
    },
    async (request) => ok(await service.getMapping(orgIdOf(request))),
  );

  app.post(
    '/api/schedules/importSchedule',
    {
      ...guarded,
      schema: {
        tags,
        description:
          'Imports schedule rows (cells as text) into one transit (transitId) or the transits the rows name, ' +
          'creating missing ones when createTransits. Every row is checked; when any is rejected nothing is ' +
          'written and the answer is the report with applied false (HTTP 200). dryRun only reports. The whole ' +
          'import is one transaction; the mapping is remembered for the organization.',
        body: importScheduleRequestSchema,
        response: { 200: envelope(importScheduleReportSchema) },
      },
    },
    async (request) => {
      const report = await service.importSchedule(orgIdOf(request), request.body);
      request.log.info(
        { projectId: request.body.projectId, applied: report.applied, ...report.counts },
        'schedule import',
      );
      return ok(report, report.message ? [report.message] : []);
    },
  );
};
