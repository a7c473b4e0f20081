import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  HeadingLevel,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ISectionOptions,
} from 'docx';
import type { DrawingModel, ExportDocument, LabelValue, MaterialLine } from '../export.model';
import { drawingToPng, drawingToSvg } from './drawing';
import {
  OVERVIEW_COLUMNS,
  WORD_FONTS,
  coverRows,
  overviewColumns,
  overviewRows,
  wordsOf,
} from './document-content';
import type { DocumentTexts } from './document-texts';
import { xmlLine, xmlText } from '../../../lib/written-text';

/**
 * A real Word 2007+ document (the `docx` library) with the same content as the PDF and RTF. Drawings are SVG
 * (vector in Word 2016+) with the PNG from our rasteriser as the fallback every other reader shows.
 */

const BRAND = '087F5B';
const GREY = '6C757D';
const RULE = 'CED4DA';
const ERROR = 'C92A2A';
const PAGE_TWIPS = { LETTER: { width: 12240, height: 15840 }, A4: { width: 11906, height: 16838 } } as const;
const MARGIN_TWIPS = 1080;
const DRAWING_WIDTH_PX = 360;
/** Latin, Greek and Cyrillic in the Latin font, CJK in the East Asian one (w:rFonts). */
const FONT = {
  ascii: WORD_FONTS.latin,
  hAnsi: WORD_FONTS.latin,
  cs: WORD_FONTS.latin,
  eastAsia: WORD_FONTS.eastAsian,
};

const thin = { style: BorderStyle.SINGLE, size: 4, color: RULE };
const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };

function cell(
  text: string,
  opts: { header?: boolean; right?: boolean; widthPct: number; label?: boolean; keepNext?: boolean },
) {
  return new TableCell({
    width: { size: opts.widthPct, type: WidthType.PERCENTAGE },
    shading: opts.header ? { type: ShadingType.CLEAR, color: 'auto', fill: 'E6F4EF' } : undefined,
    borders: {
      top: none,
      left: none,
      right: none,
      bottom: opts.header ? { style: BorderStyle.SINGLE, size: 8, color: BRAND } : thin,
    },
    margins: { top: 40, bottom: 40, left: 80, right: 80 },
    children: [
      new Paragraph({
        alignment: opts.right ? AlignmentType.RIGHT : AlignmentType.LEFT,
        keepNext: opts.keepNext,
        children: [
          new TextRun({
            text: xmlText(text),
            bold: opts.header || opts.label,
            size: 18,
            font: FONT,
            color: opts.label ? '495057' : undefined,
          }),
        ],
      }),
    ],
  });
}

/** keepNext: every row kept with the next and the table with what follows (the drawing after the data). */
function labelValueTable(rows: LabelValue[], keepNext = false): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map(
      (r) =>
        new TableRow({
          cantSplit: keepNext,
          children: [
            cell(r.label, { widthPct: 32, label: true, keepNext }),
            cell(r.value, { widthPct: 68, keepNext }),
          ],
        }),
    ),
  });
}

const LEGEND_WIDTHS = [9, 17, 14, 34, 26] as const;

/** The drawing's legend: numbers → item, diameter, sleeve or crusher, clearance ring. */
function legendTable(drawing: DrawingModel, text: DocumentTexts): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({
        tableHeader: true,
        cantSplit: true,
        children: text.legendColumns.map((c, i) =>
          cell(c, { header: true, widthPct: LEGEND_WIDTHS[i]!, keepNext: true }),
        ),
      }),
      ...(drawing.legend ?? []).map(
        (l, row, all) =>
          new TableRow({
            cantSplit: true,
            children: [l.numbers, l.item, l.diameter, l.sleeve || '-', l.ring || '-'].map((v, i) =>
              cell(v, { widthPct: LEGEND_WIDTHS[i]!, keepNext: row < all.length - 1 }),
            ),
          }),
      ),
    ],
  });
}

/** One row per transit: name, opening, copies, fill, status (the PDF's cover table). */
function overviewTable(rows: string[][], doc: ExportDocument): Table {
  const widths = OVERVIEW_COLUMNS.map((c) => Math.round(c.share * 100));
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({
        tableHeader: true,
        children: overviewColumns(doc).map((c, i) =>
          cell(c.header, { header: true, widthPct: widths[i]!, right: c.right }),
        ),
      }),
      ...rows.map(
        (row) =>
          new TableRow({
            cantSplit: true,
            children: row.map((v, i) => cell(v, { widthPct: widths[i]!, right: OVERVIEW_COLUMNS[i]!.right })),
          }),
      ),
    ],
  });
}

function materialsTable(lines: MaterialLine[], text: DocumentTexts): Table | Paragraph {
  if (lines.length === 0) return note(text.noMaterials, GREY);
  const widths = [34, 36, 15, 15];
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({
        tableHeader: true,
        children: text.materialColumns.map((c, i) =>
          cell(c, { header: true, widthPct: widths[i]!, right: i === 2 }),
        ),
      }),
      ...lines.map(
        (l) =>
          new TableRow({
            cantSplit: true,
            children: [l.item, l.detail, l.quantityText, l.unit].map((v, i) =>
              cell(v, { widthPct: widths[i]!, right: i === 2 }),
            ),
          }),
      ),
    ],
  });
}

