import type { TFunction } from 'i18next';
import { CUSTOMER_MESSAGES } from '@sealplan/contracts';

/** The contract's rule texts (spec §5, in English, shared with the server) -> keys of customers:messages.*. */
const KEY_BY_TEXT = new Map<string, string>(
  Object.entries(CUSTOMER_MESSAGES).map(([key, text]) => [text, `messages.${key}`]),
);

/** A validation message of the customer form in the user's language; a text without a key is shown as it is. */
export function customerMessage(t: TFunction<'customers'>, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = KEY_BY_TEXT.get(message);
  return key ? t(key, { defaultValue: message }) : message;
}
