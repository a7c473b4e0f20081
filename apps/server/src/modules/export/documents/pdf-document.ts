import PDFDocument from 'pdfkit';
import type { ExportDocument, ExportTransit, LabelValue, MaterialLine } from '../export.model';
import { DRAWING_COLOURS, drawingFrame } from './drawing';
import { TEXT, coverRows, formatTimestamp } from './document-content';
import { PDF_FONT, PDF_FONT_BOLD, defaultPdfFont, pdfText, registerPdfFonts } from './pdf-fonts';
import { PdfTextRuns } from './pdf-text-runs';

export { pdfText };

/**
 * The PDF material list (pdfkit): cover, one section per transit with its vector drawing, project totals, and a
 * footer on every page with the unit system and 'Page n of m'. An embedded font covering Latin, Greek, Cyrillic
 * and CJK, subset per document, so the text is real, selectable and extractable in every language (pdf-fonts.ts).
 */

const BRAND = '#087f5b';
const BRAND_LIGHT = '#e6f4ef';
const TEXT_DARK = '#212529';
const TEXT_MUTED = '#6c757d';
const RULE = '#ced4da';
const WARN_BG = '#fff4e6';
const WARN_FG = '#a33b00';
const ERROR_FG = '#c92a2a';
const MARGIN = 54; // 0.75 in
const FOOTER_HEIGHT = 28;
const FONT = PDF_FONT;
const FONT_BOLD = PDF_FONT_BOLD;
// The CJK font has no italic; the notes drawn with it are set apart by their muted colour.
const FONT_ITALIC = PDF_FONT;
const DRAWING_SIZE = 210;
/** Pages compressed and written per turn of the event loop at the end (about 10 ms of work each). */
const PAGES_PER_FLUSH = 40;

type Pdf = PDFKit.PDFDocument;

interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
  bold?: boolean;
  colour?: string;
}

/**
 * Lays the document out top to bottom. Text (wrapped by pdfkit's own line wrapper when it needs more than one
 * line), table rules and shading go through `runs`, written below pdfkit's `text()` (pdf-text-runs.ts); the cover
 * band and the drawings through pdfkit. Queued runs are flushed before pdfkit draws anything itself (`direct()`)
 * and before every page change, so the page's operators keep the drawing order.
 */
class Layout {
  readonly left = MARGIN;
  readonly right: number;
  readonly bottom: number;
  readonly width: number;
  readonly runs: PdfTextRuns;
  y = MARGIN;
  private readonly lineHeights = new Map<string, number>();

  constructor(readonly pdf: Pdf) {
    this.right = pdf.page.width - MARGIN;
    this.bottom = pdf.page.height - MARGIN - FOOTER_HEIGHT;
    this.width = this.right - this.left;
    this.runs = new PdfTextRuns(pdf);
  }

  /** pdfkit itself, after the queued runs are written (keeps the order of the page's operators). */
  direct(): Pdf {
    this.runs.flush();
    return this.pdf;
  }

  newPage() {
    this.direct().addPage();
    this.y = MARGIN;
    this.header();
  }

  /** A thin brand strip on top of every page after the cover. */
  header() {
    this.runs.rect(0, 0, this.pdf.page.width, 5, BRAND);
  }

  lineHeight(font: string, size: number): number {
    const key = `${font}@${size}`;
    let height = this.lineHeights.get(key);
    if (height === undefined) {
      height = this.runs.lineHeight(font, size);
      this.lineHeights.set(key, height);
    }
    return height;
  }

  /**
   * The lines of `text` at `width`, and their height: the text itself when it fits on one line (cached width),
   * else pdfkit's wrapping (cached). Either way it is drawn as runs: pdfkit's `text()` dominated big exports.
   */
  measure(text: string, width: number, font: string, size: number): { height: number; lines: string[] } {
    const lines =
      !text.includes('\n') && this.runs.width(font, size, text) <= width
        ? [text]
        : this.runs.wrap(font, size, text, width);
    return { height: lines.length * this.lineHeight(font, size), lines };
  }

  /** Draws measured lines from (x, y) down, left- or right-aligned in `width`. */
  write(
    cell: { lines: string[] },
    at: {
      x: number;
      y: number;
      width: number;
      font: string;
      size: number;
      colour: string;
      align?: 'left' | 'right';
    },
  ) {
    const lineHeight = this.lineHeight(at.font, at.size);
    cell.lines.forEach((line, i) => {
      this.runs.draw(at.font, at.size, at.colour, line, at.x, at.y + i * lineHeight, {
        width: at.width,
        align: at.align,
      });
    });
  }

