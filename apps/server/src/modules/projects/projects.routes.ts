import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptyRequestSchema,
  projectIdRequestSchema,
  saveProjectRequestSchema,
  envelope,
  projectSchema,
  formDataSchema,
  penetratingItemTypesSchema,
  projectAndTransitsSchema,
  dashboardDataSchema,
  recentProjectsSchema,
  PROJECT_MESSAGES,
  type ProjectAndTransits,
} from '@sealplan/contracts';
import { ok } from '../../lib/reply';
import { okEnvelopeSql, rawEnvelope } from '../../lib/raw-json';
import { orgIdOf, requireOrgUser, sessionValueOf, withSessionValue } from '../../plugins/auth';
import { AppError } from '../../errors';
import { projectReadJson } from './project-read';
import { createProjectServices } from './project-services';

/** Spec §7 product functions of projects (POST /api/project/{name}). */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { projects, catalogue } = createProjectServices(app.deps.db.db, app.deps.now, app.deps.cpu);
  const tags = ['projects'];
  const guarded = { preHandler: requireOrgUser };

  app.post(
    '/api/project/saveOne',
    {
      ...guarded,
      schema: { tags, body: saveProjectRequestSchema, response: { 200: envelope(projectSchema) } },
    },
    async (request) => {
      const project = await projects.saveOne(orgIdOf(request), request.user!.id, request.body.project);
      request.log.info({ projectId: project.id, removed: project.isRemoved }, 'project saved');
      return ok(project);
    },
  );

  app.post(
    '/api/project/getFormData',
    { ...guarded, schema: { tags, body: emptyRequestSchema, response: { 200: envelope(formDataSchema) } } },
    async () => ok(await catalogue.getFormData()),
  );

  app.post(
    '/api/project/getPenetratingItemTypes',
    {
      ...guarded,
      schema: { tags, body: emptyRequestSchema, response: { 200: envelope(penetratingItemTypesSchema) } },
    },
    async () => ok(await catalogue.getPenetratingItemTypes()),
  );

  // The project is read in the session's own statement, for the caller's organization: one round trip (ADR 019).
  const projectRead = withSessionValue({
    name: 'session_with_project_read',
    value: (caller, input) => okEnvelopeSql(projectReadJson(caller.organizationId, input.projectId)),
    inputs: { projectId: 'uuid' },
    params: (request) => {
      const body = projectIdRequestSchema.safeParse(request.body);
      return body.success ? { projectId: body.data.projectId } : null;
    },
  });
  app.post(
    '/api/project/getProjectAndTransits',
    {
      ...guarded,
      ...projectRead,
      schema: { tags, body: projectIdRequestSchema, response: { 200: envelope(projectAndTransitsSchema) } },
    },
    async (request) => {
      const json = sessionValueOf<string | null>(request);
      if (json === null) throw new AppError('NOT_FOUND', PROJECT_MESSAGES.notFound);
      return rawEnvelope<ProjectAndTransits>(json);
    },
  );

  app.post(
    '/api/project/getDashboardData',
    {
      ...guarded,
      schema: { tags, body: emptyRequestSchema, response: { 200: envelope(dashboardDataSchema) } },
    },
    async (request) => ok(await projects.getDashboardData(orgIdOf(request))),
  );

  app.post(
    '/api/project/getRecentProjects',
    {
      ...guarded,
      schema: { tags, body: emptyRequestSchema, response: { 200: envelope(recentProjectsSchema) } },
    },
    async (request) => ok(await projects.getRecentProjects(orgIdOf(request))),
  );
};
