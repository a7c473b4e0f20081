import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROJECT_MESSAGES, type ProjectAndTransits } from '@sealplan/contracts';
import { AppError } from '../../errors';
import { ok } from '../../lib/reply';
import { rawEnvelope } from '../../lib/raw-json';
import { orgIdOf } from '../../plugins/auth';
import { apiRoute } from '../../plugins/api-routes';
import { publicApiDocumentOf, type OpenApiDocument } from '../../plugins/openapi-document';
import type { CustomersService } from '../customers';
import type { ExportService } from '../export';
import type { ProjectServices } from '../projects';
import type { SchedulesService } from '../schedules';
import type { SiteService } from '../site';
import type { TransitsService } from '../transits';

const require = createRequire(import.meta.url);
/** Redoc's standalone bundle (ADR 036): the maintained renderer of the reference page, served from here. */
const REDOC_BUNDLE = 'redoc/bundles/redoc.standalone.js';
/** The reference page's bundle may be kept a day (it changes only with the package). */
const BUNDLE_CACHE_CONTROL = 'public, max-age=86400';

/**
 * The page Redoc renders the public API's description in. Its addresses are relative (served at
 * /api/v1/reference), so the page works behind a path prefix; no inline script, for the CSP's script-src 'self'.
 */
export const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Sealplan API reference</title>
  </head>
  <body>
    <redoc spec-url="openapi.json" expand-responses="200"></redoc>
    <script src="reference/redoc.standalone.js"></script>
  </body>
</html>
`;

export interface PublicApiServices {
  customers: CustomersService;
  projects: ProjectServices['projects'];
  transits: TransitsService;
  exports: ExportService;
  schedules: SchedulesService;
  site: SiteService;
}

/**
 * The public API for integrators (ADR 036): every call under /api/v1 that takes an API key, registered from the
 * call table like every other route (ADR 024); each calls the same service as the app's own call does.
 */
export const publicApiRoutes: FastifyPluginAsyncZod<PublicApiServices> = async (app, services) => {
  const { customers, projects, transits, exports, schedules, site } = services;

  apiRoute(
    app,
    { call: 'publicApi.document' },
    async () =>
      publicApiDocumentOf(app.swagger() as unknown as OpenApiDocument) as unknown as Record<string, unknown>,
  );
  apiRoute(app, { call: 'publicApi.reference' }, async (_request, reply) =>
    reply.header('content-type', 'text/html; charset=utf-8').send(REFERENCE_PAGE as never),
  );
  let bundle: Promise<Buffer> | undefined;
  apiRoute(app, { call: 'publicApi.referenceScript' }, async (_request, reply) => {
    bundle ??= readFile(require.resolve(REDOC_BUNDLE));
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', BUNDLE_CACHE_CONTROL)
      .send((await bundle) as never);
  });

  apiRoute(app, { call: 'v1.customers.list' }, async (request) =>
    ok(await customers.getActive(orgIdOf(request))),
  );
  apiRoute(app, { call: 'v1.customers.create' }, async (request) => {
    const customer = await customers.saveOne(orgIdOf(request), request.body.customer);
    request.log.info({ customerId: customer.id, apiKeyId: request.apiKey?.keyId }, 'customer saved');
    return ok(customer);
  });

  apiRoute(app, { call: 'v1.projects.list' }, async (request) =>
    ok(await projects.listProjects(orgIdOf(request), request.query.limit, request.query.offset)),
  );
  apiRoute(app, { call: 'v1.projects.create' }, async (request) => {
    const project = await projects.saveOne(orgIdOf(request), request.user!.id, request.body.project);
    request.log.info({ projectId: project.id, apiKeyId: request.apiKey?.keyId }, 'project saved');
    return ok(project);
  });
  apiRoute(app, { call: 'v1.projects.get' }, async (request) => {
    const json = await projects.readProjectJson(orgIdOf(request), request.params.projectId);
    if (json === null) throw new AppError('NOT_FOUND', PROJECT_MESSAGES.notFound);
    return rawEnvelope<ProjectAndTransits>(`{"success":true,"data":${json},"messages":[]}`);
  });
  apiRoute(app, { call: 'v1.projects.site' }, async (request) =>
    ok(await site.getProjectSite(orgIdOf(request), request.params.projectId)),
  );
  apiRoute(app, { call: 'v1.projects.export' }, async (request, reply) => {
    const user = request.user!;
    const outcome = await exports.sendProjectExport(
      {
        id: user.id,
        organizationId: orgIdOf(request),
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
      },
      {
        ...request.body,
        projectId: request.params.projectId,
        isShare: false,
        emailAddress: null,
        imgData: null,
      },
    );
    if (outcome.kind !== 'file') throw new AppError('INTERNAL', 'The document was not made.');
    const { file } = outcome;
    request.log.info({ projectId: request.params.projectId, apiKeyId: request.apiKey?.keyId }, 'export made');
    // The file name is ASCII letters, digits and dashes by construction (baseFileName), so it needs no escaping.
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body as never);
  });

  apiRoute(app, { call: 'v1.transits.get' }, async (request) =>
    ok(await transits.getTransitData(orgIdOf(request), request.params.transitId)),
  );
  apiRoute(app, { call: 'v1.transits.create' }, async (request) => {
    const saved = await transits.savePenetratingItemsAndTransit(
      orgIdOf(request),
      request.body,
      request.user!.id,
    );
    request.log.info({ transitId: saved.transit.id, apiKeyId: request.apiKey?.keyId }, 'transit saved');
    return ok(saved);
  });

  apiRoute(app, { call: 'v1.schedules.import' }, async (request) => {
    const report = await schedules.importSchedule(orgIdOf(request), request.body, request.user!.id);
    request.log.info(
      { projectId: request.body.projectId, applied: report.applied, apiKeyId: request.apiKey?.keyId },
      'schedule import',
    );
    return ok(report, report.message ? [report.message] : []);
  });

  apiRoute(app, { call: 'v1.statuses.counts' }, async (request) =>
    ok(await site.getStatusCounts(orgIdOf(request))),
  );
};
