import type { FastifyBaseLogger } from 'fastify';
import type { JobQueueRepository, QueueJob, QueueWriter } from './job-queue.repository';

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

/** What a handler learns of its job besides the payload. */
export interface JobAttempt {
  jobId: number;
  /** 1 for the first attempt. */
  attempt: number;
  /** No retry follows if this attempt fails. */
  isLast: boolean;
}

/** Runs one job; a throw is a failed attempt (retried by the kind's policy). */
export type JobHandler = (payload: Record<string, unknown>, attempt: JobAttempt) => Promise<void>;

export interface JobQueueDeps {
  repo: JobQueueRepository;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * ADR 037: the durable job queue, one per app. `enqueue` writes a row (in the caller's transaction when given
 * one); every running server claims due rows with SKIP LOCKED and runs their kind's handler, retrying failures
 * with backoff. The same code runs on PostgreSQL and on the embedded PGlite: nothing outside the database.
 */
export function createJobQueue({ repo, now, log }: JobQueueDeps) {
  const handlers = new Map<string, { run: JobHandler; retry: RetryPolicy }>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function runJob(job: QueueJob) {
    const handler = handlers.get(job.kind);
    const retry = handler?.retry ?? exponentialBackoff(DEFAULT_RETRY_MS, DEFAULT_MAX_ATTEMPTS);
    const isLast = job.attempts >= retry.maxAttempts;
    try {
      if (!handler) throw new Error(`no handler for job kind '${job.kind}'`);
      await handler.run(job.payload, { jobId: job.id, attempt: job.attempts, isLast });
      await repo.markDone(job.id, now());
    } catch (error) {
      const retryAt = new Date(now().getTime() + retry.delayMs(job.attempts));
      // A failure that will be retried is a warning (a receiver or a mail server down for a while); giving up is an error.
      log[isLast ? 'error' : 'warn'](
        { err: error, jobId: job.id, kind: job.kind, attempts: job.attempts, giveUp: isLast },
        'queue job failed',
      );
      await repo.markFailed(job.id, (error as Error).message, retryAt, isLast, now());
    }
  }

  async function processDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const at = now();
      const jobs = await repo.claimDue(at, new Date(at.getTime() + QUEUE_JOB_LOCK_MS), QUEUE_BATCH);
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
    /** The handler of a kind, and how its failures are retried. */
    handle(kind: string, run: JobHandler, retry?: RetryPolicy) {
      handlers.set(kind, { run, retry: retry ?? exponentialBackoff(DEFAULT_RETRY_MS, DEFAULT_MAX_ATTEMPTS) });
    },
    /**
     * Writes the job; it runs shortly after the current request has answered. Given a transaction (`writer`),
     * the job exists only if that transaction commits.
     */
    async enqueue(
      kind: string,
      payload: Record<string, unknown>,
      options: { writer?: QueueWriter; delayMs?: number } = {},
    ): Promise<number> {
      const at = now();
      const id = await repo.insert(
        kind,
        payload,
        at,
        new Date(at.getTime() + (options.delayMs ?? 0)),
        options.writer,
      );
      // After the answer is written, so the request's time does not depend on what the job does.
      setImmediate(() => void kick());
      return id;
    },
    /** Asks for a round now (after a transaction that enqueued jobs has committed). */
    kick() {
      setImmediate(() => void kick());
    },
    start() {
      stopped = false;
      timer ??= setInterval(() => void kick(), QUEUE_POLL_MS);
      timer.unref();
      void kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    /**
     * Runs everything due now and waits for it (tests, and the closing of a server). A round started by
     * `enqueue` may claim a job while this one finds none, so it also waits for every such round.
     */
    async drain(): Promise<void> {
      for (;;) {
        while (running) await running;
        const ran = await processDue();
        if (!running && ran === 0) return;
      }
    },
    pendingCount: (prefix?: string) => repo.pendingCount(prefix),
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
