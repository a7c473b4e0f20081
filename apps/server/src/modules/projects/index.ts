/** The projects module's public face (ADR 025): other modules and the composition root import only this file. */
export { projectsRoutes } from './projects.routes';
export { createProjectServices, type ProjectServices } from './project-services';
export { createProjectsService, presentProject } from './projects.service';
export { createProjectsRepository, PROJECT_FIELDS, PROJECT_SEARCH_FIELDS } from './projects.repository';
export { seedDemo } from './demo.seed';
