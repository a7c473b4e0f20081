import LineBreaker from 'linebreak';
import { fontSegments, registerPdfFont } from './pdf-fonts';

type Pdf = PDFKit.PDFDocument;

/**
 * Single-line text written straight into the page's content stream, below pdfkit's `text()`.
 *
 * Why: in a 200-transit export almost every string is a one-line table cell, and pdfkit's `text()` runs its line
 * wrapper (word splitting, per-glyph width and kerning look-ups) for each of them even with `lineBreak: false`,
 * then writes every operator as its own small buffer; that was most of the export's time and garbage
 * (bench/export, docs/decisions/007-exports.md). Here each distinct string is encoded once per font (pdfkit's own
 * `encode`, so glyph codes and kerning are byte-for-byte what `text()` writes), its width is cached, and a whole
 * table row is handed to the page as one chunk. Multi-line text still goes through pdfkit.
 *
 * Works for pdfkit's standard fonts and for the embedded fonts (pdf-fonts.ts): both report glyph positions in
 * 1/1000 em, so encoding and kerning do not depend on the size and one cached TJ array serves every size. Glyph
 * offsets (GPOS mark positioning) are not applied: the texts are NFC, whose accented letters are single glyphs.
 * A selectable font stands for a chain of embedded fonts (Latin/Greek/Cyrillic, then CJK): a string is cut into
 * runs of one font (`fontSegments`) written one after the other in the same text object, and wrapped here (UAX #14
 * breaks, the rules pdfkit's wrapper uses) because pdfkit's wrapper measures with a single font.
 */

/** What pdfkit's standard and embedded fonts expose (not in @types/pdfkit). */
interface StandardFontLike {
  id: string;
  ascender: number;
  encode(text: string): [string[], { xAdvance: number; advanceWidth: number }[]];
  ref(): unknown;
}

interface EncodedRun {
  /** The TJ operand, e.g. `[<54> 74 <2d31> 0]`, in glyph space (1/1000 em): valid at any size. */
  tj: string;
  /** Advance width of the whole string in 1/1000 em (kerning included), as pdfkit's widthOfString. */
  width1000: number;
}

interface FontEntry {
  font: StandardFontLike;
  runs: Map<string, EncodedRun>;
}

/** A string in a selectable font: its runs of one embedded font each, and its whole advance width. */
interface ChainRun {
  parts: { entry: FontEntry; run: EncodedRun }[];
  width1000: number;
}

/** pdfkit's number formatting (PDFObject.number), so the operators match what pdfkit itself writes. */
export const pdfNumber = (n: number): string => String(Math.round(n * 1e6) / 1e6);

/** '#087f5b' -> '0.031373 0.498039 0.356863' (pdfkit's DeviceRGB operands), memoised: a handful of colours. */
const rgbCache = new Map<string, string>();
export function rgbOperands(colour: string): string {
  let out = rgbCache.get(colour);
  if (!out) {
    const v = parseInt(colour.slice(1), 16);
    out = [v >> 16, (v >> 8) & 0xff, v & 0xff].map((c) => pdfNumber(c / 255)).join(' ');
    // pdfkit writes the raw division (no rounding) for colours; identical up to 1e-6, invisible in print.
    rgbCache.set(colour, out);
  }
  return out;
}

export class PdfTextRuns {
  private readonly fonts = new Map<string, FontEntry>();
  private readonly chainRuns = new Map<string, Map<string, ChainRun>>();
  private readonly wrapped = new Map<string, string[]>();
  /** Operators waiting to be written; always flushed before pdfkit draws anything itself. */
  private ops: string[] = [];
  private registeredOn: unknown = null;
  private readonly registered = new Set<string>();

  constructor(private readonly pdf: Pdf) {}

