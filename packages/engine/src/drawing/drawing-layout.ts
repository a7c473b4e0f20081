// Where the drawing's numbers and dimensions go, for a drawing rendered `widthPx` wide with labels `fontPx` high.
// A number sits inside its circle when it fits there; otherwise outside the opening on a track around it, with a
// leader line to its circle, the labels spread along the track so none overlap. Every renderer (web SVG, PDF,
// document SVG and PNG) draws the same primitives (docs/decisions/009-drawing.md).

import type { DrawingOpening } from './drawing-view';

/** Width of one digit as a share of the font size (Helvetica and common sans-serif digits are 0.556 em). */
export const LABEL_DIGIT_EM = 0.56;
/** Padding around a number, as a share of the font size. */
const LABEL_PAD_EM = 0.35;
/** Gap between the outermost item or wall and the outside labels, as a share of the font size. */
const LABEL_GAP_EM = 0.9;
/** Space between neighbouring outside labels along the track, as a share of the font size. */
const LABEL_SPACING_EM = 0.15;
/** Margin around the content, as a share of its larger side, so strokes stay visible. */
export const DRAWING_PAD_SHARE = 0.04;
/** Points sampled along the label track. */
const TRACK_SAMPLES = 720;
/** Segments per rounded corner of a rectangular track. */
const ARC_STEPS = 16;
/** Room for a dimension line and its text, as a multiple of the font size. */
const DIMENSION_BAND_EM = 2.4;
/** Length of an arrowhead stroke, as a share of the font size. */
const ARROW_EM = 0.6;

export interface LayoutCircle {
  number: number;
  xMm: number;
  yMm: number;
  /** The number goes inside when it fits in this circle (the item with its sleeve). */
  occupiedDiameterMm: number;
  /** The outermost ring (with clearance): what the frame must contain. */
  placedDiameterMm: number;
}

export interface DrawingLayoutOptions {
  /** Rendered width of the whole drawing (px or pt): the numbers are sized against it. */
  widthPx: number;
  /** Height of a number in the same unit. */
  fontPx: number;
  /** Formats a length for the dimensions (in the user's unit system); no dimensions without it. */
  formatLength?: (mm: number) => string;
}

export interface DrawingLabel {
  number: number;
  /** Centre of the number's text. */
  xMm: number;
  yMm: number;
  inside: boolean;
}

export interface DrawingLine {
  x1Mm: number;
  y1Mm: number;
  x2Mm: number;
  y2Mm: number;
  role: 'leader' | 'dimension';
}

export interface DrawingText {
  /** Centre of the text. */
  xMm: number;
  yMm: number;
  text: string;
  /** Reads bottom to top (a vertical dimension). */
  vertical: boolean;
  role: 'width' | 'height' | 'diameter' | 'corner-radius';
}

export interface DrawingLayout {
  /** The drawn area in mm (x, y: its top-left corner); the renderer maps it onto widthPx. */
  frame: { xMm: number; yMm: number; widthMm: number; heightMm: number };
  pxPerMm: number;
  /** The font size in mm (the same for numbers and dimensions). */
  fontMm: number;
  /** One per circle, in the order of the circles given. */
  labels: DrawingLabel[];
  lines: DrawingLine[];
  texts: DrawingText[];
}

/** Width of a number's box in font sizes. */
export function labelWidthEm(label: number | string): number {
  return String(label).length * LABEL_DIGIT_EM + LABEL_PAD_EM;
}

/** The number fits inside a circle of `diameterPx` when its box does (the box's diagonal). */
export function labelFitsInside(label: number, diameterPx: number, fontPx: number): boolean {
  const w = labelWidthEm(label) * fontPx;
  const h = fontPx;
  return Math.hypot(w, h) <= diameterPx;
}

interface Box {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

function contentBox(opening: DrawingOpening, circles: readonly LayoutCircle[]): Box {
  const box = {
    minX: -opening.widthMm / 2,
    maxX: opening.widthMm / 2,
    minY: -opening.heightMm / 2,
    maxY: opening.heightMm / 2,
  };
  // Items that do not fit can lie outside the opening: the drawing shows them overflowing, not clipped.
  for (const c of circles) {
    const r = c.placedDiameterMm / 2;
    box.minX = Math.min(box.minX, c.xMm - r);
    box.maxX = Math.max(box.maxX, c.xMm + r);
    box.minY = Math.min(box.minY, c.yMm - r);
    box.maxY = Math.max(box.maxY, c.yMm + r);
  }
  if (box.maxX - box.minX <= 0 || box.maxY - box.minY <= 0)
    return { minX: -0.5, maxX: 0.5, minY: -0.5, maxY: 0.5 };
  return box;
}

/** A closed track sampled as points with their cumulative length. */
interface Track {
  points: { x: number; y: number }[];
  /** cumulative[i]: length from point 0 to point i; cumulative[n]: the whole length. */
  cumulative: number[];
}

function closedTrack(points: { x: number; y: number }[]): Track {
  const cumulative = [0];
  for (let i = 1; i <= points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i % points.length]!;
    cumulative.push(cumulative[i - 1]! + Math.hypot(b.x - a.x, b.y - a.y));
  }
  return { points, cumulative };
}

