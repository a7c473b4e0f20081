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
  type ProjectAndTransits,
} from '@sealplan/contracts';
import { ok } from '../../lib/reply';
import { okJson } from '../../lib/raw-json';
import { orgIdOf, requireOrgUser } from '../../plugins/auth';
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

  app.post(
    '/api/project/getProjectAndTransits',
    {
      ...guarded,
      schema: { tags, body: projectIdRequestSchema, response: { 200: envelope(projectAndTransitsSchema) } },
    },
    async (request) =>
      okJson<ProjectAndTransits>(
        await projects.getProjectAndTransitsJson(orgIdOf(request), request.body.projectId),
      ),
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
