import { AppError } from '../../errors';

/**
 * Decodes a text file (CSV / TSV) the way spreadsheets export it, or refuses it when it is not text (ADR 023):
 * a byte-order mark decides UTF-8, UTF-16 LE or UTF-16 BE; without one, valid UTF-8 is UTF-8 and anything else
 * must be plausible Windows-1252 (Excel on Windows, "CSV" without "UTF-8"). Binary content — a known file
 * signature, a NUL byte, a control character no spreadsheet writes, a byte 1252 leaves undefined — is refused
 * with a message that says so, instead of being read as a table of mojibake.
 */

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

export const TEXT_FILE_MESSAGES = {
  notText: (kind: string) =>
    `This file is ${kind}, not a text file. Save the schedule as XLSX or CSV and try again.`,
  binary:
    'This file is not a text file (it contains binary data). Save the schedule as XLSX or CSV and try again.',
  brokenUnicode: (encoding: string) =>
    `This file says it is ${encoding} but contains invalid ${encoding} sequences. Save it again as CSV UTF-8.`,
} as const;

/** Signatures of files people pick by mistake; a ZIP here is a workbook or archive renamed to .csv. */
const SIGNATURES: { kind: string; bytes: (number | null)[] }[] = [
  { kind: 'a ZIP archive (or a renamed workbook)', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { kind: 'a ZIP archive (or a renamed workbook)', bytes: [0x50, 0x4b, 0x05, 0x06] },
  { kind: 'an old Excel/Office file (XLS)', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  { kind: 'a PDF document', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { kind: 'a PNG image', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { kind: 'a JPEG image', bytes: [0xff, 0xd8, 0xff] },
  { kind: 'a GIF image', bytes: [0x47, 0x49, 0x46, 0x38] },
  { kind: 'a TIFF image', bytes: [0x49, 0x49, 0x2a, 0x00] },
  { kind: 'a TIFF image', bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  // RIFF....WEBP
  { kind: 'a WebP image', bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50] },
  { kind: 'a gzip archive', bytes: [0x1f, 0x8b] },
  { kind: 'a 7-Zip archive', bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { kind: 'a RAR archive', bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07] },
];

/**
 * Controls no spreadsheet writes into a text export. Tab, line feed and carriage return separate cells and rows;
 * vertical tab and form feed appear as in-cell line breaks in some exports and are tolerated (the reader turns
 * them into spaces). A trailing Ctrl-Z (old DOS end-of-file) is removed before this check.
 */
// eslint-disable-next-line no-control-regex
const BINARY_CONTROLS = /[\u0000-\u0008\u000E-\u001F\u007F]/;

/**
 * Windows-1252's bytes 0x80–0x9F ('' where 1252 leaves the byte undefined: a file holding one was not saved in
 * 1252). Written out because Node's TextDecoder('windows-1252') decodes this range as ISO-8859-1 controls on
 * some Node versions, which would lose € and typographic quotes.
 */
const CP1252_HIGH = [
  '€', '', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '', 'Ž', '',
  '', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '', 'ž', 'Ÿ',
]; // prettier-ignore

/** Every other byte of 1252 is the Unicode code point of the same number, which is what Latin-1 decodes. */
function decode1252(bytes: Uint8Array): string | null {
  if (bytes.some((b) => b >= 0x80 && b <= 0x9f && !CP1252_HIGH[b - 0x80])) return null;
  return Buffer.from(bytes)
    .toString('latin1')
    .replace(/[\u0080-\u009F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

function signatureOf(bytes: Uint8Array): string | null {
  for (const { kind, bytes: sig } of SIGNATURES) {
    if (bytes.length >= sig.length && sig.every((b, i) => b === null || bytes[i] === b)) return kind;
  }
  return null;
}

function decodeStrict(bytes: Uint8Array, encoding: TextEncodingName, label: string): string {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new AppError('BAD_REQUEST', TEXT_FILE_MESSAGES.brokenUnicode(label));
  }
}

function withoutTrailingEof(text: string): string {
  return text.endsWith('\u001A') ? text.slice(0, -1) : text;
}

function checkedText(text: string, encoding: TextEncodingName): DecodedText {
  const body = withoutTrailingEof(text);
  if (BINARY_CONTROLS.test(body)) throw new AppError('BAD_REQUEST', TEXT_FILE_MESSAGES.binary);
  return { text: body, encoding };
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

/** The text of a CSV / TSV file and the encoding it was read in; an AppError (400) when it is not text. */
export function decodeTextFile(bytes: Uint8Array): DecodedText {
  // The byte-order mark comes first: a UTF-16 file is full of NUL bytes by design.
  if (startsWith(bytes, [0xef, 0xbb, 0xbf]))
    return checkedText(decodeStrict(bytes, 'utf-8', 'UTF-8'), 'utf-8');
  if (startsWith(bytes, [0xff, 0xfe]))
    return checkedText(decodeStrict(bytes, 'utf-16le', 'UTF-16'), 'utf-16le');
  if (startsWith(bytes, [0xfe, 0xff]))
    return checkedText(decodeStrict(bytes, 'utf-16be', 'UTF-16'), 'utf-16be');

  const kind = signatureOf(bytes);
  if (kind) throw new AppError('BAD_REQUEST', TEXT_FILE_MESSAGES.notText(kind));
  if (bytes.includes(0)) throw new AppError('BAD_REQUEST', TEXT_FILE_MESSAGES.binary);

  try {
    return checkedText(new TextDecoder('utf-8', { fatal: true }).decode(bytes), 'utf-8');
  } catch (error) {
    if (error instanceof AppError) throw error;
  }
  // Not UTF-8: plausible 1252 only if every byte is one 1252 defines.
  const text = decode1252(bytes);
  if (text === null) throw new AppError('BAD_REQUEST', TEXT_FILE_MESSAGES.binary);
  return checkedText(text, 'windows-1252');
}
