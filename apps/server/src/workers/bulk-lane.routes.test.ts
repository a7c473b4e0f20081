import { describe, expect, it } from 'vitest';
import { createTestApp, createTestCpuPool, type TestApp } from '../testing/test-app';
import { createUserWithToken, type TestUser } from '../testing/factories';
import { BULK_BUSY_MESSAGE } from './bulk-gate';
import { BULK_RETRY_AFTER_SECONDS, SCHEDULE_MEMORY_MESSAGE, type CpuPoolOptions } from './cpu-pool';

/**
 * Bulk work through the HTTP routes (ADR 022): an organization past its cap is answered 429 with a Retry-After,
 * a task past the memory limit 413, and the server goes on answering. The stand-in worker waits or allocates on
 * command (the schedule file's bytes are its order), so the tests take seconds and megabytes.
 */
const STAND_IN = new URL('./testing/stand-in-worker.mjs', import.meta.url);
const TEST_TIMEOUT_MS = 120_000;

async function appWith(options: CpuPoolOptions): Promise<{ t: TestApp; a: TestUser; b: TestUser }> {
  const t = await createTestApp({ cpu: createTestCpuPool(options) });
  const a = await createUserWithToken(t.deps.db.db);
  const b = await createUserWithToken(t.deps.db.db);
  return { t, a, b };
}

function readFile(t: TestApp, user: TestUser, content: Uint8Array, fileName = 'schedule.xlsx') {
  return t.app.inject({
    method: 'POST',
    url: '/api/schedules/readScheduleFile',
    headers: user.headers,
    payload: { fileName, contentBase64: Buffer.from(content).toString('base64') },
  });
}
const order = (o: Record<string, unknown>) => new TextEncoder().encode(JSON.stringify(o));

describe('bulk lane through the routes (ADR 022)', () => {
  it(
    "answers 429 with Retry-After past an organization's cap; other organizations and queued reads complete",
    async () => {
      const { t, a, b } = await appWith({ workerUrl: STAND_IN, bulkJobsPerOrg: 2 });
      try {
        // Three at once: two are admitted (one runs, one waits its turn), the third is refused at once.
        const reads = [1, 2, 3].map((n) => readFile(t, a, order({ waitMs: 800, label: `a${n}` })));
        const other = await readFile(t, b, order({ label: 'b1' }));
        expect(other.statusCode).toBe(200);
        expect(other.json().data.sheets[0].rows).toEqual([['b1']]);
        const answers = await Promise.all(reads);
        const refused = answers.filter((r) => r.statusCode === 429);
        expect(refused).toHaveLength(1);
        expect(refused[0]!.headers['retry-after']).toBe(String(BULK_RETRY_AFTER_SECONDS));
        expect(refused[0]!.json().error).toEqual({ code: 'BULK_WORK_BUSY', message: BULK_BUSY_MESSAGE });
        const read = answers
          .filter((r) => r.statusCode === 200)
          .map((r) => r.json().data.sheets[0].rows[0][0]);
        expect(read).toHaveLength(2);
        expect(read.every((label: string) => ['a1', 'a2', 'a3'].includes(label))).toBe(true);
        expect((await readFile(t, a, order({ label: 'a4' }))).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'answers 413 for a read past the memory limit, and the next read succeeds',
    async () => {
      const { t, a } = await appWith({ workerUrl: STAND_IN, bulkHeapMb: 32 });
      try {
        const res = await readFile(t, a, order({ allocate: 1 }));
        expect(res.statusCode).toBe(413);
        expect(res.json().error).toEqual({
          code: 'MEMORY_BUDGET_EXCEEDED',
          message: SCHEDULE_MEMORY_MESSAGE,
        });
        const next = await readFile(t, a, order({ label: 'after' }));
        expect(next.statusCode).toBe(200);
      } finally {
        await t.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