function heading(text: string, level: 1 | 2 | 3): Paragraph {
  const headingLevel =
    level === 1 ? HeadingLevel.TITLE : level === 2 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2;
  return new Paragraph({
    heading: headingLevel,
    keepNext: true,
    spacing: { before: level === 1 ? 0 : 240, after: 120 },
    border:
      level === 2 ? { bottom: { style: BorderStyle.SINGLE, size: 8, color: BRAND, space: 2 } } : undefined,
    children: [
      new TextRun({
        text: xmlText(text),
        bold: true,
        color: BRAND,
        font: FONT,
        size: level === 1 ? 40 : level === 2 ? 30 : 24,
      }),
    ],
  });
}

function note(text: string, color?: string, size = 18): Paragraph {
  return new Paragraph({
    spacing: { after: 120 },
    children: [new TextRun({ text: xmlText(text), color, size, font: FONT })],
  });
}

const spacer = (keepNext = false) => new Paragraph({ spacing: { after: 60 }, keepNext, children: [] });

/** Builds the .docx; yields to the event loop between transits. */
export async function buildDocx(doc: ExportDocument, yieldNow: () => Promise<void>): Promise<Buffer> {
  const { text, format } = wordsOf(doc);
  const children: ISectionOptions['children'][number][] = [];
  // The document.header template (ADR 016) above the title.
  if (doc.headerText?.trim()) children.push(note(doc.headerText.trim(), GREY));
  children.push(heading(text.title, 1), note(doc.project.name, undefined, 28));
  children.push(note(text.generated(format.timestamp(doc.generatedOn)), GREY));
  if (doc.sampleCatalogue) children.push(note(text.sampleNotice, ERROR));
  children.push(heading(text.coverHeading, 2), labelValueTable(coverRows(doc)), spacer());
  const overview = overviewRows(doc);
  if (overview) children.push(heading(text.transitsHeading, 2), overviewTable(overview, doc), spacer());

  if (!doc.materialsOnly) {
    if (doc.transits.length === 0) children.push(note(text.noTransits, GREY));
    for (const transit of doc.transits) {
      children.push(heading(text.transitHeading(transit.name), 2));
      // The data is kept with the drawing, the drawing with its legend (keep-with-next), so they share a page.
      children.push(heading(text.transitData, 3), labelValueTable(transit.facts, true), spacer(true));
      children.push(heading(text.drawing, 3));
      if (transit.drawing) {
        const { png, width, height } = drawingToPng(transit.drawing);
        const { svg } = drawingToSvg(transit.drawing);
        children.push(
          new Paragraph({
            alignment: AlignmentType.CENTER,
            keepNext: true,
            children: [
              new ImageRun({
                type: 'svg',
                data: Buffer.from(svg, 'utf8'),
                fallback: { type: 'png', data: png },
                transformation: {
                  width: DRAWING_WIDTH_PX,
                  height: Math.round((DRAWING_WIDTH_PX * height) / width),
                },
                altText: {
                  name: `drawing-${transit.id}`,
                  title: xmlLine(text.transitHeading(transit.name)),
                  description: xmlLine(text.drawingOf(transit.name)),
                },
              }),
            ],
          }),
        );
        if (transit.drawing.caption)
          children.push(
            new Paragraph({
              alignment: AlignmentType.CENTER,
              keepNext: true,
              spacing: { after: 120 },
              children: [new TextRun({ text: xmlText(transit.drawing.caption), size: 18, font: FONT })],
            }),
          );
        if ((transit.drawing.legend ?? []).length > 0)
          children.push(heading(text.legend, 3), legendTable(transit.drawing, text), spacer());
      } else children.push(note(text.noDrawing, GREY));
      children.push(heading(text.fill, 3), labelValueTable(transit.fill), spacer());
      for (const m of transit.messages)
        children.push(note(m.text, m.severity === 'error' ? ERROR : undefined));
      children.push(
        heading(transit.copies > 1 ? text.materialsWithCopies(transit.copies) : text.materials, 3),
      );
      children.push(materialsTable(transit.materials, text), spacer());
      if (transit.comments.trim()) children.push(heading(text.notes, 3), note(transit.comments.trim()));
      await yieldNow();
    }
  }
  children.push(heading(text.totals, 2), note(text.totalsNote, GREY), materialsTable(doc.totals, text));
  // The document.footer template closes the document.
  if (doc.footerText?.trim()) children.push(note(doc.footerText.trim(), GREY, 16));

  const page = PAGE_TWIPS[doc.paperSize];
  const document = new Document({
    creator: xmlLine(doc.preparedBy.name),
    title: xmlLine(`${text.title} - ${doc.project.name}`),
    description: text.units(doc.unitSystemLabel),
    styles: { default: { document: { run: { font: FONT, size: 20 } } } },
    sections: [
      {
        properties: {
          page: {
            size: { width: page.width, height: page.height },
            margin: { top: MARGIN_TWIPS, bottom: MARGIN_TWIPS, left: MARGIN_TWIPS, right: MARGIN_TWIPS },
          },
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    text: xmlLine(
                      `${doc.project.name} \u00b7 ${text.units(doc.unitSystemLabel)} \u00b7 ${text.pageOf[0]}`,
                    ),
                    size: 16,
                    color: GREY,
                  }),
                  new TextRun({ children: [PageNumber.CURRENT], size: 16, color: GREY }),
                  new TextRun({ text: xmlLine(text.pageOf[1]), size: 16, color: GREY }),
                  new TextRun({ children: [PageNumber.TOTAL_PAGES], size: 16, color: GREY }),
                  new TextRun({ text: xmlLine(text.pageOf[2]), size: 16, color: GREY }),
                ],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(document);
}