  ensure(height: number) {
    if (this.y + height > this.bottom) this.newPage();
  }

  text(
    value: string,
    opts: {
      font?: string;
      size?: number;
      colour?: string;
      gapAfter?: number;
      width?: number;
      x?: number;
    } = {},
  ) {
    const font = opts.font ?? FONT;
    const size = opts.size ?? 10;
    const width = opts.width ?? this.width;
    const text = pdfText(value);
    const cell = this.measure(text, width, font, size);
    this.ensure(cell.height);
    this.write(cell, {
      x: opts.x ?? this.left,
      y: this.y,
      width,
      font,
      size,
      colour: opts.colour ?? TEXT_DARK,
    });
    this.y += cell.height + (opts.gapAfter ?? 4);
  }

  heading(value: string, level: 2 | 3) {
    const size = level === 2 ? 15 : 11;
    // Keep a heading with at least a few lines of what follows.
    this.ensure(size + 60);
    if (level === 2) {
      this.text(value, { font: FONT_BOLD, size, colour: BRAND, gapAfter: 3 });
      this.runs.line(this.left, this.y, this.right, this.y, 1.2, BRAND);
      this.y += 8;
    } else {
      this.text(value, { font: FONT_BOLD, size, colour: TEXT_DARK, gapAfter: 4 });
    }
  }

  /** A table with a shaded header row repeated after page breaks and thin rules between rows. */
  table(columns: Column[], rows: string[][], opts: { x?: number; showHeader?: boolean } = {}) {
    const x0 = opts.x ?? this.left;
    const total = columns.reduce((s, c) => s + c.width, 0);
    const pad = 4;
    const showHeader = opts.showHeader ?? true;
    const headers = columns.map((c) => this.measure(pdfText(c.header), c.width - 2 * pad, FONT_BOLD, 8.5));
    const headerHeight = Math.max(...headers.map((h) => h.height)) + 2 * pad;
    const drawHeader = () => {
      if (!showHeader) return;
      this.runs.rect(x0, this.y, total, headerHeight, BRAND_LIGHT);
      let x = x0;
      columns.forEach((c, i) => {
        const header = headers[i]!;
        this.write(header, {
          x: x + pad,
          y: this.y + pad,
          width: c.width - 2 * pad,
          font: FONT_BOLD,
          size: 8.5,
          colour: BRAND,
          align: c.align,
        });
        x += c.width;
      });
      this.y += headerHeight;
      this.runs.line(x0, this.y, x0 + total, this.y, 0.8, BRAND);
    };
    this.ensure(40);
    drawHeader();
    for (const row of rows) {
      const cells = columns.map((c, i) =>
        this.measure(pdfText(row[i] ?? ''), c.width - 2 * pad, c.bold ? FONT_BOLD : FONT, 9),
      );
      const h = Math.max(...cells.map((c) => c.height)) + 2 * pad;
      if (this.y + h > this.bottom) {
        this.newPage();
        drawHeader();
      }
      let x = x0;
      columns.forEach((c, i) => {
        const cell = cells[i]!;
        const at = {
          x: x + pad,
          y: this.y + pad,
          width: c.width - 2 * pad,
          font: c.bold ? FONT_BOLD : FONT,
          size: 9,
        };
        this.write(cell, { ...at, colour: c.colour ?? TEXT_DARK, align: c.align });
        x += c.width;
      });
      this.y += h;
      this.runs.line(x0, this.y, x0 + total, this.y, 0.4, RULE);
    }
    this.y += 10;
  }

  labelValues(rows: LabelValue[], width = this.width, x = this.left) {
    const first = Math.round(width * 0.4);
    this.table(
      [
        { header: '', width: first, bold: true, colour: '#495057' },
        { header: '', width: width - first },
      ],
      rows.map((r) => [r.label, r.value]),
      { x, showHeader: false },
    );
  }

