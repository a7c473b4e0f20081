import type { Catalogue } from '@sealplan/engine';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../../testing/factories';
import { createCatalogueRepository, loadCatalogue } from '../../catalogue/catalogue.repository';
import { createExportProject, type SeededProject } from './export-factories';

/** The seeded catalogue (industries, products and articles) of a test app, as the engine reads it. */
export async function seedCatalogue(app: TestApp): Promise<Catalogue> {
  const repo = createCatalogueRepository(app.deps.db.db);
  await repo.seedIndustries();
  await repo.seed();
  return loadCatalogue(app.deps.db.db);
}

export interface CatalogueTestApp {
  t: TestApp;
  user: TestUser;
  catalogue: Catalogue;
}

export interface ExportTestApp extends CatalogueTestApp {
  project: SeededProject;
}

/** A test app with the seeded catalogue and a signed-in user of an organization with no project yet. */
export async function createCatalogueTestApp(): Promise<CatalogueTestApp> {
  const t = await createTestApp();
  const catalogue = await seedCatalogue(t);
  const user = await createUserWithToken(t.deps.db.db);
  return { t, user, catalogue };
}

/** A test app with the catalogue, a signed-in user and the export project of `createExportProject`. */
export async function createExportTestApp(): Promise<ExportTestApp> {
  const app = await createCatalogueTestApp();
  const project = await createExportProject(app.t.deps.db.db, app.user.organizationId!, app.catalogue);
  return { ...app, project };
}
