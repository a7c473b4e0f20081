// Numbered drawings and their legend in every document (ADR 009):
// the numbers come from the engine's drawingView once, so the drawing, the legend and every format agree.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formatLength } from '@sealplan/engine';
import { sampleCatalogue } from '../../../../../../packages/engine/src/testing/sample-catalogue';
import type { ExportDocument } from '../export.model';
import { buildExportDocument } from '../export-document.builder';
import { documentFixture } from '../testing/document-fixture';
import { cableItemRow, cableTransitRow } from '../testing/cable-transit';
import { pdfPageCount, pdfPages, readDocx, rtfToText } from '../testing/readers';
import { buildDocx } from './docx-document';
import { documentDrawingLayout, drawingToPng, drawingToSvg } from './drawing';
import { buildPdf } from './pdf-document';
import { buildRtf } from './rtf-document';

const noYield = async () => undefined;
const TRANSIT_ID = '33333333-3333-4333-8333-333333333333';

/** A round 250 mm cable transit with 50 cables of 5 mm and 10 of 20 mm: 60 numbered circles, sized by the engine. */
function sixtyCables(system: 'METRIC' | 'IMPERIAL' = 'METRIC'): ExportDocument {
  const transit = cableTransitRow(TRANSIT_ID, { comments: 'Pull the cables from the engine room side.' });
  const item = (id: string, quantity: number, outerDiameterMm: number) =>
    cableItemRow(TRANSIT_ID, id, quantity, outerDiameterMm);
  const base = documentFixture();
  return buildExportDocument({
    project: {
      id: 'p',
      name: base.project.name,
      description: '',
      customerName: base.project.customer,
      industry: { id: 'industry', name: base.project.industry },
      createdOn: base.project.createdOn,
      lastUpdatedOn: base.project.lastUpdatedOn,
    } as Parameters<typeof buildExportDocument>[0]['project'],
    transits: [transit],
    items: [item('a', 50, 5), item('b', 10, 20)],
    catalogue: sampleCatalogue,
    unitSystem: system,
    paperSize: 'A4',
    materialsOnly: false,
    preparedBy: base.preparedBy,
    generatedOn: base.generatedOn,
  });
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('the drawing model', () => {
  it('numbers every circle 1..60 once and its legend covers exactly those numbers, line by line', () => {
    const drawing = sixtyCables().transits[0]!.drawing!;
    expect(drawing.circles.map((c) => c.number).sort((a, b) => a - b)).toEqual(range(60));
    expect(drawing.legend!.map((l) => l.numbers)).toEqual(['1–50', '51–60']);
    const sleeve5 = sampleCatalogue.cableSleeves.find(
      (s) => s.transitTypeId === 'NOFIRNO/RISE' && s.cableMinMm < 5 && 5 <= s.cableMaxMm,
    )!;
    expect(drawing.legend![0]).toMatchObject({
      item: 'Cable',
      diameter: 'Ø 5 mm',
      sleeve: `Cable sleeve ${sleeve5.articleNumber}, Ø ${formatLength(sleeve5.outerDiameterMm, 'METRIC')}`,
      ring: '',
    });
    // Each cable is drawn at its own size inside its sleeve ring.
    const first = drawing.circles.find((c) => c.number === 1)!;
    expect(first.rMm).toBe(2.5);
    expect(first.sleeveRMm).toBe(sleeve5.outerDiameterMm / 2);
  });

  it('states diameters and dimensions in the export’s unit system', () => {
    const drawing = sixtyCables('IMPERIAL').transits[0]!.drawing!;
    expect(drawing.legend![0]!.diameter).toBe(`Ø ${formatLength(5, 'IMPERIAL')}`);
    const texts = documentDrawingLayout(drawing).texts.map((t) => t.text);
    expect(texts).toEqual([`Ø ${formatLength(250, 'IMPERIAL')}`]);
  });
});

describe('numbers in every format', () => {
  it('SVG (DOCX): a number for every circle and the opening’s diameter', () => {
    const { svg } = drawingToSvg(sixtyCables().transits[0]!.drawing!);
    const numbers = [...svg.matchAll(/<text[^>]*>(\d+)<\/text>/g)].map((m) => Number(m[1]));
    expect(numbers.sort((a, b) => a - b)).toEqual(range(60));
    expect(svg).toContain('>Ø 250 mm</text>');
  });

  it('PNG (DOCX fallback, RTF): every outside number is drawn where the layout puts it', () => {
    const drawing = sixtyCables().transits[0]!.drawing!;
    const { png, width, height } = drawingToPng(drawing);
    const layout = documentDrawingLayout(drawing, width);
    const raw = decodeRgb(png, width, height);
    const dark = (x: number, y: number) => {
      const i = y * (width * 3 + 1) + 1 + x * 3;
      return raw[i]! < 90 && raw[i + 1]! < 90 && raw[i + 2]! < 90;
    };
    const outside = layout.labels.filter((l) => !l.inside);
    expect(outside.length).toBeGreaterThan(0);
    for (const label of outside) {
      const cx = Math.round((label.xMm - layout.frame.xMm) * layout.pxPerMm);
      const cy = Math.round((label.yMm - layout.frame.yMm) * layout.pxPerMm);
      let found = false;
      for (let y = cy - 5; y <= cy + 5 && !found; y++)
        for (let x = cx - 5; x <= cx + 5 && !found; x++) found = dark(x, y);
      expect(found, `number ${label.number}`).toBe(true);
    }
  });

  it('PDF: the legend with the numbers beside the transit’s data, drawing and notes on one page', async () => {
    const pdf = await buildPdf(sixtyCables(), noYield);
    const pages = await pdfPages(pdf);
    const page = pages.find((p) => p.includes('Transit: T-200 Cable bulkhead'))!;
    expect(page).toContain('No. Item Ø item Cable sleeve or crusher Clearance ring');
    expect(page).toMatch(/1–50 Cable Ø 5 mm Cable sleeve \S+, Ø [\d.]+ mm/);
    expect(page).toMatch(/51–60 Cable Ø 20 mm/);
    expect(page).toContain('Pull the cables from the engine room side.');
    expect(page).toContain('Ø 250 mm');
    const words = new Set(page.split(/\s+/));
    for (const n of range(60)) expect(words.has(String(n)), `number ${n}`).toBe(true);
  });

  it('DOCX: the legend after the drawing, the data kept with the drawing', async () => {
    const { text, documentXml } = await readDocx(await buildDocx(sixtyCables(), noYield));
    expect(text).toContain('Legend');
    expect(text).toMatch(/1–50\nCable\nØ 5 mm\nCable sleeve /);
    expect(text).toMatch(/51–60\nCable\nØ 20 mm/);
    // Every paragraph from the data table to the drawing keeps with the next one.
    const data = documentXml.indexOf('Transit data');
    const image = documentXml.indexOf('<w:drawing>', data);
    // The first piece is the end of the heading's own paragraph (its properties come before its text).
    const between = documentXml.slice(data, image).split('</w:p>').slice(1, -1);
    expect(between.length).toBeGreaterThan(10);
    for (const paragraph of between) expect(paragraph).toContain('<w:keepNext');
  });

  it('RTF: the legend after the picture, the data rows kept with the picture', async () => {
    const rtf = (await buildRtf(sixtyCables(), noYield)).toString('latin1');
    const text = rtfToText(rtf);
    expect(text).toContain('Legend');
    expect(text).toMatch(/1–50\s+Cable\s+Ø 5 mm\s+Cable sleeve /);
    const data = rtf.indexOf('Transit data');
    const picture = rtf.indexOf('\\pngblip', data);
    const rows = rtf.slice(data, picture).split('\\row').slice(0, -1);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row).toContain('\\trkeepfollow');
    expect(rtf.slice(picture - 200, picture)).toContain('\\keepn');
  });
});

