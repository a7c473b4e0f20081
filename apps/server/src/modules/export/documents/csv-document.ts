import { stringify } from 'csv-stringify/sync';
import type { ExportDocument, MaterialLine } from '../export.model';
import { wordsOf } from './document-content';
import { documentTexts } from './document-texts';

/** UTF-8 byte order mark: Excel opens the file as UTF-8 only with it. */
const UTF8_BOM = '\uFEFF';
/** Cells a spreadsheet would evaluate as a formula (OWASP CSV injection), also after a leading line break. */
const FORMULA_START = /^[=+\-@\t\r\n]/;
// eslint-disable-next-line no-control-regex
const CSV_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
export const TOTAL_TRANSIT_LABEL = documentTexts('en-US').csvProjectTotal;
/** The Item cell of the row that carries the sample-data notice in English (ADR 007: every document carries it). */
export const SAMPLE_NOTICE_ITEM = documentTexts('en-US').sampleNoticeItem;
/**
 * ADR 027: a language that writes decimals with a comma gets ';' between cells, as spreadsheets set up for that
 * language expect (Excel's list separator in German and French), so "12,5" is one number, not two cells.
 */
export function csvDelimiter(decimalSeparator: string): ',' | ';' {
  return decimalSeparator === ',' ? ';' : ',';
}

/** Neutralises formula injection: a leading apostrophe makes the spreadsheet show the text as typed. */
export function safeCell(value: string): string {
  // Controls other than tab and line breaks are no text anyone typed; NUL ends the cell in some readers (ADR 023).
  const text = value.replace(CSV_CONTROLS, '');
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One row per material line: project, transit, item, quantity, unit (plus detail and copies). Per-transit lines
 * are for one copy; the 'Project total' rows multiply by copies. RFC 4180 quoting, CRLF, UTF-8 with BOM; headings and words in the document's language.
 * Quantities are the documents' own texts (formatDisplayNumber: plain numbers, no grouping, the same decimals as
 * the PDF), so they parse back exactly. While the catalogue is sample data, the
 * first row after the header carries the notice (Item 'SAMPLE DATA', the notice as Detail, no quantity): the first
 * thing a reader sees when the file opens, and a row a spreadsheet sum or a parser keyed on Transit passes over.
 */
export function buildCsv(doc: ExportDocument): Buffer {
  const { text, format } = wordsOf(doc);
  // Article number and unit price (ADR 016: the provider's products), then the transit's location (ADR 031), come
  // last, so readers keyed on the first columns keep working; a unit price is the product's, printed with the
  // documents' number formatter.
  const header = [...text.csvColumns];
  const article = (line: MaterialLine) => [
    line.articleNumber ?? '',
    line.unitPrice != null ? format.unitPrice(line.unitPrice) : '',
  ];
  const rows: string[][] = [];
  if (doc.sampleCatalogue) {
    rows.push([
      doc.project.name,
      '',
      '',
      text.sampleNoticeItem,
      text.sampleNotice,
      '',
      '',
      doc.unitSystem,
      '',
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
          transit.location,
        ]);
      }
    }
  }
  for (const line of doc.totals) {
    rows.push([
      doc.project.name,
      text.csvProjectTotal,
      '',
      line.item,
      line.detail,
      line.quantityText,
      line.unit,
      doc.unitSystem,
      ...article(line),
      '',
    ]);
  }
  // csv-stringify quotes a cell holding a comma, a quote or the record delimiter and doubles its quotes (RFC 4180);
  // a lone CR or LF is not the delimiter, so quoted_match quotes it too, else it would start a row (ADR 023).
  const csv = stringify([header, ...rows.map((r) => r.map(safeCell))], {
    delimiter: csvDelimiter(format.decimalSeparator),
    record_delimiter: '\r\n',
    quoted_match: /[\r\n\u2028\u2029]/,
  });
  return Buffer.from(UTF8_BOM + csv, 'utf8');
}
