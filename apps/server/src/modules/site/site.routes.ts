import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  projectIdRequestSchema,
  RECORD_MESSAGES,
  type ProjectSite,
  type SiteStatusCounts,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import { ok } from '../../lib/reply';
import { okEnvelopeSql, rawEnvelope } from '../../lib/raw-json';
import { orgIdOf, sessionValueOf, withSessionValue } from '../../plugins/auth';
import { apiRoute } from '../../plugins/api-routes';
import { projectSiteJson, statusCountsJson } from './site-json';
import type { SiteCaller, SiteService } from './site.service';

function callerOf(request: FastifyRequest): SiteCaller {
  const user = request.user!;
  return {
    id: user.id,
    organizationId: orgIdOf(request),
    roles: user.roles,
    isProviderOrganization: user.isProviderOrganization,
  };
}

/** A transit's life on site (ADR 031): locations, installation and inspection, labels. */
export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteService }> = async (app, { site }) => {
  // The two page-load reads are read in the session's statement, written by the database: one round trip
  // (ADR 038). The service keeps the same answers built from the repository's rows (site-reads.test.ts).
  apiRoute(
    app,
    {
      call: 'site.getProjectSite',
      ...withSessionValue({
        name: 'session_with_project_site',
        value: (caller, input) => okEnvelopeSql(projectSiteJson(caller.organizationId, input.projectId)),
        inputs: { projectId: 'uuid' },
        params: (request) => {
          const body = projectIdRequestSchema.safeParse(request.body);
          return body.success ? { projectId: body.data.projectId } : null;
        },
      }),
    },
    async (request) => {
      const json = sessionValueOf<string | null>(request);
      if (json === null) throw new AppError('NOT_FOUND', RECORD_MESSAGES.notFound);
      return rawEnvelope<ProjectSite>(json);
    },
  );

  apiRoute(app, { call: 'site.saveLocation' }, async (request) => {
    const location = await site.saveLocation(orgIdOf(request), request.body.location, request.user!.id);
    request.log.info({ locationId: location.id }, 'location saved');
    return ok(location);
  });

  apiRoute(app, { call: 'site.deleteLocation' }, async (request) => {
    const answer = await site.deleteLocation(orgIdOf(request), request.body.locationId, request.user!.id);
    request.log.info({ locationId: request.body.locationId }, 'location deleted');
    return ok(answer);
  });

  apiRoute(app, { call: 'site.setTransitLocation' }, async (request) =>
    ok(await site.setTransitLocation(callerOf(request), request.body.transitId, request.body.locationId)),
  );

  apiRoute(app, { call: 'site.getTransitSite' }, async (request) =>
    ok(await site.getTransitSite(callerOf(request), request.body.transitId)),
  );

  apiRoute(app, { call: 'site.changeStatus' }, async (request) => {
    const answer = await site.changeStatus(callerOf(request), request.body);
    request.log.info({ transitId: answer.transitId, status: answer.status }, 'transit status changed');
    return ok(answer);
  });

  apiRoute(
    app,
    {
      call: 'site.getStatusCounts',
      ...withSessionValue({
        name: 'session_with_status_counts',
        value: (caller) => okEnvelopeSql(statusCountsJson(caller.organizationId)),
        inputs: {},
        params: () => ({}),
      }),
    },
    async (request) => rawEnvelope<SiteStatusCounts>(sessionValueOf<string>(request)),
  );

  apiRoute(app, { call: 'site.labelSheet' }, async (request, reply) => {
    const file = await site.labelSheet(orgIdOf(request), request.params.projectId, request.query.paper);
    // The file name is ASCII letters, digits and dashes by construction, so it needs no escaping.
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body as never);
  });
};