  private entry(fontName: string): FontEntry {
    let entry = this.fonts.get(fontName);
    if (!entry) {
      // Selecting the font through pdfkit creates (once) its font object and resource id.
      registerPdfFont(this.pdf, fontName);
      this.pdf.font(fontName);
      const font = (this.pdf as unknown as { _font: StandardFontLike })._font;
      entry = { font, runs: new Map() };
      this.fonts.set(fontName, entry);
    }
    return entry;
  }

  private run(entry: FontEntry, text: string): EncodedRun {
    let run = entry.runs.get(text);
    if (!run) {
      // Same segmentation as pdfkit's _fragment: a new hex string after every kerned glyph.
      const [encoded, positions] = entry.font.encode(text);
      const parts: string[] = [];
      let last = 0;
      let width = 0;
      for (let i = 0; i < positions.length; i++) {
        const pos = positions[i]!;
        width += pos.xAdvance;
        const kern = pos.xAdvance - pos.advanceWidth;
        if (kern !== 0 || i === positions.length - 1) {
          parts.push(`<${encoded.slice(last, i + 1).join('')}> ${pdfNumber(-kern)}`);
          last = i + 1;
        }
      }
      run = { tj: `[${parts.join(' ')}]`, width1000: width };
      entry.runs.set(text, run);
    }
    return run;
  }

  /** `text` in `fontName`'s chain of fonts, encoded once per document. */
  private chainRun(fontName: string, text: string): ChainRun {
    let cache = this.chainRuns.get(fontName);
    if (!cache) {
      cache = new Map();
      this.chainRuns.set(fontName, cache);
    }
    let chain = cache.get(text);
    if (!chain) {
      const parts = fontSegments(fontName, text).map((segment) => {
        const entry = this.entry(segment.font);
        return { entry, run: this.run(entry, segment.text) };
      });
      chain = { parts, width1000: parts.reduce((sum, part) => sum + part.run.width1000, 0) };
      cache.set(text, chain);
    }
    return chain;
  }

  /** Width in points, like pdfkit's widthOfString for the same font and size. */
  width(fontName: string, size: number, text: string): number {
    return (this.chainRun(fontName, text).width1000 * size) / 1000;
  }

  /** `text` cut to fit `width` with a trailing ellipsis when it does not fit whole. */
  ellipsis(fontName: string, size: number, text: string, width: number): string {
    if (this.width(fontName, size, text) <= width) return text;
    const chars = [...text];
    let end = chars.length;
    while (end > 0 && this.width(fontName, size, `${chars.slice(0, end).join('').trimEnd()}…`) > width) end--;
    return `${chars.slice(0, end).join('').trimEnd()}…`;
  }

  /** Line height in points, like pdfkit's currentLineHeight(true) for the same font and size. */
  lineHeight(fontName: string, size: number): number {
    this.pdf.font(fontName).fontSize(size);
    return this.pdf.currentLineHeight(true);
  }

  /**
   * The lines `text` breaks into within `width`: at UAX #14 break opportunities (the rules of pdfkit's own wrapper:
   * after spaces and hyphens, between CJK characters), a line feed always; a word wider than the line is cut
   * between characters. Cached per document, because a big export repeats the same detail texts hundreds of times.
   */
  wrap(fontName: string, size: number, text: string, width: number): string[] {
    const key = `${fontName}\u0000${size}\u0000${width}\u0000${text}`;
    let lines = this.wrapped.get(key);
    if (!lines) {
      lines = [];
      for (const paragraph of text.split('\n'))
        lines.push(...this.wrapParagraph(fontName, size, paragraph, width));
      this.wrapped.set(key, lines);
    }
    return lines;
  }

