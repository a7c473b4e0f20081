import type { DrawingModel, ExportDocument, LabelValue, MaterialLine } from '../export.model';
import { drawingToPng } from './drawing';
import { WORD_FONTS, coverRows, overviewColumns, overviewRows, wordsOf } from './document-content';
import type { DocumentTexts } from './document-texts';

/**
 * Word as the spec says (§1, §9: 'RTF (labelled Docx)'): Rich Text Format 1.9, which Word, LibreOffice and
 * WordPad open. Tables are real RTF tables, drawings are PNG pictures (\pngblip), page numbers are fields.
 */

const TWIPS_PER_INCH = 1440;
const PAPER_TWIPS = { LETTER: { w: 12240, h: 15840 }, A4: { w: 11906, h: 16838 } } as const;
const MARGIN_TWIPS = 1080; // 0.75 in
const DRAWING_WIDTH_IN = 3.6;

/** Font table: 0 the Latin font (Latin, Greek, Cyrillic), 1 the East Asian font (charset 134, GB2312). */
const FONT_TABLE = `{\\fonttbl{\\f0\\fswiss\\fcharset0 ${WORD_FONTS.latin};}{\\f1\\fnil\\fcharset134 ${WORD_FONTS.eastAsian};}}`;
/** CJK characters, set in font 1: ideographs, kana, Hangul, CJK punctuation and full-width forms. */
const EAST_ASIAN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

/**
 * Escapes text: RTF specials, line breaks (CR LF, LF or a lone CR, as text from any system has them), and everything beyond ASCII as \uN? (signed 16-bit code units). Runs of
 * CJK characters are wrapped in `{\f1 ...}` so every reader draws them with the East Asian font, not with a Latin
 * font that lacks them (`fonts: false` for the info fields, which are plain text).
 */
export function rtfText(value: string, opts: { fonts?: boolean } = {}): string {
  const fonts = opts.fonts ?? true;
  let out = '';
  let eastAsian = false;
  for (const ch of value.replace(/\r\n?/g, '\n')) {
    const code = ch.codePointAt(0)!;
    const isEastAsian = fonts && EAST_ASIAN.test(ch);
    if (isEastAsian !== eastAsian) {
      out += isEastAsian ? '{\\f1 ' : '}';
      eastAsian = isEastAsian;
    }
    if (ch === '\\' || ch === '{' || ch === '}') out += `\\${ch}`;
    else if (ch === '\n') out += '\\line ';
    else if (ch === '\t') out += '\\tab ';
    else if (code < 0x20) continue;
    else if (code < 0x80) out += ch;
    else {
      for (const unit of ch.length === 2 ? [ch.charCodeAt(0), ch.charCodeAt(1)] : [code]) {
        out += `\\u${unit > 32767 ? unit - 65536 : unit}?`;
      }
    }
  }
  return eastAsian ? `${out}}` : out;
}

// Colour table: 1 brand teal, 2 dark text, 3 grey, 4 red, 5 light rule.
const COLOUR_TABLE =
  '{\\colortbl;\\red8\\green127\\blue91;\\red33\\green37\\blue41;\\red108\\green117\\blue125;\\red201\\green42\\blue42;\\red206\\green212\\blue218;}';

function heading(text: string, level: 1 | 2 | 3): string {
  const size = level === 1 ? 40 : level === 2 ? 30 : 24;
  const before = level === 1 ? 0 : 240;
  const rule = level === 2 ? '\\brdrb\\brdrs\\brdrw15\\brsp40\\brdrcf1 ' : '';
  return `{\\pard\\sb${before}\\sa120\\keepn${rule}\\b\\fs${size}\\cf1 ${rtfText(text)}\\par}\n`;
}

function paragraph(
  text: string,
  opts: { italic?: boolean; colour?: number; size?: number; keepWithNext?: boolean; centred?: boolean } = {},
): string {
  const style = `${opts.italic ? '\\i' : ''}\\cf${opts.colour ?? 2}\\fs${opts.size ?? 20}`;
  const flow = `${opts.keepWithNext ? '\\keepn' : ''}${opts.centred ? '\\qc' : ''}`;
  return `{\\pard\\sa120${flow}${style} ${rtfText(text)}\\par}\n`;
}

