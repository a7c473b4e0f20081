import type { FastifyBaseLogger } from 'fastify';
import type { JobQueueRepository, QueueWriter } from './job-queue.repository';

/** How often a server looks for due jobs (a new job is also picked up at once by the server that wrote it). */
export const QUEUE_POLL_MS = 2_000;
/** A claimed job is held this long; a server that dies mid-job lets it go when the time passes. */
export const QUEUE_JOB_LOCK_MS = 60_000;
/** Jobs taken per round. */
export const QUEUE_BATCH = 10;
/** Unless a kind says otherwise: attempts before a job is given up (the error stays on the row)… */
export const DEFAULT_MAX_ATTEMPTS = 5;
/** …and the first retry's delay, doubled on each further attempt. */
export const DEFAULT_RETRY_MS = 30_000;

/** How a kind's failures are retried. */
export interface RetryPolicy {
  maxAttempts: number;
  /** The delay before attempt n + 1 after attempt n failed (n from 1). */
  delayMs(attempt: number): number;
}

export const exponentialBackoff = (firstMs: number, maxAttempts: number): RetryPolicy => ({
  maxAttempts,
  delayMs: (attempt) => firstMs * 2 ** (attempt - 1),
});

const DEFAULT_RETRY = exponentialBackoff(DEFAULT_RETRY_MS, DEFAULT_MAX_ATTEMPTS);

/** What a handler learns of its job besides the payload. */
export interface JobAttempt {
  /** The job's id in its store (the same for every attempt of the job). */
  jobId: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** No retry follows if this attempt fails. */
  isLast: boolean;
}

/** Runs one job; a throw is a failed attempt (retried by the kind's policy). */
export type JobHandler = (payload: Record<string, unknown>, attempt: JobAttempt) => Promise<void>;

/** A job a server has claimed: no other server runs it until it is settled (or its hold runs out). */
export interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** 1 for the first attempt. */
  attempt: number;
}

/**
 * Where jobs are kept (ADR 037): the `queue_jobs` table on PGlite (`tableJobStore`), pg-boss on PostgreSQL
 * (`createPgBossJobQueue`). The runner that claims, runs and retries them is the same for both.
 */
export interface JobStore {
  /** Writes a job, due after `delayMs`; in the caller's transaction when `writer` is one. Returns its id. */
  insert(
    kind: string,
    payload: Record<string, unknown>,
    options: { delayMs: number; retry: RetryPolicy; writer?: QueueWriter },
  ): Promise<string>;
  /** Takes up to `limit` due jobs (of the `handled` kinds at least) and holds them for this server. */
  claimDue(handled: readonly string[], limit: number): Promise<ClaimedJob[]>;
  markDone(job: ClaimedJob): Promise<void>;
  /** A failed attempt: the next one after `retryInMs`, or none (`null`: the job ends failed, its error kept). */
  markFailed(job: ClaimedJob, error: string, retryInMs: number | null, retry: RetryPolicy): Promise<void>;
  /** Jobs not yet done, of the kinds that start with `prefix` (all when empty). */
  pendingCount(prefix: string): Promise<number>;
  /** When the queue starts (and again after a stop): what the store needs running. */
  open?(handled: ReadonlyMap<string, RetryPolicy>): Promise<void>;
  /** When the queue stops. */
  close?(): Promise<void>;
}

/** The job queue's face: the same on PGlite and PostgreSQL (ADR 037). */
export interface JobQueue {
  /** The handler of a kind, and how its failures are retried. */
  handle(kind: string, run: JobHandler, retry?: RetryPolicy): void;
  /**
   * Writes the job; it runs shortly after the current request has answered. Given a transaction (`writer`),
   * the job exists only if that transaction commits.
   */
  enqueue(
    kind: string,
    payload: Record<string, unknown>,
    options?: { writer?: QueueWriter; delayMs?: number },
  ): Promise<string>;
  /** Asks for a round now (after a transaction that enqueued jobs has committed). */
  kick(): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the round that runs; jobs can still be enqueued (they wait). */
  stop(): Promise<void>;
  /**
   * Runs everything due now and waits for it (tests, and the closing of a server). A round started by
   * `enqueue` may claim a job while this one finds none, so it also waits for every such round.
   */
  drain(): Promise<void>;
  pendingCount(prefix?: string): Promise<number>;
}

