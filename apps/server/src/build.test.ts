import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * ADR 019: production runs the server built once (apps/server/build.mjs), not TypeScript through a loader. Builds
 * it, seeds and starts it as `npm start` does, and saves a sized transit: the sizing runs in the worker pool, so
 * this proves the bundle, its migrations and its worker thread entry all work in the built form.
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const ADMIN = { email: 'build-admin@example.com', password: 'build-admin-password' };

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

describe('the built server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sealplan-built-'));
  let server: ChildProcess | undefined;
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const ended = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await ended;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('builds, seeds, serves and sizes a transit in its worker thread', async () => {
    const built = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    for (const file of ['server.mjs', 'seed.mjs', 'cpu-worker.mjs'])
      expect(existsSync(join(serverDir, 'dist', file)), file).toBe(true);

    const port = String(await freePort());
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: port,
      DATABASE_URL: '',
      PGLITE_DIR: join(dir, 'db'),
      OUTBOX_DIR: join(dir, 'outbox'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
    };
    const seeded = spawnSync(process.execPath, ['dist/seed.mjs'], { cwd: serverDir, env, encoding: 'utf8' });
    expect(seeded.status, seeded.stderr).toBe(0);

    server = spawn(process.execPath, ['--enable-source-maps', 'dist/server.mjs'], {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    server.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      expect(server.exitCode, stderr).toBeNull();
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      expect(Date.now() < deadline, 'the built server did not answer in 60 s').toBe(true);
      await new Promise((r) => setTimeout(r, 200));
    }

    const token = await fetch(`${base}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: ADMIN.email, password: ADMIN.password }),
    }).then((r) => r.json() as Promise<{ data: { access_token: string } }>);
    const post = async <T>(path: string, body: unknown): Promise<T> => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token.data.access_token}` },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as { success: boolean; data: T };
      expect(answer.success, JSON.stringify(answer)).toBe(true);
      return answer.data;
    };
    const customer = await post<{ id: string }>('/api/customer/saveOne', {
      customer: {
        name: 'Built Yards',
        industryId: 'OFF_SHORE',
        contactFirstName: 'Ingrid',
        contactLastName: 'Hansen',
        contactPhone: '+47 55 123 456',
        contactEmail: 'ingrid@example.com',
      },
    });
    const project = await post<{ id: string }>('/api/project/saveOne', {
      project: { name: 'Built', customerId: customer.id, industryId: 'OFF_SHORE' },
    });
    const saved = await post<{ transit: { results: { itemCount: number } | null } }>(
      '/api/project/savePenetratingItemsAndTransit',
      {
        transit: {
          projectId: project.id,
          name: 'Bulkhead',
          shape: 'ROUND',
          diameterMm: 250,
          penetratingItemTypeId: 'CABLE',
          transitTypeId: 'NOFIRNO',
          classId: 'A_60_CLASS',
          sealantType: 'NOFIRNO_SEALANT',
          sealantDepth: 'DOUBLE',
          depthMm: 150,
        },
        penetratingItems: [{ quantity: 4, outerDiameterMm: 20, sort: 0 }],
      },
    );
    expect(saved.transit.results?.itemCount).toBe(4);
    const read = await post<{ transits: unknown[] }>('/api/project/getProjectAndTransits', {
      projectId: project.id,
    });
    expect(read.transits).toHaveLength(1);
  }, 180_000);
});
