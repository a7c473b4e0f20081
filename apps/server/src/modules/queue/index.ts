/** The job queue's public face (ADR 025, ADR 037): other modules and the composition root import only this file. */
export {
  createJobQueue,
  exponentialBackoff,
  type JobAttempt,
  type JobHandler,
  type JobQueue,
  type RetryPolicy,
} from './job-queue';
export {
  createJobQueueRepository,
  type JobQueueRepository,
  type QueueJob,
  type QueueWriter,
} from './job-queue.repository';
