import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CONTENT_MESSAGES,
  CULTURES,
  type Culture,
  type Envelope,
  type TranslationsResponse,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import { okEnvelopeText, rawEnvelope } from '../../lib/raw-json';
import type { ContentRepository } from './content.repository';

/** Spec §4 language map: English (UK) reads en-US; a stored culture outside the map is refused. */
const CULTURE_ALIASES: Record<string, Culture> = {
  'en-GB': 'en-US',
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  zh: 'zh-Hans',
};

type Resources = Record<string, Record<string, string>>;
type TranslationOverride = { namespace: string; key: string; text: string };

/** The culture a request names, through the language map; undefined for one outside it. */
export function cultureRequested(requested: string): Culture | undefined {
  return (CULTURES as readonly string[]).includes(requested)
    ? (requested as Culture)
    : CULTURE_ALIASES[requested];
}

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

  function cultureOf(requested: string): Culture {
    const culture = cultureRequested(requested);
    if (!culture) {
      const message = CONTENT_MESSAGES.unknownCulture.replace('{allowed}', CULTURES.join(', '));
      throw new AppError('VALIDATION_FAILED', message, { culture: message });
    }
    return culture;
  }

  async function merged(culture: Culture, overrides: readonly TranslationOverride[]) {
    if (!bundled.has(culture)) bundled.set(culture, readBundled(culture));
    const base = await bundled.get(culture)!;
    const resources: Resources = Object.fromEntries(
      Object.entries(base).map(([ns, keys]) => [ns, { ...keys }]),
    );
    for (const o of overrides) (resources[o.namespace] ??= {})[o.key] = o.text;
    return { culture, resources };
  }

  /** The answer's envelope text per culture, kept with the overrides' text it was written from (ADR 038). */
  const answers = new Map<Culture, { overrides: string; text: string }>();

  return {
    async all(requested: string): Promise<TranslationsResponse> {
      const culture = cultureOf(requested);
      return merged(culture, await repo.translationsOf(culture));
    },

    /**
     * The whole answer (envelope included) as JSON text, from the overrides as `translationOverridesJson` wrote
     * them (read in the session's statement, ADR 038): written again only when the overrides change, so an
     * unchanged culture costs no JSON work.
     */
    async allAnswer(requested: string, overridesJson: string): Promise<Envelope<TranslationsResponse>> {
      const culture = cultureOf(requested);
      const kept = answers.get(culture);
      if (kept && kept.overrides === overridesJson) return rawEnvelope<TranslationsResponse>(kept.text);
      const overrides = (JSON.parse(overridesJson) as [string, string, string][]).map(
        ([namespace, key, text]) => ({ namespace, key, text }),
      );
      const text = okEnvelopeText(JSON.stringify(await merged(culture, overrides)));
      answers.set(culture, { overrides: overridesJson, text });
      return rawEnvelope<TranslationsResponse>(text);
    },
  };
}

export type TranslationsService = ReturnType<typeof createTranslationsService>;
