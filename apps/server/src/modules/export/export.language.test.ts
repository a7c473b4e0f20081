// ADR 027: every format is written in the document's language, with its decimal separator and dates, and read back
// with a real reader (poppler, the DOCX parts, an RTF reader, LibreOffice for the CSV and the workbook, ezdxf).
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { DocumentLanguage } from '@sealplan/contracts';
import { sampleCatalogue } from '../../../../../packages/engine/src/testing/sample-catalogue';
import type { ExportDocument } from './export.model';
import { cableItemRow, cableTransitRow } from './testing/cable-transit';
import { buildExportDocument } from './export-document.builder';
import { documentTexts } from './documents/document-texts';
import { renderFile } from './render-file';
import { libreOffice, pdfToText, readDocx, readDxfWithEzdxf, rtfToText } from './testing/readers';

const TRANSIT_ID = '44444444-4444-4444-8444-444444444444';
/** Windows language ids LibreOffice's CSV import reads numbers with (filter option 6). */
const LIBREOFFICE_LANGUAGE: Record<DocumentLanguage, number> = {
  'en-US': 1033,
  'de-DE': 1031,
  'fr-FR': 1036,
  'zh-Hans': 2052,
};

/**
 * A round Ø 250 mm cable transit with a 70.2 mm cable (wrapped, so a length with decimals is ordered), sized by the
 * engine. Its area is π × 125² mm² = 490.87 cm².
 */
function documentIn(language: DocumentLanguage): ExportDocument {
  const transit = cableTransitRow(TRANSIT_ID, { name: 'T-7 Maschinenraum', copies: 2 });
  const item = (id: string, quantity: number, outerDiameterMm: number) =>
    cableItemRow(TRANSIT_ID, id, quantity, outerDiameterMm);
  return buildExportDocument({
    project: {
      id: 'p',
      name: 'Fähre Kiel',
      description: '',
      customerName: 'Werft Nord',
      industry: { id: 'OFFSHORE', name: 'Off Shore' },
      createdOn: new Date('2025-01-10T09:00:00Z'),
      lastUpdatedOn: new Date('2025-02-01T12:30:00Z'),
    },
    transits: [transit],
    items: [item('a', 6, 12.5), item('b', 3, 32.4), item('c', 1, 70.2)],
    catalogue: sampleCatalogue,
    unitSystem: 'METRIC',
    language,
    paperSize: 'A4',
    materialsOnly: false,
    preparedBy: { name: 'Anna Berg', email: 'anna@example.com', organization: 'Demo Marine' },
    generatedOn: new Date('2025-03-04T05:06:07Z'),
  });
}

const english = documentIn('en-US');
const englishWrap = english.totals.find((l) => l.key.endsWith(':length'))!;

const CASES = [
  { language: 'de-DE', separator: ',', area: '490,87 cm²', day: '04.03.2025' },
  { language: 'fr-FR', separator: ',', area: '490,87 cm²', day: '04/03/2025' },
  { language: 'zh-Hans', separator: '.', area: '490.87 cm²', day: '2025/03/04' },
] as const;

