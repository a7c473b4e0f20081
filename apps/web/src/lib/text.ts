/**
 * A message that is also used inside a sentence ("Row 3: the quantity must be…") starts with a capital when it
 * stands alone (ADR 029). Locale-aware, so "é" becomes "É"; scripts without case are unchanged.
 */
export function sentence(text: string, locale?: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const char = String.fromCodePoint(first);
  return char.toLocaleUpperCase(locale) + text.slice(char.length);
}