/** A table: header row shaded, thin rules; widths in twips. */
function table(
  columns: readonly string[] | null,
  rows: string[][],
  widths: number[],
  rightAligned: number[] = [],
  keepWithNext = false,
): string {
  const rowDef = (header: boolean) => {
    let def = '\\trowd\\trgaph80\\trleft0';
    if (header) def += '\\trhdr';
    // Keep every row with the next one and the table with what follows (the drawing after the data).
    if (keepWithNext) def += '\\trkeep\\trkeepfollow';
    let x = 0;
    for (const w of widths) {
      x += w;
      def += `\\clbrdrb\\brdrs\\brdrw${header ? 15 : 5}\\brdrcf${header ? 1 : 5}`;
      if (header) def += '\\clcbpat5';
      def += `\\cellx${x}`;
    }
    return def;
  };
  const cells = (values: string[], header: boolean) =>
    values
      .map(
        (v, i) =>
          `\\pard\\intbl${keepWithNext ? '\\keepn' : ''}${rightAligned.includes(i) ? '\\qr' : '\\ql'}{${header ? '\\b' : ''}\\fs18 ${rtfText(v)}}\\cell`,
      )
      .join('');
  let out = '';
  if (columns) out += `${rowDef(true)}\n${cells([...columns], true)}\\row\n`;
  for (const row of rows) out += `${rowDef(false)}\n${cells(row, false)}\\row\n`;
  return `${out}\\pard\\sa120${keepWithNext ? '\\keepn' : ''}\\par\n`;
}

function labelValueTable(rows: LabelValue[], contentWidth: number, keepWithNext = false): string {
  const first = Math.round(contentWidth * 0.32);
  return table(
    null,
    rows.map((r) => [r.label, r.value]),
    [first, contentWidth - first],
    [],
    keepWithNext,
  );
}

const LEGEND_SHARES = [0.09, 0.17, 0.14, 0.34, 0.26] as const;

/** The drawing's legend: numbers → item, diameter, sleeve or crusher, clearance ring. */
function legendTable(drawing: DrawingModel, contentWidth: number, text: DocumentTexts): string {
  return table(
    text.legendColumns,
    (drawing.legend ?? []).map((l) => [l.numbers, l.item, l.diameter, l.sleeve || '-', l.ring || '-']),
    LEGEND_SHARES.map((s) => Math.round(contentWidth * s)),
  );
}

function materialsTable(lines: MaterialLine[], contentWidth: number, text: DocumentTexts): string {
  if (lines.length === 0) return paragraph(text.noMaterials, { italic: true, colour: 3 });
  const w = [0.34, 0.36, 0.15, 0.15].map((s) => Math.round(contentWidth * s));
  return table(
    text.materialColumns,
    lines.map((l) => [l.item, l.detail, l.quantityText, l.unit]),
    w,
    [2],
  );
}

function picture(png: Buffer, widthPx: number, heightPx: number): string {
  const goalW = Math.round(DRAWING_WIDTH_IN * TWIPS_PER_INCH);
  const goalH = Math.round((goalW * heightPx) / widthPx);
  return `{\\pard\\qc\\sa120\\keepn{\\pict\\pngblip\\picw${widthPx}\\pich${heightPx}\\picwgoal${goalW}\\pichgoal${goalH}\n${png.toString('hex')}\n}\\par}\n`;
}

