import { isPossiblePhoneNumber } from 'libphonenumber-js/min';

/** The longest phone number any form stores (an international number with an extension fits). */
export const PHONE_MAX_LENGTH = 40;

/**
 * A number without a country code is read as North American (spec §5: 3-3-4 digits); with "+" and a country code,
 * as that country's (ADR 029).
 */
const DEFAULT_PHONE_COUNTRY = 'US';

/** Digits, the separators people write (space, dot, dash, slash, parentheses), a leading "+", an extension. */
const PHONE_CHARACTERS = /^\+?[\d\s.\-/()]+(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i;

/**
 * The one phone rule of every form (registration, profile, users, customers; ADR 029): a number a telephone could
 * dial, of the right length for its country, checked with libphonenumber's metadata. "+47 912 34 567" and
 * "(555) 123-4567 x12" pass; "555-1234" (no area code), "12" and "phone" do not.
 */
export function isPhoneNumber(text: string): boolean {
  const value = text.trim();
  if (value.length > PHONE_MAX_LENGTH || !PHONE_CHARACTERS.test(value)) return false;
  return isPossiblePhoneNumber(value, DEFAULT_PHONE_COUNTRY);
}
