import type { SeedContext } from '../shared/seed-context';
import { seedAccounts } from '../modules/users';
import { seedCatalogue, seedIndustries } from '../modules/catalogue';
import { seedDemo } from '../modules/projects';
import { seedContent } from '../modules/content';

export type { SeedContext };

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
