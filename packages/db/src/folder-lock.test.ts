import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './client';
import { DatabaseFolderLockedError, lockDatabaseFolder, lockFileOf } from './folder-lock';

describe('embedded database folder lock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sealplan-lock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a second opener is refused with a message naming the holder; closing lets it in', async () => {
    const folder = join(dir, 'db');
    const first = await createDb(folder);
    await expect(createDb(folder)).rejects.toThrow(DatabaseFolderLockedError);
    await expect(createDb(folder)).rejects.toThrow(
      `is in use by process ${process.pid}: the server is running: stop it, or use the admin screen.`,
    );
    await first.close();
    expect(existsSync(lockFileOf(folder))).toBe(false);
    const second = await createDb(folder);
    expect(await second.ping()).toBe(true);
    await second.close();
  }, 180_000); // a new PGlite folder runs initdb, slow on a busy machine

  it('takes over a lock left by a process that no longer runs (kill -9)', () => {
    const folder = join(dir, 'stale');
    // A process that has exited: its pid is free.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(lockFileOf(folder), gone.stdout);
    const lock = lockDatabaseFolder(folder);
    expect(readFileSync(lockFileOf(folder), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockFileOf(folder))).toBe(false);
  });
});
