import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { FastifyBaseLogger } from 'fastify';
import type { ExportFormat } from '@sealplan/contracts';
import type { TransitSizing } from '@sealplan/engine';
import { AppError } from '../errors';
import type {
  BuildDocumentTask,
  BuiltDocument,
  CpuTask,
  ReadScheduleResult,
  SizeTransitTask,
} from './cpu-tasks';

/**
 * Packing and document building take from milliseconds to tens of seconds of CPU. They run in worker threads so
 * the event loop keeps answering other users (conventions 16), each with a time budget after which the worker is
 * stopped and the request refused.
 */

/** Longest sizing of one transit; the largest transit allowed (MAX_TRANSIT_CIRCLES) sizes well within it. */
export const SIZING_TIME_BUDGET_MS = 180_000;
/** Longest build of one document (the largest project in every format sizes in a few seconds). */
export const DOCUMENT_TIME_BUDGET_MS = 120_000;
/** Workers stay up this long without work before the pool lets them go. */
export const CPU_WORKER_IDLE_MS = 60_000;

export const SIZING_TIMEOUT_MESSAGE =
  'Sizing this transit took longer than the server allows. Reduce the number of penetrating items and save again.';
export const SCHEDULE_TIMEOUT_MESSAGE =
  'Reading this schedule took longer than the server allows. Split it into smaller files.';
/** Longest read of one schedule file (a 4 MB XLSX reads in about a second). */
export const SCHEDULE_TIME_BUDGET_MS = 30_000;
export const DOCUMENT_TIMEOUT_MESSAGE =
  'Building this document took longer than the server allows. Export fewer transits at a time.';

export interface CpuPool {
  /** The transits module's computeResults, off the event loop. */
  sizeTransit(args: SizeTransitTask['args']): Promise<TransitSizing>;
  /** A project document (model and rendering), off the event loop. */
  buildDocument(input: BuildDocumentTask['input'], format: ExportFormat): Promise<BuiltDocument>;
  /** Issue 22: a CSV or XLSX schedule read into headings and rows, off the event loop. */
  readSchedule(bytes: Uint8Array): Promise<ReadScheduleResult>;
  /** Stops the workers (waits for running tasks); the server calls it on shutdown. */
  close(): Promise<void>;
  readonly threads: number;
}

/** One thread for the event loop (and the database with PGlite), the rest for CPU work; never fewer than one. */
export function defaultCpuThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

export interface CpuPoolOptions {
  threads?: number;
  /** Workers started with the pool (0: on the first task; tests start none they do not use). */
  minThreads?: number;
  sizingBudgetMs?: number;
  documentBudgetMs?: number;
  /** Where a worker that fails outside a task (e.g. while loading) is reported. */
  log?: Pick<FastifyBaseLogger, 'error'>;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Answers what crossed the thread boundary with its Buffer restored (structured clone gives a Uint8Array). */
function withBuffer(built: BuiltDocument): BuiltDocument {
  const body = built.file.body as Uint8Array;
  return {
    ...built,
    file: { ...built.file, body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) },
  };
}

/** The worker-thread pool (piscina) of the server. */
export function createCpuPool(options: CpuPoolOptions = {}): CpuPool {
  const threads = options.threads ?? defaultCpuThreads();
  const sizingBudgetMs = options.sizingBudgetMs ?? SIZING_TIME_BUDGET_MS;
  const documentBudgetMs = options.documentBudgetMs ?? DOCUMENT_TIME_BUDGET_MS;
  const pool = new Piscina<CpuTask, TransitSizing | BuiltDocument | ReadScheduleResult>({
    filename: new URL('./cpu-worker.mjs', import.meta.url).href,
    minThreads: Math.min(options.minThreads ?? 1, threads),
    maxThreads: threads,
    idleTimeout: CPU_WORKER_IDLE_MS,
  });
  // Without a listener such an error would end the process; the task it ran is refused, the pool starts another.
  pool.on('error', (error: unknown) => options.log?.error({ err: error }, 'cpu pool worker failed'));

  async function run<R>(task: CpuTask, budgetMs: number, timeoutMessage: string): Promise<R> {
    try {
      // An aborted task stops its worker (piscina terminates the thread), so a runaway task frees its core.
      return (await pool.run(task, { signal: AbortSignal.timeout(budgetMs) })) as R;
    } catch (error) {
      if (isAbort(error)) throw new AppError('TIME_BUDGET_EXCEEDED', timeoutMessage);
      throw error;
    }
  }

  return {
    threads,
    sizeTransit: (args) =>
      run<TransitSizing>({ kind: 'sizeTransit', args }, sizingBudgetMs, SIZING_TIMEOUT_MESSAGE),
    async buildDocument(input, format) {
      const built = await run<BuiltDocument>(
        { kind: 'buildDocument', input, format },
        documentBudgetMs,
        DOCUMENT_TIMEOUT_MESSAGE,
      );
      return withBuffer(built);
    },
    readSchedule: (bytes) =>
      run<ReadScheduleResult>(
        { kind: 'readSchedule', bytes },
        SCHEDULE_TIME_BUDGET_MS,
        SCHEDULE_TIMEOUT_MESSAGE,
      ),
    close: () => pool.close(),
  };
}
