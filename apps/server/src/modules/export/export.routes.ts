import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { orgIdOf } from '../../plugins/auth';
import { apiRoute } from '../../plugins/api-routes';
import type { ExportService } from './export.service';

/** Spec §7 sendProjectExport: the material list as PDF, RTF, DOCX, CSV or XLSX, or the drawings as DXF (ADR 020). */
export const exportRoutes: FastifyPluginAsyncZod<{ exports: ExportService }> = async (
  app,
  { exports: service },
) => {
  apiRoute(
    app,
    {
      call: 'project.sendProjectExport',
    },
    async (request, reply) => {
      const user = request.user!;
      const outcome = await service.sendProjectExport(
        {
          id: user.id,
          organizationId: orgIdOf(request),
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
        },
        request.body,
      );
      if (outcome.kind === 'shared') return ok(outcome.data);
      const { file } = outcome;
      // The file name is ASCII letters, digits and dashes by construction (baseFileName), so it needs no escaping.
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          // The file is bytes, sent as they are: the response schema describes the share's envelope only.
          .send(file.body as never)
      );
    },
  );
};
