import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CLIENT_HEADER } from '@sealplan/contracts';
import { apiUrlOf, getStoredToken } from './api-client';
import { createServerTranslationsBackend, type TranslationsAnswer } from './server-translations';

/** Spec §4 language map: display name -> culture. */
export const LANGUAGES = [
  { label: 'English (US)', culture: 'en-US' },
  { label: 'English (UK)', culture: 'en-US' },
  { label: 'Mandarin (CH)', culture: 'zh-Hans' },
  { label: 'French (FR)', culture: 'fr-FR' },
  { label: 'Deutsch (DE)', culture: 'de-DE' },
] as const;
export const CULTURES = ['en-US', 'zh-Hans', 'fr-FR', 'de-DE'] as const;
export type Culture = (typeof CULTURES)[number];
export const DEFAULT_CULTURE: Culture = 'en-US';
export const CULTURE_STORAGE_KEY = 'sealplan.culture';

// One JSON file per language and namespace: src/locales/<culture>/<namespace>.json. English, the fallback, is in
// the first download; every other language is a chunk of its own, fetched when it is chosen (ADR 033).
type Texts = Record<string, unknown>;
const english = import.meta.glob<{ default: Texts }>('../locales/en-US/*.json', { eager: true });
const otherLanguages = import.meta.glob<{ default: Texts }>([
  '../locales/*/*.json',
  '!../locales/en-US/*.json',
]);
const resources: Record<string, Record<string, Texts>> = {};
const addFile = (path: string, texts: Texts) => {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) return;
  const [, culture, ns] = match as unknown as [string, string, string];
  (resources[culture] ??= {})[ns] = texts;
};
for (const [path, mod] of Object.entries(english)) addFile(path, mod.default);

const filesLoaded = new Map<string, Promise<void>>();
/** Fetches a language's files once; they join the bundled resources (and i18next's store, once it has started). */
function loadCultureFiles(culture: string): Promise<void> {
  let loaded = filesLoaded.get(culture);
  if (!loaded) {
    const files = Object.entries(otherLanguages).filter(([path]) => path.includes(`/locales/${culture}/`));
    loaded = Promise.all(
      files.map(async ([path, load]) => {
        addFile(path, (await load()).default);
        const ns = /([^/]+)\.json$/.exec(path)![1]!;
        if (i18n.isInitialized) i18n.addResourceBundle(culture, ns, resources[culture]![ns]!, true, false);
      }),
    ).then(() => undefined);
    filesLoaded.set(culture, loaded);
  }
  return loaded;
}

export function storedCulture(): Culture {
  const stored = localStorage.getItem(CULTURE_STORAGE_KEY);
  return (CULTURES as readonly string[]).includes(stored ?? '') ? (stored as Culture) : DEFAULT_CULTURE;
}

/**
 * ADR 016: texts come from the server at start (bundled files plus an administrator's overrides), laid over the
 * bundled files, which stand alone until the server answers or when it cannot. Component tests use the bundled
 * files only. A plain fetch (not the API client), so that an answer never signs anybody out.
 */
const fetchServerTranslations = async (culture: string): Promise<TranslationsAnswer> => {
  const url = apiUrlOf('translations.all', { query: { culture } });
  const res = await fetch(url, {
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${getStoredToken()}`,
      [CLIENT_HEADER]: 'web',
    },
  });
  if (!res.ok) throw new Error(`translations ${res.status}`);
  return ((await res.json()) as { data: TranslationsAnswer }).data;
};
export const serverTranslations = createServerTranslationsBackend(resources, fetchServerTranslations);
const withServerTexts = import.meta.env.MODE !== 'test';

export const i18n = i18next.createInstance();
if (withServerTexts) {
  i18n.use(serverTranslations);
  // i18next asks a backend only for bundles it lacks, and every culture is bundled: ask it once per culture used.
  const served = new Set<string>();
  const serve = (culture: string | undefined) => {
    if (!culture || served.has(culture)) return;
    served.add(culture);
    void i18n.reloadResources([culture]);
  };
  i18n.on('initialized', () => {
    serve(i18n.language);
    serve(DEFAULT_CULTURE);
  });
  i18n.on('languageChanged', serve);
}
// The chosen language is there before the first screen renders (no English flash); component tests get all.
await Promise.all(
  (import.meta.env.MODE === 'test' ? [...CULTURES] : [storedCulture()]).map(loadCultureFiles),
);
void i18n.use(initReactI18next).init({
  resources,
  // Bundled texts render at once; the backend then lays the server's texts over them.
  partialBundledLanguages: withServerTexts,
  lng: storedCulture(),
  fallbackLng: DEFAULT_CULTURE,
  defaultNS: 'common',
  ns: Object.keys(resources[DEFAULT_CULTURE] ?? { common: {} }),
  interpolation: { escapeValue: false },
  returnNull: false,
  // Screens re-render when the server's texts arrive, not only when the language changes.
  react: { bindI18n: 'languageChanged loaded' },
});

export function setCulture(culture: Culture) {
  localStorage.setItem(CULTURE_STORAGE_KEY, culture);
  document.documentElement.lang = culture;
  void loadCultureFiles(culture).then(() => i18n.changeLanguage(culture));
}
