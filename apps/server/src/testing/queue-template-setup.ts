import { createDb, isPostgresUrl } from '@sealplan/db';
import { installPgBoss } from '../modules/queue/pg-boss-queue';

/**
 * Vitest global setup of the server's tests, after the database package's (which builds the migrated template):
 * on PostgreSQL, pg-boss's schema is created in the template too (ADR 037), so that each test database cloned
 * from it starts its queue without creating the schema again.
 */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  const template = process.env.SEALPLAN_TEST_PG_TEMPLATE;
  if (!isPostgresUrl(url) || !template) return;
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const handle = await createDb(templateUrl.toString(), { poolSize: 1 });
  try {
    await installPgBoss(handle.db);
  } finally {
    await handle.close();
  }
}
