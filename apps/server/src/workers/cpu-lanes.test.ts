import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { TransitSizing } from '@sealplan/engine';
import { AppError } from '../errors';
import {
  createCpuPool,
  SCHEDULE_MEMORY_MESSAGE,
  SIZING_MEMORY_MESSAGE,
  type CpuPool,
  type CpuPoolOptions,
} from './cpu-pool';
import type { SizeTransitTask } from './cpu-tasks';

/**
 * The pool's lanes and limits (ADR 022) with a stand-in worker that allocates, waits or keeps busy on command, so
 * the tests take seconds and megabytes, not the gigabytes of a real runaway task.
 */
const STAND_IN = new URL('./testing/stand-in-worker.mjs', import.meta.url);
/** Small enough that the stand-in reaches it in a moment; a worker itself needs a few megabytes. */
const TEST_HEAP_MB = 32;
const TEST_TIMEOUT_MS = 60_000;

function standInPool(options: CpuPoolOptions = {}): CpuPool {
  return createCpuPool({
    workerUrl: STAND_IN,
    threads: 1,
    minThreads: 0,
    interactiveHeapMb: TEST_HEAP_MB,
    bulkHeapMb: TEST_HEAP_MB,
    // As createTestCpuPool: normal priority on a machine the tests share.
    bulkNice: 0,
    ...options,
  });
}

const order = (o: Record<string, unknown>) => new TextEncoder().encode(JSON.stringify(o));
/** A sizing task carrying an order; `circles` decides its lane like a real transit's items. */
const sizing = (o: Record<string, unknown>, circles = 10) =>
  [o, [{ quantity: circles, isRemoved: false }], {}, null] as unknown as SizeTransitTask['args'];
const labelOf = (sized: TransitSizing) => (sized as unknown as { label: string }).label;

describe('lane priority (ADR 022)', () => {
  it("runs the bulk lane at its nice increment and the interactive lane at the server's own priority", async () => {
    const own = getPriority();
    const pool = standInPool({ bulkNice: 7 });
    try {
      const bulk = await pool.readSchedule(order({ reportNice: true }), { organizationId: 'org-a' });
      expect(bulk).toMatchObject({ table: { sheets: [{ rows: [[String(Math.min(19, own + 7))]] }] } });
      const interactive = await pool.sizeTransit(sizing({ reportNice: true }), { organizationId: 'org-a' });
      expect(labelOf(interactive)).toBe(String(own));
    } finally {
      await pool.close();
    }
  });
});

describe('worker memory limits (ADR 022)', () => {
  it(
    'refuses the task that passes the limit with its own code, leaves the other tasks alone and takes the next',
    async () => {
      const pool = standInPool({ threads: 2 });
      try {
        // In flight on the other bulk thread and on the interactive one while the runaway task dies.
        const bulkNeighbour = pool.readSchedule(order({ waitMs: 1500, label: 'neighbour' }), {
          organizationId: 'org-b',
        });
        const saving = pool.sizeTransit(sizing({ waitMs: 1500, label: 'save' }), { organizationId: 'org-c' });
        const runaway = await pool
          .readSchedule(order({ allocate: 1 }), { organizationId: 'org-a' })
          .catch((error: unknown) => error);
        expect(runaway).toBeInstanceOf(AppError);
        expect(runaway).toMatchObject({ code: 'MEMORY_BUDGET_EXCEEDED', message: SCHEDULE_MEMORY_MESSAGE });
        const next = await pool.readSchedule(order({ label: 'after' }), { organizationId: 'org-a' });
        expect(next).toEqual({
          ok: true,
          table: {
            sheets: [{ name: 'Sheet1', rows: [['after']], rowNumbers: [1], headingRow: 0 }],
            sheet: 0,
          },
        });
        expect(await bulkNeighbour).toMatchObject({
          ok: true,
          table: { sheets: [{ rows: [['neighbour']] }] },
        });
        expect(labelOf(await saving)).toBe('save');
        // The interactive lane has its own limit and message.
        await expect(
          pool.sizeTransit(sizing({ allocate: 1 }), { organizationId: 'org-c' }),
        ).rejects.toMatchObject({ code: 'MEMORY_BUDGET_EXCEEDED', message: SIZING_MEMORY_MESSAGE });
        expect(labelOf(await pool.sizeTransit(sizing({ label: 'again' }), { organizationId: 'org-c' }))).toBe(
          'again',
        );
      } finally {
        await pool.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

describe('interactive and bulk lanes (ADR 022)', () => {
  it(
    "sizes another organization's save at once while one organization's bulk work fills the bulk lane",
    async () => {
      const pool = standInPool({ threads: 1 });
      try {
        // Warm both lanes, so the figure below is the wait, not a worker's start.
        await pool.sizeTransit(sizing({}), { organizationId: 'org-b' });
        await pool.readSchedule(order({}), { organizationId: 'org-a' });
        const finished: string[] = [];
        const bulk = [1, 2, 3].map((n) =>
          pool
            .buildDocument({ busyMs: 1500, label: `a${n}` } as never, 'PDF', { organizationId: 'org-a' })
            .then((built) => finished.push(Buffer.from(built.file.body).toString())),
        );
        // A large sizing is bulk work too: it waits its turn with the documents.
        const largeSizing = pool
          .sizeTransit(sizing({ label: 'large' }, 5000), { organizationId: 'org-a' })
          .then((sized) => finished.push(labelOf(sized)));
        const asked = performance.now();
        const save = await pool.sizeTransit(sizing({ label: 'b-save' }), { organizationId: 'org-b' });
        const waitedMs = performance.now() - asked;
        expect(labelOf(save)).toBe('b-save');
        expect(finished).toEqual([]);
        // Behind the documents it would wait 4.5 s in one queue, and 1.5 s for the running one even with turns;
        // in its own lane it answers in milliseconds (the bound leaves room for a busy machine).
        expect(waitedMs).toBeLessThan(1000);
        await Promise.all([...bulk, largeSizing]);
        expect(finished).toEqual(['a1', 'a2', 'a3', 'large']);
      } finally {
        await pool.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
