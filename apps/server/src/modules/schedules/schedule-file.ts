import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import {
  MAX_SCHEDULE_CELL_READ_LENGTH,
  MAX_SCHEDULE_READ_ROWS,
  MAX_SCHEDULE_SHEETS,
  MAX_SCHEDULE_UNZIPPED_BYTES,
  MAX_SCHEDULE_ZIP_ENTRIES,
  SCHEDULE_MESSAGES,
  columnLetter,
  findHeadingRow,
  isBlankRow,
  scheduleMessage,
  tidyTable,
  type ScheduleSheet,
} from '@sealplan/contracts';
import { unzipSync, zipSync, type Unzipped, type Zippable } from 'fflate';
import { AppError } from '../../errors';
import { isZip, measureZip } from '../../lib/zip-measure';
import { decodeTextFile } from './text-encoding';

/**
 * Reads a schedule file: XLSX (recognised by its ZIP signature) or CSV / TSV text (decoded as spreadsheets export it,
 * binary refused: ADR 023; the separator is the one of comma, semicolon and tab that the heading line
 * uses most). Cells come back as the text a person sees; numbers as their full value, not the sheet's rounded
 * display. A file is hostile until shown otherwise (ADR 020): a ZIP is measured before it is unpacked, sheets are
 * read as a stream, and reading stops at the row and cell-length caps.
 */

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

export interface ReadWorkbook {
  sheets: ScheduleSheet[];
  /** The sheet whose heading row matches the known headings best (the first such). */
  sheet: number;
}

/** Control characters are a cell's formatting debris (e.g. a vertical tab for a line break): read as a space. */
function clean(text: string): string {
  return text
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(/[\r\n]+/g, ' ')
    .trim();
}

const refuse = (message: string): never => {
  throw new AppError('BAD_REQUEST', message);
};

/** Refuses an archive before anything is unpacked for parsing (ADR 020/022: measured by `measureZip`). */
export function checkZipSizes(bytes: Uint8Array): void {
  const problem = measureZip(bytes, {
    maxEntries: MAX_SCHEDULE_ZIP_ENTRIES,
    maxUnzippedBytes: MAX_SCHEDULE_UNZIPPED_BYTES,
  });
  if (problem === 'tooManyEntries') refuse(SCHEDULE_MESSAGES.zipTooManyEntries);
  if (problem === 'tooLarge') refuse(SCHEDULE_MESSAGES.zipTooLarge);
  if (problem === 'unreadable') refuse(SCHEDULE_MESSAGES.fileUnreadable);
}

function separatorOf(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((sep) => ({ sep, n: firstLine.split(sep).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0]!.n > 0 ? counts[0]!.sep : ',';
}

/** Refuses a cell past the read cap, naming where it is (what is kept of a cell is cut shorter by tidyTable). */
function checkCell(text: string, sheet: string, row: number, column: number): string {
  if (text.length > MAX_SCHEDULE_CELL_READ_LENGTH)
    refuse(
      scheduleMessage(SCHEDULE_MESSAGES.cellTooLong, {
        sheet,
        row,
        column: columnLetter(column),
        length: text.length,
      }),
    );
  return text;
}

const tooManyRows = () => refuse(SCHEDULE_MESSAGES.fileTooManyRows);

function readCsv(bytes: Buffer): { rows: string[][]; rowNumbers: number[] } {
  const { text } = decodeTextFile(bytes);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: separatorOf(text),
      relax_column_count: true,
      relax_quotes: true,
      bom: true,
      info: true,
      // One record past the cap says the file is too long, without parsing the rest.
      to: MAX_SCHEDULE_READ_ROWS + 1,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    return refuse(SCHEDULE_MESSAGES.fileUnreadable);
  }
  if (records.length > MAX_SCHEDULE_READ_ROWS) tooManyRows();
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  records.forEach(({ record }, index) => {
    // Records are numbered as a spreadsheet would show the file (a quoted line break stays in its record).
    const cells = record.map((c, column) => clean(checkCell(c, 'CSV', index + 1, column)));
    if (isBlankRow(cells)) return;
    rows.push(cells);
    rowNumbers.push(index + 1);
  });
  return { rows, rowNumbers };
}

type CellValue = ExcelJS.CellValue;

function valueText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    if (result === undefined || result === null || typeof result === 'object') return '';
    return String(result);
  }
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return String(value.error);
  return '';
}

