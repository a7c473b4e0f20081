import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

async function startServer(
  env: Record<string, string>,
  onStdout?: (text: string) => void,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, ...env, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => onStdout?.(chunk));
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

  it('without PUBLIC_URL, prints the address it listens on and e-mails links to it', async () => {
    const port = String(await freePort());
    const outbox = join(dir, 'outbox-links');
    const env = { PORT: port, HOST: '127.0.0.1', PGLITE_DIR: join(dir, 'db-links'), OUTBOX_DIR: outbox };
    const { PUBLIC_URL: _unset, ...inherited } = process.env;
    void _unset;
    let printed = '';
    const base = `http://127.0.0.1:${port}`;
    const server = await startServer({ ...(inherited as Record<string, string>), ...env }, (text) => {
      printed += text;
    });
    try {
      const email = `links-${Date.now()}@example.com`;
      const registered = await fetch(`${base}/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          FirstName: 'Ada',
          LastName: 'Links',
          Password: 'links-pass',
          Company: 'Links Ltd',
          Industry: 'ON_SHORE',
          UserName: email,
        }),
      });
      expect(registered.status).toBe(200);
      expect(printed).toContain(`is running at ${base}`);
      // The web app asks for a reset link back to itself: accepted only when PUBLIC_URL is this server.
      const reset = await fetch(`${base}/api/user/sendPasswordResetEmail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ emailAddress: email, redirectUrl: `${base}/update-password` }),
      });
      expect(reset.status).toBe(200);
      const deadline = Date.now() + 10_000;
      let mail = '';
      while (!mail && Date.now() < deadline) {
        try {
          mail = readdirSync(outbox)
            .filter((f) => f.endsWith('.eml'))
            .map((f) => readFileSync(join(outbox, f), 'utf8'))
            .join('\n');
        } catch {
          /* the outbox folder appears with the first e-mail */
        }
        if (!mail) await new Promise((r) => setTimeout(r, 200));
      }
      expect(mail.replace(/=\r?\n/g, '')).toContain(`${base}/update-password?confirmId=`);
    } finally {
      expect(await stop(server)).toBe(0);
    }
  }, 120_000);
});
