import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import ExcelJS from 'exceljs';
import { makeHugeCellXlsx, makeManyEntriesZip, makeZipBombXlsx } from './hostile-files';

/** The record's "entries in total" field (PKWARE APPNOTE 4.3.16), read from the archive's last 22 bytes. */
function declaredEntries(zip: Uint8Array): number {
  return new DataView(zip.buffer, zip.byteOffset + zip.length - 22, 22).getUint16(10, true);
}

/** The first sheet's cells as ExcelJS, a real reader, sees them. */
async function sheetTexts(file: Uint8Array): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(file) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push([row.getCell(1).text]));
  return rows;
}

describe('hostile files', () => {
  it('makes a zip bomb of tiny rows that unzips to far more than it weighs', () => {
    const file = makeZipBombXlsx({ rows: 100_000 });
    const sheet = unzipSync(file)['xl/worksheets/sheet1.xml']!;
    expect(strFromU8(sheet).match(/<row>/g)).toHaveLength(100_001);
    expect(sheet.length / file.length).toBeGreaterThan(100);
  });

  it('makes numbered rows a real reader reads as rows', async () => {
    const rows = await sheetTexts(makeZipBombXlsx({ rows: 30, numbered: true }));
    expect(rows[0]).toEqual(['Cable']);
    expect(rows).toHaveLength(31);
    expect(rows[30]).toEqual(['x']);
  });

  it('makes one cell of the given length', async () => {
    const rows = await sheetTexts(makeHugeCellXlsx({ bytes: 5000 }));
    expect(rows).toEqual([['Cable'], ['a'.repeat(5000)]]);
    const big = makeHugeCellXlsx({ bytes: 8 * 1024 * 1024 });
    expect(big.length).toBeLessThan(64 * 1024);
    expect(unzipSync(big)['xl/sharedStrings.xml']!.length).toBeGreaterThan(8 * 1024 * 1024);
  });

  it('makes an archive of many entries, and one whose record lies about their count', () => {
    const honest = makeManyEntriesZip({ entries: 2000 });
    expect(Object.keys(unzipSync(honest))).toHaveLength(2001);
    expect(declaredEntries(honest)).toBe(2001);
    const lying = makeManyEntriesZip({ entries: 3, declaredEntries: 65_535 });
    expect(declaredEntries(lying)).toBe(65_535);
    expect(() => makeManyEntriesZip({ entries: 1, declaredEntries: 70_000 })).toThrow(RangeError);
  });
});
