import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { FastifyBaseLogger } from 'fastify';
import type { ExportFormat } from '@sealplan/contracts';
import type { OpeningSuggestions, TransitSizing } from '@sealplan/engine';
import { AppError } from '../errors';
import { createBulkGate } from './bulk-gate';
import type { ReadArchiveResult } from '../modules/handover/tasks';
import type {
  BuildDocumentTask,
  BuiltDocument,
  CpuTask,
  LabelSheetTask,
  AsBuiltTask,
  PackArchiveTask,
  ReadScheduleResult,
  SizeTransitTask,
  SuggestOpeningsTask,
} from './cpu-tasks';

/**
 * Packing and document building take from milliseconds to tens of seconds of CPU. They run in worker threads so
 * the event loop keeps answering other users (ADR 015), each with a time budget after which the worker is stopped
 * and the request refused, and a memory budget past which the worker dies alone (ADR 022). Two lanes (ADR 022):
 * interactive work (sizing one ordinary transit on save) has threads of its own; bulk work (schedule files,
 * documents, large sizings) runs on lower-priority threads, in turns per organization.
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

/** Which threads run a task (ADR 022). */
export type CpuLane = 'interactive' | 'bulk';

/**
 * Who asks for the work: the bulk lane takes organizations in turn and caps each. The object itself stands for
 * the job: tasks given the same caller object count as one request's work (ADR 022).
 */
export interface CpuCaller {
  organizationId: string;
  /** Overrides the task's own lane (a schedule import's sizings are bulk, whatever their size). */
  lane?: CpuLane;
}

export interface CpuPool {
  /** The transits module's computeResults, off the event loop; large transits in the bulk lane. */
  sizeTransit(args: SizeTransitTask['args'], caller: CpuCaller): Promise<TransitSizing>;
  /** A project document (model and rendering), off the event loop, in the bulk lane. */
  buildDocument(
    input: BuildDocumentTask['input'],
    format: ExportFormat,
    caller: CpuCaller,
  ): Promise<BuiltDocument>;
  /** A CSV or XLSX schedule read into headings and rows, off the event loop, in the bulk lane. */
  readSchedule(bytes: Uint8Array, caller: CpuCaller): Promise<ReadScheduleResult>;
  /** The engine's smallest-standard-opening search for a transit a schedule creates, off the event loop (bulk). */
  suggestOpenings(input: SuggestOpeningsTask['input'], caller: CpuCaller): Promise<OpeningSuggestions>;
  /** ADR 031: a project's label sheet (PDF), off the event loop, in the bulk lane. */
  labelSheet(sheet: LabelSheetTask['sheet'], caller: CpuCaller): Promise<Uint8Array>;
  /** ADR 035: the as-built record (PDF), in the bulk lane. */
  asBuilt(record: AsBuiltTask['record'], caller: CpuCaller): Promise<Uint8Array>;
  /** ADR 035: the project archive's files packed into a ZIP, in the bulk lane. */
  packArchive(entries: PackArchiveTask['entries'], caller: CpuCaller): Promise<Uint8Array>;
  /** ADR 035: a project archive measured and read, in the bulk lane. */
  readArchive(bytes: Uint8Array, caller: CpuCaller): Promise<ReadArchiveResult>;
  /** Stops the workers (waits for running tasks); the server calls it on shutdown. */
  close(): Promise<void>;
  /** Worker threads at most, both lanes together. */
  readonly threads: number;
}

/** Threads for bulk work: one thread for the event loop (and the database with PGlite), the rest; at least one. */
export function defaultCpuThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

/**
 * A sizing of at least this many circles is bulk work: from here the large-N packing runs (ADR 015), which takes
 * seconds at MAX_TRANSIT_CIRCLES, while an ordinary transit (tens of items) sizes in milliseconds.
 */
export const BULK_SIZING_MIN_CIRCLES = 300;

/**
 * Memory of one worker (ADR 022): V8's old generation, where a task's data lives. The largest legitimate work
 * fits with room to spare (a sizing of MAX_TRANSIT_CIRCLES circles runs in a 64 MB heap, and the interactive lane
 * only sizes transits below BULK_SIZING_MIN_CIRCLES; a document of 5,000 transits: see ADR 022), while a file
 * that unzips to gigabytes stops at the limit instead of growing the server.
 */
