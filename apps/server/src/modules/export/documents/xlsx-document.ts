import ExcelJS from 'exceljs';
import type { PaperSize, Worksheet } from 'exceljs';
import type { ExportDocument, ExportTransit, LabelValue, MaterialLine } from '../export.model';
import { wordsOf } from './document-content';
import type { DocumentTexts } from './document-texts';
import { oneLine, xmlLine, xmlText } from '../../../lib/written-text';

/**
 * The bill of materials as an Excel workbook (ExcelJS): a sheet of project totals, then one sheet per transit.
 * Quantities are numbers with a number format of the documents' decimals (a column sums in the spreadsheet), the
 * header rows are frozen and repeat on every printed page, and every sheet prints to the export's paper size, fitted
 * to one page wide. Strings are written as strings, so a cell starting with "=" is text, never a formula.
 */

/**
 * Sheet names and headings in the document's language (ADR 027, document-texts.ts `xlsx`); the legend sits in the
 * first three columns: numbers, item with its diameter, sleeve or crusher and ring.
 */
const totalsTitle = (text: DocumentTexts) => `${text.title}: ${text.totals}`;
const transitTitle = (text: DocumentTexts, t: ExportTransit) =>
  `${text.title}: ${text.transitHeading(t.name)}`;

/** Column widths in characters (Article number, Item, Detail, Quantity, Unit). */
const COLUMN_WIDTHS = [18, 36, 64, 12, 12] as const;
/** Rows above the table header: title, project and units, copies and status (or prepared by), notice. */
export const XLSX_HEADER_ROW = 5;
/** Excel refuses sheet names over 31 characters or with any of []:*?/\ (a repair prompt otherwise). */
export const XLSX_SHEET_NAME_MAX = 31;
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;
/** The paper size codes of the sheet's page setup (ECMA-376 pageSetup@paperSize): 1 Letter, 9 A4. */
const PAPER_SIZE = { LETTER: 1, A4: 9 } as const;

const BRAND = 'FF087F5B';
const HEADER_FILL = 'FFE6F4EF';
const NOTICE = 'FFC92A2A';

/** Excel's number format for a quantity with `decimals` decimals, grouped by thousands. */
export function numberFormat(decimals: number): string {
  return decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
}

/** Sheet names unique within the workbook (case-insensitively, as Excel compares them), at most 31 characters. */
export function sheetNames(
  names: readonly string[],
  reserved: readonly string[],
  fallback = 'Transit',
): string[] {
  const used = new Set(reserved.map((n) => n.toLowerCase()));
  return names.map((raw) => {
    // Excel also refuses a name that starts or ends with an apostrophe.
    const base =
      oneLine(raw)
        .replace(SHEET_NAME_FORBIDDEN, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^'+|'+$/g, '') || fallback;
    // xmlText drops half of a surrogate pair the cut may leave.
    let name = xmlText(base.slice(0, XLSX_SHEET_NAME_MAX)).trim();
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = `${xmlText(base.slice(0, XLSX_SHEET_NAME_MAX - suffix.length)).trim()}${suffix}`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}

function setUp(sheet: Worksheet, doc: ExportDocument) {
  const [pageWord, ofWord, afterCount] = wordsOf(doc).text.pageOf.map(footerText);
  sheet.columns = COLUMN_WIDTHS.map((width) => ({ width }));
  sheet.views = [
    { state: 'frozen', xSplit: 0, ySplit: XLSX_HEADER_ROW, activeCell: `A${XLSX_HEADER_ROW + 1}` },
  ];
  sheet.pageSetup = {
    // ExcelJS's PaperSize enum leaves out Letter (1), which Excel and LibreOffice read like any other code.
    paperSize: PAPER_SIZE[doc.paperSize] as PaperSize,
    orientation: 'landscape',
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: `${XLSX_HEADER_ROW}:${XLSX_HEADER_ROW}`,
    margins: { left: 0.5, right: 0.5, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 },
  };
  // &P / &N: page number and count; &A: the sheet's name (Excel's header and footer codes).
  sheet.headerFooter = {
    oddFooter: `&L${footerText(doc.project.name)} — ${footerText(doc.unitSystemLabel)}&R&A, ${pageWord}&P${ofWord}&N${afterCount}`,
  };
}

/** An ampersand starts a header/footer code; doubled it prints as itself. The footer is one line (ADR 023). */
function footerText(text: string): string {
  return xmlLine(text).replace(/&/g, '&&');
}

/**
 * ExcelJS escapes markup but writes every other character as it is, and XML 1.0 has no way to hold most controls:
 * one such character in stored text and Excel offers to repair the file (ADR 023). Every text cell passes here.
 */
function xmlSafeCells(book: ExcelJS.Workbook) {
  book.eachSheet((sheet) => {
    sheet.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        if (typeof cell.value === 'string') {
          const safe = xmlText(cell.value);
          if (safe !== cell.value) cell.value = safe;
        }
      });
    });
  });
}

