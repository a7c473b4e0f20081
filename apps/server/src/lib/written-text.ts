/**
 * How every file writer encodes the text it writes (ADR 023): stored text is data, never structure, whatever the
 * input gate let through when it was saved. Each format gets the narrowest encoding it needs; the writers that
 * quote or escape themselves (csv-stringify, rtfText, pdfkit's glyph strings, docx and ExcelJS XML escaping) add
 * these on top for what their own escaping does not cover.
 */

/** Every line break a reader may honour: CR LF, CR, LF, NEL, vertical tab, form feed, line and paragraph separator. */
// eslint-disable-next-line no-control-regex
const LINE_BREAKS = /\r\n|[\n\r\u000B\u000C\u0085\u2028\u2029]/g;
/** C0 and C1 controls (tab, CR and LF are handled before this runs), and DEL. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** What XML 1.0 does not allow even escaped (plus C1 controls and DEL, which no document text means). */
// eslint-disable-next-line no-control-regex
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;

/** Text on one line: each line break and tab is a space, other controls and broken surrogates are dropped. */
export function oneLine(text: string): string {
  return text
    .replace(LINE_BREAKS, ' ')
    .replace(/\t/g, ' ')
    .replace(CONTROLS, '')
    .replace(LONE_SURROGATES, '');
}

/** Text an XML part (XLSX, DOCX) can hold: characters XML 1.0 forbids, and broken surrogates, are dropped. */
export function xmlText(text: string): string {
  return text.replace(NOT_IN_XML, '').replace(LONE_SURROGATES, '');
}

/** One line of text in an XML attribute or document property (DOCX, XLSX): both of the above. */
export function xmlLine(text: string): string {
  return xmlText(oneLine(text));
}