export interface JobQueueDeps {
  repo: JobQueueRepository;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * The in-process store (ADR 037, the embedded PGlite's queue): rows of `queue_jobs`, claimed with SKIP LOCKED,
 * timed by the app's clock (`now`).
 */
export function tableJobStore(repo: JobQueueRepository, now: () => Date): JobStore {
  return {
    async insert(kind, payload, { delayMs, writer }) {
      const at = now();
      return String(await repo.insert(kind, payload, at, new Date(at.getTime() + delayMs), writer));
    },
    async claimDue(_handled, limit) {
      const at = now();
      const rows = await repo.claimDue(at, new Date(at.getTime() + QUEUE_JOB_LOCK_MS), limit);
      return rows.map((row) => ({
        id: String(row.id),
        kind: row.kind,
        payload: row.payload,
        attempt: row.attempts,
      }));
    },
    markDone: (job) => repo.markDone(Number(job.id), now()),
    async markFailed(job, error, retryInMs) {
      const at = now();
      await repo.markFailed(
        Number(job.id),
        error,
        new Date(at.getTime() + (retryInMs ?? 0)),
        retryInMs === null,
        at,
      );
    },
    pendingCount: (prefix) => repo.pendingCount(prefix),
  };
}

/** ADR 037: the durable job queue over the `queue_jobs` table (PGlite; PostgreSQL uses pg-boss). */
export function createJobQueue({ repo, now, log }: JobQueueDeps): JobQueue {
  return createQueueRunner({ store: tableJobStore(repo, now), log });
}

/**
 * ADR 037: the queue's runner, one per app, over a store. `enqueue` writes a job (in the caller's transaction
 * when given one); every running server claims due jobs and runs their kind's handler, retrying failures by the
 * kind's policy. It polls every `QUEUE_POLL_MS` and is kicked at once by a job it wrote.
 */
export function createQueueRunner({
  store,
  log,
}: {
  store: JobStore;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}): JobQueue {
  const handlers = new Map<string, { run: JobHandler; retry: RetryPolicy }>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  // Starts and stops one after the other: a stop asked while the store opens waits for it, then closes it.
  let lifecycle: Promise<void> = Promise.resolve();

  const retryOf = (kind: string) => handlers.get(kind)?.retry ?? DEFAULT_RETRY;

  async function runJob(job: ClaimedJob) {
    const handler = handlers.get(job.kind);
    const retry = retryOf(job.kind);
    const isLast = job.attempt >= retry.maxAttempts;
    try {
      if (!handler) throw new Error(`no handler for job kind '${job.kind}'`);
      await handler.run(job.payload, { jobId: job.id, attempt: job.attempt, isLast });
      await store.markDone(job);
    } catch (error) {
      // A failure that will be retried is a warning (a receiver or a mail server down for a while); giving up is an error.
      log[isLast ? 'error' : 'warn'](
        { err: error, jobId: job.id, kind: job.kind, attempts: job.attempt, giveUp: isLast },
        'queue job failed',
      );
      await store.markFailed(
        job,
        (error as Error).message,
        isLast ? null : retry.delayMs(job.attempt),
        retry,
      );
    }
  }

  async function processDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const jobs = await store.claimDue([...handlers.keys()], QUEUE_BATCH);
      for (const job of jobs) await runJob(job);
      total += jobs.length;
      if (jobs.length < QUEUE_BATCH) return total;
    }
  }

  /** One round at a time; a kick during a round asks for another round after it. */
  function kick(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = processDue()
      .catch((error: unknown) => {
        log.error({ err: error }, 'queue round failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void kick();
        }
      });
    return running;
  }

  return {
    handle(kind, run, retry) {
      handlers.set(kind, { run, retry: retry ?? DEFAULT_RETRY });
    },
    async enqueue(kind, payload, options = {}) {
      const id = await store.insert(kind, payload, {
        delayMs: options.delayMs ?? 0,
        retry: retryOf(kind),
        ...(options.writer ? { writer: options.writer } : {}),
      });
      // After the answer is written, so the request's time does not depend on what the job does.
      setImmediate(() => void kick());
      return id;
    },
    kick() {
      setImmediate(() => void kick());
    },
    start() {
      lifecycle = lifecycle
        .catch(() => undefined)
        .then(async () => {
          await store.open?.(new Map([...handlers].map(([kind, h]) => [kind, h.retry])));
          stopped = false;
          timer ??= setInterval(() => void kick(), QUEUE_POLL_MS);
          timer.unref();
          void kick();
        });
      return lifecycle;
    },
    stop() {
      // Set at once: no round starts from now on, even before an open still running has finished.
      stopped = true;
      lifecycle = lifecycle
        .catch(() => undefined)
        .then(async () => {
          stopped = true;
          if (timer) clearInterval(timer);
          timer = null;
          await running;
          await store.close?.();
        });
      return lifecycle;
    },
    async drain() {
      for (;;) {
        while (running) await running;
        const ran = await processDue();
        if (!running && ran === 0) return;
      }
    },
    pendingCount: (prefix = '') => store.pendingCount(prefix),
  };
}
