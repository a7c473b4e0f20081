import { deflateSync } from 'node:zlib';
import {
  drawingOpening,
  formatLength,
  layoutDrawing,
  type DrawingLayout,
  type DrawingOpening,
} from '@sealplan/engine';
import { xmlLine } from '../../../lib/written-text';
import type { DrawingModel } from '../export.model';

/**
 * Transit drawings for the documents, from the stored packing (never from a client image). The same colours as
 * the web drawing (features/projects/components/transit-drawing-svg.tsx) so a printed page matches the screen.
 */
export const DRAWING_COLOURS = {
  CABLE: { fill: '#f59f00', stroke: '#b35c00' },
  PIPE: { fill: '#4c6ef5', stroke: '#243c9e' },
  PIPE_PLASTIC: { fill: '#ae3ec9', stroke: '#6f1f85' },
  UNKNOWN: { fill: '#868e96', stroke: '#495057' },
  openingFill: '#f8f9fa',
  openingOk: '#2f9e44',
  openingExceeded: '#e03131',
} as const;

/** Width and number size of the documents' drawing image (PNG pixels; the SVG uses the same layout). */
export const DOCUMENT_DRAWING_PX = 480;
export const DOCUMENT_DRAWING_FONT_PX = 14;
export const DRAWING_TEXT_COLOUR = '#212529';
export const DRAWING_DIMENSION_COLOUR = '#495057';

export function drawingExtentMm(drawing: DrawingModel): { widthMm: number; heightMm: number } {
  const o = drawing.opening;
  return o.shape === 'ROUND'
    ? { widthMm: o.diameterMm, heightMm: o.diameterMm }
    : { widthMm: o.widthMm, heightMm: o.heightMm };
}

/** The engine's opening for the layout (corner radius capped as drawn). */
function openingOf(drawing: DrawingModel): DrawingOpening {
  const o = drawing.opening;
  return o.shape === 'ROUND'
    ? drawingOpening({ shape: 'ROUND', diameterMm: o.diameterMm })
    : drawingOpening({
        shape: 'RECTANGLE',
        widthMm: o.widthMm,
        heightMm: o.heightMm,
        cornerRadiusMm: o.cornerRadiusMm,
      });
}

/**
 * Where the numbers, leader lines and dimensions go when the drawing is `widthUnits` wide with numbers
 * `fontUnits` high (the engine's layoutDrawing, as on screen).
 */
export function documentDrawingLayout(
  drawing: DrawingModel,
  widthUnits = DOCUMENT_DRAWING_PX,
  fontUnits = DOCUMENT_DRAWING_FONT_PX,
): DrawingLayout {
  const system = drawing.unitSystem;
  return layoutDrawing(
    openingOf(drawing),
    drawing.circles.map((c) => {
      const occupied = (c.sleeveRMm ?? c.rMm) * 2;
      return {
        number: c.number,
        xMm: c.xMm,
        yMm: c.yMm,
        occupiedDiameterMm: occupied,
        placedDiameterMm: Math.max(occupied, (c.clearanceRMm ?? 0) * 2),
      };
    }),
    {
      widthPx: widthUnits,
      fontPx: fontUnits,
      formatLength: system ? (mm) => formatLength(mm, system) : undefined,
    },
  );
}

const num = (v: number) => (Math.round(v * 1000) / 1000).toString();

