import { describe, expect, it } from 'vitest';
import {
  BUNDLED_ENGLISH_NAMESPACES,
  CULTURES,
  DEFAULT_CULTURE,
  FIRST_NAMESPACES,
  i18n,
  LANGUAGES,
} from './i18n';

type Tree = { [key: string]: string | Tree };

/** Flattens a namespace to dotted keys; plural forms (key_one, key_other, …) count as one key. */
function keys(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'object') for (const [k, v] of keys(value, `${prefix}${key}.`)) out.set(k, v);
    else out.set(`${prefix}${key}`.replace(/_(zero|one|two|few|many|other)$/, ''), value);
  }
  return out;
}

const bundle = (culture: string, ns: string) => (i18n.getResourceBundle(culture, ns) ?? {}) as Tree;
const namespaces = Object.keys(i18n.store.data[DEFAULT_CULTURE] ?? {});

describe('i18n (languages)', () => {
  it('maps the spec §4 language names to cultures, en-US by default', () => {
    expect(LANGUAGES.map((l) => [l.label, l.culture])).toEqual([
      ['English (US)', 'en-US'],
      ['English (UK)', 'en-US'],
      ['Mandarin (CH)', 'zh-Hans'],
      ['French (FR)', 'fr-FR'],
      ['Deutsch (DE)', 'de-DE'],
    ]);
    expect(DEFAULT_CULTURE).toBe('en-US');
  });

  it("bundles English for the public pages' namespaces, each of which every culture has (ADR 033)", () => {
    expect([...BUNDLED_ENGLISH_NAMESPACES].sort()).toEqual([...FIRST_NAMESPACES].sort());
    for (const culture of CULTURES)
      for (const ns of FIRST_NAMESPACES)
        expect(i18n.hasResourceBundle(culture, ns), `${culture}/${ns}`).toBe(true);
  });

  it('loads every namespace for every culture', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'shell', 'auth']));
    for (const culture of CULTURES)
      expect(Object.keys(i18n.store.data[culture] ?? {}).sort()).toEqual([...namespaces].sort());
  });

  it.each(CULTURES.filter((c) => c !== DEFAULT_CULTURE))(
    '%s has every en-US key, each with a real text',
    (culture) => {
      const missing: string[] = [];
      const placeholders: string[] = [];
      for (const ns of namespaces) {
        const theirs = keys(bundle(culture, ns));
        for (const key of keys(bundle(DEFAULT_CULTURE, ns)).keys()) {
          const text = theirs.get(key);
          if (text === undefined) missing.push(`${ns}:${key}`);
          // A key shown as text (or an empty one) is what a user must never see.
          else if (text.trim() === '' || text === key || text === `${ns}:${key}`)
            placeholders.push(`${ns}:${key}`);
        }
      }
      expect(missing).toEqual([]);
      expect(placeholders).toEqual([]);
    },
  );

  it.each(CULTURES.filter((c) => c !== DEFAULT_CULTURE))(
    '%s translates the shell, login and register screens',
    (culture) => {
      const t = i18n.getFixedT(culture);
      const en = i18n.getFixedT(DEFAULT_CULTURE);
      for (const key of [
        'shell:nav.main',
        'shell:nav.dashboard',
        'shell:nav.customers',
        'shell:settings.open',
        'auth:login.pageTitle',
        'auth:register.pageTitle',
      ])
        expect(t(key), key).not.toBe(en(key));
    },
  );
});

describe('plurals inside a sentence (ADR 029)', () => {
  it.each([
    ['en-US', 30, 1, '30 rows imported into 1 transit.'],
    ['en-US', 1, 2, '1 row imported into 2 transits.'],
    ['de-DE', 30, 1, '30 Zeilen in 1 Durchführung importiert.'],
    ['fr-FR', 1, 3, '1 ligne importée dans 3 traversées.'],
  ])('%s: %i rows into %i transits', (culture, count, transits, text) => {
    expect(i18n.getFixedT(culture, 'schedules')('imported', { count, transits })).toBe(text);
  });
});

/** Every text of a culture, by `namespace:dotted.key` (plural forms keep their suffix). */
function texts(culture: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (tree: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === 'object') walk(value, `${prefix}${key}.`);
      else out.set(`${prefix}${key}`, value);
    }
  };
  for (const ns of namespaces) walk(bundle(culture, ns), `${ns}:`);
  return out;
}

const PLURAL_SUFFIX = /^(.*)_(zero|one|two|few|many|other)$/;

/**
 * Texts where {{count}} is not a number of things the sentence names (a position, a page size, a total in
 * brackets), or one that is always above a limit of hundreds: they need no plural forms.
 */
const COUNT_WITHOUT_PLURAL = new Set([
  'admin:grid.perPage',
  'content:chips.label',
  'content:chips.movedTo',
  'content:chips.dropped',
  'content:grid.deleteSelected',
  'content:grid.perPage',
  'schedules:messages.tooManyCircles',
  'transits:items.tooManyCircles',
]);

describe('plural forms (i18next, Intl.PluralRules)', () => {
  it.each(CULTURES)('%s: every plural text has exactly the forms its language distinguishes', (culture) => {
    const categories = new Intl.PluralRules(culture).resolvedOptions().pluralCategories as string[];
    const forms = new Map<string, string[]>();
    for (const key of texts(culture).keys()) {
      const match = PLURAL_SUFFIX.exec(key);
      if (match) forms.set(match[1]!, [...(forms.get(match[1]!) ?? []), match[2]!]);
    }
    const wrong = [...forms]
      .filter(([, found]) => [...found].sort().join() !== [...categories].sort().join())
      .map(([key, found]) => `${key}: ${found.join(', ')}`);
    expect(wrong).toEqual([]);
  });

  it.each(CULTURES)('%s: a text that counts things with {{count}} has plural forms', (culture) => {
    const single = [...texts(culture)]
      .filter(([key, text]) => text.includes('{{count}}') && !PLURAL_SUFFIX.test(key))
      .map(([key]) => key)
      .filter((key) => !COUNT_WITHOUT_PLURAL.has(key));
    expect(single).toEqual([]);
  });

  it.each([
    ['fr-FR', 1_000_000, '1000000 lignes importées dans 1 traversée.'],
    ['zh-Hans', 1, '已将 1 行导入 1 个贯穿件。'],
  ])('%s: %i rows read in the language at any count', (culture, count, text) => {
    expect(i18n.getFixedT(culture, 'schedules')('imported', { count, transits: 1 })).toBe(text);
  });

  it.each([
    ['en-US', 1, 'Nothing was imported: 1 row has problems. Correct it and import again.'],
    ['en-US', 3, 'Nothing was imported: 3 rows have problems. Correct them and import again.'],
    [
      'de-DE',
      1,
      'Nichts wurde importiert: 1 Zeile hat Probleme. Korrigieren Sie sie und importieren Sie erneut.',
    ],
  ])('%s: %i rejected rows', (culture, count, text) => {
    expect(i18n.getFixedT(culture, 'schedules')('messages.rejected', { count })).toBe(text);
  });
});
