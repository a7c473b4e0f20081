import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  projectIdRequestSchema,
  PROJECT_MESSAGES,
  RECENT_PROJECTS_LIMIT,
  type DashboardData,
  type Project,
  type ProjectAndTransits,
} from '@sealplan/contracts';
import { ok } from '../../lib/reply';
import { okEnvelopeSql, rawEnvelope } from '../../lib/raw-json';
import { orgIdOf, sessionValueOf, withSessionValue } from '../../plugins/auth';
import { AppError } from '../../errors';
import { dashboardJson, projectReadOrFingerprint, recentProjectsJson } from './project-read';
import { KeptProjectReads, type KeptProjectRead } from './kept-project-reads';
import { apiRoute } from '../../plugins/api-routes';
import type { ProjectServices } from './project-services';
import { catalogueMetaJson, catalogueMetaOf, type MetaRead } from '../catalogue';

/** Spec §7 product functions of projects (POST /api/project/{name}). */
export const projectsRoutes: FastifyPluginAsyncZod<Pick<ProjectServices, 'projects' | 'catalogue'>> = async (
  app,
  { projects, catalogue },
) => {
  apiRoute(
    app,
    {
      call: 'project.saveOne',
    },
    async (request) => {
      const project = await projects.saveOne(orgIdOf(request), request.user!.id, request.body.project);
      request.log.info({ projectId: project.id, removed: project.isRemoved }, 'project saved');
      return ok(project);
    },
  );

  // The two catalogue reads answer text kept per meta row; the row is read in the session's statement, so a
  // request whose catalogue is kept is one round trip (ADR 038).
  const catalogueMeta = withSessionValue({
    name: 'session_with_catalogue_meta',
    value: () => catalogueMetaJson(),
    inputs: {},
    params: () => ({}),
  });
  const metaRead = (request: FastifyRequest): MetaRead => ({
    meta: catalogueMetaOf(sessionValueOf<string | null>(request)),
  });
  apiRoute(
    app,
    {
      call: 'project.getFormData',
      ...catalogueMeta,
    },
    (request) => catalogue.formDataAnswer(metaRead(request)),
  );

  apiRoute(
    app,
    {
      call: 'project.getPenetratingItemTypes',
      ...catalogueMeta,
    },
    (request) => catalogue.penetratingItemTypesAnswer(metaRead(request)),
  );

  // The project is read in the session's own statement, for the caller's organization: one round trip (ADR 019).
  // The server keeps each read beside its fingerprint and sends the fingerprint with the request; the database
  // builds the read again only when a row it shows has changed since (ADR 038).
  const keptReads = new KeptProjectReads();
  const sentFingerprint = new WeakMap<FastifyRequest, KeptProjectRead>();
  const projectRead = withSessionValue({
    name: 'session_with_project_read',
    value: (caller, input) =>
      projectReadOrFingerprint(caller.organizationId, input.projectId, input.knownFingerprint),
    inputs: { projectId: 'uuid', knownFingerprint: 'text' },
    params: (request) => {
      const body = projectIdRequestSchema.safeParse(request.body);
      if (!body.success) return null;
      const known = keptReads.peek(body.data.projectId);
      if (known) sentFingerprint.set(request, known);
      return { projectId: body.data.projectId, knownFingerprint: known?.fingerprint ?? '' };
    },
  });
  apiRoute(
    app,
    {
      call: 'project.getProjectAndTransits',
      ...projectRead,
    },
    async (request) => {
      const value = sessionValueOf<string | null>(request);
      if (value === null) throw new AppError('NOT_FOUND', PROJECT_MESSAGES.notFound);
      const envelope = keptReads.answer(request.body.projectId, value, sentFingerprint.get(request));
      return rawEnvelope<ProjectAndTransits>(envelope);
    },
  );

  // The dashboard and the recent projects are read in the session's statement too, written by the database
  // (ADR 038); projects.service keeps the same answers built from the repository's rows (the tests compare them).
  apiRoute(
    app,
    {
      call: 'project.getDashboardData',
      ...withSessionValue({
        name: 'session_with_dashboard',
        value: (caller) =>
          okEnvelopeSql(sql<string>`(${dashboardJson(caller.organizationId, RECENT_PROJECTS_LIMIT)})::text`),
        inputs: {},
        params: () => ({}),
      }),
    },
    async (request) => rawEnvelope<DashboardData>(sessionValueOf<string>(request)),
  );

  apiRoute(
    app,
    {
      call: 'project.getRecentProjects',
      ...withSessionValue({
        name: 'session_with_recent_projects',
        value: (caller) =>
          okEnvelopeSql(
            sql<string>`(${recentProjectsJson(caller.organizationId, RECENT_PROJECTS_LIMIT)})::text`,
          ),
        inputs: {},
        params: () => ({}),
      }),
    },
    async (request) => rawEnvelope<Project[]>(sessionValueOf<string>(request)),
  );
};
