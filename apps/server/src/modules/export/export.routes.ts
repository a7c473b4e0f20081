import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendProjectExportRequestSchema } from '@sealplan/contracts';
import { ok } from '../../lib/reply';
import { orgIdOf, requireOrgUser } from '../../plugins/auth';
import { createExportRepository } from './export.repository';
import { createExportService } from './export.service';
import { loadCatalogueForExport } from './export-catalogue';
import { createContentRepository } from '../content/content.repository';
import { createTemplateSource } from '../content/template-source';
import { renderTemplate } from '../content/template-definitions';

/** Spec §7 sendProjectExport: the material list as PDF, RTF, DOCX, CSV or XLSX, or the drawings as DXF (ADR 020). */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createExportRepository(app.deps.db.db);
  const content = createContentRepository(app.deps.db.db);
  const templates = createTemplateSource(app.deps.db.db);
  const service = createExportService({
    repo,
    mail: app.deps.mail,
    now: app.deps.now,
    loadCatalogue: () => loadCatalogueForExport(app.deps.db.db),
    loadProducts: (articleNumbers) => content.productsByArticle(articleNumbers),
    loadTexts: async (project) => {
      const texts = await templates.texts();
      const values = {
        providerName: app.deps.env.PROVIDER_NAME,
        projectName: project.name,
        customerName: project.customerName,
      };
      return {
        header: renderTemplate(texts['document.header'], values).trim(),
        footer: renderTemplate(texts['document.footer'], values).trim(),
      };
    },
    log: app.log,
    cpu: app.deps.cpu,
  });

  app.post(
    '/api/project/sendProjectExport',
    {
      preHandler: requireOrgUser,
      schema: {
        tags: ['export'],
        description:
          'isShare false: answers the file (PDF, RTF, DOCX, CSV, XLSX, or DXF: one transit as .dxf, several as a ' +
          '.zip of one .dxf each) with content-disposition. isShare true: e-mails it to emailAddress and answers the envelope.',
        body: sendProjectExportRequestSchema,
      },
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
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
