import type { Mailer, MailMessage } from '../../lib/mail';
import { exponentialBackoff, type JobQueue } from '../queue';

/** Attempts before a mail is given up (the error stays on the job's row). */
export const MAIL_JOB_MAX_ATTEMPTS = 5;
/** First retry delay; doubled on each further attempt. */
export const MAIL_JOB_RETRY_MS = 30_000;
/** Mail jobs' kinds on the shared queue start with this ('mail.password-reset'). */
export const MAIL_JOB_PREFIX = 'mail.';

/** Turns a job into the message to send, or null when there is nothing to send (e.g. an unknown address). */
export type MailJobHandler = (payload: Record<string, unknown>) => Promise<MailMessage | null>;

export interface MailQueueDeps {
  queue: JobQueue;
  mail: Mailer;
}

/**
 * Durable mail on the app's job queue (ADR 037): `enqueue` writes a job (the request's only work), a server sends
 * it. Jobs survive a restart and are shared by every server on PostgreSQL; PGlite keeps them in its folder.
 */
export function createMailQueue({ queue, mail }: MailQueueDeps) {
  return {
    handle(kind: string, handler: MailJobHandler) {
      queue.handle(
        MAIL_JOB_PREFIX + kind,
        async (payload) => {
          const message = await handler(payload);
          if (message) await mail.send(message);
        },
        exponentialBackoff(MAIL_JOB_RETRY_MS, MAIL_JOB_MAX_ATTEMPTS),
      );
    },
    /** Writes the job; it is sent shortly after the current request has answered. */
    async enqueue(kind: string, payload: Record<string, unknown>) {
      await queue.enqueue(MAIL_JOB_PREFIX + kind, payload);
    },
    /** The queue's processing (shared with every other kind of job). */
    start: () => queue.start(),
    stop: () => queue.stop(),
    /** Runs every job due now, mail included, and waits for it (tests, and the closing of a server). */
    drain: () => queue.drain(),
    pendingCount: () => queue.pendingCount(MAIL_JOB_PREFIX),
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;
