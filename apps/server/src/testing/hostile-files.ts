import { Zip, ZipDeflate, strToU8, zipSync } from 'fflate';

/**
 * Hostile upload files, built in memory so tests and benchmarks generate them instead of storing blobs (ADR 022).
 * Each is small on the wire and huge once unzipped: a schedule reader must refuse them without unzipping it all,
 * and the worker pool must keep one such file from hurting any other request.
 *
 * The XLSX files are valid workbooks (content types, workbook, one sheet): a reader that does not look at sizes
 * first really parses them.
 */

/** Deflate level used for the bombs: the highest, so the files stay small on the wire. */
const BOMB_LEVEL = 9;
/** Uncompressed bytes handed to the deflater at a time, so no generator holds the whole unzipped text. */
const CHUNK_BYTES = 1024 * 1024;

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ' +
  'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ' +
  'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/sharedStrings.xml" ' +
  'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
  '</Types>';

const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" ' +
  'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" ' +
  'Target="xl/workbook.xml"/></Relationships>';

const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="Schedule" sheetId="1" r:id="rId1"/></sheets></workbook>';

const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" ' +
  'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" ' +
  'Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" ' +
  'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" ' +
  'Target="sharedStrings.xml"/></Relationships>';

const SHEET_OPEN =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_CLOSE = '</sheetData></worksheet>';

const SHARED_OPEN =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1">';
const SHARED_CLOSE = '</sst>';

/** A streamed text part: `parts` yields the text in pieces; each is deflated as it comes. */
type Part = { name: string; parts: Iterable<string> };

function buildZip(entries: Part[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  // fflate's Zip with ZipDeflate runs synchronously: every callback has fired when end() returns.
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  for (const entry of entries) {
    const file = new ZipDeflate(entry.name, { level: BOMB_LEVEL });
    zip.add(file);
    for (const text of entry.parts) file.push(strToU8(text));
    file.push(new Uint8Array(0), true);
  }
  zip.end();
  if (failure) throw failure;
  const size = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function* repeated(unit: string, count: number): Iterable<string> {
  const perChunk = Math.max(1, Math.floor(CHUNK_BYTES / unit.length));
  for (let done = 0; done < count; done += perChunk) yield unit.repeat(Math.min(perChunk, count - done));
}

function workbook(sheet: Iterable<string>, shared: Iterable<string>): Uint8Array {
  return buildZip([
    { name: '[Content_Types].xml', parts: [CONTENT_TYPES] },
    { name: '_rels/.rels', parts: [ROOT_RELS] },
    { name: 'xl/workbook.xml', parts: [WORKBOOK] },
    { name: 'xl/_rels/workbook.xml.rels', parts: [WORKBOOK_RELS] },
    { name: 'xl/sharedStrings.xml', parts: shared },
    { name: 'xl/worksheets/sheet1.xml', parts: sheet },
  ]);
}

export interface ZipBombXlsxOptions {
  /** Data rows under the heading row (3,000,000 make a file of about 240 kB that unzips to about 100 MB). */
  rows: number;
  /**
   * Number every row and cell (`r="2"`, `r="A2"`). Without numbers (they are optional in SpreadsheetML: each row
   * follows the one before) every row is the same bytes and deflate shrinks them about a thousand times; with
   * them a reader that needs them (ExcelJS) reads the rows, but the file is some fifty times larger.
   */
  numbered?: boolean;
}

/** An XLSX whose one sheet has a heading row "Cable" and `rows` tiny rows (one shared-string cell "x" each). */
export function makeZipBombXlsx({ rows, numbered = false }: ZipBombXlsxOptions): Uint8Array {
  const row = (r: number) =>
    numbered ? `<row r="${r}"><c r="A${r}" t="s"><v>0</v></c></row>` : '<row><c t="s"><v>0</v></c></row>';
  function* sheet(): Iterable<string> {
    yield SHEET_OPEN + row(1).replace('t="s"><v>0</v>', 't="inlineStr"><is><t>Cable</t></is>');
    if (!numbered) {
      yield* repeated(row(0), rows);
    } else {
      let text = '';
      for (let r = 2; r <= rows + 1; r++) {
        text += row(r);
        if (text.length >= CHUNK_BYTES) {
          yield text;
          text = '';
        }
      }
      yield text;
    }
    yield SHEET_CLOSE;
  }
  return workbook(sheet(), [SHARED_OPEN, '<si><t>x</t></si>', SHARED_CLOSE]);
}

export interface HugeCellXlsxOptions {
  /** Characters in the one cell's text (300 MB: `300 * 1024 * 1024`). */
  bytes: number;
}

/** An XLSX with a heading row and one data cell whose shared string is `bytes` letters long. */
export function makeHugeCellXlsx({ bytes }: HugeCellXlsxOptions): Uint8Array {
  function* shared(): Iterable<string> {
    yield SHARED_OPEN;
    yield '<si><t>';
    yield* repeated('a', bytes);
    yield '</t></si>';
    yield SHARED_CLOSE;
  }
  const sheet =
    SHEET_OPEN +
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Cable</t></is></c></row>' +
    '<row r="2"><c r="A2" t="s"><v>0</v></c></row>' +
    SHEET_CLOSE;
  return workbook([sheet], shared());
}

export interface ManyEntriesZipOptions {
  /** Entries really in the archive (each an empty file). */
  entries: number;
  /**
   * The entry count written in the end-of-central-directory record, when it should lie (up to 65,535, the field's
   * largest value): a reader that trusts it allocates for entries that are not there.
   */
  declaredEntries?: number;
}

/** End-of-central-directory record signature (PKWARE APPNOTE 4.3.16). */
const EOCD_SIGNATURE = 0x06054b50;
const EOCD_MIN_BYTES = 22;

/** A ZIP (with an XLSX's content-types part first, so it passes for a workbook) of `entries` empty files. */
export function makeManyEntriesZip({ entries, declaredEntries }: ManyEntriesZipOptions): Uint8Array {
  const files: Record<string, Uint8Array> = { '[Content_Types].xml': strToU8(CONTENT_TYPES) };
  for (let i = 0; i < entries; i++) files[`xl/media/e${i}.bin`] = new Uint8Array(0);
  const zip = zipSync(files, { level: 0 });
  if (declaredEntries !== undefined) {
    if (!Number.isInteger(declaredEntries) || declaredEntries < 0 || declaredEntries > 0xffff)
      throw new RangeError('declaredEntries must be an integer from 0 to 65535');
    // fflate writes no archive comment, so the record is the archive's last 22 bytes.
    const view = new DataView(zip.buffer, zip.byteOffset + zip.length - EOCD_MIN_BYTES, EOCD_MIN_BYTES);
    if (view.getUint32(0, true) !== EOCD_SIGNATURE)
      throw new Error('end-of-central-directory record not found');
    view.setUint16(8, declaredEntries, true); // entries on this disk
    view.setUint16(10, declaredEntries, true); // entries in total
  }
  return zip;
}
