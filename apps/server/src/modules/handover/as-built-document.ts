import PDFDocument from 'pdfkit';
import {
  LOCATION_PATH_SEPARATOR,
  TRANSIT_SITE_STATUSES,
  type DocumentLanguage,
  type TransitSiteStatus,
} from '@sealplan/contracts';
import {
  PDF_FONT,
  PDF_FONT_BOLD,
  defaultPdfFont,
  documentFormat,
  fontSegments,
  pdfText,
  registerPdfFont,
  registerPdfFonts,
} from '../export/tasks';
import { AS_BUILT_TEXTS } from './as-built-texts';

/** A step as the record prints it. */
export interface AsBuiltStep {
  fromStatus: TransitSiteStatus;
  toStatus: TransitSiteStatus;
  by: string;
  at: Date;
  remarks: string;
}

/** One transit of the as-built record: plain data, so it crosses into the worker pool. */
export interface AsBuiltTransit {
  name: string;
  /** The location's path from its root; empty without a location. */
  location: string[];
  status: TransitSiteStatus;
  /** The design revision's letter (ADR 032). */
  revision: string;
  installedBy: string | null;
  installedOn: Date | null;
  inspectedBy: string | null;
  inspectedOn: Date | null;
  remarks: string;
  steps: AsBuiltStep[];
  /** The photos' JPEG thumbnails (ADR 032), in the order they were taken. */
  photos: { fileName: string; jpeg: Uint8Array; takenOn: Date }[];
}

export interface AsBuiltRecord {
  language: DocumentLanguage;
  paper: 'A4' | 'LETTER';
  projectName: string;
  customerName: string;
  organization: string;
  /** The location the record covers (its path), or empty for the whole project. */
  scope: string[];
  preparedBy: string;
  generatedOn: Date;
  transits: AsBuiltTransit[];
}

const MM = 72 / 25.4;
const PAGES: Record<AsBuiltRecord['paper'], [number, number]> = {
  A4: [210 * MM, 297 * MM],
  LETTER: [8.5 * 72, 11 * 72],
};
const MARGIN = 18 * MM;
const TITLE_SIZE = 18;
const HEADING_SIZE = 13;
const BODY_SIZE = 9.5;
const SMALL_SIZE = 8;
const PHOTO_SIZE = 42 * MM;
const PHOTO_GAP = 4 * MM;
const TEXT_DARK = '#1a1a1a';
const TEXT_MUTED = '#555555';
const RULE = '#c8c8c8';
const STATUS_COLOUR: Record<TransitSiteStatus, string> = {
  DESIGNED: '#555555',
  INSTALLED: '#1c5fa8',
  INSPECTION_PASSED: '#1e7b34',
  INSPECTION_FAILED: '#b3261e',
};

/**
 * Writes runs of text at the cursor (or at x, y) as one paragraph wrapped at `width`, each character in the embedded
 * font that has it (Latin, CJK). Every string passes `pdfText` (ADR 023: no control character reaches the PDF).
 */
function writeRuns(
  pdf: PDFKit.PDFDocument,
  runs: { text: string; font?: string }[],
  options: { size?: number; colour?: string; width: number; x?: number; y?: number },
) {
  const segments = runs.flatMap((run) => fontSegments(run.font ?? PDF_FONT, pdfText(run.text)));
  if (segments.length === 0) segments.push({ font: PDF_FONT, text: ' ' });
  pdf.fillColor(options.colour ?? TEXT_DARK).fontSize(options.size ?? BODY_SIZE);
  segments.forEach((segment, index) => {
    registerPdfFont(pdf, segment.font);
    pdf.font(segment.font);
    const continued = index < segments.length - 1;
    if (index === 0 && options.x !== undefined)
      pdf.text(segment.text, options.x, options.y, { width: options.width, continued });
    else pdf.text(segment.text, { width: options.width, continued });
  });
}

function write(
  pdf: PDFKit.PDFDocument,
  text: string,
  options: { font?: string; size?: number; colour?: string; width: number; x?: number; y?: number },
) {
  writeRuns(pdf, [{ text, font: options.font ?? PDF_FONT }], options);
}

