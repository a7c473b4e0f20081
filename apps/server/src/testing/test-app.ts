import { sql } from 'drizzle-orm';
import { createTestDb } from '@sealplan/db/testing';
import { buildApp, type App, type AppDeps } from '../app';
import { parseEnv } from '../config/env';
import type { MailMessage, Mailer } from '../lib/mail';
import { PGBOSS_SCHEMA } from '../modules/queue';
import { createCpuPool, type CpuPool, type CpuPoolOptions } from '../workers/cpu-pool';

export interface TestApp {
  app: App;
  deps: AppDeps;
  /** Messages the app sent, newest last (an in-memory mailer; SMTP itself is tested with smtp-server). */
  sentMail: MailMessage[];
  /** Sends every queued mail now and waits for it (mail leaves through the durable queue). */
  flushMail(): Promise<void>;
  /** Moves the app's clock forward. */
  advanceClock(ms: number): void;
  /**
   * Moves the app's clock forward, and the job queue's: on PostgreSQL pg-boss times jobs by the database's clock
   * (ADR 037), so every job waiting there becomes due `ms` earlier.
   */
  advanceQueueClock(ms: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real worker pool as tests use it: one thread per lane, started on the first task (most test files never size
 * or export). The bulk lane runs at normal priority: the tests share the machine with a browser suite and other
 * test files, against whose normal-priority processes a niced thread would starve past its time-outs (ADR 022).
 */
export function createTestCpuPool(options: CpuPoolOptions = {}): CpuPool {
  return createCpuPool({ threads: 1, minThreads: 0, bulkNice: 0, ...options });
}

/** A fully built app on a fresh cloned database, for app.inject tests. */
export async function createTestApp(
  overrides: Partial<AppDeps> = {},
  envOverrides: Record<string, string> = {},
): Promise<TestApp> {
  const db = await createTestDb();
  const sentMail: MailMessage[] = [];
  const mail: Mailer = {
    target: 'memory',
    async send(message) {
      sentMail.push(message);
    },
  };
  let offsetMs = 0;
  // Tests model a deployment behind a local proxy: app.inject connects from 127.0.0.1 and sets X-Forwarded-For.
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    TRUST_PROXY: 'loopback',
    ...envOverrides,
  });
  const deps: AppDeps = {
    db,
    env,
    mail,
    version: 'test',
    now: () => new Date(Date.now() + offsetMs),
    cpu: createTestCpuPool(),
    ...overrides,
  };
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  return {
    app,
    deps,
    sentMail,
    flushMail: () => app.mailQueue.drain(),
    advanceClock(ms) {
      offsetMs += ms;
    },
    async advanceQueueClock(ms) {
      offsetMs += ms;
      if (db.kind === 'postgres')
        await db.db.execute(
          sql`update ${sql.identifier(PGBOSS_SCHEMA)}.job set start_after = start_after - ${ms} * interval '1 millisecond'
            where state < 'active'`,
        );
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}
