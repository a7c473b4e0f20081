import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '@sealplan/db';
import type { Env } from '../config/env';
import { seedAccounts } from '../modules/auth/accounts.seed';
import { seedCatalogue, seedIndustries } from '../modules/catalogue/catalogue.seed';
import { seedDemo } from '../modules/projects/demo.seed';
import { seedContent } from '../modules/content/content.seed';

export interface SeedContext {
  db: DbHandle;
  env: Env;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Lines printed to the person who ran the start command (e.g. the administrator's login). */
  announce: (line: string) => void;
}

/**
 * Idempotent seed run by the start command: reference data, the administrator, demo data when SEED_DEMO.
 * Each step checks what exists and adds only what is missing.
 */
export async function runSeed(ctx: SeedContext) {
  const steps: { name: string; run: (ctx: SeedContext) => Promise<void> }[] = [
    { name: 'industries', run: seedIndustries },
    { name: 'catalogue', run: seedCatalogue },
    { name: 'accounts', run: seedAccounts },
    { name: 'demo', run: seedDemo },
    { name: 'content', run: seedContent },
  ];
  for (const step of steps) {
    await step.run(ctx);
    ctx.log.info({ step: step.name }, 'seeded');
  }
}
