import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, isPostgresUrl, type DbHandle } from '../client';
import { withDatabase } from './global-setup';
import { givePglite, takePglite } from './pglite-pool';

/**
 * A fresh, migrated database for one test file, cloned from the template the global setup built.
 * On PostgreSQL (DATABASE_URL set) a new database from the template; else an in-memory PGlite, kept between the
 * files of a worker and put back into the template's state when closed (pglite-pool.ts).
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
  const pglite = await takePglite(file);
  // The file's own view of the instance: once closed it refuses every call, like a closed PGlite, so that a
  // timer the file left running cannot reach the next file's database.
  let closed = false;
  const lease = new Proxy(pglite, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (key === 'closed') return closed || target.closed;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (closed) return Promise.reject(new Error('PGlite is closed'));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const handle = await createDb(undefined, { pglite: lease });
  return {
    ...handle,
    async close() {
      if (closed) return;
      closed = true;
      await givePglite(pglite);
    },
  };
}
