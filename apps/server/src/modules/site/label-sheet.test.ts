import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { LABEL_LAYOUTS, renderLabelSheet } from './label-sheet';

const DPI = 300;

/** The page rendered by poppler as a greyscale bitmap (PGM): width, height and one byte per pixel. */
function rasterize(pdf: Uint8Array): { width: number; height: number; pixels: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'label-qr-'));
  try {
    writeFileSync(join(dir, 'sheet.pdf'), pdf);
    execFileSync(
      'pdftoppm',
      ['-gray', '-r', String(DPI), '-f', '1', '-l', '1', '-singlefile', 'sheet.pdf', 'page'],
      {
        cwd: dir,
      },
    );
    const file = readFileSync(join(dir, 'page.pgm'));
    // P5 header: magic, width, height, maximum value, each followed by one whitespace character.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(file.subarray(0, 40).toString('latin1'))!;
    return { width: Number(header[1]), height: Number(header[2]), pixels: file.subarray(header[0].length) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('label sheet', () => {
  it.each(['A4', 'LETTER'] as const)(
    'prints a QR code that reads as the transit’s link (%s)',
    async (paper) => {
      const link = 'https://sealplan.example.com/site/transits/0b522e77-d572-4f6d-a8e1-36dbaa142c4d';
      const pdf = await renderLabelSheet({
        projectName: 'North Sea Platform',
        paper,
        labels: [{ name: 'FR-42', location: 'Deck 3 › Frame 42', link }],
      });
      const page = rasterize(pdf);
      const layout = LABEL_LAYOUTS[paper];
      // The code as the qrcode package encodes the link: every module of the printed code must match it.
      const expected = QRCode.create(link, { errorCorrectionLevel: 'M' }).modules;
      const padding = (3 * 72) / 25.4;
      const size = layout.height - 2 * padding;
      const cell = size / (expected.size + 8);
      const px = (pt: number) => Math.round((pt * DPI) / 72);
      let mismatches = 0;
      for (let row = 0; row < expected.size; row += 1)
        for (let col = 0; col < expected.size; col += 1) {
          const x = px(layout.left + padding + (col + 4.5) * cell);
          const y = px(layout.top + padding + (row + 4.5) * cell);
          const dark = page.pixels[y * page.width + x]! < 128;
          if (dark !== Boolean(expected.get(row, col))) mismatches += 1;
        }
      expect(mismatches).toBe(0);
      // And the quiet zone around it is white, so a reader finds the code.
      const corner =
        page.pixels[px(layout.top + padding + cell) * page.width + px(layout.left + padding + cell)]!;
      expect(corner).toBeGreaterThan(200);
    },
  );
});
