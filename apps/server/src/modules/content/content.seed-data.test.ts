import { describe, expect, it } from 'vitest';
import { CONTENT_MODELS, modelConfigurationSchema, validateDynamicForm } from '@sealplan/contracts';
import { catalogueSeed } from '@sealplan/db';
import { CONTENT_MODEL_DEFS } from './content-models';
import {
  MENU_ITEM_SEED,
  MODEL_CONFIGURATION_SEED,
  SPECIFICATION_SEED,
  productSeed,
} from './content.seed-data';
import { renderPageHtml } from './page-render';
import {
  TEMPLATE_DEFINITIONS,
  TEMPLATE_SYMBOLS,
  placeholdersOf,
  renderTemplate,
  templateProblem,
} from '../../shared/template-definitions';

const READ_ONLY_COLUMNS = ['createdOn', 'lastUpdatedOn', 'isLocked'];

describe('seeded content is valid by its own rules', () => {
  it('every model configuration parses, and its grid columns are fields of the model', () => {
    for (const model of CONTENT_MODELS) {
      const config = modelConfigurationSchema.parse(MODEL_CONFIGURATION_SEED[model]);
      expect(config.model).toBe(model);
      const names = config.fields.map((f) => f.name);
      for (const column of config.listColumns) {
        // Read-only record fields (audit dates, a page's lock) may be columns without being form fields.
        if (!READ_ONLY_COLUMNS.includes(column)) expect(names, `${model}.${column}`).toContain(column);
      }
    }
  });

  it('the seeded menu, specifications and products pass their configurations and contracts', () => {
    const check = (model: (typeof CONTENT_MODELS)[number], record: Record<string, unknown>) => {
      expect(validateDynamicForm(MODEL_CONFIGURATION_SEED[model].fields, record), model).toEqual([]);
      expect(CONTENT_MODEL_DEFS[model].input.safeParse(record).success, model).toBe(true);
    };
    for (const item of MENU_ITEM_SEED) check('MenuItem', { ...item, type: 'MAIN_MENU', children: [] });
    for (const spec of SPECIFICATION_SEED) check('Specification', { ...spec });
    const products = productSeed(catalogueSeed);
    expect(products.length).toBeGreaterThan(20);
    expect(new Set(products.map((p) => p.articleNumber)).size).toBe(products.length);
    for (const product of products) check('Product', product);
  });

  it('every template default uses only its own placeholders', () => {
    for (const symbol of TEMPLATE_SYMBOLS) {
      expect(templateProblem(symbol, TEMPLATE_DEFINITIONS[symbol].view), symbol).toBeNull();
    }
  });
});

describe('templates', () => {
  it('fills placeholders with plain text, leaves unknown ones empty, and names an unknown placeholder', () => {
    expect(renderTemplate('Hello {{ name }}, {{missing}}!', { name: '<b>Ann</b>' })).toBe(
      'Hello <b>Ann</b>, !',
    );
    expect(placeholdersOf('{{a}} {{ b }} {x}')).toEqual(['a', 'b']);
    expect(templateProblem('mail.approved.body', 'Your {{password}}')).toContain('{{password}}');
  });
});

describe('page rendering', () => {
  it('escapes everything but its own conventions, and keeps only safe links', () => {
    const html = renderPageHtml(
      'A & B',
      '## Steps\n\n- one\n- [two](https://x.example/?a=1&b=2)\n\n<img src=x onerror=alert(1)> [x](javascript:alert(1)) [y](//evil.example)',
    );
    expect(html).toBe(
      '<article><h1>A &amp; B</h1><h3>Steps</h3><ul><li>one</li><li><a href="https://x.example/?a=1&amp;b=2" rel="noopener noreferrer">two</a></li></ul>' +
        // The link ends at the first ')': the unsafe one keeps only its label (and the stray bracket, as text).
        '<p>&lt;img src=x onerror=alert(1)&gt; x) y</p></article>',
    );
  });
});