export const INTERACTIVE_WORKER_HEAP_MB = 256;
export const BULK_WORKER_HEAP_MB = 1024;
/** V8's young generation of a worker: enough for fast allocation, counted in the worker's total too. */
export const WORKER_YOUNG_GENERATION_MB = 32;
/**
 * Priority of the bulk threads below the interactive ones and the event loop (a nice increment, Linux threads):
 * with fewer cores than threads, the operating system gives a save's sizing the core first.
 */
export const BULK_THREAD_NICE = 10;
/**
 * Bulk tasks one organization runs at once, and bulk jobs (requests: a document, a schedule read, an import's
 * sizings) it has admitted, running or waiting their turn, in one server process.
 */
export const BULK_RUNNING_PER_ORG = 2;
export const BULK_JOBS_PER_ORG = 6;
/** Retry-After of a refused bulk task: about one document or schedule read. */
export const BULK_RETRY_AFTER_SECONDS = 10;

export const SIZING_MEMORY_MESSAGE =
  'Sizing this transit needed more memory than the server allows. Reduce the number of penetrating items and save again.';
export const SCHEDULE_MEMORY_MESSAGE =
  'Reading this schedule needed more memory than the server allows: it holds far more rows or text than a ' +
  'schedule. Remove what is not part of the schedule, or split it into smaller files.';
export const DOCUMENT_MEMORY_MESSAGE =
  'Building this document needed more memory than the server allows. Export fewer transits at a time.';

export interface CpuPoolOptions {
  /** Threads of the bulk lane (default: defaultCpuThreads()). */
  threads?: number;
  /** Threads of the interactive lane (default 1: a save never waits behind a document). */
  interactiveThreads?: number;
  /** Workers started with each lane (0: on the first task; tests start none they do not use). */
  minThreads?: number;
  sizingBudgetMs?: number;
  documentBudgetMs?: number;
  /** Old-generation limit of a worker, per lane (tests set a small one). */
  interactiveHeapMb?: number;
  bulkHeapMb?: number;
  bulkRunningPerOrg?: number;
  bulkJobsPerOrg?: number;
  /**
   * Nice increment of the bulk threads (default BULK_THREAD_NICE; the server takes CPU_BULK_NICE). 0 where the
   * machine is shared with other busy work that must not starve the bulk lane (tests beside a browser suite).
   */
  bulkNice?: number;
  /** The worker's module (tests run a stand-in that allocates or waits on command). */
  workerUrl?: URL;
  /** Where a worker that fails outside a task (e.g. while loading) is reported. */
  log?: Pick<FastifyBaseLogger, 'error'>;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** A worker past its resourceLimits is stopped by Node with this code; its task is refused with it. */
function isOutOfMemory(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
}

/** Answers what crossed the thread boundary with its Buffer restored (structured clone gives a Uint8Array). */
function withBuffer(built: BuiltDocument): BuiltDocument {
  const body = built.file.body as Uint8Array;
  return {
    ...built,
    file: { ...built.file, body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) },
  };
}

/** Circles of a sizing: the sum of the quantities of its live lines (as MAX_TRANSIT_CIRCLES counts them). */
function circlesOf(args: SizeTransitTask['args']): number {
  return args[1].reduce((n, item) => n + (item.isRemoved ? 0 : item.quantity), 0);
}

type Result =
  TransitSizing | BuiltDocument | ReadScheduleResult | OpeningSuggestions | Uint8Array | ReadArchiveResult;

interface Budget {
  ms: number;
  timeoutMessage: string;
  memoryMessage: string;
}

