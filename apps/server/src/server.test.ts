import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, ...env, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = `http://127.0.0.1:${env.PORT}/api/health`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start in 60 s');
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('server process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sealplan-restart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stops cleanly on SIGTERM and keeps the data for the next start', async () => {
    const port = String(await freePort());
    // The embedded database unless the suite runs on PostgreSQL, where the same restart applies to its database.
    const env = {
      PORT: port,
      HOST: '127.0.0.1',
      PGLITE_DIR: join(dir, 'db'),
      OUTBOX_DIR: join(dir, 'outbox'),
    };
    const base = `http://127.0.0.1:${port}`;
    const email = `restart-${Date.now()}@example.com`;
    const register = () =>
      fetch(`${base}/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          FirstName: 'Ada',
          LastName: 'Restart',
          Password: 'restart-pass',
          Company: 'Restart Ltd',
          Industry: 'ON_SHORE',
          UserName: email,
        }),
      });

    let server = await startServer(env);
    const first = await register();
    expect(first.status).toBe(200);
    expect(await stop(server)).toBe(0);

    server = await startServer(env);
    try {
      // The account written before the stop is still there: registering the same address again is refused.
      const again = await register();
      expect(again.status).toBe(409);
      expect(((await again.json()) as { error: { code: string } }).error.code).toBe('EMAIL_TAKEN');
    } finally {
      expect(await stop(server)).toBe(0);
    }
  }, 120_000);
});
