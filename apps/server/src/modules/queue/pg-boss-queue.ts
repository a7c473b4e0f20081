import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@sealplan/db';
import {
  createQueueRunner,
  QUEUE_JOB_LOCK_MS,
  type ClaimedJob,
  type JobQueue,
  type JobStore,
  type RetryPolicy,
} from './job-queue';
import { takeWaitingQueueJobs, type QueueWriter } from './job-queue.repository';

/** The PostgreSQL schema pg-boss keeps its tables in (it creates and migrates it itself, at start). */
export const PGBOSS_SCHEMA = 'pgboss';
/** pg-boss's supervision (expiring jobs whose server died, archiving, deleting) runs this often, on one server. */
const MAINTENANCE_INTERVAL_SECONDS = 60;
/** Settled jobs stay in the job table this long, then move to the archive… */
const ARCHIVE_COMPLETED_AFTER_SECONDS = 12 * 60 * 60;
/** …failed ones longer, for support (their error is the job's output)… */
const ARCHIVE_FAILED_AFTER_SECONDS = 7 * 24 * 60 * 60;
/** …and the archive is emptied of what is older than this. */
const DELETE_ARCHIVED_AFTER_DAYS = 30;

/** What a pg-boss job of ours carries: the payload, which attempt it is and the previous attempt's error. */
interface JobData {
  payload: Record<string, unknown>;
  attempt: number;
  lastError?: string;
}

/**
 * pg-boss's `db` adapter over a Drizzle connection or an open transaction, so pg-boss uses the app's pool and can
 * write a job in the caller's transaction. Statements without values (its schema's creation, several statements
 * in one text) are sent as they are; see `withParameters` for the others.
 */
export function pgBossExecutor(db: Pick<Database, 'execute'>) {
  return {
    async executeSql(text: string, values?: unknown[]): Promise<{ rows: never[] }> {
      const query = values && values.length > 0 ? withParameters(text, values) : sql.raw(text);
      return (await db.execute(query)) as unknown as { rows: never[] };
    },
  };
}

/**
 * A pg-boss statement ($1, $2 … naming `values`) as Drizzle SQL. Drizzle numbers its parameters in the order they
 * come, so the first use of each $n becomes the next Drizzle parameter (`sql.param`: an array stays one value)
 * and a later use of the same $n names that parameter again: PostgreSQL then types it once, as pg-boss expects
 * (its insert reads one parameter as text in one place and casts it to a time in another).
 */
export function withParameters(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  const numbered = new Map<number, number>();
  let from = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const n = Number(match[1]);
    if (n < 1 || n > values.length)
      throw new Error(`pg-boss statement names $${n} of ${values.length} values`);
    chunks.push(sql.raw(text.slice(from, match.index)));
    const known = numbered.get(n);
    if (known === undefined) {
      numbered.set(n, numbered.size + 1);
      chunks.push(sql`${sql.param(values[n - 1])}`);
    } else chunks.push(sql.raw(`$${known}`));
    from = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(from)));
  return sql.join(chunks);
}

const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));

/**
 * ADR 037: the job queue on PostgreSQL, kept by pg-boss. One pg-boss queue per job kind. Each attempt's job says
 * which attempt it is; a failed attempt that is retried is replaced, in one transaction, by the next attempt's job
 * (same id) due after the kind's delay, so the kind's policy decides every delay (pg-boss's own backoff is random
 * and doubles). A job whose server died is expired by pg-boss's supervision and retried by pg-boss after the
 * delay of the attempt it was on, counting as an attempt. pg-boss reads the time from the database.
 */
