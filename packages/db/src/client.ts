import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { lockDatabaseFolder, type FolderLock } from './folder-lock';
import { PgliteThread } from './pglite-thread/client';

export type Schema = typeof schema;
/** The one database type the app codes against: PGlite and PostgreSQL give the same API. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export const DEFAULT_PGLITE_DIR = './data/sealplan';
/**
 * The committed migrations (packages/db/drizzle), found through the package's own entry so that code bundled
 * elsewhere (the built server, ADR 019) finds them as the TypeScript source does.
 */
export const MIGRATIONS_FOLDER = join(
  dirname(createRequire(import.meta.url).resolve('@sealplan/db')),
  '../drizzle',
);
/** Advisory lock id so that several app servers starting together migrate one at a time. */
const MIGRATION_LOCK_ID = 7_391_001;

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export interface CreateDbOptions {
  /** An open PGlite instance to use on this thread (tests clone a template). */
  pglite?: PGlite;
  poolSize?: number;
  /**
   * PGlite in a worker thread of its own (ADR 021): what the server and its commands use, so a long statement
   * never blocks the event loop. Off: PGlite on the calling thread (tests, scripts).
   */
  thread?: boolean;
}

/**
 * Opens PostgreSQL when `url` is a postgres:// URL, else PGlite on a folder (default ./data/sealplan),
 * or in memory for `memory://`. A PGlite instance may be passed in directly (tests clone a template).
 */
export async function createDb(url?: string, options: CreateDbOptions = {}): Promise<DbHandle> {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // An idle client cut off by the server (restart, failover, a dropped test database) must not crash the
    // process; the pool replaces it on the next query.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
          client.release();
        }
      },
      // Health's `select 1` is prepared once per connection and sent without drizzle's query building (ADR 019).
      ping: () => ping(() => pool.query(PING_QUERY)),
      close: () => pool.end(),
    };
  }
  if (options.pglite) return pgliteHandle(options.pglite, null);
  const dir: string = url && url !== '' ? url : DEFAULT_PGLITE_DIR;
  let lock: FolderLock | null = null;
  if (dir !== 'memory://') {
    mkdirSync(dir, { recursive: true });
    // One process per folder: a second one gets DatabaseFolderLockedError with a message for people.
    lock = lockDatabaseFolder(dir);
  }
  try {
    if (options.thread) return pgliteHandle(await PgliteThread.start(dir), lock);
    return pgliteHandle(dir === 'memory://' ? await PGlite.create() : await PGlite.create(dir), lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** A handle on PGlite, on this thread or in its own (the thread's client has the same API for drizzle). */
function pgliteHandle(client: PGlite | PgliteThread, lock: FolderLock | null): DbHandle {
  // The thread's client implements what drizzle calls on PGlite: query, exec and transaction.
  const pglite = client as PGlite;
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    ping:
      client instanceof PgliteThread ? () => client.ping() : () => ping(() => client.query(PING_QUERY.text)),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

const PING_QUERY = { name: 'health_ping', text: 'select 1' } as const;

async function ping(query: () => Promise<unknown>): Promise<boolean> {
  try {
    await query();
    return true;
  } catch {
    return false;
  }
}
