import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { strToU8, unzipSync, zipSync } from 'fflate';
import {
  MAX_SCHEDULE_CELL_READ_LENGTH,
  MAX_SCHEDULE_READ_ROWS,
  MAX_SCHEDULE_UNZIPPED_BYTES,
  MAX_SCHEDULE_ZIP_ENTRIES,
  SCHEDULE_MESSAGES,
  scheduleMessage,
} from '@sealplan/contracts';
import { readScheduleFile } from './schedule-file';
import { withDeclaredSize, xlsxOfRows, zipOfManyEntries } from './testing/hostile-schedules';

/**
 * Hostile schedule files (ADR 020, amended 2026-11-27): each is refused with its message before it costs memory,
 * and the reader still reads a good file built the same way.
 */

const messageOf = async (bytes: Uint8Array) => {
  try {
    await readScheduleFile(Buffer.from(bytes));
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

function* rows(count: number) {
  yield ['Tag', 'OD'];
  for (let i = 1; i < count; i++) yield [`W-${i}`, '12'];
}

describe('readScheduleFile: hostile files', () => {
  it('reads a hand-built workbook (the generator is sound)', async () => {
    const read = await readScheduleFile(Buffer.from(xlsxOfRows(rows(3))));
    expect(read.sheets[0]).toMatchObject({
      name: 'Cables',
      rows: [
        ['Tag', 'OD'],
        ['W-1', '12'],
        ['W-2', '12'],
      ],
    });
  });

  it('refuses a ZIP whose central directory declares more than the limit, before unpacking', async () => {
    const bomb = withDeclaredSize(xlsxOfRows(rows(3)), 3_000_000_000);
    expect(await messageOf(bomb)).toBe(SCHEDULE_MESSAGES.zipTooLarge);
  });

  it('refuses a ZIP that hides its size: the inflated bytes are counted, not trusted', async () => {
    const zeros = new Uint8Array(MAX_SCHEDULE_UNZIPPED_BYTES + 1024);
    const hiding = withDeclaredSize(
      zipSync({ 'xl/worksheets/sheet1.xml': zeros, 'xl/workbook.xml': strToU8('<workbook/>') }),
      100,
    );
    expect(hiding.length).toBeLessThan(200_000);
    expect(await messageOf(hiding)).toBe(SCHEDULE_MESSAGES.zipTooLarge);
  });

  it('refuses a ZIP of too many entries', async () => {
    expect(await messageOf(zipOfManyEntries(MAX_SCHEDULE_ZIP_ENTRIES + 1))).toBe(
      SCHEDULE_MESSAGES.zipTooManyEntries,
    );
  });

  it('stops a sheet at the row cap, with the message', async () => {
    expect(await messageOf(xlsxOfRows(rows(MAX_SCHEDULE_READ_ROWS + 1)))).toBe(
      SCHEDULE_MESSAGES.fileTooManyRows,
    );
    const read = await readScheduleFile(Buffer.from(xlsxOfRows(rows(MAX_SCHEDULE_READ_ROWS))));
    expect(read.sheets[0]!.rows).toHaveLength(MAX_SCHEDULE_READ_ROWS);
  });

  // Inline strings only, or shared strings stored before the sheet: the archive is read as it is, or packed again
  // in reading order first (schedule-file.ts, inReadingOrder); either way the stream stops at the cap.
  const sharedStringsFirst = (zip: Uint8Array) =>
    zipSync({ 'xl/sharedStrings.xml': strToU8('<sst/>'), ...unzipSync(zip) });
  it.each([
    ['inline strings', (zip: Uint8Array) => zip],
    ['shared strings first', sharedStringsFirst],
  ])(
    'stops 200,000 tiny rows (%s, within the size limit) at the row cap without reading them all',
    async (_, arrange) => {
      const many = arrange(xlsxOfRows(rows(200_000)));
      expect(many.length).toBeLessThan(4 * 1024 * 1024);
      const heapBefore = process.memoryUsage().heapUsed;
      expect(await messageOf(many)).toBe(SCHEDULE_MESSAGES.fileTooManyRows);
      // The rows read are capped: far less than the 200,000 rows' worth of strings and cell objects.
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
    },
  );

  it('refuses a cell past the length cap, naming the sheet, row and column', async () => {
    const long = 'x'.repeat(MAX_SCHEDULE_CELL_READ_LENGTH + 1);
    expect(
      await messageOf(
        xlsxOfRows([
          ['Tag', 'OD'],
          ['W-1', long],
        ]),
      ),
    ).toBe(
      scheduleMessage(SCHEDULE_MESSAGES.cellTooLong, {
        sheet: 'Cables',
        row: 2,
        column: 'B',
        length: long.length,
      }),
    );
  });

  it('stops a CSV at the row cap', async () => {
    const csv = ['Tag,OD', ...Array.from({ length: MAX_SCHEDULE_READ_ROWS + 5 }, (_, i) => `W-${i},12`)].join(
      '\n',
    );
    expect(await messageOf(strToU8(csv))).toBe(SCHEDULE_MESSAGES.fileTooManyRows);
  });
});

describe('readScheduleFile: parts in any order', () => {
  const sharedStrings = (texts: string[]) =>
    strToU8(
      `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${texts.map((t) => `<si><t>${t}</t></si>`).join('')}</sst>`,
    );
  const sharedStringSheet = strToU8(
    `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
      `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>` +
      `<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>12.5</v></c></row>` +
      `<row r="3"><c r="B3"><v>20</v></c></row>` +
      `</sheetData><mergeCells count="1"><mergeCell ref="A2:A3"/></mergeCells></worksheet>`,
  );

  // ExcelJS's streaming reader writes a worksheet met before the shared strings to a temporary file; the reader
  // packs such an archive again so that it never does.
  async function readWithoutTemporaryFiles(bytes: Uint8Array) {
    const writes = vi.spyOn(fs, 'createWriteStream');
    try {
      const read = await readScheduleFile(Buffer.from(bytes));
      expect(writes).not.toHaveBeenCalled();
      return read;
    } finally {
      writes.mockRestore();
    }
  }

  it('reads shared strings stored after the sheet, and its merged cells, without a temporary file', async () => {
    const zip = xlsxOfRows([], {
      'xl/worksheets/sheet1.xml': sharedStringSheet,
      'xl/sharedStrings.xml': sharedStrings(['Tag', 'OD', 'W-1']),
    });
    const read = await readWithoutTemporaryFiles(zip);
    expect(read.sheets[0]!.rows).toEqual([
      ['Tag', 'OD'],
      ['W-1', '12.5'],
      ['W-1', '20'],
    ]);
  });

  it('reads a workbook of inline strings only (no shared-strings part) without a temporary file', async () => {
    const read = await readWithoutTemporaryFiles(xlsxOfRows(rows(3)));
    expect(read.sheets[0]!.rows).toEqual([
      ['Tag', 'OD'],
      ['W-1', '12'],
      ['W-2', '12'],
    ]);
  });

  it('refuses a ZIP that holds no worksheet as empty', async () => {
    expect(await messageOf(zipSync({ 'readme.txt': strToU8('hello') }))).toBe(SCHEDULE_MESSAGES.fileEmpty);
  });
});
