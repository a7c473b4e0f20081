import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import * as dbModule from '@sealplan/db';
import type { Database, DbHandle } from '@sealplan/db';

/** The test database's client. */
export function clientOf(handle: DbHandle): PGlite | Pool {
  return (handle.db as unknown as { $client: PGlite | Pool }).$client;
}

/** The same database through a drizzle instance that tells `logQuery` each statement it sends, as it sends it. */
export function withQueryLog(handle: DbHandle, logQuery: Logger['logQuery']): Database {
  const logger: Logger = { logQuery };
  const client = clientOf(handle);
  return (handle.kind === 'pglite'
    ? drizzlePglite(client as PGlite, { schema: dbModule, logger })
    : drizzlePg(client as Pool, { schema: dbModule, logger })) as unknown as Database;
}
