import { deflateSync } from 'node:zlib';
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

/** Margin around the opening, as a share of its larger side, so the border and stray items stay visible. */
const PAD_SHARE = 0.04;

export function drawingExtentMm(drawing: DrawingModel): { widthMm: number; heightMm: number } {
  const o = drawing.opening;
  return o.shape === 'ROUND'
    ? { widthMm: o.diameterMm, heightMm: o.diameterMm }
    : { widthMm: o.widthMm, heightMm: o.heightMm };
}

/** The drawn area in mm (opening plus any item outside it, plus a margin); x, y is its top-left corner. */
export function drawingFrame(drawing: DrawingModel) {
  const { widthMm, heightMm } = drawingExtentMm(drawing);
  // Items that do not fit can lie outside the opening: the frame includes them.
  let minX = -widthMm / 2;
  let maxX = widthMm / 2;
  let minY = -heightMm / 2;
  let maxY = heightMm / 2;
  for (const c of drawing.circles) {
    const r = Math.max(c.rMm, c.clearanceRMm ?? 0);
    minX = Math.min(minX, c.xMm - r);
    maxX = Math.max(maxX, c.xMm + r);
    minY = Math.min(minY, c.yMm - r);
    maxY = Math.max(maxY, c.yMm + r);
  }
  const pad = Math.max(maxX - minX, maxY - minY, 1) * PAD_SHARE;
  return { x: minX - pad, y: minY - pad, width: maxX - minX + 2 * pad, height: maxY - minY + 2 * pad };
}

const num = (v: number) => (Math.round(v * 1000) / 1000).toString();

/** The drawing as a standalone SVG (vector, used inside the DOCX; the PDF draws with pdfkit's path API). */
export function drawingToSvg(drawing: DrawingModel): { svg: string; aspect: number } {
  const f = drawingFrame(drawing);
  const { widthMm, heightMm } = drawingExtentMm(drawing);
  const stroke = drawing.exceeded ? DRAWING_COLOURS.openingExceeded : DRAWING_COLOURS.openingOk;
  const span = Math.max(widthMm, heightMm, 1);
  const sw = span / 110;
  const dash = drawing.exceeded ? ` stroke-dasharray="${num(sw * 4)} ${num(sw * 3)}"` : '';
  const o = drawing.opening;
  const opening =
    o.shape === 'ROUND'
      ? `<circle cx="0" cy="0" r="${num(o.diameterMm / 2)}" fill="${DRAWING_COLOURS.openingFill}" stroke="${stroke}" stroke-width="${num(sw)}"${dash}/>`
      : `<rect x="${num(-o.widthMm / 2)}" y="${num(-o.heightMm / 2)}" width="${num(o.widthMm)}" height="${num(o.heightMm)}" rx="${num(cornerRadius(o))}" ry="${num(cornerRadius(o))}" fill="${DRAWING_COLOURS.openingFill}" stroke="${stroke}" stroke-width="${num(sw)}"${dash}/>`;
  const circles = drawing.circles
    .map((c) => {
      const colour = DRAWING_COLOURS[c.kind];
      const ring = c.clearanceRMm
        ? `<circle cx="${num(c.xMm)}" cy="${num(c.yMm)}" r="${num(c.clearanceRMm)}" fill="none" stroke="${colour.stroke}" stroke-opacity="0.45" stroke-width="${num(sw / 3)}" stroke-dasharray="${num(sw)} ${num(sw)}"/>`
        : '';
      return `${ring}<circle cx="${num(c.xMm)}" cy="${num(c.yMm)}" r="${num(c.rMm)}" fill="${colour.fill}" fill-opacity="0.85" stroke="${colour.stroke}" stroke-width="${num(sw / 2)}"/>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${num(f.x)} ${num(f.y)} ${num(f.width)} ${num(f.height)}">${opening}${circles}</svg>`;
  return { svg, aspect: f.height / f.width };
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

/** Renders the drawing to a PNG `widthPx` wide (height from the drawing's aspect). */
export function drawingToPng(
  drawing: DrawingModel,
  widthPx = 480,
): { png: Buffer; width: number; height: number } {
  const f = drawingFrame(drawing);
  const scale = widthPx / f.width;
  const width = Math.round(widthPx);
  const height = Math.max(1, Math.round(f.height * scale));
  const raster = new Raster(width, height);
  const X = (mm: number) => (mm - f.x) * scale;
  const Y = (mm: number) => (mm - f.y) * scale;
  const { widthMm, heightMm } = drawingExtentMm(drawing);
  const strokePx = Math.max(1.5, (Math.max(widthMm, heightMm) / 110) * scale);
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

  for (const c of drawing.circles) {
    const cx = X(c.xMm);
    const cy = Y(c.yMm);
    const r = c.rMm * scale;
    const colour = DRAWING_COLOURS[c.kind];
    if (c.clearanceRMm) {
      const rc = c.clearanceRMm * scale;
      const dc = (x: number, y: number) => dist(x - cx, y - cy) - rc;
      raster.paint(cx - rc - 2, cy - rc - 2, cx + rc + 2, cy + rc + 2, hex(colour.stroke), 0.4, (x, y) =>
        strokeCoverage(dc(x, y), 1),
      );
    }
    const d = (x: number, y: number) => dist(x - cx, y - cy) - r;
    raster.paint(cx - r - 2, cy - r - 2, cx + r + 2, cy + r + 2, hex(colour.fill), 0.85, (x, y) =>
      fillCoverage(d(x, y)),
    );
    raster.paint(cx - r - 2, cy - r - 2, cx + r + 2, cy + r + 2, hex(colour.stroke), 1, (x, y) =>
      strokeCoverage(d(x, y), Math.max(1, strokePx / 2)),
    );
  }
  raster.paint(ox0, oy0, ox1, oy1, openingStroke, 1, (x, y) =>
    strokeCoverage(openingDistance(x, y), strokePx),
  );
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
