import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createDb, type DbHandle } from '@sealplan/db';
import {
  CLIENT_HEADER,
  type Customer,
  type Project,
  type TransitData,
  type TransitWithItems,
} from '@sealplan/contracts';
import { createUserWithToken, type TestUser } from '../testing/factories';
import { seedReferenceData, validCustomer } from '../modules/projects/testing/project-fixtures';

/**
 * Kill -9 during saves (ADR 015, ADR 021) on PostgreSQL. A real server process takes a stream of saves (a transit with its
 * items, one transaction each), is killed mid-stream with SIGKILL and restarted, three times. Every save it
 * acknowledged must be there, whole: the transit with all its items and its stored sizing. Skipped without
 * DATABASE_URL (PGlite is one process; its folder lock is tested in packages/db).
 */
const DATABASE_URL = process.env.DATABASE_URL;
const CYCLES = 3;
const PARALLEL_SAVERS = 4;
const ITEMS_PER_TRANSIT = 3;
/** How long a cycle waits for its first acknowledged save before it kills the server anyway. */
const FIRST_SAVE_WAIT_MS = 120_000;
const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));

describe.skipIf(!DATABASE_URL)('kill -9 during saves (PostgreSQL)', () => {
  const name = `sealplan_k9_${randomUUID().slice(0, 8)}`;
  let url: string;
  let handle: DbHandle;
  let user: TestUser;
  let project: Project;
  let child: ChildProcess | null = null;
  const port = 41_000 + Math.floor(Math.random() * 2000);
  const base = `http://127.0.0.1:${port}`;

  async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  async function startServer() {
    child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        WEB_DIST: '/nonexistent',
      },
      stdio: 'ignore',
    });
    for (let i = 0; i < 600; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the server did not start');
  }

  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...user.headers, [CLIENT_HEADER]: 'kill-test', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    url = (() => {
      const u = new URL(DATABASE_URL!);
      u.pathname = `/${name}`;
      return u.toString();
    })();
    const template = process.env.SEALPLAN_TEST_PG_TEMPLATE;
    await admin((c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
    handle = await createDb(url, { poolSize: 2 });
    await handle.migrate();
    await seedReferenceData(handle.db);
    user = await createUserWithToken(handle.db, { ttlMs: 3_600_000 });
    await startServer();
    const customer = (await (await post('/api/customer/saveOne', { customer: validCustomer() })).json()) as {
      data: Customer;
    };
    project = (
      (await (
        await post('/api/project/saveOne', {
          project: { name: 'Kill -9', customerId: customer.data.id, industryId: 'OFF_SHORE' },
        })
      ).json()) as { data: Project }
    ).data;
  }, 300_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await handle?.close();
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  });

  it('every acknowledged save is present and whole after each kill -9', async () => {
    const acknowledged = new Map<string, string>();
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      let stop = false;
      // The first save after a (re)start can take seconds on a busy machine (modules loaded on first use, the CPU
      // pool's first sizing): the kill waits for this cycle's first acknowledgement, so it always lands mid-stream.
      let firstAcknowledged!: () => void;
      const acknowledgedInCycle = new Promise<void>((r) => (firstAcknowledged = r));
      const saver = async (lane: number) => {
        for (let i = 0; !stop; i++) {
          const transitName = `k9-${cycle}-${lane}-${i}`;
          try {
            const res = await post('/api/project/savePenetratingItemsAndTransit', {
              transit: {
                projectId: project.id,
                name: transitName,
                shape: 'ROUND',
                diameterMm: 250,
                penetratingItemTypeId: 'CABLE',
                transitTypeId: 'NOFIRNO',
                classId: 'A_60_CLASS',
                sealantType: 'NOFIRNO_SEALANT',
                sealantDepth: 'DOUBLE',
                depthMm: 150,
              },
              penetratingItems: Array.from({ length: ITEMS_PER_TRANSIT }, (_, k) => ({
                itemTypeId: 'CABLE',
                quantity: 1 + k,
                outerDiameterMm: 10 + k,
              })),
            });
            if (res.status === 200) {
              const data = ((await res.json()) as { data: TransitData }).data;
              acknowledged.set(data.transit.id, transitName);
              firstAcknowledged();
            }
          } catch {
            return; // the server died under this request: not acknowledged
          }
        }
      };
      const savers = Array.from({ length: PARALLEL_SAVERS }, (_, lane) => saver(lane));
      // Let saves run a moment, then kill the server without warning.
      await Promise.race([acknowledgedInCycle, new Promise((r) => setTimeout(r, FIRST_SAVE_WAIT_MS))]);
      await new Promise((r) => setTimeout(r, 500 + Math.random() * 1500));
      child!.kill('SIGKILL');
      stop = true;
      await Promise.all(savers);
      await new Promise<void>((r) =>
        child!.exitCode !== null || child!.signalCode ? r() : child!.once('exit', () => r()),
      );
      await startServer();
    }
    expect(acknowledged.size).toBeGreaterThan(0);

    const stored = (
      (await (await post('/api/project/getProjectAndTransits', { projectId: project.id })).json()) as {
        data: { transits: TransitWithItems[] };
      }
    ).data.transits;
    const byId = new Map(stored.map((tr) => [tr.id, tr]));
    for (const [id, transitName] of acknowledged) {
      const transit = byId.get(id);
      expect(transit?.name, `acknowledged save ${transitName}`).toBe(transitName);
    }
    // No half-written transit: every one stored (acknowledged or not) has all its items and its sizing.
    for (const transit of stored) {
      expect(transit.penetratingItems.length, transit.name).toBe(ITEMS_PER_TRANSIT);
      expect(transit.results, transit.name).not.toBeNull();
    }
  }, 600_000);
});
