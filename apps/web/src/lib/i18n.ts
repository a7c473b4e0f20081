import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CLIENT_HEADER } from '@sealplan/contracts';
import { getStoredToken } from './api-client';
import { webEnv } from './env';
import {
  createServerTranslationsBackend,
  TRANSLATIONS_PATH,
  type TranslationsAnswer,
} from './server-translations';

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

// One JSON file per language and namespace: src/locales/<culture>/<namespace>.json
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, mod] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, culture, ns] = match as unknown as [string, string, string];
  (resources[culture] ??= {})[ns] = mod.default;
}

export function storedCulture(): Culture {
  const stored = localStorage.getItem(CULTURE_STORAGE_KEY);
  return (CULTURES as readonly string[]).includes(stored ?? '') ? (stored as Culture) : DEFAULT_CULTURE;
}

/**
 * Issue 19: texts come from the server at start (bundled files plus an administrator's overrides), laid over the
 * bundled files, which stand alone until the server answers or when it cannot. Component tests use the bundled
 * files only. A plain fetch (not the API client), so that an answer never signs anybody out.
 */
const fetchServerTranslations = async (culture: string): Promise<TranslationsAnswer> => {
  const url = `${webEnv.apiBase}${TRANSLATIONS_PATH}?culture=${encodeURIComponent(culture)}`;
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
  void i18n.changeLanguage(culture);
  document.documentElement.lang = culture;
}
