/** The job queue's public face (ADR 025, ADR 037): other modules and the composition root import only this file. */
export {
  createJobQueue,
  createQueueRunner,
  exponentialBackoff,
  type ClaimedJob,
  type JobAttempt,
  type JobHandler,
  type JobQueue,
  type JobStore,
  type RetryPolicy,
} from './job-queue';
export {
  createJobQueueRepository,
  type JobQueueRepository,
  type QueueJob,
  type QueueWriter,
} from './job-queue.repository';
export { createPgBossJobQueue, installPgBoss, PGBOSS_SCHEMA } from './pg-boss-queue';