describe.each(CASES)('a document in $language', ({ language, separator, area, day }) => {
  const doc = documentIn(language);
  const text = documentTexts(language);
  const wrap = englishWrap.quantityText.replace('.', separator);

  it('has the language in the model: headings, verdict, figures with its decimal separator', () => {
    expect(englishWrap.quantityText).toMatch(/^\d+\.\d+$/);
    expect(doc.title).toBe(text.title);
    expect(doc.transits[0]!.status).toBe(text.status.FITS);
    expect(doc.transits[0]!.fill).toContainEqual({ label: text.fillRows.transitArea, value: area });
    expect(doc.totals.find((l) => l.key === englishWrap.key)).toMatchObject({
      quantity: englishWrap.quantity,
      quantityText: wrap,
      item: text.material.wrap,
    });
  });

  it("names the sealant by the catalogue's name in its language, in the transit's lines and the totals", () => {
    const sealant = sampleCatalogue.sealants.find((s) => s.id === 'NOFIRNO_SEALANT')!;
    const translated = sealant.names?.[language];
    expect(translated).toBeTruthy();
    for (const lines of [doc.transits[0]!.materials, doc.totals]) {
      const named = lines.filter((l) => l.key.startsWith('sealant:NOFIRNO_SEALANT:'));
      expect(named.length).toBeGreaterThan(0);
      for (const line of named) {
        expect(line.item.startsWith(translated!), line.item).toBe(true);
        expect(line.item).not.toContain(sealant.name);
      }
    }
    expect(english.totals.find((l) => l.key.startsWith('sealant:'))!.item).toContain(sealant.name);
  });

  it('PDF: pdftotext finds the headings, the date, the page footer and the decimal separator', async () => {
    const page = `${text.pageOf[0]}1${text.pageOf[1]}`;
    const pdf = await pdfToText((await renderFile(doc, 'PDF')).body);
    for (const words of [
      text.title,
      text.coverHeading,
      text.transitData,
      text.totals,
      text.status.FITS,
      page,
    ])
      expect(pdf, words).toContain(words);
    expect(pdf).toContain(`${text.cover.date} ${day}`);
    expect(pdf).toContain(area);
    expect(pdf).toContain(`${wrap} mm`);
    if (language !== 'zh-Hans') expect(pdf).not.toContain('Material List');
  });

  it('DOCX and RTF: the Word documents carry the same words and figures', async () => {
    const docx = await readDocx((await renderFile(doc, 'DOCX')).body);
    const rtf = rtfToText((await renderFile(doc, 'RTF')).body.toString('latin1'));
    for (const body of [docx.text, rtf]) {
      for (const words of [text.title, text.transitData, text.legend, text.totals, area, wrap, day])
        expect(body, words).toContain(words);
    }
    expect(docx.footerXml).toContain(text.pageOf[1].trim());
    expect(rtf).toContain(text.pageOf[1].trim());
  });

  it(
    'CSV and XLSX: LibreOffice reads the headings, sheet names and numbers',
    { timeout: 300_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), `sealplan-${language}-`));
      try {
        // The CSV as a spreadsheet set up for the language opens it: its separator, its decimal separator.
        writeFileSync(join(dir, 'list.csv'), (await renderFile(doc, 'CSV')).body);
        const delimiter = separator === ',' ? 59 : 44;
        libreOffice(dir, [
          `--infilter=CSV:${delimiter},34,76,1,,${LIBREOFFICE_LANGUAGE[language]}`,
          '--convert-to',
          'xlsx',
          join(dir, 'list.csv'),
        ]);
        const book = new ExcelJS.Workbook();
        await book.xlsx.readFile(join(dir, 'list.xlsx'));
        const sheet = book.worksheets[0]!;
        expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...text.csvColumns]);
        const rows = (sheet.getSheetValues() as unknown[][]).filter(Boolean);
        const wrapRow = rows.find((r) => r[2] === text.csvProjectTotal && r[4] === text.material.wrap)!;
        // A number, not text: the decimal separator was read as the language writes it.
        expect(wrapRow[6]).toBe(englishWrap.quantity);
        expect(rows.some((r) => r[4] === text.sampleNoticeItem)).toBe(true);

        writeFileSync(join(dir, 'book.xlsx'), (await renderFile(doc, 'XLSX')).body);
        libreOffice(dir, [
          '--convert-to',
          'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1',
          join(dir, 'book.xlsx'),
        ]);
        const sheets = readdirSync(dir).filter((f) => f.startsWith('book-') && f.endsWith('.csv'));
        expect(sheets).toEqual(
          expect.arrayContaining([`book-${text.xlsx.totalsSheet}.csv`, `book-${doc.transits[0]!.name}.csv`]),
        );
        const totals = readFileSync(join(dir, `book-${text.xlsx.totalsSheet}.csv`), 'utf8');
        for (const words of [...text.xlsx.columns, ...text.xlsx.transitsColumns, text.transitsHeading])
          expect(totals, words).toContain(words);
        const transitSheet = readFileSync(join(dir, `book-${doc.transits[0]!.name}.csv`), 'utf8');
        for (const words of [text.transitData, text.fillRows.transitArea, area, text.legend])
          expect(transitSheet, words).toContain(words);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('DXF: ezdxf reads the legend and the title block in the language', async () => {
    const dxf = await readDxfWithEzdxf((await renderFile(doc, 'DXF')).body.toString('utf8'));
    expect(dxf.auditErrors).toEqual([]);
    const texts = dxf.texts.join('\n');
    for (const words of [
      text.title,
      text.legend,
      text.dxf.project,
      text.dxf.drawingUnits,
      text.dxf.generated,
      text.status.FITS,
      `${day} 05:06 UTC`,
      `${text.kinds.CABLE}, Ø ${'12.5'.replace('.', separator)} mm`,
    ])
      expect(texts, words).toContain(words);
  });
});