  private wrapParagraph(fontName: string, size: number, text: string, width: number): string[] {
    const lines: string[] = [];
    const measure = (s: string) => this.width(fontName, size, s);
    let line = '';
    let lineWidth = 0;
    const breaker = new LineBreaker(text);
    let last = 0;
    for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
      const word = text.slice(last, bk.position);
      last = bk.position;
      // A word's trailing spaces may hang past the edge, as in pdfkit.
      if (line && lineWidth + measure(word.trimEnd()) <= width) {
        line += word;
        lineWidth += measure(word);
        continue;
      }
      if (line) lines.push(line.trimEnd());
      line = '';
      lineWidth = 0;
      for (const ch of measure(word.trimEnd()) <= width ? [word] : [...word]) {
        if (line && lineWidth + measure(ch.trimEnd()) > width) {
          lines.push(line.trimEnd());
          line = '';
          lineWidth = 0;
        }
        line += ch;
        lineWidth += measure(ch);
      }
    }
    lines.push(line.trimEnd());
    return lines;
  }

  /**
   * Queues `text` on one line with its top-left at (x, y) in pdfkit's coordinates (y down), as
   * `pdf.text(text, x, y, { lineBreak: false })` would draw it. `align` right/center place it inside `width`.
   */
  draw(
    fontName: string,
    size: number,
    colour: string,
    text: string,
    x: number,
    y: number,
    opts: { width?: number; align?: 'left' | 'right' | 'center' } = {},
  ) {
    if (!text) return;
    const chain = this.chainRun(fontName, text);
    const page = this.pdf.page;
    if (this.registeredOn !== page) {
      this.registeredOn = page;
      this.registered.clear();
    }
    for (const { entry } of chain.parts) {
      if (!this.registered.has(entry.font.id)) {
        this.registered.add(entry.font.id);
        if (page.fonts[entry.font.id] == null) page.fonts[entry.font.id] = entry.font.ref();
      }
    }
    let left = x;
    if (opts.width !== undefined && opts.align && opts.align !== 'left') {
      // pdfkit measures right-aligned text without trailing blanks.
      const w =
        opts.align === 'right'
          ? this.chainRun(fontName, text.replace(/\s+$/, '')).width1000
          : chain.width1000;
      left += opts.align === 'right' ? opts.width - (w * size) / 1000 : opts.width / 2 - (w * size) / 2000;
    }
    // pdfkit's default baseline puts the top of the ascender at y (the selected font's, the first of its chain);
    // the page's user space is flipped (y down), so the text matrix flips back (d = -1) instead of pdfkit's extra
    // save/transform/restore around every string. Each TJ advances the text position, so the runs of a chain
    // follow one another in one text object.
    const baseline = y + (this.entry(fontName).font.ascender / 1000) * size;
    const runs = chain.parts.map(({ entry, run }) => `/${entry.font.id} ${pdfNumber(size)} Tf ${run.tj} TJ`);
    this.ops.push(
      `BT /DeviceRGB cs ${rgbOperands(colour)} scn 1 0 0 -1 ${pdfNumber(left)} ${pdfNumber(baseline)} Tm ${runs.join(' ')} ET`,
    );
  }

  /** Queues a straight line (table rules). */
  line(x0: number, y0: number, x1: number, y1: number, width: number, colour: string) {
    this.ops.push(
      `q ${pdfNumber(x0)} ${pdfNumber(y0)} m ${pdfNumber(x1)} ${pdfNumber(y1)} l ${pdfNumber(width)} w /DeviceRGB CS ${rgbOperands(colour)} SCN S Q`,
    );
  }

  /** Queues a filled rectangle (header shading). */
  rect(x: number, y: number, w: number, h: number, colour: string) {
    this.ops.push(
      `q /DeviceRGB cs ${rgbOperands(colour)} scn ${pdfNumber(x)} ${pdfNumber(y)} ${pdfNumber(w)} ${pdfNumber(h)} re f Q`,
    );
  }

  /**
   * Writes the queued operators to the current page: one chunk instead of one per operator, inside q/Q so the
   * colours they set never leak into what pdfkit draws next.
   */
  flush() {
    if (this.ops.length === 0) return;
    this.pdf.addContent(`q\n${this.ops.join('\n')}\nQ`);
    this.ops = [];
  }
}
