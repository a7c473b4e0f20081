import { AppError } from '../errors';

/**
 * Turns of the bulk lane (ADR 022): imports, documents and large sizings of every organization share the bulk
 * threads. A job is one request's bulk work (a document; a schedule read; an import's sizings, one task per
 * transit). Each organization has at most `jobsPerOrg` jobs admitted and runs at most `runningPerOrg` tasks at
 * once; a free thread goes to the waiting organizations in turn (round robin), so one organization's pile of work
 * never stands in front of another's single task. A job past the organization's cap is refused at once with 429
 * and a Retry-After, rather than held for minutes; the tasks of an admitted job always wait their turn.
 *
 * The counts are per server process: servers share no state, so with several behind a load balancer an
 * organization's cap is per server (ADR 022).
 */

export interface BulkGateOptions {
  /** Tasks running at once over all organizations: the bulk lane's threads. */
  slots: number;
  runningPerOrg: number;
  jobsPerOrg: number;
  /** The Retry-After of a refusal. */
  retryAfterSeconds: number;
}

export const BULK_BUSY_MESSAGE =
  'Your organization already has as many imports, documents and large sizings under way as the server takes at ' +
  'once. Wait for one to finish and try again.';

export interface BulkGate {
  /**
   * Runs `work` when it is the organization's turn. `job` is any object standing for the request: tasks given the
   * same one count as one job. Refuses with BULK_WORK_BUSY when a new job would pass the organization's cap.
   */
  run<T>(organizationId: string, job: object, work: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting now (for tests and logs). */
  readonly running: number;
  readonly waiting: number;
}

interface OrgTurns {
  running: number;
  /** When the organization last started a task (a count): the one that waited longest goes first. */
  servedAt: number;
  waiting: (() => void)[];
  /** Admitted jobs and their tasks not yet finished. */
  jobs: Map<object, number>;
}

export function createBulkGate(options: BulkGateOptions): BulkGate {
  const orgs = new Map<string, OrgTurns>();
  let running = 0;
  let waiting = 0;
  let starts = 0;

  function start(org: OrgTurns) {
    running++;
    org.running++;
    org.servedAt = ++starts;
  }

  /** Gives free slots to waiting organizations, in turn: the one served longest ago first. */
  function dispatch() {
    while (running < options.slots) {
      let turn: OrgTurns | undefined;
      for (const org of orgs.values())
        if (
          org.waiting.length > 0 &&
          org.running < options.runningPerOrg &&
          (!turn || org.servedAt < turn.servedAt)
        )
          turn = org;
      if (!turn) return;
      waiting--;
      start(turn);
      turn.waiting.shift()!();
    }
  }

  function admit(organizationId: string, job: object): OrgTurns {
    let org = orgs.get(organizationId);
    if (!org) {
      org = { running: 0, servedAt: 0, waiting: [], jobs: new Map() };
      orgs.set(organizationId, org);
    }
    const tasks = org.jobs.get(job);
    if (tasks === undefined && org.jobs.size >= options.jobsPerOrg)
      throw new AppError('BULK_WORK_BUSY', BULK_BUSY_MESSAGE, undefined, {
        retryAfterSeconds: options.retryAfterSeconds,
      });
    org.jobs.set(job, (tasks ?? 0) + 1);
    return org;
  }

  function acquire(org: OrgTurns): Promise<void> | void {
    if (running < options.slots && org.running < options.runningPerOrg && waiting === 0) {
      start(org);
      return;
    }
    waiting++;
    return new Promise<void>((resolve) => {
      org.waiting.push(resolve);
      // A slot may be free while others wait at their organization's cap: the turns decide.
      dispatch();
    });
  }

  function release(organizationId: string, org: OrgTurns, job: object) {
    running--;
    org.running--;
    const left = org.jobs.get(job)! - 1;
    if (left === 0) org.jobs.delete(job);
    else org.jobs.set(job, left);
    if (org.jobs.size === 0) orgs.delete(organizationId);
    dispatch();
  }

  return {
    async run(organizationId, job, work) {
      const org = admit(organizationId, job);
      await acquire(org);
      try {
        return await work();
      } finally {
        release(organizationId, org, job);
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting;
    },
  };
}
