import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../../lib/mail';
import type { MailJob, MailQueueRepository } from './mail-queue.repository';

/** How often a server looks for due mail (a new job is also picked up at once by the server that wrote it). */
export const MAIL_QUEUE_POLL_MS = 2_000;
/** A claimed job is held this long; a server that dies mid-send lets it go when the time passes. */
export const MAIL_JOB_LOCK_MS = 60_000;
/** Jobs taken per round. */
export const MAIL_QUEUE_BATCH = 10;
/** Attempts before a job is given up (the error stays on the row). */
export const MAIL_JOB_MAX_ATTEMPTS = 5;
/** First retry delay; doubled on each further attempt. */
export const MAIL_JOB_RETRY_MS = 30_000;

/** Turns a job into the message to send, or null when there is nothing to send (e.g. an unknown address). */
export type MailJobHandler = (payload: Record<string, unknown>) => Promise<MailMessage | null>;

export interface MailQueueDeps {
  repo: MailQueueRepository;
  mail: Mailer;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Durable mail: `enqueue` writes a row (the request's only work), the processor sends it. Rows survive a restart
 * and are shared by every server on PostgreSQL; PGlite keeps them in its folder.
 */
export function createMailQueue({ repo, mail, now, log }: MailQueueDeps) {
  const handlers = new Map<string, MailJobHandler>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function runJob(job: MailJob) {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for mail job kind '${job.kind}'`);
      const message = await handler(job.payload);
      if (message) await mail.send(message);
      await repo.markDone(job.id, now());
    } catch (error) {
      const giveUp = job.attempts >= MAIL_JOB_MAX_ATTEMPTS;
      const retryAt = new Date(now().getTime() + MAIL_JOB_RETRY_MS * 2 ** (job.attempts - 1));
      log.error(
        { err: error, jobId: job.id, kind: job.kind, attempts: job.attempts, giveUp },
        'mail job failed',
      );
      await repo.markFailed(job.id, (error as Error).message, retryAt, giveUp, now());
    }
  }

  async function processDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const at = now();
      const jobs = await repo.claimDue(at, new Date(at.getTime() + MAIL_JOB_LOCK_MS), MAIL_QUEUE_BATCH);
      for (const job of jobs) await runJob(job);
      total += jobs.length;
      if (jobs.length < MAIL_QUEUE_BATCH) return total;
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
        log.error({ err: error }, 'mail queue round failed');
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
    handle(kind: string, handler: MailJobHandler) {
      handlers.set(kind, handler);
    },
    /** Writes the job; it is sent shortly after the current request has answered. */
    async enqueue(kind: string, payload: Record<string, unknown>) {
      await repo.insert(kind, payload, now());
      // After the answer is written, so the request's time does not depend on what the job does.
      setImmediate(() => void kick());
    },
    start() {
      stopped = false;
      timer ??= setInterval(() => void kick(), MAIL_QUEUE_POLL_MS);
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
     * Sends everything due now and waits for it (tests, and the closing of a server). A round started by
     * `enqueue` may claim a job while this one finds none, so it also waits for every such round.
     */
    async drain(): Promise<void> {
      for (;;) {
        while (running) await running;
        const sent = await processDue();
        if (!running && sent === 0) return;
      }
    },
    pendingCount: () => repo.pendingCount(),
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;
