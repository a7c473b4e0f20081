import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';

/**
 * The main thread's side of the embedded database in its worker thread (ADR 021): the part of PGlite's API that
 * drizzle and this package use (`query`, `exec`, `transaction`, `close`), each call a message to the thread.
 * A transaction's statements carry its id, so other requests' statements wait for it inside the thread exactly as
 * they wait in PGlite itself (one connection, one transaction at a time).
 */

interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** drizzle passes identity parsers for the types it wants as text; only their type ids cross the thread. */
  parsers?: Record<number, unknown>;
}

type Request =
  | {
      op: 'query';
      text: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      rawTypes?: number[];
      tx?: number;
    }
  | { op: 'exec'; text: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'ping' }
  | { op: 'close' };

type Reply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> };

/** How long a ping may wait for the thread before the database counts as not answering. */
export const PGLITE_THREAD_PING_TIMEOUT_MS = 5_000;

/** The error the thread sent, rebuilt with its fields (code, detail, constraint …) for the callers' checks. */
function rebuild(fields: Record<string, unknown>): Error {
  const { message, name, stack, ...rest } = fields;
  const error = Object.assign(new Error(String(message)), rest);
  if (typeof name === 'string') error.name = name;
  if (typeof stack === 'string') error.stack = `${stack}\n    (in the database thread)`;
  return error;
}

export interface PgliteThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Array<Results>>;
}

export class PgliteThread {
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private nextId = 1;
  private failure: Error | null = null;
  closed = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(rebuild(reply.error));
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!this.closed) fail(new Error(`the database thread stopped (exit code ${code})`));
    });
  }

  /** Starts the thread on a data folder (or 'memory://') and waits until the database is open. */
  static async start(dataDir: string): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } });
    const thread = new PgliteThread(worker);
    await new Promise<void>((resolve, reject) => {
      thread.pending.set(0, { resolve: () => resolve(), reject });
    });
    return thread;
  }

  private call<T>(request: Request): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error('the database is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, ...request });
    });
  }

  private queryIn<T>(
    tx: number | undefined,
    text: string,
    params: unknown[] = [],
    options: QueryOptions = {},
  ) {
    return this.call<Results<T>>({
      op: 'query',
      text,
      params,
      rowMode: options.rowMode,
      rawTypes: options.parsers ? Object.keys(options.parsers).map(Number) : undefined,
      tx,
    });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queryIn<T>(undefined, text, params, options);
  }

  exec(text: string): Promise<Array<Results>> {
    return this.call({ op: 'exec', text });
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    const client: PgliteThreadTransaction = {
      query: (text, params, options) => this.queryIn(tx, text, params, options),
      exec: (text) => this.call({ op: 'exec', text, tx }),
    };
    let result: T;
    try {
      result = await work(client);
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  /**
   * True when the database answers: at once while it runs statements (a busy database is answering), else after
   * a `select 1`; false when the thread has stopped or does not answer in time.
   */
  async ping(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PGLITE_THREAD_PING_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.call<boolean>({ op: 'ping' }).catch(() => false), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      if (!this.failure) await this.call({ op: 'close' });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}
