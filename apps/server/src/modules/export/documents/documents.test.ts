import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { documentFixture } from '../testing/document-fixture';
import { parseCsv, pdfFonts, pdfPageCount, pdfToText, readDocx, rtfToText } from '../testing/readers';
import { SAMPLE_NOTICE_ITEM, buildCsv, safeCell } from './csv-document';
import { buildDocx } from './docx-document';
import { PNG_SIGNATURE, drawingToPng, drawingToSvg } from './drawing';
import { buildPdf, pdfText } from './pdf-document';
import { buildRtf, rtfText } from './rtf-document';
import { baseFileName } from './document-content';
import { documentTexts } from './document-texts';

const TEXT = documentTexts('en-US');
const noYield = async () => undefined;
/** A few pages with subset fonts stay far below this; a whole embedded font would be megabytes. */
const MAX_SUBSET_PDF_BYTES = 200_000;

describe('PDF', () => {
  it('has the cover, a section per transit, totals and "Page n of m" with the unit system on every page', async () => {
    const doc = documentFixture();
    const pdf = await buildPdf(doc, noYield);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPageCount(pdf);
    // Cover, the first transit, the second transit with the totals after it (the page flow fills pages).
    expect(pages).toBe(3);
    const text = await pdfToText(pdf);
    for (const expected of [
      'Material List',
      'Harbour Ferry Refit – Zürich',
      'Nordic Yards AS',
      'Off Shore',
      'Test User',
      '2025-03-04',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('SAMPLE DATA');
    expect(text).toContain('Transit: T-101 Engine room bulkhead');
    expect(text).toContain('Transit: T-102 Deck, "main" corridor');
    expect(text).toContain('Project material totals');
    expect(text).toContain('Penetrating Items do not fit in the transit.');
    for (let n = 1; n <= pages; n++) {
      const pageText = await pdfToText(pdf, { firstPage: n, lastPage: n });
      expect(pageText).toContain(`Page ${n} of ${pages}`);
      expect(pageText).toContain('Units: Metric (mm, cm², ml)');
    }
  });

  it('uses the requested paper size', async () => {
    const letter = await buildPdf(documentFixture({ paperSize: 'LETTER' }), noYield);
    const a4 = await buildPdf(documentFixture({ paperSize: 'A4' }), noYield);
    expect(letter.toString('latin1')).toMatch(/\/MediaBox \[0 0 612 792\]/);
    expect(a4.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });

  it('prints totals only when materials only is asked', async () => {
    const pdf = await buildPdf(documentFixture({ materialsOnly: true }), noYield);
    const text = await pdfToText(pdf);
    expect(await pdfPageCount(pdf)).toBe(1);
    expect(text).not.toContain('Transit: T-101');
    expect(text).toContain('Project material totals');
  });

  it('keeps "Page n of m" and every section on a document long enough to be written in batches of pages', async () => {
    const base = documentFixture();
    const transits = Array.from({ length: 60 }, (_, i) => ({
      ...base.transits[i % 2]!,
      id: `t-${i}`,
      name: `T-${String(i + 1).padStart(3, '0')} Long run`,
    }));
    const pdf = await buildPdf({ ...base, transits }, noYield);
    const pages = await pdfPageCount(pdf);
    // Cover (with its transit table), one page per transit, totals: more than one batch of pages.
    expect(pages).toBeGreaterThan(62);
    const text = await pdfToText(pdf);
    for (const t of transits) expect(text).toContain(`Transit: ${t.name}`);
    for (let n = 1; n <= pages; n++) expect(text).toContain(`Page ${n} of ${pages}`);
    expect(text.match(/Units: Metric \(mm, cm², ml\)/g)!.length).toBeGreaterThanOrEqual(pages);
  });

  it('wraps long cell text over several lines and cuts a long project name in the footer with an ellipsis', async () => {
    const base = documentFixture();
    const longName = `Harbour ferry refit ${'and further works '.repeat(6)}end`;
    const comment = 'Seal the upper row first. '.repeat(12).trim();
    const transit = {
      ...base.transits[0]!,
      facts: [
        ...base.transits[0]!.facts,
        { label: 'Items', value: Array.from({ length: 30 }, (_, i) => `1 × Ø ${i + 10} mm`).join('; ') },
      ],
      comments: comment,
    };
    const pdf = await buildPdf(
      { ...base, project: { ...base.project, name: longName }, transits: [transit] },
      noYield,
    );
    expect(await pdfPageCount(pdf)).toBe(3);
    const text = await pdfToText(pdf);
    // Every word of the wrapped texts is there, in order.
    const words = text.replace(/\s+/g, ' ');
    expect(words).toContain('1 × Ø 10 mm; 1 × Ø 11 mm;');
    expect(words).toContain('1 × Ø 39 mm');
    expect(words.match(/Seal the upper row first\./g)?.length).toBe(12);
    const footer = text.split('\n').find((line) => line.includes('Page 2 of 3'))!;
    expect(footer).toContain('Harbour ferry refit');
    expect(footer).toContain('…');
    expect(footer).not.toContain('end · Material List');
  });

  it('keeps every character the embedded fonts can show and replaces the rest instead of printing garbage', () => {
    expect(pdfText('Ø 25 mm² – “ok” 北京 Gdańsk Ελληνικά Київ 😀\tend\u0007')).toBe(
      'Ø 25 mm² – “ok” 北京 Gdańsk Ελληνικά Київ ? end',
    );
  });

  // The product's languages (spec §4 language map: English US and UK, Mandarin, French, German), and Greek and
  // Russian for the other scripts the font covers: names and notes as a user of each would type them.
  const languages = [
    {
      language: 'English (US)',
      project: 'Harbor Tug Repower – Deck 2',
      customer: 'Gulf Coast Towing, Inc.',
      notes: 'Seal the upper row first; fire class A-60.',
    },
    {
      language: 'English (UK)',
      project: 'Harbour Ferry Refit – Deck 3',
      customer: 'Solent Marine Ltd (£ account)',
      notes: 'Colour-coded cables; 10 % spare agreed.',
    },
    {
      language: 'French',
      project: 'Réfection du traversier « Île-d’Orléans »',
      customer: 'Chantier Naval Sœurs Bélanger',
      notes: 'Étanchéité à vérifier après l’essai ; cœur de câble protégé.',
    },
    {
      language: 'German',
      project: 'Schottdurchführungen Fähre „Größenwahn“',
      customer: 'Nordseewerft Müller GmbH',
      notes: 'Kabelschotts prüfen; Maße in mm, Straße 5.',
    },
    {
      language: 'Mandarin',
      project: '渤海湾平台改造 – 甲板三层',
      customer: '中海油服股份有限公司',
      notes: '先密封上排电缆，防火等级 A-60。',
    },
    {
      language: 'Greek',
      project: 'Διέλευση καλωδίων – Πλοίο «Αιγαίο»',
      customer: 'Ναυπηγεία Ελευσίνας Α.Ε.',
      notes: 'Έλεγχος στεγανότητας μετά τη δοκιμή.',
    },
    {
      language: 'Russian',
      project: 'Кабельные проходки – паром «Балтика»',
      customer: 'ООО «Северная верфь»',
      notes: 'Проверить герметичность; запас 10 %. Київ, Gdańsk.',
    },
  ];

  it.each(languages)(
    'prints a project in $language as typed, in embedded fonts only',
    async ({ project, customer, notes }) => {
      const base = documentFixture();
      const doc = {
        ...base,
        project: { ...base.project, name: project, customer, description: notes },
        preparedBy: { ...base.preparedBy, name: customer },
        transits: base.transits.map((t, i) => ({ ...t, name: i === 0 ? project : t.name, comments: notes })),
      };
      const pdf = await buildPdf(doc, noYield);
      const text = await pdfToText(pdf);
      for (const expected of [project, customer, notes, `Transit: ${project}`]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('?');
      // Every font is embedded (a reader without the font shows the same glyphs) and subset (the file stays small).
      const fonts = await pdfFonts(pdf);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) expect(font).toMatchObject({ embedded: true, subset: true, unicode: true });
      expect(pdf.length).toBeLessThan(MAX_SUBSET_PDF_BYTES);
    },
  );

  it('keeps the text of a letter that an earlier document used only inside an accented letter', async () => {
    // 'ύ' and 'Ύ' are drawn from 'υ' and an accent: subsetting them once must not cost later documents their 'υ'.
    const base = documentFixture();
    const named = (name: string) => ({ ...base, project: { ...base.project, name } });
    await buildPdf(named('Ύδρα – Σύρος – Κύθνος'), noYield);
    const text = await pdfToText(await buildPdf(named('Ναυπηγεία Ελευσίνας'), noYield));
    expect(text).toContain('Ναυπηγεία Ελευσίνας');
  });

  it('wraps CJK text between characters and keeps it whole and in order, in table cells and notes', async () => {
    const base = documentFixture();
    const sentence = '第三层甲板电缆穿舱件需在试验后复查密封情况，并记录每根电缆的外径与数量。';
    const transit = {
      ...base.transits[0]!,
      facts: [...base.transits[0]!.facts, { label: '备注', value: sentence.repeat(3) }],
      comments: sentence.repeat(6),
    };
    const pdf = await buildPdf({ ...base, transits: [transit] }, noYield);
    const lines = (await pdfToText(pdf)).split('\n');
    // Several lines, each holding part of the sentence, and together all of it in order (the drawing's legend,
    // beside the table, is left out).
    const joined = lines.join('').replace(/[^\p{Script=Han}，。]/gu, '');
    expect(joined).toContain(sentence.repeat(6));
    expect(joined).toContain(`备注${sentence.repeat(3)}`);
    // Seven lines of the table cell and five of the notes at this width.
    expect(lines.filter((line) => /\p{Script=Han}/u.test(line)).length).toBeGreaterThanOrEqual(10);
  });
});

describe('DOCX', () => {
  it('is a Word document with the same content, images and a page-numbered footer', async () => {
    const docx = await buildDocx(documentFixture(), noYield);
    const { text, footerXml, media, files } = await readDocx(docx);
    expect(files).toContain('[Content_Types].xml');
    expect(text).toContain('Material List');
    expect(text).toContain('Transit: T-101 Engine room bulkhead');
    expect(text).toContain('Nordic Yards AS');
    expect(text).toContain('=HYPERLINK("http://evil")');
    expect(text).toContain('Project material totals');
    expect(footerXml).toContain('Units: Metric (mm, cm², ml)');
    expect(footerXml).toMatch(/PAGE/);
    expect(footerXml).toMatch(/NUMPAGES/);
    // One SVG and its PNG fallback per drawing.
    expect(media.filter((m) => m.endsWith('.png'))).toHaveLength(2);
    expect(media.filter((m) => m.endsWith('.svg'))).toHaveLength(2);
  });
});

/** A project typed in Chinese, Greek and Russian (the Word documents name fonts; the reader draws them). */
function multilingualDocument() {
  const base = documentFixture();
  return {
    ...base,
    project: {
      ...base.project,
      name: '渤海湾平台改造',
      customer: 'Ναυπηγεία Ελευσίνας',
      description: 'Паром «Балтика»',
    },
  };
}

describe('Word fonts', () => {
  it('DOCX names Arial for Latin, Greek and Cyrillic and Microsoft YaHei for CJK on every run', async () => {
    const { documentXml, text } = await readDocx(await buildDocx(multilingualDocument(), noYield));
    // Every run of text (the drawings are runs of their own) names its fonts.
    const textRuns = documentXml
      .split('<w:r>')
      .slice(1)
      .filter((run) => /<w:t[ >]/.test(run.split('</w:r>')[0]!));
    expect(textRuns.length).toBeGreaterThan(50);
    for (const run of textRuns) {
      const fonts = /<w:rFonts [^>]*\/>/.exec(run)?.[0] ?? '';
      expect(fonts).toContain('w:ascii="Arial"');
      expect(fonts).toContain('w:hAnsi="Arial"');
      expect(fonts).toContain('w:eastAsia="Microsoft YaHei"');
    }
    for (const typed of ['渤海湾平台改造', 'Ναυπηγεία Ελευσίνας', 'Паром «Балтика»'])
      expect(text).toContain(typed);
  });

  it('RTF has Arial and Microsoft YaHei in its font table and sets CJK runs in the East Asian font', async () => {
    const rtf = (await buildRtf(multilingualDocument(), noYield)).toString('latin1');
    expect(rtf).toContain(
      '{\\fonttbl{\\f0\\fswiss\\fcharset0 Arial;}{\\f1\\fnil\\fcharset134 Microsoft YaHei;}}',
    );
    expect(rtf).not.toContain('Helvetica');
    expect(rtf).toContain(`{\\f1 ${rtfText('渤海湾平台改造', { fonts: false })}}`);
    const text = rtfToText(rtf);
    for (const typed of ['渤海湾平台改造', 'Ναυπηγεία Ελευσίνας', 'Паром «Балтика»'])
      expect(text).toContain(typed);
  });
});

describe('RTF', () => {
  it('is RTF whose text has the same content, a footer with page fields, and PNG drawings', async () => {
    const rtf = (await buildRtf(documentFixture(), noYield)).toString('latin1');
    expect(rtf.startsWith('{\\rtf1\\ansi')).toBe(true);
    const text = rtfToText(rtf);
    expect(text).toContain('Harbour Ferry Refit – Zürich');
    expect(text).toContain('Transit: T-102 Deck, "main" corridor');
    expect(text).toContain('Units: Metric (mm, cm², ml)');
    expect(rtf).toContain('{\\field{\\*\\fldinst PAGE}');
    expect(rtf).toContain('{\\field{\\*\\fldinst NUMPAGES}');
    expect(rtf.match(/\\pngblip/g)).toHaveLength(2);
    // Balanced groups: a reader would otherwise reject or truncate the file.
    let depth = 0;
    for (let i = 0; i < rtf.length; i++) {
      if (rtf[i] === '\\') i++;
      else if (rtf[i] === '{') depth++;
      else if (rtf[i] === '}') depth--;
      expect(depth).toBeGreaterThanOrEqual(0);
    }
    expect(depth).toBe(0);
  });

  it('escapes specials and non-ASCII text', () => {
    expect(rtfText('a{b}c\\d')).toBe('a\\{b\\}c\\\\d');
    expect(rtfText('Ø')).toBe('\\u216?');
    // Line breaks of every system: CR LF, LF and a lone CR (old Mac text, a pasted cell) each break the line once.
    expect(rtfText('a\r\nb\nc\rd')).toBe('a\\line b\\line c\\line d');
    expect(rtfToText(`{\\rtf1 ${rtfText('Zürich 北京 😀')}}`)).toBe('Zürich 北京 😀');
    expect(rtfText('a 北京。b')).toBe('a {\\f1 \\u21271?\\u20140?\\u12290?}b');
  });
});

describe('CSV', () => {
  it('has one row per material line, a BOM, RFC 4180 quoting and parses back to the same numbers', () => {
    const doc = documentFixture();
    const csv = buildCsv(doc);
    const { bom, rows: all } = parseCsv(csv);
    expect(bom).toBe(true);
    // The fixture's catalogue is sample data: the notice row comes first, then the material lines.
    const rows = all.slice(1);
    const perTransit = doc.transits.flatMap((t) => t.materials.map((m) => ({ transit: t.name, m })));
    expect(rows).toHaveLength(perTransit.length + doc.totals.length);
    perTransit.forEach(({ transit, m }, i) => {
      expect(rows[i]!.Transit).toBe(transit);
      expect(Number(rows[i]!.Quantity)).toBe(m.quantity);
      expect(rows[i]!.Unit).toBe(m.unit);
    });
    expect(rows.filter((r) => r.Transit === 'Project total').map((r) => Number(r.Quantity))).toEqual(
      doc.totals.map((t) => t.quantity),
    );
    expect(csv.toString('utf8')).toContain('"T-102 Deck, ""main"" corridor"');
  });

  it('carries the sample-data notice first while the catalogue is unverified, and no notice once verified', () => {
    const sample = parseCsv(buildCsv(documentFixture())).rows;
    expect(sample[0]).toEqual({
      Project: 'Harbour Ferry Refit – Zürich',
      Transit: '',
      Copies: '',
      Item: SAMPLE_NOTICE_ITEM,
      Detail: TEXT.sampleNotice,
      Quantity: '',
      Unit: '',
      Units: 'METRIC',
      // ADR 016: the provider's article number and unit price, empty on the notice row.
      'Article number': '',
      'Unit price': '',
      // ADR 031: the transit's location, last; the notice row has none.
      Location: '',
    });
    expect(sample.filter((r) => r.Item === SAMPLE_NOTICE_ITEM)).toHaveLength(1);
    const totalsOnly = parseCsv(buildCsv(documentFixture({ materialsOnly: true }))).rows;
    expect(totalsOnly[0]!.Detail).toBe(TEXT.sampleNotice);
    const verified = parseCsv(buildCsv(documentFixture({ sampleCatalogue: false }))).rows;
    expect(verified.some((r) => r.Item === SAMPLE_NOTICE_ITEM || (r.Detail ?? '').includes('SAMPLE'))).toBe(
      false,
    );
    expect(verified).toHaveLength(sample.length - 1);
  });

  it('neutralises formula injection', () => {
    const { rows } = parseCsv(buildCsv(documentFixture()));
    expect(rows.some((r) => r.Item === `'=HYPERLINK("http://evil")`)).toBe(true);
    expect(rows.some((r) => r.Item === `'+cmd|calc` && r.Detail === `'@SUM(A1)`)).toBe(true);
    for (const row of rows) for (const value of Object.values(row)) expect(value).not.toMatch(/^[=+\-@]/);
    expect(safeCell('-1+2')).toBe("'-1+2");
    expect(safeCell('Filler sleeve')).toBe('Filler sleeve');
  });
});

describe('drawings', () => {
  it('rasterises to a valid PNG with the opening and items in their colours', () => {
    const drawing = documentFixture().transits[0]!.drawing!;
    const { png, width, height } = drawingToPng(drawing, 200);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.readUInt32BE(16)).toBe(width);
    expect(png.readUInt32BE(20)).toBe(height);
    // Decode IDAT and check the pixel at the centre of the cable circle (x -40 mm, y 0 in a 200 mm opening).
    let offset = 8;
    const idat: Buffer[] = [];
    while (offset < png.length) {
      const length = png.readUInt32BE(offset);
      const type = png.toString('latin1', offset + 4, offset + 8);
      if (type === 'IDAT') idat.push(png.subarray(offset + 8, offset + 8 + length));
      offset += 12 + length;
    }
    const raw = inflateSync(Buffer.concat(idat));
    const pixel = (x: number, y: number) => {
      const i = y * (width * 3 + 1) + 1 + x * 3;
      return [raw[i]!, raw[i + 1]!, raw[i + 2]!];
    };
    const pxPerMm = width / (200 * 1.08);
    const cable = pixel(Math.round(width / 2 - 40 * pxPerMm), Math.round(height / 2));
    // Cable orange (#f59f00) at 85 % over the light opening fill.
    expect(cable[0]).toBeGreaterThan(230);
    expect(cable[2]).toBeLessThan(60);
    expect(pixel(1, 1)).toEqual([255, 255, 255]);
  });

  it('draws the SVG to scale from the packing', () => {
    const { svg, aspect } = drawingToSvg(documentFixture().transits[1]!.drawing!);
    expect(svg).toContain('<rect x="-150" y="-75" width="300" height="150" rx="20"');
    expect(svg).toContain('<circle cx="100" cy="10" r="80"');
    expect(svg).toContain('stroke="#e03131"');
    expect(aspect).toBeGreaterThan(0.5);
  });
});

describe('file names', () => {
  it('are ASCII slugs with the date', () => {
    expect(baseFileName(documentFixture())).toBe('Harbour-Ferry-Refit-Zurich-material-list-2025-03-04');
    const doc = documentFixture();
    doc.project.name = '../../etc/passwd"; x=';
    expect(baseFileName(doc)).toBe('etc-passwd-x-material-list-2025-03-04');
  });
});
