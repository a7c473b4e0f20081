import {
  DxfWriter,
  LWPolylineFlags,
  TextHorizontalAlignment,
  TextVerticalAlignment,
  Units,
  point3d,
} from '@tarikjabiri/dxf';
import { zipSync, strToU8 } from 'fflate';
import type { DrawingModel, ExportDocument, ExportTransit } from '../export.model';
import { baseFileName, wordsOf } from './document-content';
import { oneLine } from '../../../lib/written-text';

/**
 * Drawings as DXF (AutoCAD 2007 text DXF, UTF-8), one file per transit: the opening, every item with its cable
 * sleeve or crusher and its clearance ring, the drawing's numbers, the legend and a title block, in millimetres
 * ($INSUNITS 4, $MEASUREMENT 1) or, for an imperial document, in inches (ADR 027), on named layers a CAD user can switch off.
 * The origin is the opening's centre; y grows upwards as in every CAD program (the drawing model's y grows
 * downwards, so it is mirrored here).
 */

/** Layer names and their AutoCAD colour indexes. */
export const DXF_LAYERS = {
  opening: { name: 'SEALPLAN-OPENING', color: 7 },
  items: { name: 'SEALPLAN-ITEMS', color: 5 },
  sleeves: { name: 'SEALPLAN-SLEEVES', color: 3 },
  clearance: { name: 'SEALPLAN-CLEARANCE', color: 1 },
  numbers: { name: 'SEALPLAN-NUMBERS', color: 7 },
  legend: { name: 'SEALPLAN-LEGEND', color: 7 },
  title: { name: 'SEALPLAN-TITLE', color: 8 },
} as const;

export const DXF_CONTENT_TYPE = 'image/vnd.dxf';
export const ZIP_CONTENT_TYPE = 'application/zip';

const MM_PER_INCH = 25.4;

/** Text height of the title block and legend, relative to the drawing's larger extent (and never below 2.5 mm). */
const TEXT_HEIGHT_RATIO = 1 / 40;
const MIN_TEXT_HEIGHT_MM = 2.5;
const LINE_SPACING = 1.6;
/** Width of an average character in text heights (CAD fonts run about 0.5 to 0.7), to wrap long values. */
const AVERAGE_CHAR_WIDTH = 0.62;

/**
 * Where a line may break: white space, but not the no-break spaces (U+00A0, U+2007, U+202F) nor the zero-width
 * no-break space (U+FEFF), which JavaScript's `\s` also matches: "Deck 3 A" written with a no-break space stays
 * on one line, and a zero-width one never becomes a visible space.
 */
const LINE_BREAK_SPACE = /[^\S\u00A0\u2007\u202F\uFEFF]+/;

/** Words of `text` in lines of at most `width` characters (a longer word gets a line of its own). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(LINE_BREAK_SPACE).filter(Boolean)) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  return lines.length || current ? [...lines, current] : [''];
}

/** Bulge of a 90° arc drawn counter-clockwise (DXF: tan of a quarter of the included angle, positive = left). */
const QUARTER_ARC_BULGE = Math.tan(Math.PI / 8);

interface Extent {
  widthMm: number;
  heightMm: number;
}

function extentOf(drawing: DrawingModel | null): Extent {
  if (!drawing) return { widthMm: 200, heightMm: 200 };
  const o = drawing.opening;
  return o.shape === 'ROUND'
    ? { widthMm: o.diameterMm, heightMm: o.diameterMm }
    : { widthMm: o.widthMm, heightMm: o.heightMm };
}

/** A rectangle of width × height centred on the origin, its corners rounded with radius r (bulges of 90° arcs). */
function roundedRectangle(widthMm: number, heightMm: number, radiusMm: number) {
  const w = widthMm / 2;
  const h = heightMm / 2;
  const r = Math.max(0, Math.min(radiusMm, w, h));
  if (r === 0) {
    return [
      { point: { x: -w, y: -h } },
      { point: { x: w, y: -h } },
      { point: { x: w, y: h } },
      { point: { x: -w, y: h } },
    ];
  }
  // Counter-clockwise; a quarter arc turning left between two vertices has the bulge +tan(90°/4).
  const b = QUARTER_ARC_BULGE;
  return [
    { point: { x: -w + r, y: -h } },
    { point: { x: w - r, y: -h }, bulge: b },
    { point: { x: w, y: -h + r } },
    { point: { x: w, y: h - r }, bulge: b },
    { point: { x: w - r, y: h } },
    { point: { x: -w + r, y: h }, bulge: b },
    { point: { x: -w, y: h - r } },
    { point: { x: -w, y: -h + r }, bulge: b },
  ];
}