/** Round content: a circle around the centre; otherwise the content box grown by `offset` (rounded corners). */
function labelTrack(round: boolean, box: Box, offset: number, radius: number): Track {
  const points: { x: number; y: number }[] = [];
  if (round) {
    for (let i = 0; i < TRACK_SAMPLES; i++) {
      // Start at the top, clockwise on screen (y down).
      const a = -Math.PI / 2 + (2 * Math.PI * i) / TRACK_SAMPLES;
      points.push({ x: radius * Math.cos(a), y: radius * Math.sin(a) });
    }
    return closedTrack(points);
  }
  const corners = [
    { cx: box.maxX, cy: box.minY, from: -Math.PI / 2 },
    { cx: box.maxX, cy: box.maxY, from: 0 },
    { cx: box.minX, cy: box.maxY, from: Math.PI / 2 },
    { cx: box.minX, cy: box.minY, from: Math.PI },
  ];
  for (const c of corners) {
    // Each quarter arc; the straight sides are the chords between consecutive corners' arcs.
    for (let i = 0; i <= ARC_STEPS; i++) {
      const a = c.from + (Math.PI / 2) * (i / ARC_STEPS);
      points.push({ x: c.cx + offset * Math.cos(a), y: c.cy + offset * Math.sin(a) });
    }
  }
  // Split the long sides so the nearest sampled point is close to the true nearest point.
  const dense: { x: number; y: number }[] = [];
  const whole = closedTrack(points).cumulative.at(-1)!;
  const step = whole / TRACK_SAMPLES;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step));
    for (let k = 0; k < n; k++)
      dense.push({ x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n });
  }
  return closedTrack(dense);
}

