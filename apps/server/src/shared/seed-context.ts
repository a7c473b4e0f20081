import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '@sealplan/db';
import type { Env } from '../config/env';

/** What each module's seed step is given (seed/index.ts runs them; the type sits below both, ADR 025). */
export interface SeedContext {
  db: DbHandle;
  env: Env;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Lines printed to the person who ran the start command (e.g. the administrator's login). */
  announce: (line: string) => void;
}