/** Title block rows (label, value). */
function titleRows(doc: ExportDocument, transit: ExportTransit): [string, string][] {
  const { text, format } = wordsOf(doc);
  const words = text.dxf;
  const figure = (label: string) => transit.fill.find((f) => f.label === label)?.value ?? '';
  return [
    [words.project, doc.project.name],
    [words.customer, doc.project.customer],
    [words.transit, transit.name],
    // ADR 031: where the transit is, when it has a location.
    ...(transit.location ? [[words.location, transit.location] as [string, string]] : []),
    [words.opening, transit.opening],
    [words.copies, String(transit.copies)],
    // The verdict beside the fill it rests on (ADR 010).
    [words.fillLabel, words.fill(figure(text.fillRows.fill), figure(text.fillRows.fillLimit))],
    [words.status, transit.status],
    [
      words.drawingUnits,
      `${doc.unitSystem === 'IMPERIAL' ? 'in' : 'mm'} (${words.textsIn(doc.unitSystemLabel)})`,
    ],
    [words.preparedBy, `${doc.preparedBy.name} (${doc.preparedBy.organization})`],
    [words.generated, format.timestamp(doc.generatedOn)],
  ];
}

/** One transit's drawing as a DXF file's text. */
export function transitToDxf(doc: ExportDocument, transit: ExportTransit): string {
  const dxf = new DxfWriter();
  // ADR 027: an imperial drawing is drawn in inches ($INSUNITS 1, $MEASUREMENT 0); the model's millimetres are
  // scaled by k as they are written, so the layout is the same in both.
  const imperial = doc.unitSystem === 'IMPERIAL';
  const k = imperial ? 1 / MM_PER_INCH : 1;
  const at = (xMm: number, yMm: number) => point3d(xMm * k, yMm * k);
  dxf.setUnits(imperial ? Units.Inches : Units.Millimeters);
  dxf.setVariable('$MEASUREMENT', { 70: imperial ? 0 : 1 });
  // DXF 2007+ text is UTF-8 whatever the code page says, but readers that honour $DWGCODEPAGE (and those that
  // guess without it) decode "Ø" wrongly; AutoCAD writes ANSI_1252 in its UTF-8 files, so the same is written here.
  dxf.setVariable('$DWGCODEPAGE', { 3: 'ANSI_1252' });
  for (const layer of Object.values(DXF_LAYERS)) dxf.addLayer(layer.name, layer.color, 'CONTINUOUS');
  const drawing = transit.drawing;
  const extent = extentOf(drawing);
  const size = Math.max(extent.widthMm, extent.heightMm);
  const textH = Math.max(MIN_TEXT_HEIGHT_MM, size * TEXT_HEIGHT_RATIO);
  const left = -extent.widthMm / 2;
  const top = extent.heightMm / 2;

  if (drawing) {
    const o = drawing.opening;
    if (o.shape === 'ROUND') {
      dxf.addCircle(at(0, 0), (o.diameterMm / 2) * k, { layerName: DXF_LAYERS.opening.name });
    } else {
      dxf.addLWPolyline(roundedRectangle(o.widthMm * k, o.heightMm * k, o.cornerRadiusMm * k), {
        flags: LWPolylineFlags.Closed,
        layerName: DXF_LAYERS.opening.name,
      });
    }
    for (const c of drawing.circles) {
      const centre = at(c.xMm, -c.yMm);
      dxf.addCircle(centre, c.rMm * k, { layerName: DXF_LAYERS.items.name });
      if (c.sleeveRMm) dxf.addCircle(centre, c.sleeveRMm * k, { layerName: DXF_LAYERS.sleeves.name });
      if (c.clearanceRMm) dxf.addCircle(centre, c.clearanceRMm * k, { layerName: DXF_LAYERS.clearance.name });
      // The number fits inside the item: about two thirds of its radius high, as on screen.
      const numberH = Math.max(0.5, Math.min(textH, (c.sleeveRMm ?? c.rMm) * 0.9));
      dxf.addText(centre, numberH * k, String(c.number), {
        layerName: DXF_LAYERS.numbers.name,
        horizontalAlignment: TextHorizontalAlignment.Center,
        verticalAlignment: TextVerticalAlignment.Middle,
        secondAlignmentPoint: centre,
      });
    }
  }

  // Below the drawing: the caption, the legend, then the title block.
  let y = -top - textH * 3;
  // A TEXT entity's value is one DXF line: a line break in stored text would end it and start group codes of the
  // text's choosing (ADR 023), so every text written here is made one line first.
  const line = (text: string, layerName: string, x = left, height = textH) => {
    dxf.addText(at(x, y), height * k, oneLine(text), { layerName });
    y -= height * LINE_SPACING;
  };
  const { text } = wordsOf(doc);
  if (!drawing) line(text.noDrawing, DXF_LAYERS.legend.name);
  if (drawing?.caption) line(drawing.caption, DXF_LAYERS.legend.name);
  if (drawing?.exceeded) line(transit.status, DXF_LAYERS.legend.name);
  const legend = drawing?.legend ?? [];
  if (legend.length > 0) {
    y -= textH;
    line(text.legend, DXF_LAYERS.legend.name, left, textH * 1.2);
    for (const row of legend) {
      const parts = [row.item, row.diameter, row.sleeve, row.ring].filter(Boolean);
      line(`${row.numbers}  ${parts.join(', ')}`, DXF_LAYERS.legend.name);
    }
  }

  // Title block: a frame with label/value rows, at least 60 text heights wide; long values wrap inside it.
  y -= textH * 2;
  const rows = titleRows(doc, transit);
  if (doc.sampleCatalogue) rows.push([text.dxf.note, text.sampleNotice]);
  const titleH = textH * 1.4;
  const frameTop = y + titleH + textH * 0.6;
  const labelW = textH * 10;
  const frameW = Math.max(extent.widthMm, textH * 60);
  const valueChars = Math.max(20, Math.floor((frameW - labelW - textH) / (textH * AVERAGE_CHAR_WIDTH)));
  line(text.title, DXF_LAYERS.title.name, left + textH * 0.5, titleH);
  for (const [label, value] of rows) {
    dxf.addText(at(left + textH * 0.5, y), textH * k, oneLine(label), { layerName: DXF_LAYERS.title.name });
    for (const part of wrap(oneLine(value), valueChars)) {
      dxf.addText(at(left + labelW, y), textH * k, part, { layerName: DXF_LAYERS.title.name });
      y -= textH * LINE_SPACING;
    }
  }
  const frameBottom = y + textH * 0.6;
  dxf.addRectangle(at(left, frameTop), at(left + frameW, frameBottom), {
    layerName: DXF_LAYERS.title.name,
  });
  dxf.setVariable('$EXTMIN', { 10: left * k, 20: frameBottom * k, 30: 0 });
  dxf.setVariable('$EXTMAX', { 10: Math.max(extent.widthMm / 2, left + frameW) * k, 20: top * k, 30: 0 });
  return dxf.stringify();
}

