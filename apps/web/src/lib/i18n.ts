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

// One JSON file per language and namespace: src/locales/<culture>/<namespace>.json (ADR 033). The first download
// holds English (the fallback) for the public pages' namespaces only; every other file is a chunk of its own: a
// language's public namespaces are fetched before the first render when it is the stored language (so no English
// flash) or when the user switches, and every namespace of the languages in use before the signed-in shell
// renders (loadAllTexts).
/** The namespaces of the public pages (login, register, passwords, the status pages). */
export const FIRST_NAMESPACES = ['common', 'shell', 'auth', 'signin'] as const;
type Texts = Record<string, unknown>;
const english = import.meta.glob<{ default: Texts }>('../locales/en-US/{common,shell,auth,signin}.json', {
  eager: true,
});
const lazyTexts = import.meta.glob<{ default: Texts }>([
  '../locales/*/*.json',
  '!../locales/en-US/{common,shell,auth,signin}.json',
]);
const fileOf = (path: string) => {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { culture: match[1]!, ns: match[2]! } : null;
};
/** Every namespace there is, loaded or not (i18next asks the server's texts for each, ADR 016). */
const ALL_NAMESPACES = [
  ...new Set(
    [...Object.keys(english), ...Object.keys(lazyTexts)]
      .map((path) => fileOf(path))
      .filter((file) => file?.culture === 'en-US')
      .map((file) => file!.ns),
  ),
].sort();
/** The English namespaces in the first download; the glob above names FIRST_NAMESPACES (checked by i18n.test). */
export const BUNDLED_ENGLISH_NAMESPACES = Object.keys(english).map((path) => fileOf(path)!.ns);
const resources: Record<string, Record<string, Texts>> = {};
const addFile = (path: string, texts: Texts) => {
  const file = fileOf(path);
  if (file) (resources[file.culture] ??= {})[file.ns] = texts;
};
for (const [path, mod] of Object.entries(english)) addFile(path, mod.default);

const fileLoads = new Map<string, Promise<void>>();
/** Fetches one file once; it joins the bundled resources (and i18next's store, once it has started). */
function loadFile(path: string): Promise<void> {
  let loaded = fileLoads.get(path);
  if (!loaded) {
    loaded = lazyTexts[path]!().then((mod) => {
      addFile(path, mod.default);
      const { culture, ns } = fileOf(path)!;
      // Deep and without overwriting: the server's texts, when they came first, stay on top (ADR 016).
      if (i18n.isInitialized) i18n.addResourceBundle(culture, ns, resources[culture]![ns]!, true, false);
    });
    fileLoads.set(path, loaded);
  }
  return loaded;
}

/** The languages asked for so far (the stored one, then each switch), and whether the signed-in shell needs all. */
const culturesInUse = new Set<string>();
let allNamespacesWanted = import.meta.env.MODE === 'test';
/** Fetches a language's files: its public namespaces, or every one once the signed-in shell is wanted. */
function loadCultureFiles(culture: string): Promise<void> {
  culturesInUse.add(culture);
  const paths = Object.keys(lazyTexts).filter((path) => {
    const file = fileOf(path);
    return (
      file?.culture === culture &&
      (allNamespacesWanted || (FIRST_NAMESPACES as readonly string[]).includes(file.ns))
    );
  });
  return Promise.all(paths.map(loadFile)).then(() => undefined);
}

/**
 * Every namespace of English and of the languages in use, for the signed-in shell (ADR 033): its route waits for
 * them, so no signed-in screen ever shows a key.
 */
export function loadAllTexts(): Promise<void> {
  allNamespacesWanted = true;
  return Promise.all([DEFAULT_CULTURE, ...culturesInUse].map(loadCultureFiles)).then(() => undefined);
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
  (import.meta.env.MODE === 'test' ? [...CULTURES] : [DEFAULT_CULTURE, storedCulture()]).map(
    loadCultureFiles,
  ),
);
void i18n.use(initReactI18next).init({
  resources,
  // Bundled texts render at once; the backend then lays the server's texts over them.
  partialBundledLanguages: withServerTexts,
  lng: storedCulture(),
  fallbackLng: DEFAULT_CULTURE,
  // Texts exist per culture (en-US, fr-FR, …), never per bare language: asking the server for "en" as well only
  // delayed the first screen (ADR 033).
  load: 'currentOnly',
  defaultNS: 'common',
  ns: ALL_NAMESPACES,
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
