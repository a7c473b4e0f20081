import type { Database } from '@sealplan/db';
import {
  DEFAULT_TEMPLATE_TEXTS,
  isTemplateSymbol,
  type TemplateTexts,
} from '../../shared/template-definitions';
import type { TemplateSource } from '../../shared/template-source';
import { createContentRepository } from './content.repository';

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
