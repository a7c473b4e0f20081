import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes';
import { usersRoutes } from './users/users.routes';
import { exportRoutes } from './export/export.routes';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { customersRoutes } from './customers/customers.routes';
import { projectsRoutes } from './projects/projects.routes';
import { transitsRoutes } from './transits/transits.routes';
import { instanceRoutes } from './instance/instance.routes';
import { settingsRoutes } from './settings/settings.routes';
import { schedulesRoutes } from './schedules/schedules.routes';
import { contentRoutes } from './content/content.routes';

/**
 * Registers every feature module. Each module is a Fastify plugin in modules/<feature>/<feature>.routes.ts;
 * add it here, one line per module.
 */
export async function registerModules(app: FastifyInstance) {
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(exportRoutes);
  await app.register(catalogueRoutes);
  await app.register(customersRoutes);
  await app.register(projectsRoutes);
  await app.register(transitsRoutes);
  await app.register(instanceRoutes);
  await app.register(settingsRoutes);
  await app.register(schedulesRoutes);
  await app.register(contentRoutes);
}
