import { stringify } from 'csv-stringify/sync';
import type { ExportDocument, MaterialLine } from '../export.model';
import { formatUnitPrice } from '../export-document.builder';
import { TEXT } from './document-content';

/** UTF-8 byte order mark: Excel opens the file as UTF-8 only with it. */
const UTF8_BOM = '\uFEFF';
/** Cells a spreadsheet would evaluate as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
export const TOTAL_TRANSIT_LABEL = 'Project total';
/** The Item cell of the row that carries the sample-data notice (ADR 007: every document carries it). */
export const SAMPLE_NOTICE_ITEM = 'SAMPLE DATA';

/** Neutralises formula injection: a leading apostrophe makes the spreadsheet show the text as typed. */
export function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * One row per material line: project, transit, item, quantity, unit (plus detail and copies). Per-transit lines
 * are for one copy; the 'Project total' rows multiply by copies. RFC 4180 quoting, CRLF, UTF-8 with BOM.
 * Quantities are the documents' own texts (formatDisplayNumber: plain numbers, no grouping, the same decimals as
 * the PDF), so they parse back exactly. While the catalogue is sample data, the
 * first row after the header carries the notice (Item 'SAMPLE DATA', the notice as Detail, no quantity): the first
 * thing a reader sees when the file opens, and a row a spreadsheet sum or a parser keyed on Transit passes over.
 */
export function buildCsv(doc: ExportDocument): Buffer {
  // Article number and unit price (issue 19: the provider's products) come last, so readers keyed on the first
  // columns keep working; a unit price is the product's, printed with the documents' number formatter.
  const header = [
    'Project',
    'Transit',
    'Copies',
    'Item',
    'Detail',
    'Quantity',
    'Unit',
    'Units',
    'Article number',
    'Unit price',
  ];
  const article = (line: MaterialLine) => [
    line.articleNumber ?? '',
    line.unitPrice != null ? formatUnitPrice(line.unitPrice) : '',
  ];
  const rows: string[][] = [];
  if (doc.sampleCatalogue) {
    rows.push([
      doc.project.name,
      '',
      '',
      SAMPLE_NOTICE_ITEM,
      TEXT.sampleNotice,
      '',
      '',
      doc.unitSystem,
      '',
      '',
    ]);
  }
  if (!doc.materialsOnly) {
    for (const transit of doc.transits) {
      for (const line of transit.materials) {
        rows.push([
          doc.project.name,
          transit.name,
          String(transit.copies),
          line.item,
          line.detail,
          line.quantityText,
          line.unit,
          doc.unitSystem,
          ...article(line),
        ]);
      }
    }
  }
  for (const line of doc.totals) {
    rows.push([
      doc.project.name,
      TOTAL_TRANSIT_LABEL,
      '',
      line.item,
      line.detail,
      line.quantityText,
      line.unit,
      doc.unitSystem,
      ...article(line),
    ]);
  }
  // csv-stringify quotes a cell holding a comma, quote or line break and doubles its quotes (RFC 4180).
  const text = stringify([header, ...rows.map((r) => r.map(safeCell))], { record_delimiter: '\r\n' });
  return Buffer.from(UTF8_BOM + text, 'utf8');
}