/** Builds the RTF document; yields to the event loop between transits (big projects). */
export async function buildRtf(doc: ExportDocument, yieldNow: () => Promise<void>): Promise<Buffer> {
  const paper = PAPER_TWIPS[doc.paperSize];
  const contentWidth = paper.w - 2 * MARGIN_TWIPS;
  const { text, format } = wordsOf(doc);
  const [pageWord, ofWord, afterCount] = text.pageOf.map((words) => rtfText(words));
  const columns = overviewColumns(doc);
  const parts: string[] = [];
  parts.push(
    `{\\rtf1\\ansi\\ansicpg1252\\deff0\\uc1${FONT_TABLE}${COLOUR_TABLE}\n`,
    `{\\info{\\title ${rtfText(`${text.title} - ${doc.project.name}`, { fonts: false })}}{\\author ${rtfText(doc.preparedBy.name, { fonts: false })}}}\n`,
    `\\paperw${paper.w}\\paperh${paper.h}\\margl${MARGIN_TWIPS}\\margr${MARGIN_TWIPS}\\margt${MARGIN_TWIPS}\\margb${MARGIN_TWIPS}\\f0\\fs20\n`,
    // Footer on every page: the unit system and 'Page n of m' (fields, so Word numbers the pages).
    `{\\footer\\pard\\qc\\fs16\\cf3 ${rtfText(`${doc.project.name} \u00b7 ${text.units(doc.unitSystemLabel)} \u00b7 `)}${pageWord}{\\field{\\*\\fldinst PAGE}{\\fldrslt 1}}${ofWord}{\\field{\\*\\fldinst NUMPAGES}{\\fldrslt 1}}${afterCount}\\par}\n`,
  );
  // The document.header template (ADR 016) above the title.
  if (doc.headerText?.trim()) parts.push(paragraph(doc.headerText.trim(), { colour: 3, size: 18 }));
  parts.push(heading(text.title, 1), paragraph(doc.project.name, { size: 28 }));
  parts.push(paragraph(text.generated(format.timestamp(doc.generatedOn)), { colour: 3, size: 18 }));
  if (doc.sampleCatalogue) parts.push(paragraph(text.sampleNotice, { colour: 4, size: 18 }));
  parts.push(heading(text.coverHeading, 2), labelValueTable(coverRows(doc), contentWidth));
  const overview = overviewRows(doc);
  if (overview)
    parts.push(
      heading(text.transitsHeading, 2),
      table(
        columns.map((c) => c.header),
        overview,
        columns.map((c) => Math.round(contentWidth * c.share)),
        columns.flatMap((c, i) => (c.right ? [i] : [])),
      ),
    );

  if (!doc.materialsOnly) {
    if (doc.transits.length === 0) parts.push(paragraph(text.noTransits, { italic: true }));
    for (const transit of doc.transits) {
      parts.push(heading(text.transitHeading(transit.name), 2));
      // The data is kept with the drawing, the drawing with its legend (keep-with-next), so they share a page.
      parts.push(heading(text.transitData, 3), labelValueTable(transit.facts, contentWidth, true));
      parts.push(heading(text.drawing, 3));
      if (transit.drawing) {
        const { png, width, height } = drawingToPng(transit.drawing);
        parts.push(picture(png, width, height));
        if (transit.drawing.caption)
          parts.push(paragraph(transit.drawing.caption, { size: 18, keepWithNext: true, centred: true }));
        if ((transit.drawing.legend ?? []).length > 0)
          parts.push(heading(text.legend, 3), legendTable(transit.drawing, contentWidth, text));
      } else parts.push(paragraph(text.noDrawing, { italic: true, colour: 3 }));
      parts.push(heading(text.fill, 3), labelValueTable(transit.fill, contentWidth));
      for (const m of transit.messages)
        parts.push(paragraph(m.text, { colour: m.severity === 'error' ? 4 : 2 }));
      parts.push(heading(transit.copies > 1 ? text.materialsWithCopies(transit.copies) : text.materials, 3));
      parts.push(materialsTable(transit.materials, contentWidth, text));
      if (transit.comments.trim()) parts.push(heading(text.notes, 3), paragraph(transit.comments.trim()));
      await yieldNow();
    }
  }
  parts.push(
    heading(text.totals, 2),
    paragraph(text.totalsNote, { colour: 3, size: 18 }),
    materialsTable(doc.totals, contentWidth, text),
  );
  // The document.footer template closes the document.
  if (doc.footerText?.trim()) parts.push(paragraph(doc.footerText.trim(), { colour: 3, size: 16 }));
  parts.push('}\n');
  // Everything is ASCII by construction (rtfText escapes the rest).
  return Buffer.from(parts.join(''), 'latin1');
}
