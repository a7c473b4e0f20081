import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { createTestDb } from '@sealplan/db/testing';
import type { Database, DbHandle } from '@sealplan/db';
import { hashToken } from '../lib/tokens';
import { createUserWithToken, type TestUser } from '../testing/factories';
import { clientOf, withQueryLog } from '../testing/query-log';
import { createProjectServices } from '../modules/projects/project-services';
import { createInlineCpu } from '../workers/inline-cpu';
import { seedReferenceData, validCustomer } from '../modules/projects/testing/project-fixtures';
import { createSessionRepository } from '../modules/auth/session.repository';
import { projectReadJson } from '../modules/projects/project-read';
import { ownProfileJson } from '../modules/users/own-profile';
import { createProjectsRepository } from '../modules/projects/projects.repository';
import { createCustomersRepository } from '../modules/customers/customers.repository';
import { createCatalogueRepository } from '../modules/catalogue/catalogue.repository';

/**
 * ADR 019: the lookups every request makes, and the indexes added for tenant-scoped lookups, are served by an
 * index. Each query is captured as the repository sends it and planned with sequential scans discouraged (the test
 * tables are tiny, where a scan is cheapest): the plan must name the index.
 */
let handle: DbHandle;
let user: TestUser;
let projectId: string;
let customerId: string;
const captured: { sql: string; params: unknown[] }[] = [];
let capturing: Database;

beforeAll(async () => {
  handle = await createTestDb();
  await seedReferenceData(handle.db);
  user = await createUserWithToken(handle.db);
  const services = createProjectServices(handle.db, () => new Date(), createInlineCpu());
  customerId = (await services.customers.saveOne(user.organizationId!, validCustomer())).id;
  projectId = (
    await services.projects.saveOne(user.organizationId!, user.id, {
      name: 'Plans',
      customerId,
      industryId: 'OFF_SHORE',
    })
  ).id;
  capturing = withQueryLog(handle, (sql, params) => void captured.push({ sql, params }));
});
afterAll(async () => handle.close());

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** The plan of the one query `run` sends, as JSON text, with sequential scans discouraged on that connection. */
async function planOf(run: () => Promise<unknown>): Promise<string> {
  captured.length = 0;
  await run();
  expect(captured).toHaveLength(1);
  const { sql, params } = captured[0]!;
  const explain = async (query: Query) => {
    await query('set enable_seqscan = off');
    try {
      const { rows } = await query(`explain (format json) ${sql}`, params);
      return JSON.stringify(rows[0]);
    } finally {
      await query('reset enable_seqscan');
    }
  };
  const client = clientOf(handle);
  if (handle.kind === 'pglite') return explain((t, p) => (client as PGlite).query(t, p));
  const connection = await (client as Pool).connect();
  try {
    return await explain((t, p) => connection.query(t, p as unknown[]));
  } finally {
    connection.release();
  }
}

const usesIndex = (plan: string, index: string) => expect(plan).toContain(`"Index Name":"${index}"`);

describe('query plans (ADR 019)', () => {
  it('the session lookup of every request finds the token by its hash index', async () => {
    const plan = await planOf(() =>
      createSessionRepository(capturing).findLiveSession(hashToken(user.token), new Date()),
    );
    usesIndex(plan, 'access_tokens_token_hash_unique');
  });

  it("current-user's session with the caller's profile finds the token by its hash index", async () => {
    const read = createSessionRepository(capturing).prepareWithValue('plan_own_profile', ownProfileJson);
    const plan = await planOf(() => read(hashToken(user.token), new Date(), {}));
    usesIndex(plan, 'access_tokens_token_hash_unique');
  });

  it("the project read, in the session's statement, finds the token, the live transits and their items by their indexes", async () => {
    const read = createSessionRepository(capturing).prepareWithValue(
      'plan_project_read',
      (caller, input) => projectReadJson(caller.organizationId, input.projectId),
      { projectId: 'uuid' },
    );
    const plan = await planOf(() => read(hashToken(user.token), new Date(), { projectId }));
    usesIndex(plan, 'access_tokens_token_hash_unique');
    usesIndex(plan, 'transits_project_live_idx');
    usesIndex(plan, 'penetrating_items_transit_idx');
    usesIndex(plan, 'projects_customer_idx');
  });

  it("a customer's live project count uses projects_customer_idx", async () => {
    const plan = await planOf(() =>
      createCustomersRepository(capturing).findById(user.organizationId!, customerId),
    );
    usesIndex(plan, 'projects_customer_idx');
  });

  it('the recent projects of an organization use projects_org_recent_idx', async () => {
    const plan = await planOf(() => createProjectsRepository(capturing).recent(user.organizationId!, 5));
    usesIndex(plan, 'projects_org_recent_idx');
  });

  it('an unchanged catalogue is one lookup of its meta row by the primary key (ADR 038)', async () => {
    const repo = createCatalogueRepository(capturing);
    await repo.load();
    usesIndex(await planOf(() => repo.load()), 'catalogue_meta_pkey');
  });
});
