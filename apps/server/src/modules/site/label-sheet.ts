import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { LabelPaperSize } from '@sealplan/contracts';
import {
  PDF_FONT,
  PDF_FONT_BOLD,
  defaultPdfFont,
  fontSegments,
  pdfText,
  registerPdfFont,
  registerPdfFonts,
} from '../export/tasks';

/** One label: the transit's name, its location's path and the link its QR code carries. */
export interface TransitLabel {
  name: string;
  location: string;
  link: string;
}

export interface LabelSheet {
  projectName: string;
  paper: LabelPaperSize;
  labels: TransitLabel[];
}

const MM = 72 / 25.4;
const INCH = 72;

/** A sheet of labels: the page, where the first label sits, the labels' size and the gaps between them. */
export interface LabelLayout {
  page: [number, number];
  columns: number;
  rows: number;
  width: number;
  height: number;
  left: number;
  top: number;
  gapX: number;
  gapY: number;
}

/**
 * ADR 031: the common sheets of self-adhesive labels each paper size is sold with, so the labels print onto them:
 * A4 2 × 7 labels of 99.1 × 38.1 mm (the L7163 layout), Letter 2 × 5 labels of 4 × 2 in (the 5163 layout).
 */
export const LABEL_LAYOUTS: Readonly<Record<LabelPaperSize, LabelLayout>> = {
  A4: {
    page: [210 * MM, 297 * MM],
    columns: 2,
    rows: 7,
    width: 99.1 * MM,
    height: 38.1 * MM,
    left: 4.65 * MM,
    top: 15.15 * MM,
    gapX: 2.5 * MM,
    gapY: 0,
  },
  LETTER: {
    page: [8.5 * INCH, 11 * INCH],
    columns: 2,
    rows: 5,
    width: 4 * INCH,
    height: 2 * INCH,
    left: 0.156 * INCH,
    top: 0.5 * INCH,
    gapX: 0.188 * INCH,
    gapY: 0,
  },
};

/** Inner margin of a label (printers shift a little; nothing is drawn this close to its edge). */
const PADDING = 3 * MM;
const NAME_SIZE = 12;
const LOCATION_SIZE = 9;
const LINK_SIZE = 6;
/** Where the link's text starts below the label's top padding (under the name, location and project lines). */
const LINK_TOP = 50;
const TEXT_DARK = '#1a1a1a';
const TEXT_MUTED = '#555555';

/** Draws `text` in one line, each character in the embedded font that has it (Latin, CJK), cut at `width`. */
function line(
  pdf: PDFKit.PDFDocument,
  text: string,
  font: string,
  size: number,
  colour: string,
  x: number,
  y: number,
  width: number,
) {
  let rest = width;
  let cursor = x;
  for (const segment of fontSegments(font, pdfText(text).replace(/\n/g, ' '))) {
    registerPdfFont(pdf, segment.font);
    pdf.font(segment.font).fontSize(size);
    let piece = segment.text;
    while (piece && pdf.widthOfString(piece) > rest) piece = piece.slice(0, -1);
    if (!piece) break;
    pdf.fillColor(colour).text(piece, cursor, y, { lineBreak: false });
    const used = pdf.widthOfString(piece);
    cursor += used;
    rest -= used;
    if (piece !== segment.text) break;
  }
}

/** The QR code of `link` as filled squares (vector, sharp at any printer resolution). */
function qr(pdf: PDFKit.PDFDocument, link: string, x: number, y: number, size: number) {
  const code = QRCode.create(link, { errorCorrectionLevel: 'M' });
  const count = code.modules.size;
  // Four modules of quiet zone around the code, as readers expect.
  const cell = size / (count + 8);
  pdf.save().fillColor('#000000');
  for (let row = 0; row < count; row += 1)
    for (let col = 0; col < count; col += 1)
      if (code.modules.get(row, col)) pdf.rect(x + (col + 4) * cell, y + (row + 4) * cell, cell, cell);
  pdf.fill().restore();
}

/** ADR 031: the label sheet as a PDF (pure: runs in the worker pool). */
export async function renderLabelSheet(sheet: LabelSheet): Promise<Uint8Array> {
  const layout = LABEL_LAYOUTS[sheet.paper];
  const pdf = new PDFDocument({
    size: layout.page,
    margin: 0,
    autoFirstPage: false,
    font: defaultPdfFont(),
    info: { Title: pdfText(`${sheet.projectName} – labels`), Creator: 'Sealplan' },
  });
  registerPdfFonts(pdf);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  const perPage = layout.columns * layout.rows;
  // A project without transits still gets a (blank) page: a PDF has at least one.
  if (sheet.labels.length === 0) pdf.addPage();
  sheet.labels.forEach((label, index) => {
    const slot = index % perPage;
    if (slot === 0) pdf.addPage();
    const x = layout.left + (slot % layout.columns) * (layout.width + layout.gapX);
    const y = layout.top + Math.floor(slot / layout.columns) * (layout.height + layout.gapY);
    const codeSize = layout.height - 2 * PADDING;
    qr(pdf, label.link, x + PADDING, y + PADDING, codeSize);
    const textX = x + 2 * PADDING + codeSize;
    const textWidth = layout.width - (textX - x) - PADDING;
    line(pdf, label.name, PDF_FONT_BOLD, NAME_SIZE, TEXT_DARK, textX, y + PADDING + 2, textWidth);
    if (label.location)
      line(pdf, label.location, PDF_FONT, LOCATION_SIZE, TEXT_DARK, textX, y + PADDING + 22, textWidth);
    line(pdf, sheet.projectName, PDF_FONT, LOCATION_SIZE, TEXT_MUTED, textX, y + PADDING + 36, textWidth);
    // The link in full (a person can type it when the code cannot be scanned), on as many lines as it needs.
    pdf
      .font(PDF_FONT)
      .fontSize(LINK_SIZE)
      .fillColor(TEXT_MUTED)
      .text(pdfText(label.link), textX, y + PADDING + LINK_TOP, { width: textWidth, lineGap: 0 });
  });
  pdf.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
