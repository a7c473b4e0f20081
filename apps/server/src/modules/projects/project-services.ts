import type { Database } from '@sealplan/db';
import type { CpuPool } from '../../workers/cpu-pool';
import { createCatalogueRepository } from '../catalogue';
import { createCatalogueService } from '../catalogue';
import { createCustomersRepository } from '../customers';
import { createCustomersService } from '../customers';
import { createChangeRecorder, createHistoryRepository } from '../history';
import { createTransitsRepository } from '../transits';
import { createTransitsService } from '../transits';
import { createProjectsRepository } from './projects.repository';
import { createProjectsService } from './projects.service';

/**
 * Wires the services of customers, projects, transits and the catalogue (routes, generic records and seeds), and
 * the history the project and transit saves record (ADR 032).
 */
export function createProjectServices(db: Database, now: () => Date, cpu: Pick<CpuPool, 'sizeTransit'>) {
  const catalogueRepository = createCatalogueRepository(db);
  const catalogue = createCatalogueService({ repo: catalogueRepository, now });
  const customers = createCustomersService({ repo: createCustomersRepository(db) });
  // Every transit save writes its history in its own transaction (ADR 032), whoever builds the services.
  const historyRepository = createHistoryRepository(db);
  const changeRecorder = createChangeRecorder({ repo: historyRepository, now });
  const transits = createTransitsService({
    repo: createTransitsRepository(db),
    loadCatalogue: () => catalogue.getCatalogue(),
    cpu,
    history: changeRecorder,
  });
  const projects = createProjectsService({ repo: createProjectsRepository(db), history: changeRecorder });
  return { catalogueRepository, catalogue, customers, transits, projects, historyRepository, changeRecorder };
}

export type ProjectServices = ReturnType<typeof createProjectServices>;