describe('RTF paper size', () => {
  it('is honoured: Letter and A4 set the page size', async () => {
    const letter = (await buildRtf(documentFixture({ paperSize: 'LETTER' }), noYield)).toString('latin1');
    const a4 = (await buildRtf(documentFixture({ paperSize: 'A4' }), noYield)).toString('latin1');
    expect(letter).toContain('\\paperw12240\\paperh15840');
    expect(a4).toContain('\\paperw11906\\paperh16838');
  });
});

describe('PDF page flow', () => {
  /** Ten small transits (less than half a page each), each with notes. */
  function tenTransits(): ExportDocument {
    const base = documentFixture();
    const round = base.transits[1]!;
    return {
      ...base,
      transits: range(10).map((i) => ({
        ...round,
        id: `t${i}`,
        name: `T-${300 + i} Frame ${i}`,
        // A long flat opening: a short drawing.
        drawing: {
          ...round.drawing!,
          opening: { shape: 'RECTANGLE' as const, widthMm: 600, heightMm: 100, cornerRadiusMm: 10 },
          circles: [
            { number: 1, xMm: -200, yMm: 0, rMm: 40, kind: 'PIPE' as const },
            { number: 2, xMm: 200, yMm: 0, rMm: 40, kind: 'PIPE' as const },
          ],
          exceeded: false,
        },
        // One fact and one fill row: with the embedded fonts' taller lines a transit stays under half a page.
        facts: round.facts.slice(0, 1),
        fill: round.fill.slice(0, 1),
        messages: [],
        comments: `Notes of transit ${i}: seal from the fire side.`,
      })),
    };
  }

  it('keeps each transit’s data, drawing, legend and notes on one page and shares pages between transits', async () => {
    const doc = tenTransits();
    const pdf = await buildPdf(doc, noYield);
    const pages = await pdfPages(pdf);
    for (const t of doc.transits) {
      const page = pages.find((p) => p.includes(`Transit: ${t.name}`));
      expect(page, t.name).toBeDefined();
      expect(page).toContain(t.comments);
      expect(page).toContain('No. Item Ø item');
    }
    // No page holds only the end of a transit (a page of notes, or of a material list's last rows).
    for (const [i, page] of pages.entries()) {
      if (i === 0) continue;
      expect(page.includes('Transit: ') || page.includes('Project material totals'), `page ${i + 1}`).toBe(
        true,
      );
    }
    // Two or more transits share a page: fewer pages than cover + one per transit + totals.
    expect(await pdfPageCount(pdf)).toBeLessThan(1 + doc.transits.length);
  });
});

function decodeRgb(png: Buffer, width: number, height: number): Buffer {
  let offset = 8;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    if (type === 'IDAT') idat.push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe((width * 3 + 1) * height);
  return raw;
}
