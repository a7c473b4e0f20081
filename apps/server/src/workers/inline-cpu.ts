import type { CpuPool } from './cpu-pool';
import { runCpuTask, type BuiltDocument, type ReadScheduleResult } from './cpu-tasks';
import type { TransitSizing } from '@sealplan/engine';

/**
 * The pool's tasks run on the calling thread, for command-line steps (the seed runs before the server listens, so
 * no request waits on it) and for unit tests of a service. The server always runs them in the worker pool.
 */
export function createInlineCpu(): CpuPool {
  return {
    threads: 0,
    sizeTransit: async (args) => (await runCpuTask({ kind: 'sizeTransit', args })) as TransitSizing,
    buildDocument: async (input, format) =>
      (await runCpuTask({ kind: 'buildDocument', input, format })) as BuiltDocument,
    readSchedule: async (bytes) => (await runCpuTask({ kind: 'readSchedule', bytes })) as ReadScheduleResult,
    close: async () => {},
  };
}