/** The worker-thread pools (piscina) of the server: one per lane. */
export function createCpuPool(options: CpuPoolOptions = {}): CpuPool {
  const bulkThreads = options.threads ?? defaultCpuThreads();
  const interactiveThreads = options.interactiveThreads ?? 1;
  const sizingBudgetMs = options.sizingBudgetMs ?? SIZING_TIME_BUDGET_MS;
  const documentBudgetMs = options.documentBudgetMs ?? DOCUMENT_TIME_BUDGET_MS;
  const workerUrl = options.workerUrl ?? new URL('./cpu-worker.mjs', import.meta.url);

  function lanePool(threads: number, heapMb: number, niceIncrement: number) {
    const pool = new Piscina<CpuTask, Result>({
      filename: workerUrl.href,
      minThreads: Math.min(options.minThreads ?? 1, threads),
      maxThreads: threads,
      idleTimeout: CPU_WORKER_IDLE_MS,
      resourceLimits: {
        maxOldGenerationSizeMb: heapMb,
        maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB,
      },
      niceIncrement,
    });
    // Without a listener such an error would end the process; the task it ran is refused, the pool starts another.
    pool.on('error', (error: unknown) => options.log?.error({ err: error }, 'cpu pool worker failed'));
    return pool;
  }
  const lanes: Record<CpuLane, Piscina<CpuTask, Result>> = {
    interactive: lanePool(interactiveThreads, options.interactiveHeapMb ?? INTERACTIVE_WORKER_HEAP_MB, 0),
    bulk: lanePool(
      bulkThreads,
      options.bulkHeapMb ?? BULK_WORKER_HEAP_MB,
      options.bulkNice ?? BULK_THREAD_NICE,
    ),
  };
  const gate = createBulkGate({
    slots: bulkThreads,
    runningPerOrg: options.bulkRunningPerOrg ?? BULK_RUNNING_PER_ORG,
    jobsPerOrg: options.bulkJobsPerOrg ?? BULK_JOBS_PER_ORG,
    retryAfterSeconds: BULK_RETRY_AFTER_SECONDS,
  });

  async function runIn<R extends Result>(lane: CpuLane, task: CpuTask, budget: Budget): Promise<R> {
    try {
      // An aborted task stops its worker (piscina terminates the thread), so a runaway task frees its core.
      return (await lanes[lane].run(task, { signal: AbortSignal.timeout(budget.ms) })) as R;
    } catch (error) {
      if (isAbort(error)) throw new AppError('TIME_BUDGET_EXCEEDED', budget.timeoutMessage);
      // The worker is gone with its memory; piscina starts another for the next task.
      if (isOutOfMemory(error)) throw new AppError('MEMORY_BUDGET_EXCEEDED', budget.memoryMessage);
      throw error;
    }
  }

  function run<R extends Result>(lane: CpuLane, caller: CpuCaller, task: CpuTask, budget: Budget) {
    const chosen = caller.lane ?? lane;
    if (chosen === 'interactive') return runIn<R>('interactive', task, budget);
    // The time budget starts when the task's turn comes: waiting is not the task's fault.
    // The caller object stands for the job: an import passes one for all its sizings.
    return gate.run(caller.organizationId, caller, () => runIn<R>('bulk', task, budget));
  }

  const sizing: Budget = {
    ms: sizingBudgetMs,
    timeoutMessage: SIZING_TIMEOUT_MESSAGE,
    memoryMessage: SIZING_MEMORY_MESSAGE,
  };
  const document: Budget = {
    ms: documentBudgetMs,
    timeoutMessage: DOCUMENT_TIMEOUT_MESSAGE,
    memoryMessage: DOCUMENT_MEMORY_MESSAGE,
  };
  const schedule: Budget = {
    ms: SCHEDULE_TIME_BUDGET_MS,
    timeoutMessage: SCHEDULE_TIMEOUT_MESSAGE,
    memoryMessage: SCHEDULE_MEMORY_MESSAGE,
  };

  return {
    threads: bulkThreads + interactiveThreads,
    sizeTransit: (args, caller) =>
      run<TransitSizing>(
        circlesOf(args) >= BULK_SIZING_MIN_CIRCLES ? 'bulk' : 'interactive',
        caller,
        { kind: 'sizeTransit', args },
        sizing,
      ),
    async buildDocument(input, format, caller) {
      const built = await run<BuiltDocument>(
        'bulk',
        caller,
        { kind: 'buildDocument', input, format },
        document,
      );
      return withBuffer(built);
    },
    readSchedule: (bytes, caller) =>
      run<ReadScheduleResult>('bulk', caller, { kind: 'readSchedule', bytes }, schedule),
    suggestOpenings: (input, caller) =>
      run<OpeningSuggestions>('bulk', caller, { kind: 'suggestOpenings', input }, sizing),
    async labelSheet(sheet, caller) {
      const body = await run<Uint8Array>('bulk', caller, { kind: 'labelSheet', sheet }, document);
      return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    },
    async asBuilt(record, caller) {
      const body = await run<Uint8Array>('bulk', caller, { kind: 'asBuilt', record }, document);
      return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    },
    async packArchive(entries, caller) {
      const body = await run<Uint8Array>('bulk', caller, { kind: 'packArchive', entries }, document);
      return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    },
    readArchive: (bytes, caller) =>
      run<ReadArchiveResult>('bulk', caller, { kind: 'readArchive', bytes }, schedule),
    close: async () => {
      await Promise.all([lanes.interactive.close(), lanes.bulk.close()]);
    },
  };
}
