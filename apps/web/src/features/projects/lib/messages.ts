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
