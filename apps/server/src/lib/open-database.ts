import { createDb, DatabaseFolderLockedError, type DbHandle } from '@sealplan/db';
import type { Env } from '../config/env';

/**
 * Opens the configured database for a command (server, CLI, seed). When another process holds the embedded
 * database folder, prints why and exits instead of writing data that would be lost.
 */
export async function openDatabaseOrExit(env: Env): Promise<DbHandle> {
  try {
    // The embedded database runs in a thread of its own, so a long statement never blocks HTTP (ADR 021).
    return await createDb(env.DATABASE_URL ?? env.PGLITE_DIR, { thread: true });
  } catch (error) {
    if (!(error instanceof DatabaseFolderLockedError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
