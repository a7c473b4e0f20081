import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { MAX_SCHEDULE_ROWS, SCHEDULE_MESSAGES, isBlankRow, tidyTable } from '@sealplan/contracts';
import { AppError } from '../../errors';

/**
 * Reads the first sheet of a schedule file: XLSX (recognised by its ZIP signature, read with ExcelJS) or CSV / TSV
 * text (UTF-8 with or without BOM, else Windows-1252 as older Excel saves it; the separator is the one of comma,
 * semicolon and tab that the heading line uses most). Cells come back as the text a person sees; numbers as their
 * full value, not the sheet's rounded display.
 */

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

export interface ReadTable {
  headings: string[];
  rows: string[][];
  rowsLeftOut: number;
}

function isZip(bytes: Buffer): boolean {
  return ZIP_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** Control characters are a cell's formatting debris (e.g. a vertical tab for a line break): read as a space. */
function clean(text: string): string {
  return text
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(/[\r\n]+/g, ' ')
    .trim();
}

function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function separatorOf(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((sep) => ({ sep, n: firstLine.split(sep).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0]!.n > 0 ? counts[0]!.sep : ',';
}

function readCsv(bytes: Buffer): string[][] {
  const text = decodeText(bytes);
  try {
    return parse(text, {
      delimiter: separatorOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: true,
    }) as string[][];
  } catch {
    throw new AppError('BAD_REQUEST', SCHEDULE_MESSAGES.fileUnreadable);
  }
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && 'result' in value && typeof value.result === 'number')
    return String(value.result);
  return cell.text ?? '';
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError('BAD_REQUEST', SCHEDULE_MESSAGES.fileUnreadable);
  }
  const sheet = book.worksheets.find((s) => s.actualRowCount > 0);
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell);
    });
    rows.push(Array.from(cells, (c) => c ?? ''));
  });
  return rows;
}

/** The schedule's headings (its first non-blank row) and data rows, within the import's limits. */
export async function readScheduleFile(bytes: Buffer): Promise<ReadTable> {
  const raw = isZip(bytes) ? await readXlsx(bytes) : readCsv(bytes);
  const table = tidyTable(raw.map((r) => r.map((c) => clean(String(c ?? ''))))).filter((r) => !isBlankRow(r));
  if (table.length === 0) throw new AppError('BAD_REQUEST', SCHEDULE_MESSAGES.fileEmpty);
  const [headings, ...rows] = table;
  return {
    headings: headings!,
    rows: rows.slice(0, MAX_SCHEDULE_ROWS),
    rowsLeftOut: Math.max(0, rows.length - MAX_SCHEDULE_ROWS),
  };
}