  materials(lines: MaterialLine[]) {
    if (lines.length === 0) {
      this.text(TEXT.noMaterials, { font: FONT_ITALIC, colour: TEXT_MUTED, gapAfter: 10 });
      return;
    }
    const w = this.width;
    const [item, detail, quantity, unit] = TEXT.materialColumns;
    this.table(
      [
        { header: item, width: w * 0.34 },
        { header: detail, width: w * 0.4 },
        { header: quantity, width: w * 0.12, align: 'right', bold: true },
        { header: unit, width: w * 0.14 },
      ],
      lines.map((l) => [l.item, l.detail, l.quantityText, l.unit]),
    );
  }

  /** A tinted box with a message (sample catalogue, engine warnings). */
  notice(value: string, colour: string, background: string) {
    const cell = this.measure(pdfText(value), this.width - 20, FONT_BOLD, 9);
    const h = cell.height + 12;
    this.ensure(h);
    this.runs.rect(this.left, this.y, this.width, h, background);
    this.runs.rect(this.left, this.y, 3, h, colour);
    this.write(cell, {
      x: this.left + 12,
      y: this.y + 6,
      width: this.width - 20,
      font: FONT_BOLD,
      size: 9,
      colour,
    });
    this.y += h + 10;
  }
}

function cover(layout: Layout, doc: ExportDocument) {
  const pdf = layout.direct();
  pdf.save().rect(0, 0, pdf.page.width, 96).fill(BRAND).restore();
  pdf.font(FONT_BOLD).fontSize(11).fillColor('#ffffff').text('SEALPLAN', layout.left, 30);
  pdf.font(FONT).fontSize(9).fillColor('#d3f9d8').text('Cable and pipe transit sizing', layout.left, 46);
  pdf
    .font(FONT)
    .fontSize(9)
    .fillColor('#ffffff')
    .text(pdfText(formatTimestamp(doc.generatedOn)), layout.left, 30, {
      width: layout.width,
      align: 'right',
    });
  layout.y = 124;
  layout.text(TEXT.title, { font: FONT_BOLD, size: 26, colour: TEXT_DARK, gapAfter: 2 });
  layout.text(doc.project.name, { size: 16, colour: BRAND, gapAfter: 18 });
  if (doc.sampleCatalogue) layout.notice(TEXT.sampleNotice, WARN_FG, WARN_BG);
  layout.heading(TEXT.coverHeading, 2);
  layout.labelValues(coverRows(doc));
  if (!doc.materialsOnly && doc.transits.length > 0) {
    layout.heading(TEXT.transitsHeading, 2);
    const w = layout.width;
    layout.table(
      [
        { header: 'Transit', width: w * 0.3 },
        { header: 'Opening', width: w * 0.26 },
        { header: 'Copies', width: w * 0.1, align: 'right' },
        { header: 'Fill', width: w * 0.14, align: 'right' },
        { header: 'Status', width: w * 0.2 },
      ],
      doc.transits.map((t) => [
        t.name,
        factValue(t, 'Opening'),
        String(t.copies),
        factValue(t, 'Fill', 'fill'),
        t.status,
      ]),
    );
  }
}

function factValue(t: ExportTransit, label: string, from: 'facts' | 'fill' = 'facts'): string {
  return t[from].find((f) => f.label === label)?.value ?? '-';
}

function transitSection(layout: Layout, transit: ExportTransit) {
  layout.newPage();
  layout.heading(TEXT.transitHeading(transit), 2);
  // Facts on the left, the drawing on the right.
  const top = layout.y;
  const factsWidth = layout.width - DRAWING_SIZE - 18;
  layout.text(TEXT.transitData, { font: FONT_BOLD, size: 11, gapAfter: 4, width: factsWidth });
  layout.labelValues(transit.facts, factsWidth);
  const afterFacts = layout.y;
  const dx = layout.right - DRAWING_SIZE;
  layout.runs.draw(FONT_BOLD, 11, TEXT_DARK, TEXT.drawing, dx, top);
  let dy = top + 18;
  if (transit.drawing) {
    const pdf = layout.direct();
    const frame = drawingFrame(transit.drawing);
    const aspect = frame.height / frame.width;
    const height = Math.min(DRAWING_SIZE, DRAWING_SIZE * aspect);
    const width = height / aspect;
    pdf.save().rect(dx, dy, DRAWING_SIZE, height).lineWidth(0.4).strokeColor(RULE).stroke().restore();
    drawVector(pdf, transit.drawing, dx + (DRAWING_SIZE - width) / 2, dy, width / frame.width);
    dy += height + 6;
    dy = legend(layout, transit, dx, dy);
  } else {
    layout.write(layout.measure(TEXT.noDrawing, DRAWING_SIZE, FONT_ITALIC, 9), {
      x: dx,
      y: dy,
      width: DRAWING_SIZE,
      font: FONT_ITALIC,
      size: 9,
      colour: TEXT_MUTED,
    });
    dy += 30;
  }
  layout.y = Math.max(afterFacts, dy + 8);
  layout.heading(TEXT.fill, 3);
  layout.labelValues(transit.fill);
  for (const m of transit.messages) {
    layout.notice(
      m.text,
      m.severity === 'error' ? ERROR_FG : WARN_FG,
      m.severity === 'error' ? '#fff5f5' : WARN_BG,
    );
  }
  layout.heading(transit.copies > 1 ? TEXT.materialsWithCopies(transit.copies) : TEXT.materials, 3);
  layout.materials(transit.materials);
  if (transit.comments.trim()) {
    layout.heading(TEXT.notes, 3);
    layout.text(transit.comments.trim(), { size: 9.5 });
  }
}

