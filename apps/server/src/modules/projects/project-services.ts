import type { Database } from '@sealplan/db';
import type { CpuPool } from '../../workers/cpu-pool';
import { createCatalogueRepository } from '../catalogue/catalogue.repository';
import { createCatalogueService } from '../catalogue/catalogue.service';
import { createCustomersRepository } from '../customers/customers.repository';
import { createCustomersService } from '../customers/customers.service';
import { createTransitsRepository } from '../transits/transits.repository';
import { createTransitsService } from '../transits/transits.service';
import { createProjectsRepository } from './projects.repository';
import { createProjectsService } from './projects.service';

/** Wires the services of customers, projects, transits and the catalogue (routes, generic records and seeds). */
export function createProjectServices(db: Database, now: () => Date, cpu: Pick<CpuPool, 'sizeTransit'>) {
  const catalogue = createCatalogueService({ repo: createCatalogueRepository(db), now });
  const customers = createCustomersService({ repo: createCustomersRepository(db) });
  const transits = createTransitsService({
    repo: createTransitsRepository(db),
    loadCatalogue: () => catalogue.getCatalogue(),
    cpu,
  });
  const projects = createProjectsService({ repo: createProjectsRepository(db) });
  return { catalogue, customers, transits, projects };
}

export type ProjectServices = ReturnType<typeof createProjectServices>;
