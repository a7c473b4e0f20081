import { catalogueSeed, type Database } from '@sealplan/db';
import { CONTENT_MODELS, type ContentModel } from '@sealplan/contracts';
import type { SeedContext } from '../../shared/seed-context';
import { createContentRepository } from './content.repository';
import { CONTENT_MODEL_DEFS } from './content-models';
import {
  MENU_ITEM_SEED,
  MODEL_CONFIGURATION_SEED,
  SPECIFICATION_SEED,
  productSeed,
} from './content.seed-data';
import { TEMPLATE_DEFINITIONS, TEMPLATE_SYMBOLS } from '../../shared/template-definitions';

/**
 * Seeds the content a new installation starts with (idempotent): every model configuration, template and product
 * that is missing; the spec §2 sidebar and the starting specifications only into empty tables (an administrator who
 * removed an entry does not see it come back). Then rebuilds the full-text index. Answers what it added.
 */
export async function seedContentData(db: Database): Promise<Partial<Record<ContentModel, number>>> {
  const repo = createContentRepository(db);
  const added: Partial<Record<ContentModel, number>> = {};
  added.ModelConfiguration = await repo.insertMissing(
    'ModelConfiguration',
    CONTENT_MODELS.map((model) => ({ ...MODEL_CONFIGURATION_SEED[model] })),
  );
  added.Template = await repo.insertMissing(
    'Template',
    TEMPLATE_SYMBOLS.map((symbol) => ({
      symbol,
      model: TEMPLATE_DEFINITIONS[symbol].model,
      view: TEMPLATE_DEFINITIONS[symbol].view,
    })),
  );
  added.Product = await repo.insertMissing('Product', productSeed(catalogueSeed));
  if ((await repo.count('MenuItem')) === 0) {
    added.MenuItem = await repo.insertMissing(
      'MenuItem',
      MENU_ITEM_SEED.map((item) => ({ ...item, type: 'MAIN_MENU', children: [] })),
    );
  }
  if ((await repo.count('Specification')) === 0) {
    added.Specification = await repo.insertMissing(
      'Specification',
      SPECIFICATION_SEED.map((s) => ({ ...s })),
    );
  }
  for (const model of CONTENT_MODELS) {
    const rows = await repo.all(model);
    await repo.reindex(
      model,
      rows.map((row) => ({ recordId: String(row.id), text: CONTENT_MODEL_DEFS[model].searchText(row) })),
    );
  }
  return added;
}

/** Seed step (runSeed). */
export async function seedContent(ctx: SeedContext) {
  const added = await seedContentData(ctx.db.db);
  ctx.log.info({ added }, 'content seeded');
}
