import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { readScheduleFile } from './schedule-file';
import { TEXT_FILE_MESSAGES, decodeTextFile } from './text-encoding';

const SCHEDULE = 'Tag;Outer diameter;Note\nØ-1;12,5;Ø 2,5 mm² ø\n';

/** The schedule as Excel on Windows saves "Unicode text": UTF-16 LE after a BOM. */
function utf16le(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}

function utf16be(text: string): Buffer {
  const le = Buffer.from(text, 'utf16le');
  return Buffer.concat([Buffer.from([0xfe, 0xff]), le.swap16()]);
}

/** Windows-1252 for the Latin-1 range this schedule uses (Ø 0xD8, ² 0xB2, ø 0xF8 are the same bytes). */
function cp1252(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

/** A real (tiny, valid) PNG made here: signature, IHDR, one IDAT, IEND. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function refusal(bytes: Uint8Array): string {
  try {
    decodeTextFile(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('BAD_REQUEST');
    return (error as AppError).message;
  }
  throw new Error('the file was accepted');
}

describe('decodeTextFile', () => {
  it('reads UTF-8 with and without BOM', () => {
    expect(decodeTextFile(Buffer.from(SCHEDULE, 'utf8'))).toEqual({ text: SCHEDULE, encoding: 'utf-8' });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(SCHEDULE, 'utf8')]);
    expect(decodeTextFile(bom)).toEqual({ text: SCHEDULE, encoding: 'utf-8' });
  });

  it('reads UTF-16 LE and BE after their byte-order mark', () => {
    expect(decodeTextFile(utf16le(SCHEDULE))).toEqual({ text: SCHEDULE, encoding: 'utf-16le' });
    expect(decodeTextFile(utf16be(SCHEDULE))).toEqual({ text: SCHEDULE, encoding: 'utf-16be' });
  });

  it('reads Windows-1252 with Ø, ² and ø intact, and the 1252-only characters (€, “ ”)', () => {
    expect(decodeTextFile(cp1252(SCHEDULE))).toEqual({ text: SCHEDULE, encoding: 'windows-1252' });
    expect(decodeTextFile(Buffer.from([0x80, 0x20, 0x93, 0x61, 0x94])).text).toBe('€ “a”');
  });

  it('drops a trailing Ctrl-Z and tolerates vertical tabs (in-cell line breaks)', () => {
    expect(decodeTextFile(Buffer.from('a;b\u000Bc\n\u001A')).text).toBe('a;b\u000Bc\n');
  });

  it('refuses files that are not text, naming what they are', () => {
    expect(refusal(png())).toBe(TEXT_FILE_MESSAGES.notText('a PNG image'));
    expect(refusal(Buffer.from('%PDF-1.7\n%âãÏÓ\n'))).toBe(TEXT_FILE_MESSAGES.notText('a PDF document'));
    expect(refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]))).toBe(
      TEXT_FILE_MESSAGES.notText('a ZIP archive (or a renamed workbook)'),
    );
    expect(refusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe(
      TEXT_FILE_MESSAGES.notText('a JPEG image'),
    );
  });

  it('refuses NUL bytes, stray controls, bytes 1252 leaves undefined and broken Unicode after a BOM', () => {
    expect(refusal(Buffer.from('Tag,OD\nA\u0000,12\n', 'latin1'))).toBe(TEXT_FILE_MESSAGES.binary);
    expect(refusal(Buffer.from('Tag,OD\nA\u0002\u0003,12\n', 'utf8'))).toBe(TEXT_FILE_MESSAGES.binary);
    expect(refusal(Buffer.from([0x54, 0x61, 0x67, 0x8d, 0x0a, 0xe9]))).toBe(TEXT_FILE_MESSAGES.binary);
    expect(refusal(Buffer.from([0xef, 0xbb, 0xbf, 0x41, 0xc3, 0x28]))).toBe(
      TEXT_FILE_MESSAGES.brokenUnicode('UTF-8'),
    );
    expect(refusal(Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x00, 0xdc]))).toBe(
      TEXT_FILE_MESSAGES.brokenUnicode('UTF-16'),
    );
  });
});

describe('readScheduleFile reads CSV text through decodeTextFile', () => {
  it('reads a UTF-16 LE schedule with BOM', async () => {
    const { sheets } = await readScheduleFile(utf16le(SCHEDULE));
    expect(sheets[0]!.rows).toEqual([
      ['Tag', 'Outer diameter', 'Note'],
      ['Ø-1', '12,5', 'Ø 2,5 mm² ø'],
    ]);
  });

  it('reads a Windows-1252 schedule with Ø, ² and ø', async () => {
    const { sheets } = await readScheduleFile(cp1252(SCHEDULE));
    expect(sheets[0]!.rows.slice(1)).toEqual([['Ø-1', '12,5', 'Ø 2,5 mm² ø']]);
  });

  it('refuses a PNG renamed .csv with a clear message', async () => {
    await expect(readScheduleFile(png())).rejects.toThrow(TEXT_FILE_MESSAGES.notText('a PNG image'));
  });
});
