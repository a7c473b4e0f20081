import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { MM_TO_IN, roundTo, type Materials, type MeasurementSystem } from '@sealplan/engine';
import { noMaterials } from '../../../../../packages/engine/src/testing/sample-materials';
import { materialLines } from './export-document.builder';
import { documentFixture } from './testing/document-fixture';
import { parseCsv, pdfToText } from './testing/readers';
import { buildCsv } from './documents/csv-document';
import { buildPdf } from './documents/pdf-document';
import { buildXlsx } from './documents/xlsx-document';
import { XLSX_HEADER_ROW } from './documents/xlsx-document';

/**
 * ADR 027: a figure is rounded once, from the stored value to the digits printed. Rounding to the spec's four
 * imperial decimals first turned a wrap of 916.0884 mm (36.06649… in) into 36.0665 and then 36.067 in.
 */

const DIGITS: Record<MeasurementSystem, number> = { IMPERIAL: 3, METRIC: 2 };
const converted = (mm: number, system: MeasurementSystem) => (system === 'IMPERIAL' ? mm * MM_TO_IN : mm);

function wrapOf(lengthMm: number): Materials {
  return { ...noMaterials, wrap: { lengthMm, rolls: 1 } };
}

const wrapLine = (lengthMm: number, system: MeasurementSystem) =>
  materialLines(wrapOf(lengthMm), system).find((line) => line.key === 'wrap:length')!;

describe('figures are rounded once (ADR 027)', () => {
  it('the document line of a wrap length is round(stored converted, digits shown), as number and text', () => {
    const system = fc.constantFrom<MeasurementSystem>('IMPERIAL', 'METRIC');
    // Lengths just below half a thousandth of an inch, where a first rounding to four places went up, and any.
    const edge = fc
      .tuple(fc.integer({ min: 1, max: 2_000_000 }), fc.integer({ min: 1, max: 40 }))
      .map(([thousandths, below]) => (thousandths / 1000 + 0.0005 - below * 1e-6) / MM_TO_IN);
    const stored = fc.oneof(edge, fc.double({ min: 0.001, max: 50_000, noNaN: true }));
    fc.assert(
      fc.property(stored, system, (mm, sys) => {
        const expected = roundTo(converted(mm, sys), DIGITS[sys]);
        const line = wrapLine(mm, sys);
        expect(line.quantity).toBe(expected);
        expect(Number(line.quantityText)).toBe(expected);
      }),
    );
  });

  it('prints 36.066 in for a wrap of 916.0884 mm in the PDF, the CSV and the XLSX', async () => {
    const doc = documentFixture({ unitSystem: 'IMPERIAL' });
    doc.transits[0]!.materials = materialLines(wrapOf(916.0884), 'IMPERIAL');
    const pdf = await pdfToText(await buildPdf(doc, async () => {}));
    expect(pdf).toMatch(/36\.066 in/);
    expect(pdf).not.toContain('36.067');
    const csv = parseCsv(buildCsv(doc)).rows.find((row) => row.Unit === 'in');
    expect(csv?.Quantity).toBe('36.066');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await buildXlsx(doc)) as unknown as ArrayBuffer);
    const values: unknown[] = [];
    book.getWorksheet(doc.transits[0]!.name)!.eachRow((row, n) => {
      if (n > XLSX_HEADER_ROW && row.getCell(5).value === 'in') values.push(row.getCell(4).value);
    });
    expect(values).toEqual([36.066]);
  });
});
