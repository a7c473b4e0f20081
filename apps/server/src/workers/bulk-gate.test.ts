import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { BULK_BUSY_MESSAGE, createBulkGate } from './bulk-gate';

/** A task that runs until released, recording when it starts. */
function heldTask(started: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    work: async () => {
      started.push(name);
      await done;
      return name;
    },
    release: () => release(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('bulk gate (ADR 022)', () => {
  it('gives a free thread to the organization served longest ago, and every queued task completes', async () => {
    const gate = createBulkGate({ slots: 1, runningPerOrg: 2, jobsPerOrg: 6, retryAfterSeconds: 10 });
    const started: string[] = [];
    const tasks = Object.fromEntries(['a1', 'a2', 'a3', 'b1'].map((n) => [n, heldTask(started, n)]));
    const results = [
      gate.run('org-a', {}, tasks.a1!.work),
      gate.run('org-a', {}, tasks.a2!.work),
      gate.run('org-a', {}, tasks.a3!.work),
      gate.run('org-b', {}, tasks.b1!.work),
    ];
    await tick();
    expect(started).toEqual(['a1']);
    expect(gate.waiting).toBe(3);
    for (const name of ['a1', 'b1', 'a2', 'a3']) {
      tasks[name]!.release();
      await tick();
    }
    // Organization B's one task came before A's second, though it was asked for after A's third.
    expect(started).toEqual(['a1', 'b1', 'a2', 'a3']);
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'b1']);
    expect(gate.running + gate.waiting).toBe(0);
  });

  it('runs at most runningPerOrg tasks of one organization while others use the remaining threads', async () => {
    const gate = createBulkGate({ slots: 3, runningPerOrg: 1, jobsPerOrg: 6, retryAfterSeconds: 10 });
    const started: string[] = [];
    const a1 = heldTask(started, 'a1');
    const a2 = heldTask(started, 'a2');
    const b1 = heldTask(started, 'b1');
    const all = [
      gate.run('org-a', {}, a1.work),
      gate.run('org-a', {}, a2.work),
      gate.run('org-b', {}, b1.work),
    ];
    await tick();
    expect(started).toEqual(['a1', 'b1']);
    a1.release();
    await tick();
    expect(started).toEqual(['a1', 'b1', 'a2']);
    a2.release();
    b1.release();
    await Promise.all(all);
  });

  it("refuses a job past the organization's cap with a Retry-After, not another organization's or the same job's", async () => {
    const gate = createBulkGate({ slots: 1, runningPerOrg: 1, jobsPerOrg: 2, retryAfterSeconds: 7 });
    const started: string[] = [];
    const importJob = {};
    const held = [heldTask(started, 'a1'), heldTask(started, 'a2'), heldTask(started, 'a3')];
    const admitted = [
      gate.run('org-a', importJob, held[0]!.work),
      gate.run('org-a', {}, held[1]!.work),
      // The import's second transit belongs to an admitted job: it waits, it is not refused.
      gate.run('org-a', importJob, held[2]!.work),
    ];
    const refused = await gate.run('org-a', {}, async () => 'ran').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'BULK_WORK_BUSY',
      message: BULK_BUSY_MESSAGE,
      options: { retryAfterSeconds: 7 },
    });
    const other = heldTask(started, 'b1');
    const otherDone = gate.run('org-b', {}, other.work);
    for (const task of [...held, other]) {
      task.release();
      await tick();
    }
    expect(await Promise.all([...admitted, otherDone])).toEqual(['a1', 'a2', 'a3', 'b1']);
    // With its jobs done, the organization is admitted again.
    expect(await gate.run('org-a', {}, async () => 'again')).toBe('again');
  });
});
