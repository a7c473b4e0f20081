import { writeFileSync } from 'node:fs';
import { createDb } from '@sealplan/db';
import { createCatalogueRepository, loadCatalogue } from '../../apps/server/src/modules/catalogue/catalogue.repository';
import { createUserWithToken } from '../../apps/server/src/testing/factories';
import { createExportProject } from '../../apps/server/src/modules/export/testing/export-factories';
import { createExportRepository } from '../../apps/server/src/modules/export/export.repository';
import { buildExportDocument } from '../../apps/server/src/modules/export/export-document.builder';
import { transitSpecs } from './zz-specs.tmp';

const handle = await createDb('memory://');
await handle.migrate();
const cr = createCatalogueRepository(handle.db);
await cr.seedIndustries();
await cr.seed();
const catalogue = await loadCatalogue(handle.db);
const user = await createUserWithToken(handle.db, { ttlMs: 3_600_000 });
const project = await createExportProject(handle.db, user.organizationId!, catalogue, { name: 'Benchmark project', transits: transitSpecs(catalogue) });
const repo = createExportRepository(handle.db);
const p = (await repo.findProject(user.organizationId!, project.projectId))!;
const transits = await repo.listTransits(user.organizationId!, p.id);
const items = await repo.listItems(user.organizationId!, transits.map((t) => t.id));
const t0 = performance.now();
const doc = buildExportDocument({ project: p, transits, items, catalogue, unitSystem: 'METRIC', paperSize: 'A4', materialsOnly: false,
  preparedBy: { name: 'Bench User', email: 'b@example.com', organization: 'Org' }, generatedOn: new Date('2025-03-04T05:06:07Z') });
console.log('doc build ms', performance.now() - t0);
writeFileSync('/tmp/exp/doc.json', JSON.stringify(doc));
await handle.close();
