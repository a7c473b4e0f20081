import { strToU8, zipSync, type Zippable } from 'fflate';

/**
 * Small generated hostile schedule files for the reader's tests (ADR 020): XLSX parts written by hand, so a test
 * can make a sheet of any length or a cell of any size, and ZIPs whose central directory lies.
 */

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Cables" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/** An XLSX of one sheet "Cables" whose rows are the given cells (inline strings), built without a spreadsheet library. */
export function xlsxOfRows(rows: Iterable<readonly string[]>, extra: Zippable = {}): Uint8Array {
  const parts: string[] = [];
  let n = 0;
  for (const row of rows) {
    n += 1;
    const cells = row
      .map((text, i) => `<c r="${String.fromCharCode(65 + i)}${n}" t="inlineStr"><is><t>${text}</t></is></c>`)
      .join('');
    parts.push(`<row r="${n}">${cells}</row>`);
  }
  const sheet = `<?xml version="1.0" encoding="UTF-8"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${parts.join('')}</sheetData></worksheet>`;
  return zipSync({
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(ROOT_RELS),
    'xl/workbook.xml': strToU8(WORKBOOK),
    'xl/_rels/workbook.xml.rels': strToU8(WORKBOOK_RELS),
    'xl/worksheets/sheet1.xml': strToU8(sheet),
    ...extra,
  });
}

const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/**
 * Rewrites the uncompressed size every header of a ZIP declares (local headers and central directory), as a
 * hostile file may: larger than the data (a "bomb" that announces itself) or smaller (one that hides).
 */
export function withDeclaredSize(zip: Uint8Array, size: number): Uint8Array {
  const bytes = new Uint8Array(zip);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i + 4 <= bytes.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === CENTRAL_HEADER) view.setUint32(i + 24, size, true);
    else if (signature === LOCAL_HEADER) view.setUint32(i + 22, size, true);
  }
  return bytes;
}

/** A ZIP of `count` tiny entries. */
export function zipOfManyEntries(count: number): Uint8Array {
  const files: Zippable = {};
  for (let i = 0; i < count; i++) files[`xl/media/part${i}.xml`] = strToU8('<a/>');
  return xlsxOfRows([['Tag', 'OD']], files);
}
