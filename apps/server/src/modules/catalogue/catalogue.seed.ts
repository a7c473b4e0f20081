import { CATALOGUE_DATA_VERSION } from '@sealplan/db';
import type { SeedContext } from '../../shared/seed-context';
import { createCatalogueRepository } from './catalogue.repository';

/** Seed step: the spec §3 industries (ON_SHORE, OFF_SHORE). Idempotent. */
export async function seedIndustries(ctx: SeedContext) {
  await createCatalogueRepository(ctx.db.db).seedIndustries();
}

/**
 * Seed step: the catalogue tables from the versioned data file, once. Tables an earlier data version filled are
 * kept (an administrator may have edited them) and reported.
 */
export async function seedCatalogue(ctx: SeedContext) {
  const outcome = await createCatalogueRepository(ctx.db.db).seed();
  if (outcome === 'seeded') {
    ctx.announce(
      `Catalogue: sample figures (data version ${CATALOGUE_DATA_VERSION}) - verify them under the catalogue settings.`,
    );
  } else if (outcome !== 'current') {
    ctx.log.warn(
      { stored: outcome.olderVersion, available: CATALOGUE_DATA_VERSION },
      'catalogue tables hold an older data version; left unchanged',
    );
  }
}