/**
 * The drawing as vector paths, straight from the packing (mm scaled to points). pdfkit's own path API: measured
 * at well under a millisecond per drawing, where parsing the same SVG with svg-to-pdfkit took about 100 ms.
 */
function drawVector(
  pdf: Pdf,
  drawing: NonNullable<ExportTransit['drawing']>,
  x: number,
  y: number,
  scale: number,
) {
  const frame = drawingFrame(drawing);
  const X = (mm: number) => x + (mm - frame.x) * scale;
  const Y = (mm: number) => y + (mm - frame.y) * scale;
  const o = drawing.opening;
  const stroke = drawing.exceeded ? DRAWING_COLOURS.openingExceeded : DRAWING_COLOURS.openingOk;
  const span = o.shape === 'ROUND' ? o.diameterMm : Math.max(o.widthMm, o.heightMm);
  const lineWidth = Math.max(0.8, (span / 110) * scale);
  pdf.save();
  if (o.shape === 'ROUND') pdf.circle(X(0), Y(0), (o.diameterMm / 2) * scale);
  else {
    const r = Math.max(0, Math.min(o.cornerRadiusMm, o.widthMm / 2, o.heightMm / 2));
    pdf.roundedRect(X(-o.widthMm / 2), Y(-o.heightMm / 2), o.widthMm * scale, o.heightMm * scale, r * scale);
  }
  pdf.fillColor(DRAWING_COLOURS.openingFill).fill();
  for (const c of drawing.circles) {
    const colour = DRAWING_COLOURS[c.kind];
    if (c.clearanceRMm) {
      pdf
        .circle(X(c.xMm), Y(c.yMm), c.clearanceRMm * scale)
        .lineWidth(lineWidth / 3)
        .dash(lineWidth, { space: lineWidth })
        .strokeColor(colour.stroke)
        .strokeOpacity(0.45)
        .stroke()
        .undash()
        .strokeOpacity(1);
    }
    pdf
      .circle(X(c.xMm), Y(c.yMm), c.rMm * scale)
      .lineWidth(lineWidth / 2)
      .fillOpacity(0.85)
      .fillAndStroke(colour.fill, colour.stroke)
      .fillOpacity(1);
  }
  if (o.shape === 'ROUND') pdf.circle(X(0), Y(0), (o.diameterMm / 2) * scale);
  else {
    const r = Math.max(0, Math.min(o.cornerRadiusMm, o.widthMm / 2, o.heightMm / 2));
    pdf.roundedRect(X(-o.widthMm / 2), Y(-o.heightMm / 2), o.widthMm * scale, o.heightMm * scale, r * scale);
  }
  pdf.lineWidth(lineWidth);
  if (drawing.exceeded) pdf.dash(lineWidth * 4, { space: lineWidth * 3 });
  pdf.strokeColor(stroke).stroke().undash();
  pdf.restore();
}

const KIND_LABEL = { CABLE: 'Cable', PIPE: 'Pipe', PIPE_PLASTIC: 'Plastic pipe', UNKNOWN: 'Item' } as const;

