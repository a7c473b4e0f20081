import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queueJobs, type DbHandle } from '@sealplan/db';
import { createTestDb } from '@sealplan/db/testing';
import { createPgBossJobQueue, PGBOSS_SCHEMA, withParameters } from './pg-boss-queue';
import type { JobAttempt, JobQueue, RetryPolicy } from './job-queue';

const quiet = { info() {}, warn() {}, error() {} };

describe('pg-boss statements through Drizzle', () => {
  it('keeps one parameter for every use of the same $n, in the order of first use', () => {
    const query = new PgDialect().sqlToQuery(
      withParameters('select $2::int, right($1, 1), cast($1 as text), $3::uuid[]', ['30', 7, ['a', 'b']]),
    );
    expect(query.sql).toBe('select $1::int, right($2, 1), cast($2 as text), $3::uuid[]');
    expect(query.params).toEqual([7, '30', ['a', 'b']]);
  });

  it('refuses a statement that names a value it was not given', () => {
    expect(() => withParameters('select $1, $3', [1, 2])).toThrow('names $3 of 2 values');
  });
});

/** PostgreSQL's queue is pg-boss (ADR 037); PGlite's runner is tested through the mail and webhook tests. */
describe.skipIf(!process.env.DATABASE_URL)('job queue on pg-boss (PostgreSQL)', () => {
  let handle: DbHandle;
  let queue: JobQueue;
  const runs: { kind: string; payload: Record<string, unknown>; attempt: JobAttempt }[] = [];
  let failuresLeft = 0;
  const policy: RetryPolicy = { maxAttempts: 3, delayMs: (attempt) => 10_000 * 4 ** (attempt - 1) };

  const rows = async (query: ReturnType<typeof sql>) =>
    (await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const jobsOf = async (kind: string) =>
    (
      await rows(
        sql`select id, state, data, output, extract(epoch from start_after - now())::int as due_in
          from ${sql.identifier(PGBOSS_SCHEMA)}.job where name = ${kind} order by created_on`,
      )
    ).rows;
  /** Time passes for pg-boss, which reads the database's clock: waiting jobs become due earlier. */
  const pass = (ms: number) =>
    rows(
      sql`update ${sql.identifier(PGBOSS_SCHEMA)}.job
        set start_after = start_after - ${ms} * interval '1 millisecond' where state < 'active'`,
    );

  beforeAll(async () => {
    handle = await createTestDb();
    queue = createPgBossJobQueue({ db: handle.db, log: quiet });
    queue.handle('test.ok', async (payload, attempt) => {
      runs.push({ kind: 'test.ok', payload, attempt });
    });
    queue.handle(
      'test.flaky',
      async (payload, attempt) => {
        runs.push({ kind: 'test.flaky', payload, attempt });
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error(`refused (attempt ${attempt.attempt})`);
        }
      },
      policy,
    );
  });
  afterAll(async () => {
    await queue.stop();
    await handle.close();
  });

  it('finds pg-boss installed in the cloned test database before any queue has started', async () => {
    const { rows: found } = await rows(sql`select to_regclass(${`${PGBOSS_SCHEMA}.version`}) as name`);
    expect(found[0]!.name).not.toBeNull();
  });

  it('moves the jobs that `queue_jobs` still held into pg-boss when it starts', async () => {
    await handle.db.insert(queueJobs).values([
      { kind: 'test.ok', payload: { n: 'waiting' } },
      { kind: 'test.ok', payload: { n: 'done' }, doneAt: new Date() },
    ]);
    await queue.start();
    const left = await handle.db.select().from(queueJobs);
    expect(left.map((row) => row.payload)).toEqual([{ n: 'done' }]);
    await queue.drain();
    expect(runs.filter((r) => r.kind === 'test.ok').map((r) => r.payload)).toEqual([{ n: 'waiting' }]);
  });

  it('writes a job in the caller’s transaction: none when it rolls back', async () => {
    runs.length = 0;
    await handle.db
      .transaction(async (tx) => {
        await queue.enqueue('test.ok', { n: 'rolled back' }, { writer: tx });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await handle.db.transaction(async (tx) => {
      await queue.enqueue('test.ok', { n: 'committed' }, { writer: tx });
    });
    await queue.drain();
    expect(runs.map((r) => r.payload)).toEqual([{ n: 'committed' }]);
    expect(await queue.pendingCount('test.')).toBe(0);
    const states = (await jobsOf('test.ok')).map((job) => job.state);
    expect(states.every((state) => state === 'completed')).toBe(true);
  });

  it('retries by the kind’s policy (same job, its delays), then gives up with the error kept', async () => {
    runs.length = 0;
    failuresLeft = 3;
    const id = await queue.enqueue('test.flaky', { n: 1 });
    await queue.drain();
    let [job] = await jobsOf('test.flaky');
    expect(job).toMatchObject({
      id,
      state: 'created',
      data: { attempt: 2, lastError: 'refused (attempt 1)' },
    });
    expect(job!.due_in).toBeGreaterThanOrEqual(9);
    expect(job!.due_in).toBeLessThanOrEqual(10);
    // Not before its time.
    await queue.drain();
    expect(runs).toHaveLength(1);
    await pass(10_000);
    await queue.drain();
    [job] = await jobsOf('test.flaky');
    // The second delay is the policy's (×4), not pg-boss's own backoff.
    expect(job).toMatchObject({ id, state: 'created', data: { attempt: 3 } });
    expect(job!.due_in).toBeGreaterThanOrEqual(39);
    expect(job!.due_in).toBeLessThanOrEqual(40);
    expect(await queue.pendingCount('test.flaky')).toBe(1);
    await pass(40_000);
    await queue.drain();
    expect(runs.map((r) => r.attempt)).toEqual([
      { jobId: id, attempt: 1, isLast: false },
      { jobId: id, attempt: 2, isLast: false },
      { jobId: id, attempt: 3, isLast: true },
    ]);
    [job] = await jobsOf('test.flaky');
    expect(job).toMatchObject({ id, state: 'failed', output: { message: 'refused (attempt 3)' } });
    expect(await queue.pendingCount('test.flaky')).toBe(0);
  });

  it('takes no job while stopped, keeps what is enqueued meanwhile, and runs it after a start', async () => {
    runs.length = 0;
    await queue.stop();
    await queue.enqueue('test.ok', { n: 'while stopped' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toHaveLength(0);
    expect(await queue.pendingCount('test.ok')).toBe(1);
    await queue.start();
    await queue.drain();
    expect(runs.map((r) => r.payload)).toEqual([{ n: 'while stopped' }]);
  });
});