/** File name of one transit's drawing: ASCII letters, digits and dashes (like the other exports). */
export function dxfFileName(doc: ExportDocument, transit: ExportTransit, index: number): string {
  const slug = transit.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${String(index + 1).padStart(3, '0')}-${slug || 'transit'}.dxf`;
}

export interface BuiltDrawings {
  body: Buffer;
  fileName: string;
  contentType: string;
}

/**
 * One transit: its DXF. Several: a ZIP with one DXF per transit, numbered in the project's order. The base of the
 * file name is the export's (project and date) with "drawing(s)" in place of "material list".
 */
export async function buildDxf(doc: ExportDocument, pause?: () => Promise<void>): Promise<BuiltDrawings> {
  const base = baseFileName(doc).replace('-material-list-', '-drawings-');
  if (doc.transits.length === 1) {
    const transit = doc.transits[0]!;
    return {
      body: Buffer.from(transitToDxf(doc, transit), 'utf8'),
      fileName: `${base.replace('-drawings-', '-drawing-')}.dxf`,
      contentType: DXF_CONTENT_TYPE,
    };
  }
  const files: Record<string, Uint8Array> = {};
  for (const [i, transit] of doc.transits.entries()) {
    files[dxfFileName(doc, transit, i)] = strToU8(transitToDxf(doc, transit));
    if (pause && i % 40 === 39) await pause();
  }
  return {
    body: Buffer.from(zipSync(files, { level: 6 })),
    fileName: `${base}.zip`,
    contentType: ZIP_CONTENT_TYPE,
  };
}
