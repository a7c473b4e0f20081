import { localizedName, type NamedEntry } from '@sealplan/contracts';

/**
 * ADR 030: the one server-side resolver of a catalogue entry's or an industry's name in a language: the entry's
 * name in `locale` ('de-DE', 'fr-FR', 'zh-Hans', or a culture of the same language) when it has one, else its
 * English name. Document writers call it with the document's language; entries come from `loadCatalogue` (item
 * types, transit types, classes, sealants) or carry an industry's `name` and `names`.
 */
export function catalogueName(entry: NamedEntry, locale: string | null | undefined): string {
  return localizedName(entry, locale);
}