function nearestOnTrack(track: Track, x: number, y: number): number {
  let best = 0;
  let bestD = Infinity;
  track.points.forEach((p, i) => {
    const d = (p.x - x) ** 2 + (p.y - y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return track.cumulative[best]!;
}

function pointOnTrack(track: Track, s: number): { x: number; y: number } {
  const total = track.cumulative.at(-1)!;
  const t = ((s % total) + total) % total;
  let lo = 0;
  let hi = track.points.length;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (track.cumulative[mid]! <= t) lo = mid;
    else hi = mid;
  }
  const a = track.points[lo]!;
  const b = track.points[(lo + 1) % track.points.length]!;
  const len = track.cumulative[lo + 1]! - track.cumulative[lo]!;
  const f = len > 0 ? (t - track.cumulative[lo]!) / len : 0;
  return { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f };
}

/**
 * Positions along a closed track of length `total` as near as possible to `preferred` (least squares) with at least
 * `spacing` between neighbours and the order kept: cut the loop at its widest gap, then merge overlapping clusters.
 */
export function spreadOnLoop(preferred: readonly number[], spacing: number, total: number): number[] {
  const n = preferred.length;
  if (n === 0) return [];
  const gap = Math.min(spacing, total / n);
  const order = preferred.map((_, i) => i).sort((a, b) => preferred[a]! - preferred[b]! || a - b);
  const sorted = order.map((i) => preferred[i]!);
  let cut = 0;
  let widest = -1;
  for (let k = 0; k < n; k++) {
    const next = k + 1 < n ? sorted[k + 1]! : sorted[0]! + total;
    if (next - sorted[k]! > widest) {
      widest = next - sorted[k]!;
      cut = (k + 1) % n;
    }
  }
  // Unwrapped, increasing positions starting after the widest gap.
  const seq: number[] = [];
  for (let k = 0; k < n; k++) {
    const idx = (cut + k) % n;
    seq.push(sorted[idx]! + (idx < cut ? total : 0));
  }
  // Each cluster: items at start, start + gap, ...; `sum` is Σ(preferred − j·gap) over its items j, and the
  // least-squares start is sum / count.
  const clusters: { first: number; count: number; sum: number; start: number }[] = [];
  seq.forEach((p, k) => {
    clusters.push({ first: k, count: 1, sum: p, start: p });
    for (;;) {
      const last = clusters.at(-1)!;
      const prev = clusters.at(-2);
      if (!prev || prev.start + prev.count * gap <= last.start) break;
      // Items of `last` sit prev.count places further on: subtract that offset from their preferred positions.
      const sum = prev.sum + last.sum - last.count * prev.count * gap;
      const count = prev.count + last.count;
      clusters.splice(-2, 2, {
        first: prev.first,
        count,
        sum,
        start: sum / count,
      });
    }
  });
  const placed = new Array<number>(n);
  for (const c of clusters) {
    for (let j = 0; j < c.count; j++) {
      const k = c.first + j;
      placed[order[(cut + k) % n]!] = c.start + j * gap;
    }
  }
  return placed.map((s) => ((s % total) + total) % total);
}

export function layoutDrawing(
  opening: DrawingOpening,
  circles: readonly LayoutCircle[],
  options: DrawingLayoutOptions,
): DrawingLayout {
  const { widthPx, fontPx, formatLength } = options;
  const box = contentBox(opening, circles);
  const contentW = box.maxX - box.minX;
  const contentH = box.maxY - box.minY;
  const padMm = Math.max(contentW, contentH) * DRAWING_PAD_SHARE;
  const hasOpening = opening.widthMm > 0 && opening.heightMm > 0;
  const dims = Boolean(formatLength) && hasOpening;
  const rightDimPx = dims && opening.shape === 'RECTANGLE' ? DIMENSION_BAND_EM * fontPx : 0;
  const radiusLine = dims && opening.shape === 'RECTANGLE' && opening.cornerRadiusMm > 0;
  const bottomDimPx = dims ? DIMENSION_BAND_EM * fontPx + (radiusLine ? 1.2 * fontPx : 0) : 0;
  const maxDigits = circles.reduce((m, c) => Math.max(m, String(c.number).length), 1);
  const extentPx = Math.max(labelWidthEm('9'.repeat(maxDigits)), 1) * fontPx;
  const bandPx = LABEL_GAP_EM * fontPx + extentPx;

  const scaleFor = (labelBandPx: number) =>
    Math.max(1e-6, (widthPx - 2 * labelBandPx - rightDimPx) / (contentW + 2 * padMm));
  // Decide with the smaller scale (a band reserved): a number inside then stays inside if no band is needed.
  let k = scaleFor(bandPx);
  const inside = circles.map((c) => labelFitsInside(c.number, c.occupiedDiameterMm * k, fontPx));
  const anyOutside = inside.some((v) => !v);
  if (!anyOutside) k = scaleFor(0);
  const labelBandMm = anyOutside ? bandPx / k : 0;
  const fontMm = fontPx / k;

  const labels: DrawingLabel[] = circles.map((c, i) => ({
    number: c.number,
    xMm: c.xMm,
    yMm: c.yMm,
    inside: inside[i]!,
  }));
  const lines: DrawingLine[] = [];
  if (anyOutside) {
    const extentMm = extentPx / k;
    const offset = padMm + (LABEL_GAP_EM * fontPx) / k + extentMm / 2;
    // A round opening with everything inside it gets a circular track; anything else follows the content box.
    const contentRadius = circles.reduce(
      (m, c) => Math.max(m, Math.hypot(c.xMm, c.yMm) + c.placedDiameterMm / 2),
      opening.widthMm / 2,
    );
    const round = opening.shape === 'ROUND' && contentRadius <= Math.max(contentW, contentH) / 2 + 1e-9;
    const track = labelTrack(round, box, offset, contentRadius + offset);
    const outside = circles.map((_, i) => i).filter((i) => !inside[i]);
    const preferred = outside.map((i) => nearestOnTrack(track, circles[i]!.xMm, circles[i]!.yMm));
    const spacing = extentMm + (LABEL_SPACING_EM * fontPx) / k;
    const placed = spreadOnLoop(preferred, spacing, track.cumulative.at(-1)!);
    outside.forEach((i, j) => {
      const c = circles[i]!;
      const at = pointOnTrack(track, placed[j]!);
      labels[i] = { number: c.number, xMm: at.x, yMm: at.y, inside: false };
      const dx = at.x - c.xMm;
      const dy = at.y - c.yMm;
      const d = Math.hypot(dx, dy) || 1;
      const r = c.occupiedDiameterMm / 2;
      // From the circle's edge to just short of the number's box.
      const stop = Math.max(r, d - (extentMm / 2) * 0.9);
      lines.push({
        x1Mm: c.xMm + (dx / d) * r,
        y1Mm: c.yMm + (dy / d) * r,
        x2Mm: c.xMm + (dx / d) * stop,
        y2Mm: c.yMm + (dy / d) * stop,
        role: 'leader',
      });
    });
  }

  const texts: DrawingText[] = [];
  const outer = padMm + labelBandMm;
  if (dims && formatLength) {
    const w = opening.widthMm;
    const h = opening.heightMm;
    const arrow = (ARROW_EM * fontPx) / k;
    const ext = (0.4 * fontPx) / k;
    // Width (or diameter) below everything, with extension lines from the opening's sides.
    const yDim = box.maxY + outer + (0.8 * fontPx) / k;
    lines.push(
      { x1Mm: -w / 2, y1Mm: yDim, x2Mm: w / 2, y2Mm: yDim, role: 'dimension' },
      ...arrowHeads(-w / 2, yDim, w / 2, yDim, arrow),
    );
    const yFrom = opening.shape === 'ROUND' ? 0 : h / 2;
    lines.push(
      { x1Mm: -w / 2, y1Mm: yFrom + ext, x2Mm: -w / 2, y2Mm: yDim + ext, role: 'dimension' },
      { x1Mm: w / 2, y1Mm: yFrom + ext, x2Mm: w / 2, y2Mm: yDim + ext, role: 'dimension' },
    );
    const round = opening.shape === 'ROUND';
    texts.push({
      xMm: 0,
      yMm: yDim + fontMm * 0.9,
      text: round ? `Ø ${formatLength(w)}` : formatLength(w),
      vertical: false,
      role: round ? 'diameter' : 'width',
    });
    if (!round) {
      const xDim = box.maxX + outer + (0.8 * fontPx) / k;
      lines.push(
        { x1Mm: xDim, y1Mm: -h / 2, x2Mm: xDim, y2Mm: h / 2, role: 'dimension' },
        ...arrowHeads(xDim, -h / 2, xDim, h / 2, arrow),
        { x1Mm: w / 2 + ext, y1Mm: -h / 2, x2Mm: xDim + ext, y2Mm: -h / 2, role: 'dimension' },
        { x1Mm: w / 2 + ext, y1Mm: h / 2, x2Mm: xDim + ext, y2Mm: h / 2, role: 'dimension' },
      );
      texts.push({ xMm: xDim + fontMm * 0.9, yMm: 0, text: formatLength(h), vertical: true, role: 'height' });
      if (radiusLine)
        texts.push({
          xMm: 0,
          yMm: yDim + fontMm * 2.1,
          text: `R ${formatLength(opening.cornerRadiusMm)}`,
          vertical: false,
          role: 'corner-radius',
        });
    }
  }

  const frame = {
    xMm: box.minX - outer,
    yMm: box.minY - outer,
    widthMm: contentW + 2 * outer + rightDimPx / k,
    heightMm: contentH + 2 * outer + bottomDimPx / k,
  };
  // Dimension texts can be wider than the opening: keep them inside the frame.
  for (const t of texts) {
    if (t.vertical) continue;
    const half = (t.text.length * LABEL_DIGIT_EM * fontMm) / 2;
    if (t.xMm - half < frame.xMm) t.xMm = frame.xMm + half;
  }
  return { frame, pxPerMm: k, fontMm, labels, lines, texts };
}

/** Open arrowheads at both ends of a dimension line, pointing outwards. */
function arrowHeads(x1: number, y1: number, x2: number, y2: number, size: number): DrawingLine[] {
  const d = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / d;
  const uy = (y2 - y1) / d;
  const head = (x: number, y: number, dx: number, dy: number): DrawingLine[] => {
    // Two strokes at ±25° from the line, back from the tip.
    const cos = Math.cos((25 * Math.PI) / 180);
    const sin = Math.sin((25 * Math.PI) / 180);
    const ax = -dx * size;
    const ay = -dy * size;
    return [
      { x1Mm: x, y1Mm: y, x2Mm: x + ax * cos - ay * sin, y2Mm: y + ax * sin + ay * cos, role: 'dimension' },
      { x1Mm: x, y1Mm: y, x2Mm: x + ax * cos + ay * sin, y2Mm: y - ax * sin + ay * cos, role: 'dimension' },
    ];
  };
  return [...head(x2, y2, ux, uy), ...head(x1, y1, -ux, -uy)];
}