function headerRows(
  sheet: Worksheet,
  doc: ExportDocument,
  title: string,
  third: [string, string, string, string],
) {
  const titleRow = sheet.getRow(1);
  titleRow.getCell(1).value = title;
  titleRow.font = { bold: true, size: 14, color: { argb: BRAND } };
  const { text } = wordsOf(doc);
  const project = sheet.getRow(2);
  project.values = [text.cover.project, doc.project.name, text.units(doc.unitSystemLabel)];
  project.getCell(1).font = { bold: true };
  const info = sheet.getRow(3);
  info.values = [third[0], third[1], third[2], third[3]];
  info.getCell(1).font = { bold: true };
  info.getCell(3).font = { bold: true };
  info.getCell(3).alignment = { horizontal: 'right' };
  if (doc.sampleCatalogue) {
    const notice = sheet.getRow(4);
    notice.getCell(1).value = text.sampleNotice;
    notice.font = { bold: true, color: { argb: NOTICE } };
    sheet.mergeCells(4, 1, 4, COLUMN_WIDTHS.length);
    notice.getCell(1).alignment = { wrapText: true, vertical: 'top' };
    notice.height = 30;
  }
}

function tableHeader(sheet: Worksheet, rowNumber: number, columns: readonly string[]) {
  const row = sheet.getRow(rowNumber);
  row.values = [...columns];
  row.font = { bold: true };
  row.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
    cell.border = { bottom: { style: 'medium', color: { argb: BRAND } } };
  });
}

/** Material lines from `start`: quantities as numbers in their documents' decimals. Answers the next free row. */
function materialRows(
  sheet: Worksheet,
  start: number,
  lines: readonly MaterialLine[],
  text: DocumentTexts,
): number {
  let r = start;
  if (lines.length === 0) {
    sheet.getRow(r).getCell(2).value = text.noMaterials;
    return r + 1;
  }
  for (const line of lines) {
    const row = sheet.getRow(r++);
    row.values = [line.articleNumber ?? '', line.item, line.detail, line.quantity, line.unit];
    const quantity = row.getCell(4);
    quantity.numFmt = numberFormat(line.decimals ?? 0);
    row.getCell(3).alignment = { wrapText: true, vertical: 'top' };
  }
  return r;
}

function sectionHeading(sheet: Worksheet, rowNumber: number, text: string) {
  const row = sheet.getRow(rowNumber);
  row.getCell(1).value = text;
  row.font = { bold: true, size: 12, color: { argb: BRAND } };
}

function labelValueRows(sheet: Worksheet, start: number, rows: readonly LabelValue[]): number {
  let r = start;
  for (const { label, value } of rows) {
    const row = sheet.getRow(r++);
    row.getCell(1).value = label;
    row.getCell(1).font = { bold: true };
    row.getCell(2).value = value;
  }
  return r;
}