export function createPgBossJobStore({
  db,
  log,
}: {
  db: Database;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}): JobStore {
  const executor = pgBossExecutor(db);
  const makeBoss = () => {
    const boss = new PgBoss({
      db: executor,
      schema: PGBOSS_SCHEMA,
      // No cron schedules: none is needed, and they would start a clock monitor and a queue of their own.
      schedule: false,
      supervise: true,
      migrate: true,
      maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
      archiveCompletedAfterSeconds: ARCHIVE_COMPLETED_AFTER_SECONDS,
      archiveFailedAfterSeconds: ARCHIVE_FAILED_AFTER_SECONDS,
      deleteAfterDays: DELETE_ARCHIVED_AFTER_DAYS,
    });
    // An 'error' event without a listener would end the process; a failed maintenance round is retried anyway.
    boss.on('error', (error) => log.error({ err: error }, 'pg-boss error'));
    return boss;
  };
  // pg-boss does not start again once stopped (its supervision stays off): each start gets a new instance. The
  // one not yet started still writes, fetches and settles jobs (that needs no start), e.g. while a server stops.
  let boss = makeBoss();
  // Set by the first start, which creates (or migrates) pg-boss's schema.
  let installed = false;
  const queues = new Set<string>();

  /**
   * pg-boss keeps each queue's jobs in a table of their own, made with the queue. Idempotent: a queue that exists
   * (made by another server) is left as it is. Made through the app's pool, outside a caller's transaction:
   * a queue made for a job that is rolled back stays, for the next one.
   */
  async function ensureQueue(kind: string) {
    if (queues.has(kind)) return;
    await boss.createQueue(kind);
    queues.add(kind);
  }

  /** The job of an attempt: if its server dies, pg-boss retries it after the delay of that attempt. */
  const jobOptions = (attempt: number, retry: RetryPolicy) => ({
    expireInSeconds: seconds(QUEUE_JOB_LOCK_MS),
    retryLimit: Math.max(0, retry.maxAttempts - attempt),
    retryDelay: seconds(retry.delayMs(attempt)),
  });

  /** Jobs a PostgreSQL database had in `queue_jobs` before its queue moved to pg-boss: moved over, once. */
  async function carryOverTableJobs(handled: ReadonlyMap<string, RetryPolicy>) {
    await db.transaction(async (tx) => {
      const rows = await takeWaitingQueueJobs(tx, new Date());
      for (const row of rows) {
        await ensureQueue(row.kind);
        const attempt = row.attempts + 1;
        const retry = handled.get(row.kind) ?? { maxAttempts: attempt, delayMs: () => 0 };
        const data: JobData = {
          payload: row.payload,
          attempt,
          ...(row.lastError ? { lastError: row.lastError } : {}),
        };
        await boss.send(row.kind, data, {
          ...jobOptions(attempt, retry),
          startAfter: row.runAfter,
          db: pgBossExecutor(tx),
        });
      }
      if (rows.length > 0) log.warn({ jobs: rows.length }, 'queue jobs moved from queue_jobs to pg-boss');
    });
  }

  return {
    async insert(kind, payload, { delayMs, retry, writer }) {
      if (!installed)
        throw new Error('The job queue has not been started: pg-boss installs its schema when it starts.');
      await ensureQueue(kind);
      const data: JobData = { payload, attempt: 1 };
      const id = await boss.send(kind, data, {
        ...jobOptions(1, retry),
        ...(delayMs > 0 ? { startAfter: delayMs / 1000 } : {}),
        ...(writer ? { db: pgBossExecutor(writer as QueueWriter) } : {}),
      });
      if (!id) throw new Error(`pg-boss did not take a job of kind '${kind}'`);
      return id;
    },

    async claimDue(handled, limit) {
      const claimed: ClaimedJob[] = [];
      for (const kind of handled) {
        if (claimed.length >= limit) break;
        const jobs = await boss.fetch<JobData>(kind, {
          batchSize: limit - claimed.length,
          includeMetadata: true,
        });
        for (const job of jobs ?? [])
          claimed.push({
            id: job.id,
            kind,
            payload: job.data.payload,
            // pg-boss counts its own retries (after a server died mid-job) on the same job.
            attempt: job.data.attempt + job.retryCount,
          });
      }
      return claimed;
    },

    async markDone(job) {
      await boss.complete(job.kind, job.id);
    },

    async markFailed(job, error, retryInMs, retry) {
      if (retryInMs === null) {
        // The job's retry limit is spent at its last attempt: pg-boss leaves it failed, the error as its output.
        await boss.fail(job.kind, job.id, { message: error });
        return;
      }
      const next = job.attempt + 1;
      const data: JobData = { payload: job.payload, attempt: next, lastError: error };
      await db.transaction(async (tx) => {
        const inTx = { db: pgBossExecutor(tx) };
        await boss.deleteJob(job.kind, job.id, inTx);
        await boss.send(job.kind, data, {
          ...jobOptions(next, retry),
          id: job.id,
          startAfter: retryInMs / 1000,
          ...inTx,
        });
      });
    },

    async pendingCount(prefix) {
      let count = 0;
      for (const queue of await boss.getQueues())
        if (queue.name.startsWith(prefix))
          count += (await boss.getQueueSize(queue.name, { before: 'completed' })) ?? 0;
      return count;
    },

    async open(handled) {
      await boss.start();
      installed = true;
      // A kind's queue is made by its first job (claiming from a queue not made yet finds nothing): a database
      // that never queues a kind never gets its table.
      await carryOverTableJobs(handled);
    },

    async close() {
      await boss.stop({ close: false, graceful: true, wait: true });
      boss = makeBoss();
    },
  };
}

/** ADR 037: the job queue on PostgreSQL (DATABASE_URL): the shared runner over pg-boss. */
export function createPgBossJobQueue(deps: {
  db: Database;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}): JobQueue {
  return createQueueRunner({ store: createPgBossJobStore(deps), log: deps.log });
}

/**
 * Creates (or migrates) pg-boss's schema in a database without starting a queue: what a test template database
 * gets, so that each database cloned from it starts with pg-boss already installed.
 */
export async function installPgBoss(db: Database): Promise<void> {
  const boss = new PgBoss({
    db: pgBossExecutor(db),
    schema: PGBOSS_SCHEMA,
    schedule: false,
    supervise: false,
  });
  await boss.start();
  await boss.stop({ close: false, graceful: false });
}
