import type { TFunction } from 'i18next';
import { PROJECT_MESSAGES } from '@sealplan/contracts';

/** The contract's rule texts (spec §5, in English, shared with the server) -> keys of projects:messages.*. */
const KEY_BY_TEXT = new Map<string, string>(
  Object.entries(PROJECT_MESSAGES).map(([key, text]) => [text, `messages.${key}`]),
);

/** A validation message of the project form in the user's language; a text without a key is shown as it is. */
export function projectMessage(t: TFunction<'projects'>, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = KEY_BY_TEXT.get(message);
  return key ? t(key, { defaultValue: message }) : message;
}

/** Engine message parameters in mm (spec §8 depth, the diameters) and in percent (the fill figures). */
const LENGTH_PARAMS = new Set(['min', 'diameter', 'maxRadius']);
const PERCENT_PARAMS = new Set(['fill', 'limit']);

/**
 * An engine message's parameters as the user reads them: lengths in their unit system and percentages in their
 * locale (ADR 014), so a translated message never says "150mm" to an imperial user.
 */
export function messageParams(
  params: Record<string, number | string> | undefined,
  units: { formatLength: (mm: number) => string; formatPercent: (percent: number) => string },
): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    shown[name] =
      typeof value !== 'number'
        ? value
        : LENGTH_PARAMS.has(name)
          ? units.formatLength(value)
          : PERCENT_PARAMS.has(name)
            ? units.formatPercent(value)
            : String(value);
  }
  return shown;
}