/** An SVG text element's content: one line XML can hold (ADR 023), markup escaped. */
const svgText = (v: string) => xmlLine(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The drawing as a standalone SVG (vector, used inside the DOCX; the PDF draws with pdfkit's path API). */
export function drawingToSvg(drawing: DrawingModel): { svg: string; aspect: number } {
  const layout = documentDrawingLayout(drawing);
  const f = layout.frame;
  const stroke = drawing.exceeded ? DRAWING_COLOURS.openingExceeded : DRAWING_COLOURS.openingOk;
  const px = 1 / layout.pxPerMm;
  const sw = px * 2.5;
  const dash = drawing.exceeded ? ` stroke-dasharray="${num(px * 6)} ${num(px * 4)}"` : '';
  const o = drawing.opening;
  const opening =
    o.shape === 'ROUND'
      ? `<circle cx="0" cy="0" r="${num(o.diameterMm / 2)}" fill="${DRAWING_COLOURS.openingFill}" stroke="${stroke}" stroke-width="${num(sw)}"${dash}/>`
      : `<rect x="${num(-o.widthMm / 2)}" y="${num(-o.heightMm / 2)}" width="${num(o.widthMm)}" height="${num(o.heightMm)}" rx="${num(cornerRadius(o))}" ry="${num(cornerRadius(o))}" fill="${DRAWING_COLOURS.openingFill}" stroke="${stroke}" stroke-width="${num(sw)}"${dash}/>`;
  const circles = drawing.circles
    .map((c) => {
      const colour = DRAWING_COLOURS[c.kind];
      const at = `cx="${num(c.xMm)}" cy="${num(c.yMm)}"`;
      const ring = c.clearanceRMm
        ? `<circle ${at} r="${num(c.clearanceRMm)}" fill="none" stroke="${colour.stroke}" stroke-opacity="0.6" stroke-width="${num(px * 0.8)}" stroke-dasharray="${num(px * 3)} ${num(px * 2)}"/>`
        : '';
      const sleeve = c.sleeveRMm
        ? `<circle ${at} r="${num(c.sleeveRMm)}" fill="${colour.fill}" fill-opacity="0.18" stroke="${colour.stroke}" stroke-width="${num(px)}"/>`
        : '';
      return `${ring}${sleeve}<circle ${at} r="${num(c.rMm)}" fill="${colour.fill}" fill-opacity="0.85" stroke="${colour.stroke}" stroke-width="${num(px)}"/>`;
    })
    .join('');
  const lines = layout.lines
    .map(
      (l) =>
        `<line x1="${num(l.x1Mm)}" y1="${num(l.y1Mm)}" x2="${num(l.x2Mm)}" y2="${num(l.y2Mm)}" stroke="${l.role === 'leader' ? DRAWING_TEXT_COLOUR : DRAWING_DIMENSION_COLOUR}" stroke-width="${num(px * 0.8)}" stroke-linecap="round"/>`,
    )
    .join('');
  const font = `font-family="Helvetica, Arial, sans-serif" font-size="${num(layout.fontMm)}" text-anchor="middle" dominant-baseline="central"`;
  const numbers = layout.labels
    .map(
      (l) =>
        `<text x="${num(l.xMm)}" y="${num(l.yMm)}" ${font} fill="${DRAWING_TEXT_COLOUR}" stroke="#ffffff" stroke-width="${num(layout.fontMm * 0.22)}" paint-order="stroke">${l.number}</text>`,
    )
    .join('');
  const texts = layout.texts
    .map(
      (t) =>
        `<text x="${num(t.xMm)}" y="${num(t.yMm)}" ${font} fill="${DRAWING_DIMENSION_COLOUR}"${t.vertical ? ` transform="rotate(-90 ${num(t.xMm)} ${num(t.yMm)})"` : ''}>${svgText(t.text)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${num(f.xMm)} ${num(f.yMm)} ${num(f.widthMm)} ${num(f.heightMm)}">${opening}${circles}${lines}${numbers}${texts}</svg>`;
  return { svg, aspect: f.heightMm / f.widthMm };
}

function cornerRadius(o: { widthMm: number; heightMm: number; cornerRadiusMm: number }) {
  return Math.max(0, Math.min(o.cornerRadiusMm, o.widthMm / 2, o.heightMm / 2));
}

// ---------------------------------------------------------------------------------------------------------------
// PNG: Word and RTF need a bitmap (pdfkit cannot rasterise, and we want no browser on the server). The drawing is
// only circles and (rounded) rectangles, so a signed-distance rasteriser with analytic anti-aliasing is exact and
// small; see docs/decisions/007-exports.md.

type Rgb = [number, number, number];

function hex(colour: string): Rgb {
  const v = parseInt(colour.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

class Raster {
  readonly data: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 3).fill(255);
  }

  /** Paints `colour` with alpha coverage(px, py) over the box [x0,x1]x[y0,y1] (pixel units). */
  paint(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    colour: Rgb,
    opacity: number,
    coverage: (x: number, y: number) => number,
  ) {
    const xs = Math.max(0, Math.floor(x0));
    const xe = Math.min(this.width - 1, Math.ceil(x1));
    const ys = Math.max(0, Math.floor(y0));
    const ye = Math.min(this.height - 1, Math.ceil(y1));
    for (let y = ys; y <= ye; y++) {
      for (let x = xs; x <= xe; x++) {
        const a = coverage(x + 0.5, y + 0.5) * opacity;
        if (a <= 0) continue;
        const i = (y * this.width + x) * 3;
        for (let k = 0; k < 3; k++)
          this.data[i + k] = Math.round(this.data[i + k]! * (1 - a) + colour[k]! * a);
      }
    }
  }
}

/** Math.hypot is several times slower and the extra range safety is not needed for pixel distances. */
const dist = (dx: number, dy: number) => Math.sqrt(dx * dx + dy * dy);

/** Coverage of a pixel by the inside of a shape whose signed distance (px, negative inside) is d. */
const fillCoverage = (d: number) => Math.min(1, Math.max(0, 0.5 - d));
/** Coverage by a stroke of width w centred on the outline. */
const strokeCoverage = (d: number, w: number) => Math.min(1, Math.max(0, w / 2 + 0.5 - Math.abs(d)));

function roundedRectDistance(
  px: number,
  py: number,
  cx: number,
  cy: number,
  hw: number,
  hh: number,
  r: number,
) {
  const qx = Math.abs(px - cx) - (hw - r);
  const qy = Math.abs(py - cy) - (hh - r);
  const outside = dist(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - r;
}

/** Distance from (px, py) to the segment a–b. */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number) {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
  return dist(px - (ax + t * dx), py - (ay + t * dy));
}

/** Paints a straight stroke of width `w` (px) with round ends. */
function paintSegment(
  raster: Raster,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  w: number,
  colour: Rgb,
) {
  const m = w / 2 + 1;
  raster.paint(
    Math.min(ax, bx) - m,
    Math.min(ay, by) - m,
    Math.max(ax, bx) + m,
    Math.max(ay, by) + m,
    colour,
    1,
    (x, y) => fillCoverage(segmentDistance(x, y, ax, ay, bx, by) - w / 2),
  );
}

/**
 * A small stroke font for the PNG's numbers and dimensions (the PNG has no text engine): each glyph is polylines on a
 * 4 × 6 grid (y down, baseline at 6). Only what the drawing writes: digits, the decimal marks, Ø, R, mm and in.
 */
const GLYPHS: Record<string, number[][]> = {
  '0': [[1, 0, 3, 0, 4, 1, 4, 5, 3, 6, 1, 6, 0, 5, 0, 1, 1, 0]],
  '1': [
    [1, 1, 2, 0, 2, 6],
    [1, 6, 3, 6],
  ],
  '2': [[0, 1, 1, 0, 3, 0, 4, 1, 4, 2, 0, 6, 4, 6]],
  '3': [[0, 0, 4, 0, 2, 2.5, 3, 2.5, 4, 3.5, 4, 5, 3, 6, 1, 6, 0, 5]],
  '4': [[3, 6, 3, 0, 0, 4, 4, 4]],
  '5': [[4, 0, 0, 0, 0, 2.5, 3, 2.5, 4, 3.5, 4, 5, 3, 6, 0, 6]],
  '6': [[3.5, 0, 1.5, 0, 0, 2, 0, 5, 1, 6, 3, 6, 4, 5, 4, 3.5, 3, 2.5, 0, 2.5]],
  '7': [[0, 0, 4, 0, 1.5, 6]],
  '8': [[1, 3, 0, 2, 0, 1, 1, 0, 3, 0, 4, 1, 4, 2, 3, 3, 1, 3, 0, 4, 0, 5, 1, 6, 3, 6, 4, 5, 4, 4, 3, 3]],
  '9': [[4, 3.5, 1, 3.5, 0, 2.5, 0, 1, 1, 0, 3, 0, 4, 1, 4, 4, 2.5, 6, 0.5, 6]],
  '.': [[2, 5.8, 2, 6]],
  ',': [[2, 5.4, 1.4, 7]],
  '-': [[1, 3.5, 3, 3.5]],
  Ø: [
    [1, 0, 3, 0, 4, 1, 4, 5, 3, 6, 1, 6, 0, 5, 0, 1, 1, 0],
    [4.5, -0.5, -0.5, 6.5],
  ],
  R: [
    [0, 6, 0, 0, 3, 0, 4, 1, 4, 2, 3, 3, 0, 3],
    [2, 3, 4, 6],
  ],
  m: [
    [0, 6, 0, 2],
    [0, 3, 1, 2, 2, 3, 2, 6],
    [2, 3, 3, 2, 4, 3, 4, 6],
  ],
  i: [
    [2, 2, 2, 6],
    [2, 0.4, 2, 0.6],
  ],
  n: [
    [0, 6, 0, 2],
    [0, 3, 1, 2, 3, 2, 4, 3, 4, 6],
  ],
};
/** Glyph advance in grid units (a glyph is 4 wide). */
const GLYPH_ADVANCE = 5.6;
/** Grid units per font size (the 6-unit glyph height is about the digits' cap height, 0.72 em). */
const GLYPH_UNITS_PER_EM = 6 / 0.72;

/** Writes `text` centred on (cx, cy), `fontPx` high, optionally reading bottom to top; with a white halo. */
function paintText(
  raster: Raster,
  text: string,
  cx: number,
  cy: number,
  fontPx: number,
  colour: Rgb,
  vertical: boolean,
) {
  const unit = fontPx / GLYPH_UNITS_PER_EM;
  const chars = [...text];
  const width = (chars.length * GLYPH_ADVANCE - (GLYPH_ADVANCE - 4)) * unit;
  const stroke = Math.max(1, fontPx * 0.1);
  const segments: [number, number, number, number][] = [];
  chars.forEach((ch, i) => {
    for (const line of GLYPHS[ch] ?? []) {
      for (let k = 0; k + 3 < line.length; k += 2) {
        // Glyph grid → offsets from the text's centre (before rotation).
        const u = (gx: number) => -width / 2 + (i * GLYPH_ADVANCE + gx) * unit;
        const v = (gy: number) => (gy - 3) * unit;
        segments.push([u(line[k]!), v(line[k + 1]!), u(line[k + 2]!), v(line[k + 3]!)]);
      }
    }
  });
  const place = (u: number, v: number): [number, number] => (vertical ? [cx + v, cy - u] : [cx + u, cy + v]);
  for (const pass of [
    { w: stroke + fontPx * 0.3, colour: hex('#ffffff') },
    { w: stroke, colour },
  ]) {
    for (const [u1, v1, u2, v2] of segments) {
      const [ax, ay] = place(u1, v1);
      const [bx, by] = place(u2, v2);
      paintSegment(raster, ax, ay, bx, by, pass.w, pass.colour);
    }
  }
}

/** Renders the drawing to a PNG `widthPx` wide (height from the drawing's aspect), numbered and dimensioned. */
export function drawingToPng(
  drawing: DrawingModel,
  widthPx = DOCUMENT_DRAWING_PX,
): { png: Buffer; width: number; height: number } {
  const fontPx = (DOCUMENT_DRAWING_FONT_PX * widthPx) / DOCUMENT_DRAWING_PX;
  const layout = documentDrawingLayout(drawing, widthPx, fontPx);
  const f = layout.frame;
  const scale = layout.pxPerMm;
  const width = Math.round(widthPx);
  const height = Math.max(1, Math.round(f.heightMm * scale));
  const raster = new Raster(width, height);
  const X = (mm: number) => (mm - f.xMm) * scale;
  const Y = (mm: number) => (mm - f.yMm) * scale;
  const { widthMm, heightMm } = drawingExtentMm(drawing);
  const strokePx = Math.max(1.5, widthPx / 200);
  const openingStroke = hex(drawing.exceeded ? DRAWING_COLOURS.openingExceeded : DRAWING_COLOURS.openingOk);
  const o = drawing.opening;

  let openingDistance: (x: number, y: number) => number;
  const ocx = X(0);
  const ocy = Y(0);
  if (o.shape === 'ROUND') {
    const r = (o.diameterMm / 2) * scale;
    openingDistance = (x, y) => dist(x - ocx, y - ocy) - r;
  } else {
    const hw = (o.widthMm / 2) * scale;
    const hh = (o.heightMm / 2) * scale;
    const r = cornerRadius(o) * scale;
    openingDistance = (x, y) => roundedRectDistance(x, y, ocx, ocy, hw, hh, r);
  }
  const ox0 = X(-widthMm / 2) - strokePx;
  const oy0 = Y(-heightMm / 2) - strokePx;
  const ox1 = X(widthMm / 2) + strokePx;
  const oy1 = Y(heightMm / 2) + strokePx;
  raster.paint(ox0, oy0, ox1, oy1, hex(DRAWING_COLOURS.openingFill), 1, (x, y) =>
    fillCoverage(openingDistance(x, y)),
  );

  const ring = (cx: number, cy: number, r: number, colour: Rgb, opacity: number, w: number) =>
    raster.paint(cx - r - w - 1, cy - r - w - 1, cx + r + w + 1, cy + r + w + 1, colour, opacity, (x, y) =>
      strokeCoverage(dist(x - cx, y - cy) - r, w),
    );
  const disc = (cx: number, cy: number, r: number, colour: Rgb, opacity: number) =>
    raster.paint(cx - r - 2, cy - r - 2, cx + r + 2, cy + r + 2, colour, opacity, (x, y) =>
      fillCoverage(dist(x - cx, y - cy) - r),
    );
  for (const c of drawing.circles) {
    const cx = X(c.xMm);
    const cy = Y(c.yMm);
    const colour = DRAWING_COLOURS[c.kind];
    if (c.clearanceRMm) ring(cx, cy, c.clearanceRMm * scale, hex(colour.stroke), 0.5, 1);
    if (c.sleeveRMm) {
      disc(cx, cy, c.sleeveRMm * scale, hex(colour.fill), 0.18);
      ring(cx, cy, c.sleeveRMm * scale, hex(colour.stroke), 1, 1);
    }
    disc(cx, cy, c.rMm * scale, hex(colour.fill), 0.85);
    ring(cx, cy, c.rMm * scale, hex(colour.stroke), 1, 1);
  }
  raster.paint(ox0, oy0, ox1, oy1, openingStroke, 1, (x, y) =>
    strokeCoverage(openingDistance(x, y), strokePx),
  );
  for (const l of layout.lines) {
    const colour = hex(l.role === 'leader' ? DRAWING_TEXT_COLOUR : DRAWING_DIMENSION_COLOUR);
    paintSegment(raster, X(l.x1Mm), Y(l.y1Mm), X(l.x2Mm), Y(l.y2Mm), 1, colour);
  }
  for (const l of layout.labels)
    paintText(raster, String(l.number), X(l.xMm), Y(l.yMm), fontPx, hex(DRAWING_TEXT_COLOUR), false);
  for (const t of layout.texts)
    paintText(raster, t.text, X(t.xMm), Y(t.yMm), fontPx, hex(DRAWING_DIMENSION_COLOUR), t.vertical);
  return { png: encodePng(raster.data, width, height), width, height };
}

// --- PNG encoder (RGB, 8 bit, no interlace; filter 0 per row) --------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function encodePng(rgb: Uint8Array, width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  const rowBytes = width * 3;
  const raw = Buffer.alloc((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (rowBytes + 1)] = 0;
    raw.set(rgb.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
