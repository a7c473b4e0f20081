import { describe, expect, it } from 'vitest';
import { CULTURES, DEFAULT_CULTURE, i18n, LANGUAGES } from './i18n';

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

describe('i18n (issue 6: languages)', () => {
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
