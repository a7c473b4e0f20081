import PDFDocument from 'pdfkit';
import type { DrawingLayout } from '@sealplan/engine';
import type { DrawingModel, ExportDocument, ExportTransit, LabelValue, MaterialLine } from '../export.model';
import {
  DRAWING_COLOURS,
  DRAWING_DIMENSION_COLOUR,
  DRAWING_TEXT_COLOUR,
  documentDrawingLayout,
} from './drawing';
import { coverRows, overviewColumns, overviewRows, wordsOf } from './document-content';
import type { DocumentTexts } from './document-texts';
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
/** Cell padding of tables, and of the tighter label/value tables (transit data, fill). */
const TABLE_PAD = 4;
const LABEL_VALUE_PAD = 2.5;
/** A heading is kept with this much (points) of what follows it. */
const HEADING_KEEP = 60;
/** A tall opening is drawn narrower so the drawing stays beside its data. */
const DRAWING_MAX_HEIGHT = 280;
/** Circle numbers and dimensions in the drawing (points): legible in print for 60 items. */
const DRAWING_FONT = 7;
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

  constructor(
    readonly pdf: Pdf,
    /** The document's words (ADR 027). */
    readonly words: DocumentTexts,
  ) {
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

  /** `keep`: how much of what follows must fit below it (a few lines by default; less when that is all there is). */
  heading(value: string, level: 2 | 3, keep = HEADING_KEEP) {
    const size = level === 2 ? 15 : 11;
    // Keep a heading with at least a few lines of what follows.
    this.ensure(size + Math.min(keep, HEADING_KEEP));
    if (level === 2) {
      this.text(value, { font: FONT_BOLD, size, colour: BRAND, gapAfter: 3 });
      this.runs.line(this.left, this.y, this.right, this.y, 1.2, BRAND);
      this.y += 8;
    } else {
      this.text(value, { font: FONT_BOLD, size, colour: TEXT_DARK, gapAfter: 4 });
    }
  }

  /** A table with a shaded header row repeated after page breaks and thin rules between rows. */
  table(columns: Column[], rows: string[][], opts: { x?: number; showHeader?: boolean; pad?: number } = {}) {
    const x0 = opts.x ?? this.left;
    const total = columns.reduce((s, c) => s + c.width, 0);
    const pad = opts.pad ?? TABLE_PAD;
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

  /** The height table() would take for these rows, on one page (no header repeated). */
  tableHeight(columns: Column[], rows: string[][], showHeader = true, pad = TABLE_PAD): number {
    let h = 0;
    if (showHeader)
      h +=
        Math.max(
          ...columns.map((c) => this.measure(pdfText(c.header), c.width - 2 * pad, FONT_BOLD, 8.5).height),
        ) +
        2 * pad;
    for (const row of rows)
      h +=
        Math.max(
          ...columns.map(
            (c, i) =>
              this.measure(pdfText(row[i] ?? ''), c.width - 2 * pad, c.bold ? FONT_BOLD : FONT, 9).height,
          ),
        ) +
        2 * pad;
    return h + 10;
  }

  labelValueColumns(width = this.width): Column[] {
    const first = Math.round(width * 0.4);
    return [
      { header: '', width: first, bold: true, colour: '#495057' },
      { header: '', width: width - first },
    ];
  }

  labelValuesHeight(rows: LabelValue[], width = this.width): number {
    return this.tableHeight(
      this.labelValueColumns(width),
      rows.map((r) => [r.label, r.value]),
      false,
      LABEL_VALUE_PAD,
    );
  }

  textHeight(value: string, size: number, font = FONT, width = this.width, gapAfter = 4): number {
    return this.measure(pdfText(value), width, font, size).height + gapAfter;
  }

  headingHeight(level: 2 | 3): number {
    const size = level === 2 ? 15 : 11;
    return this.lineHeight(FONT_BOLD, size) + (level === 2 ? 3 + 8 : 4);
  }

  noticeHeight(value: string): number {
    return this.measure(pdfText(value), this.width - 20, FONT_BOLD, 9).height + 12 + 10;
  }

  materialColumns(): Column[] {
    const w = this.width;
    const [item, detail, quantity, unit] = this.words.materialColumns;
    return [
      { header: item, width: w * 0.34 },
      { header: detail, width: w * 0.4 },
      { header: quantity, width: w * 0.12, align: 'right', bold: true },
      { header: unit, width: w * 0.14 },
    ];
  }

  labelValues(rows: LabelValue[], width = this.width, x = this.left) {
    const first = Math.round(width * 0.4);
    this.table(
      [
        { header: '', width: first, bold: true, colour: '#495057' },
        { header: '', width: width - first },
      ],
      rows.map((r) => [r.label, r.value]),
      { x, showHeader: false, pad: LABEL_VALUE_PAD },
    );
  }

  materials(lines: MaterialLine[]) {
    if (lines.length === 0) {
      this.text(this.words.noMaterials, { font: FONT_ITALIC, colour: TEXT_MUTED, gapAfter: 10 });
      return;
    }
    this.table(
      this.materialColumns(),
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
  // The document.header template (ADR 016), drawn with the fallback fonts so any script prints.
  const header = pdfText((doc.headerText?.trim() || 'Sealplan').toUpperCase());
  layout.runs.draw(
    FONT_BOLD,
    11,
    '#ffffff',
    layout.runs.ellipsis(FONT_BOLD, 11, header, layout.width * 0.6),
    layout.left,
    30,
  );
  layout.runs.flush();
  // Through the text runs, so the tagline prints in every language's script (CJK included).
  layout.runs.draw(FONT, 9, '#d3f9d8', pdfText(layout.words.tagline), layout.left, 46);
  layout.runs.flush();
  pdf
    .font(FONT)
    .fontSize(9)
    .fillColor('#ffffff')
    .text(pdfText(wordsOf(doc).format.timestamp(doc.generatedOn)), layout.left, 30, {
      width: layout.width,
      align: 'right',
    });
  layout.y = 124;
  layout.text(layout.words.title, { font: FONT_BOLD, size: 26, colour: TEXT_DARK, gapAfter: 2 });
  layout.text(doc.project.name, { size: 16, colour: BRAND, gapAfter: 18 });
  if (doc.sampleCatalogue) layout.notice(layout.words.sampleNotice, WARN_FG, WARN_BG);
  layout.heading(layout.words.coverHeading, 2);
  layout.labelValues(coverRows(doc));
  const overview = overviewRows(doc);
  if (overview) {
    layout.heading(layout.words.transitsHeading, 2);
    layout.table(
      overviewColumns(doc).map((c) => ({
        header: c.header,
        width: layout.width * c.share,
        align: c.right ? 'right' : 'left',
      })),
      overview,
    );
  }
}

/** The drawing's size on the page: DRAWING_SIZE wide, or narrower when a tall opening would exceed DRAWING_MAX_HEIGHT. */
function pdfDrawingLayout(drawing: DrawingModel): { layout: DrawingLayout; width: number; height: number } {
  let layout = documentDrawingLayout(drawing, DRAWING_SIZE, DRAWING_FONT);
  let width = DRAWING_SIZE;
  const aspect = layout.frame.heightMm / layout.frame.widthMm;
  if (DRAWING_SIZE * aspect > DRAWING_MAX_HEIGHT) {
    width = DRAWING_MAX_HEIGHT / aspect;
    layout = documentDrawingLayout(drawing, width, DRAWING_FONT);
  }
  return { layout, width, height: layout.frame.heightMm * layout.pxPerMm };
}

const LEGEND_SHARES = [0.09, 0.17, 0.14, 0.34, 0.26] as const;

function legendColumns(layout: Layout): Column[] {
  return layout.words.legendColumns.map((header, i) => ({ header, width: layout.width * LEGEND_SHARES[i]! }));
}

function legendRows(drawing: DrawingModel): string[][] {
  return (drawing.legend ?? []).map((l) => [l.numbers, l.item, l.diameter, l.sleeve || '-', l.ring || '-']);
}

/** A transit that does not fit whole starts on a page with at least this share of the page left. */
const MIN_ROOM_SHARE = 0.5;
/** Space between two transits that share a page. */
const SECTION_GAP = 16;

/**
 * Heights of a transit's parts as transitSection lays them out: `head` (heading, data and fill beside the drawing,
 * legend, messages, notes and the start of the material list: kept together on one page) and `full` (all of it).
 */
/** Where the fill table goes: under the data, or under the drawing when that column is the shorter one. */
function topRow(layout: Layout, transit: ExportTransit) {
  const factsWidth = layout.width - DRAWING_SIZE - 18;
  const facts =
    layout.textHeight(layout.words.transitData, 11, FONT_BOLD, factsWidth) +
    layout.labelValuesHeight(transit.facts, factsWidth);
  const fillLeft =
    layout.textHeight(layout.words.fill, 11, FONT_BOLD, factsWidth) +
    layout.labelValuesHeight(transit.fill, factsWidth);
  const fillRight =
    layout.textHeight(layout.words.fill, 11, FONT_BOLD, DRAWING_SIZE) +
    layout.labelValuesHeight(transit.fill, DRAWING_SIZE);
  let drawing = 18 + 30;
  if (transit.drawing) {
    drawing = 18 + pdfDrawingLayout(transit.drawing).height + 6;
    if (transit.drawing.caption) drawing += 12;
  }
  drawing += 8;
  const fillBesideDrawing = Math.max(facts, drawing + fillRight) < Math.max(facts + fillLeft, drawing);
  const height = fillBesideDrawing
    ? Math.max(facts, drawing + fillRight)
    : Math.max(facts + fillLeft, drawing);
  return { factsWidth, fillBesideDrawing, height };
}

function transitHeights(layout: Layout, transit: ExportTransit): { head: number; full: number } {
  let head = layout.headingHeight(2) + topRow(layout, transit).height;
  if (transit.drawing && (transit.drawing.legend ?? []).length > 0)
    head += layout.headingHeight(3) + layout.tableHeight(legendColumns(layout), legendRows(transit.drawing));
  for (const m of transit.messages) head += layout.noticeHeight(m.text);
  if (transit.comments.trim())
    head += layout.headingHeight(3) + layout.textHeight(transit.comments.trim(), 9.5);
  // The material list may continue on the next page: its heading and first rows stay with the rest.
  head += layout.headingHeight(3) + HEADING_KEEP;
  let full = head - HEADING_KEEP;
  full +=
    transit.materials.length > 0
      ? layout.tableHeight(
          layout.materialColumns(),
          transit.materials.map((l) => [l.item, l.detail, l.quantityText, l.unit]),
        )
      : layout.textHeight(layout.words.noMaterials, 10, FONT_ITALIC, layout.width, 10);
  return { head, full };
}

/**
 * One transit. Page flow: a transit that fits in the rest of the page goes there; one that does not goes there when
 * its head (data, drawing, legend, notes) fits and at least half the page is left, its material list running on to
 * the next page with the header repeated; otherwise it starts a new page.
 */
function transitSection(layout: Layout, transit: ExportTransit) {
  const { head, full } = transitHeights(layout, transit);
  const gap = layout.y > MARGIN + 1 ? SECTION_GAP : 0;
  const room = layout.bottom - layout.y - gap;
  const pageRoom = layout.bottom - MARGIN;
  // A transit goes where it fits whole; otherwise where its head fits in at least half a page (its material list
  // runs on); otherwise on a new page.
  const here = full <= room || (head <= room && room >= pageRoom * MIN_ROOM_SHARE);
  if (!here) layout.newPage();
  else layout.y += gap;

  layout.heading(layout.words.transitHeading(transit.name), 2);
  // Facts on the left, the drawing on the right, the fill figures under whichever is shorter.
  const top = layout.y;
  const { factsWidth, fillBesideDrawing } = topRow(layout, transit);
  layout.text(layout.words.transitData, { font: FONT_BOLD, size: 11, gapAfter: 4, width: factsWidth });
  layout.labelValues(transit.facts, factsWidth);
  if (!fillBesideDrawing) {
    layout.text(layout.words.fill, { font: FONT_BOLD, size: 11, gapAfter: 4, width: factsWidth });
    layout.labelValues(transit.fill, factsWidth);
  }
  const afterFacts = layout.y;
  const dx = layout.right - DRAWING_SIZE;
  layout.runs.draw(FONT_BOLD, 11, TEXT_DARK, layout.words.drawing, dx, top);
  let dy = top + 18;
  if (transit.drawing) {
    const { layout: drawn, width, height } = pdfDrawingLayout(transit.drawing);
    const pdf = layout.direct();
    pdf.save().rect(dx, dy, DRAWING_SIZE, height).lineWidth(0.4).strokeColor(RULE).stroke().restore();
    drawVector(layout, transit.drawing, drawn, dx + (DRAWING_SIZE - width) / 2, dy);
    dy += height + 6;
    if (transit.drawing.caption) {
      layout.runs.draw(FONT, 8.5, TEXT_DARK, pdfText(transit.drawing.caption), dx, dy, {
        width: DRAWING_SIZE,
        align: 'center',
      });
      dy += 12;
    }
  } else {
    layout.write(layout.measure(layout.words.noDrawing, DRAWING_SIZE, FONT_ITALIC, 9), {
      x: dx,
      y: dy,
      width: DRAWING_SIZE,
      font: FONT_ITALIC,
      size: 9,
      colour: TEXT_MUTED,
    });
    dy += 30;
  }
  let afterDrawing = dy + 8;
  if (fillBesideDrawing) {
    layout.y = afterDrawing;
    layout.text(layout.words.fill, { font: FONT_BOLD, size: 11, gapAfter: 4, width: DRAWING_SIZE, x: dx });
    layout.labelValues(transit.fill, DRAWING_SIZE, dx);
    afterDrawing = layout.y;
  }
  layout.y = Math.max(afterFacts, afterDrawing);
  if (transit.drawing && (transit.drawing.legend ?? []).length > 0) {
    layout.heading(layout.words.legend, 3);
    layout.table(legendColumns(layout), legendRows(transit.drawing));
  }
  for (const m of transit.messages) {
    layout.notice(
      m.text,
      m.severity === 'error' ? ERROR_FG : WARN_FG,
      m.severity === 'error' ? '#fff5f5' : WARN_BG,
    );
  }
  // Notes before the materials: a material list may run on to the next page (its header repeated), notes never
  // end up alone on one.
  if (transit.comments.trim()) {
    layout.heading(layout.words.notes, 3, layout.textHeight(transit.comments.trim(), 9.5));
    layout.text(transit.comments.trim(), { size: 9.5 });
  }
  layout.heading(
    transit.copies > 1 ? layout.words.materialsWithCopies(transit.copies) : layout.words.materials,
    3,
  );
  layout.materials(transit.materials);
}

/**
 * The drawing as vector paths, straight from the packing (mm scaled to points), with the numbers, leader lines and
 * dimensions of the engine's layout. pdfkit's own path API: measured at well under a millisecond per drawing, where
 * parsing the same SVG with svg-to-pdfkit took about 100 ms.
 */
function drawVector(layout: Layout, drawing: DrawingModel, drawn: DrawingLayout, x: number, y: number) {
  const pdf = layout.direct();
  const frame = drawn.frame;
  const scale = drawn.pxPerMm;
  const X = (mm: number) => x + (mm - frame.xMm) * scale;
  const Y = (mm: number) => y + (mm - frame.yMm) * scale;
  const o = drawing.opening;
  const stroke = drawing.exceeded ? DRAWING_COLOURS.openingExceeded : DRAWING_COLOURS.openingOk;
  const lineWidth = 1;
  const outline = () => {
    if (o.shape === 'ROUND') pdf.circle(X(0), Y(0), (o.diameterMm / 2) * scale);
    else {
      const r = Math.max(0, Math.min(o.cornerRadiusMm, o.widthMm / 2, o.heightMm / 2));
      pdf.roundedRect(
        X(-o.widthMm / 2),
        Y(-o.heightMm / 2),
        o.widthMm * scale,
        o.heightMm * scale,
        r * scale,
      );
    }
  };
  pdf.save();
  outline();
  pdf.fillColor(DRAWING_COLOURS.openingFill).fill();
  for (const c of drawing.circles) {
    const colour = DRAWING_COLOURS[c.kind];
    if (c.clearanceRMm) {
      pdf
        .circle(X(c.xMm), Y(c.yMm), c.clearanceRMm * scale)
        .lineWidth(0.4)
        .dash(1.2, { space: 0.9 })
        .strokeColor(colour.stroke)
        .strokeOpacity(0.6)
        .stroke()
        .undash()
        .strokeOpacity(1);
    }
    if (c.sleeveRMm) {
      pdf
        .circle(X(c.xMm), Y(c.yMm), c.sleeveRMm * scale)
        .lineWidth(0.4)
        .fillOpacity(0.18)
        .fillColor(colour.fill)
        .fill()
        .fillOpacity(1)
        .circle(X(c.xMm), Y(c.yMm), c.sleeveRMm * scale)
        .strokeColor(colour.stroke)
        .stroke();
    }
    pdf
      .circle(X(c.xMm), Y(c.yMm), c.rMm * scale)
      .lineWidth(0.4)
      .fillOpacity(0.85)
      .fillAndStroke(colour.fill, colour.stroke)
      .fillOpacity(1);
  }
  outline();
  pdf.lineWidth(lineWidth);
  if (drawing.exceeded) pdf.dash(lineWidth * 4, { space: lineWidth * 3 });
  pdf.strokeColor(stroke).stroke().undash();
  pdf.restore();
  for (const l of drawn.lines)
    layout.runs.line(
      X(l.x1Mm),
      Y(l.y1Mm),
      X(l.x2Mm),
      Y(l.y2Mm),
      0.4,
      l.role === 'leader' ? DRAWING_TEXT_COLOUR : DRAWING_DIMENSION_COLOUR,
    );
  const size = DRAWING_FONT;
  // Digits are about 0.72 em high: the text's top sits 0.36 em above the label's centre.
  const top = (cy: number) => Y(cy) - size * 0.36 - size * 0.02;
  for (const l of drawn.labels) {
    const text = String(l.number);
    const w = layout.runs.width(FONT, size, text);
    if (l.inside)
      layout.runs.rect(X(l.xMm) - w / 2 - 0.8, Y(l.yMm) - size * 0.42, w + 1.6, size * 0.84, '#ffffff');
    layout.runs.draw(FONT, size, DRAWING_TEXT_COLOUR, text, X(l.xMm) - w / 2, top(l.yMm));
  }
  for (const t of drawn.texts) {
    const text = pdfText(t.text);
    const w = layout.runs.width(FONT, size, text);
    if (!t.vertical) {
      layout.runs.draw(FONT, size, DRAWING_DIMENSION_COLOUR, text, X(t.xMm) - w / 2, top(t.yMm));
      continue;
    }
    const cx = X(t.xMm);
    const cy = Y(t.yMm);
    layout
      .direct()
      .save()
      .rotate(-90, { origin: [cx, cy] })
      .font(FONT)
      .fontSize(size)
      .fillColor(DRAWING_DIMENSION_COLOUR)
      .text(text, cx - w / 2, cy - size * 0.38, { lineBreak: false })
      .restore();
  }
}

/** Footer on every page: project and title, unit system, 'Page n of m' (the count is known once laid out). */
async function footers(layout: Layout, doc: ExportDocument, yieldNow: () => Promise<void>) {
  const { pdf, runs } = layout;
  const range = pdf.bufferedPageRange();
  const y = pdf.page.height - MARGIN - 8;
  const width = pdf.page.width - 2 * MARGIN;
  const title = pdfText(`${doc.project.name} \u00b7 ${layout.words.title}`);
  // A long project name is cut with an ellipsis (in the fonts of its characters, CJK included).
  const footerTitle = runs.ellipsis(FONT, 8, title, width * 0.4);
  const units = pdfText(layout.words.units(doc.unitSystemLabel));
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    runs.line(MARGIN, y - 6, MARGIN + width, y - 6, 0.5, RULE);
    runs.draw(FONT, 8, TEXT_MUTED, footerTitle, MARGIN, y);
    runs.draw(FONT, 8, TEXT_MUTED, units, MARGIN + width * 0.3, y, { width: width * 0.4, align: 'center' });
    const [pageWord, ofWord, afterCount] = layout.words.pageOf;
    const page = `${pageWord}${i - range.start + 1}${ofWord}${range.count}${afterCount}`;
    runs.draw(FONT, 8, TEXT_MUTED, pdfText(page), MARGIN + width * 0.7, y, {
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
  const { text } = wordsOf(doc);
  const pdf = new PDFDocument({
    font: defaultPdfFont(),
    size: doc.paperSize,
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: pdfText(`${text.title} - ${doc.project.name}`),
      Author: pdfText(doc.preparedBy.name),
      Subject: pdfText(text.units(doc.unitSystemLabel)),
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
  const layout = new Layout(pdf, text);
  cover(layout, doc);
  // The cover lists every transit: a long table on its own.
  await yieldNow();
  if (!doc.materialsOnly) {
    for (const transit of doc.transits) {
      transitSection(layout, transit);
      await yieldNow();
    }
    // The totals follow on the same page when their heading and first rows fit (heading() keeps them together).
    layout.y += SECTION_GAP;
  } else layout.y += 6;
  layout.heading(layout.words.totals, 2);
  layout.text(layout.words.totalsNote, { size: 9, colour: TEXT_MUTED, gapAfter: 8 });
  layout.materials(doc.totals);
  // The document.footer template (ADR 016) closes the document.
  if (doc.footerText?.trim())
    layout.text(doc.footerText.trim(), { size: 8, colour: TEXT_MUTED, gapAfter: 0 });
  layout.runs.flush();
  await footers(layout, doc, yieldNow);
  await flushPagesInBatches(pdf, yieldNow);
  pdf.end();
  return done;
}
