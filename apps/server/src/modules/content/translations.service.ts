import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_MESSAGES, CULTURES, type Culture, type TranslationsResponse } from '@sealplan/contracts';
import { AppError } from '../../errors';
import type { ContentRepository } from './content.repository';

/** The web app's bundled locale files in the repository (the server runs from source, so the path is stable). */
export const DEFAULT_LOCALES_DIR = fileURLToPath(new URL('../../../../web/src/locales', import.meta.url));

/** Spec §4 language map: English (UK) reads en-US; a stored culture outside the map is refused. */
const CULTURE_ALIASES: Record<string, Culture> = {
  'en-GB': 'en-US',
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  zh: 'zh-Hans',
};

type Resources = Record<string, Record<string, string>>;

/** i18next JSON (nested objects) as flat dotted keys, the shape overrides are stored in. */
function flatten(value: unknown, prefix: string, into: Record<string, string>) {
  if (typeof value === 'string') {
    into[prefix] = value;
    return;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  }
}

/**
 * GET /api/translations/all (spec §7): the bundled texts of a culture merged with the administrators' overrides
 * (the Translation model), so a text change needs no rebuild. Bundled files are read once per culture.
 */
export function createTranslationsService({
  repo,
  localesDir,
}: {
  repo: ContentRepository;
  localesDir: string;
}) {
  const bundled = new Map<Culture, Promise<Resources>>();

  async function readBundled(culture: Culture): Promise<Resources> {
    const dir = join(localesDir, culture);
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
    const resources: Resources = {};
    for (const file of files) {
      const flat: Record<string, string> = {};
      flatten(JSON.parse(await readFile(join(dir, file), 'utf8')), '', flat);
      resources[file.slice(0, -'.json'.length)] = flat;
    }
    return resources;
  }

  return {
    async all(requested: string): Promise<TranslationsResponse> {
      const culture = (CULTURES as readonly string[]).includes(requested)
        ? (requested as Culture)
        : CULTURE_ALIASES[requested];
      if (!culture) {
        const message = CONTENT_MESSAGES.unknownCulture.replace('{allowed}', CULTURES.join(', '));
        throw new AppError('VALIDATION_FAILED', message, { culture: message });
      }
      if (!bundled.has(culture)) bundled.set(culture, readBundled(culture));
      const base = await bundled.get(culture)!;
      const resources: Resources = Object.fromEntries(
        Object.entries(base).map(([ns, keys]) => [ns, { ...keys }]),
      );
      for (const o of await repo.translationsOf(culture)) (resources[o.namespace] ??= {})[o.key] = o.text;
      return { culture, resources };
    },
  };
}

export type TranslationsService = ReturnType<typeof createTranslationsService>;