/** A merged range of a sheet, 1-based and inclusive, as its `<mergeCell ref="A3:B5"/>` gives it. */
interface MergedRange {
  top: number;
  left: number;
  bottom: number;
}

const WORKSHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;
const SHARED_STRINGS_PART = 'xl/sharedStrings.xml';
const WORKBOOK_RELATIONS_PART = 'xl/_rels/workbook.xml.rels';
const EMPTY_SHARED_STRINGS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';

const MERGE_CELL = /<(?:\w+:)?mergeCell\b[^>]*?\bref="([A-Z]{1,3})(\d{1,7}):([A-Z]{1,3})(\d{1,7})"/g;

function columnNumber(letters: string): number {
  let n = 0;
  for (const letter of letters) n = n * 26 + (letter.charCodeAt(0) - 64);
  return n;
}

/**
 * The merged ranges of each worksheet part (`xl/worksheets/sheetN.xml` -> N), read from the part's tail: the
 * streaming reader skips them, and they follow the sheet's rows.
 */
function mergedRanges(parts: Unzipped): Map<number, MergedRange[]> {
  const ranges = new Map<number, MergedRange[]>();
  const decoder = new TextDecoder();
  for (const [name, data] of Object.entries(parts)) {
    if (!WORKSHEET_PART.test(name)) continue;
    const xml = decoder.decode(data);
    const tail = xml.slice(Math.max(0, xml.lastIndexOf('sheetData>')));
    const found: MergedRange[] = [];
    for (const m of tail.matchAll(MERGE_CELL)) {
      const top = Number(m[2]);
      const bottom = Number(m[4]);
      if (bottom > top) found.push({ top, left: columnNumber(m[1]!), bottom });
    }
    if (found.length > 0) ranges.set(Number(/(\d+)\.xml$/.exec(name)![1]), found);
  }
  return ranges;
}

/**
 * A value merged down over several rows (a transit's name written once beside its cables) is stored in the range's
 * first cell only; every row of the range reads it, as a person sees it. Only down: a title merged across the
 * columns stays in its first column, so no heading is doubled.
 */
function fillMergedDown(sheet: ScheduleSheet, ranges: readonly MergedRange[]): void {
  const indexOf = new Map(sheet.rowNumbers.map((number, index) => [number, index]));
  for (const range of ranges) {
    const first = indexOf.get(range.top);
    const value = first === undefined ? '' : (sheet.rows[first]![range.left - 1] ?? '');
    if (value === '') continue;
    for (let number = range.top + 1; number <= range.bottom; number++) {
      const index = indexOf.get(number);
      if (index === undefined) continue;
      const row = sheet.rows[index]!;
      while (row.length < range.left) row.push('');
      if (row[range.left - 1] === '') row[range.left - 1] = value;
    }
  }
}

/**
 * The archive as the streaming reader reads it best: its worksheets after the workbook's relations and shared
 * strings. A writer may store them in any order, or store no shared strings at all (every text inline); ExcelJS's
 * reader then writes each worksheet met too early to a temporary file and reads it back once the strings are known.
 * That detour puts a stranger's file on the disk, and a read through it failed, rarely and only on a busy machine,
 * as unreadable; so such an archive is packed again, in this order, with an empty shared-strings part where it had
 * none. Parts are stored, not compressed: the new archive lives only for this read.
 */
