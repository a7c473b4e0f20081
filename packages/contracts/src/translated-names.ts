import { z } from 'zod';
import { TRANSLATED_NAME_LOCALES } from '@sealplan/engine';
import type { TranslatedNameLocale, TranslatedNames } from '@sealplan/engine';
import { singleLine } from './input-gate';

// ADR 030: catalogue entries (item types, transit types, classes, sealants) and industries carry their English
// name (`name`, required) and, per other interface language, a name of their own (`names`). A language left out
// (or saved empty) shows the English name. The browser and the document writers resolve a name with the same
// function, `localizedName`.

export { TRANSLATED_NAME_LOCALES, type TranslatedNameLocale, type TranslatedNames };

/** Longest name in any language (the English name's limit in the catalogue). */
export const TRANSLATED_NAME_MAX_LENGTH = 120;

const translatedName = singleLine(z.string().trim().max(TRANSLATED_NAME_MAX_LENGTH), 'The name').optional();

/**
 * The names per language as typed. An empty one means "none" (that language shows the English name): the server
 * stores names through `compactNames`, so an empty name is never kept. No transform here: the same schema checks
 * the answers, which are encoded, not parsed.
 */
export const translatedNamesSchema = z.strictObject({
  'de-DE': translatedName,
  'fr-FR': translatedName,
  'zh-Hans': translatedName,
});

/** The names per language as answered (already compact). */
export const storedTranslatedNamesSchema = z.object({
  'de-DE': z.string().optional(),
  'fr-FR': z.string().optional(),
  'zh-Hans': z.string().optional(),
});

/** The names without empty or missing entries, in the fixed language order. */
export function compactNames(
  names: Partial<Record<string, string | undefined>> | null | undefined,
): TranslatedNames {
  const out: TranslatedNames = {};
  for (const locale of TRANSLATED_NAME_LOCALES) {
    const name = names?.[locale]?.trim();
    if (name) out[locale] = name;
  }
  return out;
}

/** The translated-name language a culture reads ('de', 'de-AT' → 'de-DE'; 'zh', 'zh-CN' → 'zh-Hans'), or null. */
export function translatedNameLocale(culture: string | null | undefined): TranslatedNameLocale | null {
  if (!culture) return null;
  const exact = TRANSLATED_NAME_LOCALES.find((locale) => locale.toLowerCase() === culture.toLowerCase());
  if (exact) return exact;
  const language = culture.split('-')[0]!.toLowerCase();
  return TRANSLATED_NAME_LOCALES.find((locale) => locale.split('-')[0]!.toLowerCase() === language) ?? null;
}

/** Anything with an English name and perhaps names in other languages (catalogue rows, industries). */
export interface NamedEntry {
  name: string;
  names?: TranslatedNames | null;
}

/**
 * ADR 030: the entry's name in the culture ('de-DE', 'fr-FR', 'zh-Hans', or a culture of the same language), or its
 * English name when it has none in that language.
 */
export function localizedName(entry: NamedEntry, culture: string | null | undefined): string {
  const locale = translatedNameLocale(culture);
  const translated = locale ? entry.names?.[locale]?.trim() : undefined;
  return translated || entry.name;
}
