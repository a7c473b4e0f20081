import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type FontkitFont } from 'fontkit';

/**
 * The PDF's fonts, embedded and subset per document (pdfkit keeps only the glyphs a document uses, so a file grows
 * by tens of kilobytes, not by the font files). Two Noto families (SIL Open Font License 1.1), from npm packages so
 * `npm ci` brings them to every machine:
 *
 * - Noto Sans (@expo-google-fonts/noto-sans, 0.6 MB a weight): all of Latin, Greek and Cyrillic.
 * - Noto Sans SC (@expo-google-fonts/noto-sans-sc, 10 MB a weight): CJK. Its Latin, Greek and Cyrillic are only
 *   those of the Chinese national character set (no Polish 'ą', no Greek 'ά', no Ukrainian 'ї'), hence two fonts.
 *
 * Every text is set in Noto Sans, and each character Noto Sans lacks in Noto Sans SC (`fontSegments`); the CJK
 * font is read only when a document has such a character. See docs/decisions/012-document-fonts-and-wording.md.
 */

/** Names the PDF builder selects fonts by: each stands for its chain of embedded fonts. */
export const PDF_FONT = 'Sealplan-Regular';
export const PDF_FONT_BOLD = 'Sealplan-Bold';
const PDF_FONT_CJK = 'Sealplan-Regular-CJK';
const PDF_FONT_BOLD_CJK = 'Sealplan-Bold-CJK';

const FONT_FILES: Record<string, string> = {
  [PDF_FONT]: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  [PDF_FONT_BOLD]: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  [PDF_FONT_CJK]: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  [PDF_FONT_BOLD_CJK]: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};

/** For each selectable font, the embedded fonts tried in order for every character. */
const FONT_CHAINS: Record<string, readonly string[]> = {
  [PDF_FONT]: [PDF_FONT, PDF_FONT_CJK],
  [PDF_FONT_BOLD]: [PDF_FONT_BOLD, PDF_FONT_BOLD_CJK],
};

/** Shown instead of a character no font has (an emoji, a script neither covers): an empty box looks broken. */
const MISSING_GLYPH = '?';

const require = createRequire(import.meta.url);

/**
 * Parsed fonts, read once per process (or worker thread) on first use: parsing a 10 MB file takes ~100 ms, and
 * fontkit's parsed tables are only read; each document still gets its own subset (pdfkit's EmbeddedFont).
 */
const parsed = new Map<string, FontkitFont>();

function fontkitFont(name: string): FontkitFont {
  let font = parsed.get(name);
  if (!font) {
    const file = FONT_FILES[name];
    if (!file) throw new Error(`Unknown PDF font ${name}`);
    font = keepCharactersOfGlyphs(create(readFileSync(require.resolve(file))));
    parsed.set(name, font);
  }
  return font;
}

/**
 * fontkit keeps one glyph object per glyph id with the characters it was first asked for. Subsetting a composite
 * glyph ('ύ' is 'υ' and an accent) asks for its parts by id alone, so the part is kept with no characters; as the
 * parsed font is shared by every document of the process, every later PDF then wrote 'υ' with no text behind it
 * (drawn, but lost to copy, search and pdftotext). A glyph kept without characters takes those of the next request
 * that names them, which is what a fresh font would have answered.
 */
function keepCharactersOfGlyphs(font: FontkitFont): FontkitFont {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id: number, characters: number[] = []) => {
    const glyph = getGlyph(id, characters);
    if (glyph && glyph.codePoints.length === 0 && characters.length > 0) glyph.codePoints = characters;
    return glyph;
  };
  return font;
}

/** pdfkit accepts a fontkit font wherever it takes a font file (not in @types/pdfkit). */
const asSource = (font: FontkitFont) => font as unknown as string;

/** The default font for `new PDFDocument({ font })`, so no standard (Helvetica) font is put in the file. */
export function defaultPdfFont(): string {
  return asSource(fontkitFont(PDF_FONT));
}

/** Makes `name` (one of the fonts `fontSegments` returns) selectable with `pdf.font(name)` on this document. */
export function registerPdfFont(pdf: PDFKit.PDFDocument, name: string): void {
  const registered = (pdf as unknown as { _registeredFonts: Record<string, unknown> })._registeredFonts;
  if (!registered[name] && FONT_FILES[name]) pdf.registerFont(name, asSource(fontkitFont(name)));
}

/** Makes PDF_FONT and PDF_FONT_BOLD selectable on this document (their CJK fallbacks register when needed). */
export function registerPdfFonts(pdf: PDFKit.PDFDocument): void {
  for (const name of Object.keys(FONT_CHAINS)) registerPdfFont(pdf, name);
}

export interface FontSegment {
  font: string;
  text: string;
}

/**
 * `text` cut into runs of one embedded font: each character in the first font of `fontName`'s chain that has it
 * (a character none has stays with the first; pdfText has already replaced those). A name without a chain (a
 * standard font) is one run.
 */
export function fontSegments(fontName: string, text: string): FontSegment[] {
  const chain = FONT_CHAINS[fontName];
  if (!chain) return [{ font: fontName, text }];
  const primary = fontkitFont(chain[0]!);
  const segments: FontSegment[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    let font = chain[0]!;
    if (!primary.hasGlyphForCodePoint(code)) {
      font = chain.find((name) => fontkitFont(name).hasGlyphForCodePoint(code)) ?? font;
    }
    const last = segments.at(-1);
    if (last?.font === font) last.text += ch;
    else segments.push({ font, text: ch });
  }
  return segments;
}

function printable(code: number): boolean {
  return Object.values(FONT_CHAINS).every((chain) =>
    chain.some((name) => fontkitFont(name).hasGlyphForCodePoint(code)),
  );
}

/**
 * Text as the PDF prints it: NFC (accented letters as the single glyphs the fonts have), tabs as spaces, control
 * characters dropped, and a character that not every weight can show (an emoji, a script neither font covers) as
 * '?'.
 */
export function pdfText(value: string): string {
  let out = '';
  for (const ch of value.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n') out += ch;
    else if (ch === '\t') out += ' ';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    // Printable ASCII is in Noto Sans: no look-up for the common case.
    else if (code < 0x7f || printable(code)) out += ch;
    else out += MISSING_GLYPH;
  }
  return out;
}