function totalsSheet(book: ExcelJS.Workbook, doc: ExportDocument) {
  const { text } = wordsOf(doc);
  const sheet = book.addWorksheet(text.xlsx.totalsSheet);
  setUp(sheet, doc);
  headerRows(sheet, doc, totalsTitle(text), [
    text.cover.preparedBy,
    `${doc.preparedBy.name} (${doc.preparedBy.organization})`,
    text.dxf.generated,
    '',
  ]);
  // A real date cell, so the spreadsheet shows it in the reader's own date format.
  const generated = sheet.getRow(3).getCell(4);
  generated.value = doc.generatedOn;
  generated.numFmt = 'yyyy-mm-dd hh:mm';
  tableHeader(sheet, XLSX_HEADER_ROW, text.xlsx.columns);
  let r = materialRows(sheet, XLSX_HEADER_ROW + 1, doc.totals, text) + 1;
  sheet.getRow(r++).getCell(2).value = text.totalsNote;
  if (doc.materialsOnly) return;
  r++;
  sectionHeading(sheet, r++, text.transitsHeading);
  tableHeader(sheet, r++, text.xlsx.transitsColumns);
  if (doc.transits.length === 0) sheet.getRow(r).getCell(1).value = text.noTransits;
  for (const transit of doc.transits) {
    const row = sheet.getRow(r++);
    row.values = [transit.name, transit.copies, transit.status, transit.location];
    row.getCell(2).numFmt = '0';
  }
}

function transitSheet(book: ExcelJS.Workbook, doc: ExportDocument, transit: ExportTransit, name: string) {
  const { text } = wordsOf(doc);
  const sheet = book.addWorksheet(name);
  setUp(sheet, doc);
  headerRows(sheet, doc, transitTitle(text, transit), [text.dxf.copies, '', text.dxf.status, transit.status]);
  const copies = sheet.getRow(3).getCell(2);
  copies.value = transit.copies;
  copies.numFmt = '0';
  copies.alignment = { horizontal: 'left' };
  tableHeader(sheet, XLSX_HEADER_ROW, text.xlsx.columns);
  let r = materialRows(sheet, XLSX_HEADER_ROW + 1, transit.materials, text) + 1;
  const legend = transit.drawing?.legend ?? [];
  if (legend.length > 0) {
    sectionHeading(sheet, r++, text.legend);
    tableHeader(sheet, r++, text.xlsx.legendColumns);
    for (const line of legend)
      sheet.getRow(r++).values = [
        line.numbers,
        `${line.item}, ${line.diameter}`,
        [line.sleeve, line.ring].filter(Boolean).join('; '),
      ];
    r++;
  }
  sectionHeading(sheet, r++, text.transitData);
  r = labelValueRows(sheet, r, transit.facts) + 1;
  sectionHeading(sheet, r++, text.fill);
  r = labelValueRows(sheet, r, transit.fill);
  if (transit.messages.length > 0 || transit.comments.trim()) {
    r++;
    sectionHeading(sheet, r++, text.notes);
    for (const m of transit.messages) sheet.getRow(r++).getCell(2).value = m.text;
    if (transit.comments.trim()) sheet.getRow(r).getCell(2).value = transit.comments.trim();
  }
}

/** The workbook's bytes. */
export async function buildXlsx(doc: ExportDocument, pause?: () => Promise<void>): Promise<Buffer> {
  const { text } = wordsOf(doc);
  const book = new ExcelJS.Workbook();
  book.creator = 'Sealplan';
  book.title = xmlLine(`${text.title}: ${doc.project.name}`);
  book.created = doc.generatedOn;
  book.modified = doc.generatedOn;
  totalsSheet(book, doc);
  if (!doc.materialsOnly) {
    const names = sheetNames(
      doc.transits.map((t) => t.name),
      [text.xlsx.totalsSheet],
      text.xlsx.transitSheet,
    );
    for (const [i, transit] of doc.transits.entries()) {
      transitSheet(book, doc, transit, names[i]!);
      if (pause && i % 40 === 39) await pause();
    }
  }
  xmlSafeCells(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}
