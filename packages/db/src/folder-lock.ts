import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * An embedded database folder belongs to one process at a time: PGlite keeps its data in memory and writes the
 * folder back, so a second writer (the CLI or the seed while the server runs) would lose its writes or the
 * server's. The lock is a file beside the folder holding the owner's process id; a lock left by a process that
 * no longer exists (kill -9) is taken over.
 */
export class DatabaseFolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly ownerPid: number,
  ) {
    super(
      `The database folder ${folder} is in use by process ${ownerPid}: the server is running: stop it, or use the admin screen.`,
    );
    this.name = 'DatabaseFolderLockedError';
  }
}

export interface FolderLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockFileOf(folder: string): string {
  return `${resolve(folder)}.lock`;
}

/** Takes the folder's lock or throws DatabaseFolderLockedError naming the process that holds it. */
export function lockDatabaseFolder(folder: string): FolderLock {
  const file = lockFileOf(folder);
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(ownerPid) && ownerPid > 0 && isAlive(ownerPid)) {
        throw new DatabaseFolderLockedError(resolve(folder), ownerPid);
      }
      // Left behind by a process that died without closing: take it over.
      unlinkSync(file);
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    const releaseOnExit = () => release();
    const release = () => {
      process.off('exit', releaseOnExit);
      try {
        if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
      } catch {
        /* already gone */
      }
    };
    process.on('exit', releaseOnExit);
    return { release };
  }
  throw new Error(`Could not lock the database folder ${resolve(folder)}.`);
}
