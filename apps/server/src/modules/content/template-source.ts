import type { Database } from '@sealplan/db';
import { createContentRepository } from './content.repository';
import { DEFAULT_TEMPLATE_TEXTS, isTemplateSymbol, type TemplateTexts } from './template-definitions';

/** Where the e-mail and document texts come from: read once per e-mail or document, so an edit applies at once. */
export interface TemplateSource {
  texts(): Promise<TemplateTexts>;
}

/** The built-in texts (the seed's), for services built without a database (unit tests). */
export const defaultTemplateSource: TemplateSource = { texts: async () => DEFAULT_TEMPLATE_TEXTS };

/** The stored templates over the defaults: a Symbol without a row keeps its built-in text. */
export function createTemplateSource(db: Database): TemplateSource {
  const repo = createContentRepository(db);
  return {
    async texts() {
      const texts: Record<string, string> = { ...DEFAULT_TEMPLATE_TEXTS };
      for (const row of await repo.templateRows()) {
        if (isTemplateSymbol(row.symbol)) texts[row.symbol] = row.view;
      }
      return texts as TemplateTexts;
    },
  };
}