function legend(layout: Layout, transit: ExportTransit, x: number, y: number): number {
  const kinds = [...new Set(transit.drawing?.circles.map((c) => c.kind) ?? [])];
  let cx = x;
  for (const kind of kinds) {
    const colour = DRAWING_COLOURS[kind];
    layout
      .direct()
      .save()
      .circle(cx + 4, y + 4.5, 3.5)
      .fillAndStroke(colour.fill, colour.stroke)
      .restore();
    layout.runs.draw(FONT, 8, TEXT_MUTED, KIND_LABEL[kind], cx + 11, y + 1);
    cx += 16 + layout.runs.width(FONT, 8, KIND_LABEL[kind]) + 8;
  }
  return kinds.length ? y + 14 : y;
}

/** Footer on every page: project and title, unit system, 'Page n of m' (the count is known once laid out). */
async function footers(layout: Layout, doc: ExportDocument, yieldNow: () => Promise<void>) {
  const { pdf, runs } = layout;
  const range = pdf.bufferedPageRange();
  const y = pdf.page.height - MARGIN - 8;
  const width = pdf.page.width - 2 * MARGIN;
  const title = pdfText(`${doc.project.name} \u00b7 ${TEXT.title}`);
  // A long project name is cut with an ellipsis (in the fonts of its characters, CJK included).
  const footerTitle = runs.ellipsis(FONT, 8, title, width * 0.4);
  const units = pdfText(TEXT.units(doc));
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    runs.line(MARGIN, y - 6, MARGIN + width, y - 6, 0.5, RULE);
    runs.draw(FONT, 8, TEXT_MUTED, footerTitle, MARGIN, y);
    runs.draw(FONT, 8, TEXT_MUTED, units, MARGIN + width * 0.3, y, { width: width * 0.4, align: 'center' });
    runs.draw(FONT, 8, TEXT_MUTED, TEXT.pageOf(i - range.start + 1, range.count), MARGIN + width * 0.7, y, {
      width: width * 0.3,
      align: 'right',
    });
    runs.flush();
    if ((i - range.start + 1) % PAGES_PER_FLUSH === 0) await yieldNow();
  }
}

/**
 * Compresses and writes the buffered pages a batch at a time with a yield between batches, instead of all at once
 * in `pdf.end()` (about 0.25 ms a page: 100 ms for a 400-page export). pdfkit only offers `flushPages()` for the
 * whole buffer, so the buffer is handed over a batch at a time (pdfkit 0.20's `_pageBuffer`); should that field
 * ever be missing, `pdf.end()` still flushes everything in one go.
 */
async function flushPagesInBatches(pdf: Pdf, yieldNow: () => Promise<void>) {
  const internal = pdf as unknown as { _pageBuffer?: unknown[] };
  while (Array.isArray(internal._pageBuffer) && internal._pageBuffer.length > PAGES_PER_FLUSH) {
    const pages = internal._pageBuffer;
    internal._pageBuffer = pages.slice(0, PAGES_PER_FLUSH);
    pdf.flushPages();
    internal._pageBuffer = pages.slice(PAGES_PER_FLUSH);
    await yieldNow();
  }
}

/** Builds the PDF; yields to the event loop between transits so a big export never stalls other requests. */
export async function buildPdf(doc: ExportDocument, yieldNow: () => Promise<void>): Promise<Buffer> {
  const pdf = new PDFDocument({
    font: defaultPdfFont(),
    size: doc.paperSize,
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: pdfText(`${TEXT.title} - ${doc.project.name}`),
      Author: pdfText(doc.preparedBy.name),
      Subject: pdfText(TEXT.units(doc)),
      Creator: 'Sealplan',
      CreationDate: doc.generatedOn,
    },
  });
  registerPdfFonts(pdf);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const layout = new Layout(pdf);
  cover(layout, doc);
  // The cover lists every transit: a long table on its own.
  await yieldNow();
  if (!doc.materialsOnly) {
    for (const transit of doc.transits) {
      transitSection(layout, transit);
      await yieldNow();
    }
    layout.newPage();
  } else layout.y += 6;
  layout.heading(TEXT.totals, 2);
  layout.text(TEXT.totalsNote, { size: 9, colour: TEXT_MUTED, gapAfter: 8 });
  layout.materials(doc.totals);
  layout.runs.flush();
  await footers(layout, doc, yieldNow);
  await flushPagesInBatches(pdf, yieldNow);
  pdf.end();
  return done;
}
