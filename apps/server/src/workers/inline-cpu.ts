import type { CpuPool } from './cpu-pool';
import { runCpuTask, type BuiltDocument, type ReadScheduleResult } from './cpu-tasks';
import type { ReadArchiveResult } from '../modules/handover/tasks';
import type { OpeningSuggestions, TransitSizing } from '@sealplan/engine';

/**
 * The pool's tasks run on the calling thread (the caller, which chooses a lane in the pool, is not needed here), for command-line steps (the seed runs before the server listens, so
 * no request waits on it) and for unit tests of a service. The server always runs them in the worker pool.
 */
export function createInlineCpu(): CpuPool {
  return {
    threads: 0,
    sizeTransit: async (args) => (await runCpuTask({ kind: 'sizeTransit', args })) as TransitSizing,
    buildDocument: async (input, format) =>
      (await runCpuTask({ kind: 'buildDocument', input, format })) as BuiltDocument,
    readSchedule: async (bytes) => (await runCpuTask({ kind: 'readSchedule', bytes })) as ReadScheduleResult,
    suggestOpenings: async (input) =>
      (await runCpuTask({ kind: 'suggestOpenings', input })) as OpeningSuggestions,
    labelSheet: async (sheet) => (await runCpuTask({ kind: 'labelSheet', sheet })) as Uint8Array,
    asBuilt: async (record) => (await runCpuTask({ kind: 'asBuilt', record })) as Uint8Array,
    packArchive: async (entries) => (await runCpuTask({ kind: 'packArchive', entries })) as Uint8Array,
    readArchive: async (bytes) => (await runCpuTask({ kind: 'readArchive', bytes })) as ReadArchiveResult,
    close: async () => {},
  };
}