function inReadingOrder(bytes: Buffer, parts: Unzipped): Buffer {
  const names = Object.keys(parts);
  const firstSheet = names.findIndex((name) => WORKSHEET_PART.test(name));
  const ready = [SHARED_STRINGS_PART, WORKBOOK_RELATIONS_PART].every((part) => {
    const at = names.indexOf(part);
    return at >= 0 && (firstSheet < 0 || at < firstSheet);
  });
  if (ready) return bytes;
  const ordered: Zippable = {};
  for (const name of names) if (!WORKSHEET_PART.test(name)) ordered[name] = parts[name]!;
  ordered[SHARED_STRINGS_PART] ??= new TextEncoder().encode(EMPTY_SHARED_STRINGS);
  for (const name of names) if (WORKSHEET_PART.test(name)) ordered[name] = parts[name]!;
  return Buffer.from(zipSync(ordered, { level: 0 }));
}

const STREAM_SLICE_BYTES = 64 * 1024;

function* slices(bytes: Buffer, size: number): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/**
 * Every sheet of the workbook as a stream of rows: only the rows the caps allow are kept. The parts themselves are
 * unpacked once (merged ranges, reading order), after checkZipSizes has measured what they unpack to.
 */
async function readXlsx(bytes: Buffer): Promise<ScheduleSheet[]> {
  checkZipSizes(bytes);
  let parts: Unzipped;
  try {
    parts = unzipSync(bytes);
  } catch {
    return refuse(SCHEDULE_MESSAGES.fileUnreadable);
  }
  const merges = mergedRanges(parts);
  // In slices, so that the reader's back-pressure holds: given the whole archive as one chunk, the unzipper inflates
  // a sheet far ahead of the rows read, and a long sheet stopped at the row cap would already be in memory.
  const input = Readable.from(slices(inReadingOrder(bytes, parts), STREAM_SLICE_BYTES));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const sheets: ScheduleSheet[] = [];
  let rowsRead = 0;
  try {
    for await (const worksheet of reader) {
      const { name, id } = worksheet as unknown as { name: string; id: number };
      if (sheets.length >= MAX_SCHEDULE_SHEETS) refuse(SCHEDULE_MESSAGES.fileTooManySheets);
      const sheet: ScheduleSheet = { name, rows: [], rowNumbers: [], headingRow: 0 };
      for await (const row of worksheet) {
        const cells: string[] = [];
        (row as ExcelJS.Row).eachCell({ includeEmpty: false }, (c, column) => {
          cells[column - 1] = clean(checkCell(valueText(c.value), name, row.number, column - 1));
        });
        const full = Array.from(cells, (c) => c ?? '');
        if (isBlankRow(full)) continue;
        rowsRead += 1;
        if (rowsRead > MAX_SCHEDULE_READ_ROWS) tooManyRows();
        sheet.rows.push(full);
        sheet.rowNumbers.push(row.number);
      }
      fillMergedDown(sheet, merges.get(id) ?? []);
      sheets.push(sheet);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    refuse(SCHEDULE_MESSAGES.fileUnreadable);
  } finally {
    input.destroy();
  }
  return sheets;
}

/**
 * The schedule's sheets (a CSV is one), each with its non-blank rows, their row numbers as a spreadsheet shows
 * them and the heading row found in it, and which sheet to offer first.
 */
export async function readScheduleFile(bytes: Buffer): Promise<ReadWorkbook> {
  const read = isZip(bytes) ? await readXlsx(bytes) : [{ name: 'CSV', ...readCsv(bytes), headingRow: 0 }];
  const sheets = read
    .map((sheet) => {
      const rows = tidyTable(sheet.rows);
      return { ...sheet, rows, headingRow: findHeadingRow(rows).index };
    })
    .filter((sheet) => sheet.rows.length > 0);
  if (sheets.length === 0) refuse(SCHEDULE_MESSAGES.fileEmpty);
  let best = 0;
  let bestScore = -1;
  sheets.forEach((sheet, i) => {
    const { score } = findHeadingRow(sheet.rows);
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  return { sheets, sheet: best };
}
