import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDb, isPostgresUrl, type DbHandle } from '../client';
import { withDatabase } from './global-setup';

/**
 * A fresh, migrated database for one test file, cloned from the template the global setup built.
 * On PostgreSQL (DATABASE_URL set) a new database from the template; else an in-memory PGlite.
 */
export async function createTestDb(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (isPostgresUrl(url)) {
    const template = process.env.SEALPLAN_TEST_PG_TEMPLATE;
    if (!template)
      throw new Error('Test database template missing: run tests through Vitest (global setup).');
    const name = `sealplan_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${template}`);
    } finally {
      await admin.end();
    }
    const handle = await createDb(withDatabase(url, name), { poolSize: 4 });
    return {
      ...handle,
      async close() {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
        await cleanup.end();
      },
    };
  }
  const file = process.env.SEALPLAN_TEST_PGLITE_TEMPLATE;
  if (!file) throw new Error('Test database template missing: run tests through Vitest (global setup).');
  const pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
  return createDb(undefined, { pglite });
}
