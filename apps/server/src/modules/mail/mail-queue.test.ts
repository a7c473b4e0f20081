import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../lib/mail';
import { createMailQueue } from './mail-queue';
import { createJobQueue } from '../queue';
import type { JobQueueRepository, QueueJob } from '../queue';

/**
 * An in-memory queue table whose claims take a while, as on a PostgreSQL pool: the n-th claim reads the table
 * after `claimDelays[n]` ms, so a later claim can take the job before an earlier one.
 */
function slowRepository(claimDelays: number[]): JobQueueRepository {
  let claims = 0;
  const rows: QueueJob[] = [];
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    async insert(kind, payload, at) {
      const id = rows.length + 1;
      rows.push({
        id,
        kind,
        payload,
        createdAt: at,
        runAfter: at,
        lockedUntil: null,
        attempts: 0,
        doneAt: null,
        lastError: null,
      } as QueueJob);
      return id;
    },
    async claimDue(at, lockUntil, limit) {
      await wait(claimDelays[claims++] ?? 0);
      const due = rows.filter((r) => !r.doneAt && (!r.lockedUntil || r.lockedUntil <= at)).slice(0, limit);
      for (const row of due) row.lockedUntil = lockUntil;
      return due.map((row) => ({ ...row, attempts: row.attempts + 1 }));
    },
    async markDone(id, at) {
      rows[id - 1]!.doneAt = at;
    },
    async markFailed() {},
    async pendingCount() {
      return rows.filter((r) => !r.doneAt).length;
    },
  };
}

describe('job queue (mail on it)', () => {
  function queueWith(claimDelays: number[]) {
    const sent: MailMessage[] = [];
    const jobs = createJobQueue({
      repo: slowRepository(claimDelays),
      now: () => new Date(),
      log: { info() {}, warn() {}, error() {} },
    });
    const queue = createMailQueue({
      queue: jobs,
      // Sending takes a while too, so a drain that does not wait for the other round returns before the mail.
      mail: {
        target: 'memory',
        send: async (m) => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          sent.push(m);
        },
      },
    });
    queue.handle('hello', async (payload) => ({ to: String(payload.to), subject: 'Hello', text: 'Hello' }));
    return { queue, sent };
  }

  it('drain waits for a job that the round started by enqueue claimed while drain looked', async () => {
    // Drain's claim is the first and the slower; the enqueue's round claims the job meanwhile.
    const { queue, sent } = queueWith([30, 0]);
    await queue.enqueue('hello', { to: 'a@example.com' });
    await queue.drain();
    expect(sent.map((m) => m.to)).toEqual(['a@example.com']);
  });

  it('drain waits for a round that was already running', async () => {
    const { queue, sent } = queueWith([10]);
    await queue.enqueue('hello', { to: 'b@example.com' });
    await new Promise((resolve) => setImmediate(resolve));
    await queue.drain();
    expect(sent.map((m) => m.to)).toEqual(['b@example.com']);
  });
});
