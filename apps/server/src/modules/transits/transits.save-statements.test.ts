import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@sealplan/db/testing';
import type { DbHandle } from '@sealplan/db';
import type { TransitData } from '@sealplan/contracts';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { withQueryLog } from '../../testing/query-log';
import { createInlineCpu } from '../../workers/inline-cpu';
import { createProjectServices, type ProjectServices } from '../projects/project-services';
import { seedReferenceData, validCustomer } from '../projects/testing/project-fixtures';
import { A60_CABLE_FIELDS } from './testing/transit-fixtures';

/**
 * ADR 025: the statements one save sends to the database, counted as the database receives them (a drizzle
 * instance that logs each statement). The figures are in the ADR; a change to the save sequence that sends more
 * shows here.
 */
let handle: DbHandle;
let user: TestUser;
let projectId: string;
let services: ProjectServices;
const sent: string[] = [];
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

beforeAll(async () => {
  handle = await createTestDb();
  await seedReferenceData(handle.db);
  user = await createUserWithToken(handle.db);
  const plain = createProjectServices(handle.db, () => new Date(), createInlineCpu());
  const customerId = (await plain.customers.saveOne(user.organizationId!, validCustomer())).id;
  projectId = (
    await plain.projects.saveOne(user.organizationId!, user.id, {
      name: 'Statements',
      customerId,
      industryId: 'OFF_SHORE',
    })
  ).id;
  services = createProjectServices(
    // Transaction control (begin, commit) is counted by node-postgres' driver and not by PGlite's: left out.
    withQueryLog(handle, (sql) => void (TRANSACTION_CONTROL.test(sql) ? null : sent.push(sql))),
    () => new Date(),
    createInlineCpu(),
  );
  // The catalogue is read once and kept: warm it so that the counts are the saves' own.
  await services.catalogue.getCatalogue();
});
afterAll(async () => handle.close());

async function statementsOf<T>(run: () => Promise<T>): Promise<{ count: number; result: T }> {
  sent.length = 0;
  const result = await run();
  return { count: sent.length, result };
}

const line = (outerDiameterMm: number) => ({ itemTypeId: 'CABLE' as const, quantity: 2, outerDiameterMm });

describe('statements per save (ADR 025)', () => {
  it('a save reads its rows once and writes them once', async () => {
    const org = user.organizationId!;
    const created = await statementsOf(() =>
      services.transits.savePenetratingItemsAndTransit(org, {
        transit: { projectId, name: 'S', copies: 1, shape: 'ROUND', diameterMm: 200, ...A60_CABLE_FIELDS },
        penetratingItems: [line(20), line(25), line(30)],
      }),
    );
    const data: TransitData = created.result;
    const updated = await statementsOf(() =>
      services.transits.saveTransit(org, {
        ...A60_CABLE_FIELDS,
        id: data.transit.id,
        projectId,
        name: 'S2',
        copies: 1,
        shape: 'ROUND',
        diameterMm: 220,
        version: data.transit.version,
      }),
    );
    const items = await statementsOf(() =>
      services.transits.savePenetratingItems(org, {
        transitVersion: updated.result.version,
        penetratingItems: [
          { ...data.penetratingItems[0]!, quantity: 3 },
          { ...line(35), transitId: data.transit.id },
        ],
      }),
    );
    // Each save reads the catalogue (the same statements before and after ADR 025): counted apart.
    const catalogue = (await statementsOf(() => services.catalogue.getCatalogue())).count;
    const own = (count: number) => count - catalogue;
    const figures = { created: own(created.count), updated: own(updated.count), items: own(items.count) };
    // Before ADR 025 (a rolled-back rehearsal of the writes, then the writes again): 20, 16 and 25; ADR 032 adds
    // one statement to each, the change's history and revision written in the save's transaction.
    expect(figures).toEqual({ created: 12, updated: 11, items: 16 });
  });
});