/** ADR 035: the as-built record of a project or a location, as a PDF (pure: runs in the worker pool). */
export async function renderAsBuilt(record: AsBuiltRecord): Promise<Uint8Array> {
  const text = AS_BUILT_TEXTS[record.language];
  const format = documentFormat(record.language);
  const [pageWidth, pageHeight] = PAGES[record.paper];
  const width = pageWidth - 2 * MARGIN;
  const bottom = pageHeight - MARGIN;
  const pdf = new PDFDocument({
    size: [pageWidth, pageHeight],
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    font: defaultPdfFont(),
    info: {
      Title: pdfText(`${record.projectName} – ${text.title}`),
      Creator: 'Sealplan',
    },
  });
  registerPdfFonts(pdf);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  const ensure = (height: number) => {
    if (pdf.y + height > bottom) pdf.addPage();
  };
  const fact = (label: string, value: string, colour = TEXT_DARK) => {
    ensure(BODY_SIZE * 2);
    writeRuns(pdf, [{ text: `${label}: `, font: PDF_FONT_BOLD }, { text: value }], { width, colour });
  };

  // The cover: what, for whom, which part of the project, by whom and when, and the counts per status.
  write(pdf, text.title, { font: PDF_FONT_BOLD, size: TITLE_SIZE, width, x: MARGIN, y: MARGIN });
  pdf.moveDown(0.5);
  fact(text.project, record.projectName);
  fact(text.customer, record.customerName);
  fact(text.organization, record.organization);
  fact(text.scope, record.scope.length ? record.scope.join(LOCATION_PATH_SEPARATOR) : text.wholeProject);
  fact(text.preparedBy, record.preparedBy);
  fact(text.generated, format.timestamp(record.generatedOn));
  pdf.moveDown(0.5);
  write(pdf, `${text.summary} (${text.transitCount(record.transits.length)})`, {
    font: PDF_FONT_BOLD,
    width,
  });
  for (const status of TRANSIT_SITE_STATUSES) {
    const count = record.transits.filter((t) => t.status === status).length;
    write(pdf, `${text.statuses[status]}: ${count}`, { width, colour: STATUS_COLOUR[status] });
  }
  if (record.transits.length === 0) {
    pdf.moveDown();
    write(pdf, text.noTransits, { width, colour: TEXT_MUTED });
  }

  for (const transit of record.transits) {
    // A transit starts on the page when its heading and facts fit there.
    ensure(12 * BODY_SIZE * 1.4);
    pdf.moveDown(1);
    const ruleY = pdf.y;
    pdf
      .save()
      .strokeColor(RULE)
      .lineWidth(0.5)
      .moveTo(MARGIN, ruleY)
      .lineTo(MARGIN + width, ruleY)
      .stroke();
    pdf.restore();
    pdf.y = ruleY + 6;
    write(pdf, transit.name, { font: PDF_FONT_BOLD, size: HEADING_SIZE, width, x: MARGIN, y: pdf.y });
    pdf.moveDown(0.2);
    fact(
      text.location,
      transit.location.length ? transit.location.join(LOCATION_PATH_SEPARATOR) : text.noLocation,
    );
    fact(text.status, text.statuses[transit.status], STATUS_COLOUR[transit.status]);
    fact(text.revision, transit.revision);
    fact(
      text.installed,
      transit.installedBy && transit.installedOn
        ? text.byOn(transit.installedBy, format.timestamp(transit.installedOn))
        : text.notYet,
    );
    fact(
      text.inspected,
      transit.inspectedBy && transit.inspectedOn
        ? text.byOn(transit.inspectedBy, format.timestamp(transit.inspectedOn))
        : text.notYet,
    );
    if (transit.remarks) fact(text.remarks, transit.remarks);
    if (transit.steps.length > 0) {
      pdf.moveDown(0.3);
      ensure(BODY_SIZE * 3);
      write(pdf, text.steps, { font: PDF_FONT_BOLD, width });
      for (const step of transit.steps) {
        ensure(SMALL_SIZE * 2);
        const line =
          `${format.timestamp(step.at)}  ${text.statuses[step.fromStatus]} → ${text.statuses[step.toStatus]}` +
          `  ${step.by}${step.remarks ? ` – ${step.remarks}` : ''}`;
        write(pdf, line, { size: SMALL_SIZE, width, colour: TEXT_MUTED });
      }
    }
    pdf.moveDown(0.3);
    ensure(BODY_SIZE * 2);
    if (transit.photos.length === 0) {
      write(pdf, text.noPhotos, { width, colour: TEXT_MUTED });
      continue;
    }
    write(pdf, text.photos(transit.photos.length), { font: PDF_FONT_BOLD, width });
    // The photos in rows of fixed cells, each with its file name and date below it.
    const perRow = Math.max(1, Math.floor((width + PHOTO_GAP) / (PHOTO_SIZE + PHOTO_GAP)));
    const cellHeight = PHOTO_SIZE + 2.6 * SMALL_SIZE;
    let rowTop = pdf.y + 4;
    transit.photos.forEach((photo, index) => {
      const column = index % perRow;
      if (column === 0 && index > 0) rowTop += cellHeight + PHOTO_GAP;
      if (column === 0 && rowTop + cellHeight > bottom) {
        pdf.addPage();
        rowTop = MARGIN;
      }
      const x = MARGIN + column * (PHOTO_SIZE + PHOTO_GAP);
      pdf.image(Buffer.from(photo.jpeg), x, rowTop, {
        fit: [PHOTO_SIZE, PHOTO_SIZE],
        align: 'center',
        valign: 'bottom',
      });
      write(pdf, photo.fileName, {
        size: SMALL_SIZE - 1,
        width: PHOTO_SIZE,
        colour: TEXT_MUTED,
        x,
        y: rowTop + PHOTO_SIZE + 2,
      });
      write(pdf, format.timestamp(photo.takenOn), {
        size: SMALL_SIZE - 1,
        width: PHOTO_SIZE,
        colour: TEXT_MUTED,
      });
    });
    pdf.x = MARGIN;
    pdf.y = rowTop + cellHeight + 2;
  }

  // The page footers once every page exists (ADR 007's documents number their pages the same way).
  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    pdf.switchToPage(range.start + i);
    const footer = `${record.projectName} – ${text.title} – ${text.pageOf(i + 1, range.count)}`;
    // Writing below the bottom margin would open a new page: the margin is lifted for the footer.
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    write(pdf, footer, {
      size: SMALL_SIZE - 1,
      width,
      colour: TEXT_MUTED,
      x: MARGIN,
      y: pageHeight - MARGIN / 2 - SMALL_SIZE,
    });
    pdf.page.margins.bottom = margin;
  }
  pdf.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
