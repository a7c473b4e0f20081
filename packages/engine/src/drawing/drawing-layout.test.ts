import { describe, expect, it } from 'vitest';
import { formatLength } from '../units';
import {
  labelFitsInside,
  labelWidthEm,
  layoutDrawing,
  spreadOnLoop,
  type LayoutCircle,
} from './drawing-layout';
import type { DrawingOpening } from './drawing-view';

const round = (d: number): DrawingOpening => ({ shape: 'ROUND', widthMm: d, heightMm: d, cornerRadiusMm: 0 });

/** Circular distance between two positions on a loop. */
const loopDistance = (a: number, b: number, total: number) => {
  const d = Math.abs(a - b) % total;
  return Math.min(d, total - d);
};

describe('spreadOnLoop', () => {
  it('leaves positions that are far enough apart where they are', () => {
    expect(spreadOnLoop([10, 50, 90], 5, 100)).toEqual([10, 50, 90]);
  });

  it('spreads a crowd symmetrically around where it wanted to be', () => {
    const placed = spreadOnLoop([50, 50, 50], 4, 100);
    expect([...placed].sort((a, b) => a - b)).toEqual([46, 50, 54]);
  });

  it('keeps every pair at least the spacing apart, across the loop’s start too', () => {
    const preferred = [0, 1, 2, 98, 99, 97, 40, 41];
    const placed = spreadOnLoop(preferred, 5, 100);
    for (let i = 0; i < placed.length; i++)
      for (let j = i + 1; j < placed.length; j++)
        expect(loopDistance(placed[i]!, placed[j]!, 100)).toBeGreaterThanOrEqual(5 - 1e-9);
  });
});

/** 60 items: 50 small 8 mm cables and 10 big 60 mm pipes, in a 300 mm opening, on a regular grid inside it. */
function mixed(): LayoutCircle[] {
  const circles: LayoutCircle[] = [];
  let n = 1;
  for (let i = 0; i < 10; i++) {
    const a = (2 * Math.PI * i) / 10;
    circles.push({
      number: n++,
      xMm: 105 * Math.cos(a),
      yMm: 105 * Math.sin(a),
      occupiedDiameterMm: 60,
      placedDiameterMm: 60,
    });
  }
  for (let i = 0; i < 50; i++) {
    const row = Math.floor(i / 8);
    const col = i % 8;
    circles.push({
      number: n++,
      xMm: -35 + col * 10,
      yMm: -30 + row * 10,
      occupiedDiameterMm: 8,
      placedDiameterMm: 8,
    });
  }
  return circles;
}

describe('layoutDrawing', () => {
  it('puts a number inside a circle only when it fits there', () => {
    expect(labelFitsInside(7, 16, 10)).toBe(true);
    expect(labelFitsInside(57, 16, 10)).toBe(false);
    expect(labelWidthEm(57)).toBeGreaterThan(labelWidthEm(7));
  });

  it('at 404 px with 60 items: big circles numbered inside, small ones outside with a leader, no labels overlapping', () => {
    const circles = mixed();
    const layout = layoutDrawing(round(300), circles, { widthPx: 404, fontPx: 10 });
    expect(layout.frame.widthMm * layout.pxPerMm).toBeCloseTo(404, 6);
    const big = layout.labels.slice(0, 10);
    const small = layout.labels.slice(10);
    expect(big.every((l) => l.inside)).toBe(true);
    expect(small.every((l) => !l.inside)).toBe(true);
    // Inside numbers sit at their circle's centre.
    big.forEach((l, i) => expect([l.xMm, l.yMm]).toEqual([circles[i]!.xMm, circles[i]!.yMm]));
    // Outside numbers: outside the opening, inside the frame, and their boxes do not overlap.
    const f = layout.frame;
    const boxMm = (labelWidthEm(60) * 10) / layout.pxPerMm;
    for (const l of small) {
      expect(Math.hypot(l.xMm, l.yMm)).toBeGreaterThan(150);
      expect(l.xMm - boxMm / 2).toBeGreaterThanOrEqual(f.xMm - 1e-6);
      expect(l.xMm + boxMm / 2).toBeLessThanOrEqual(f.xMm + f.widthMm + 1e-6);
      expect(l.yMm - boxMm / 2).toBeGreaterThanOrEqual(f.yMm - 1e-6);
    }
    for (let i = 0; i < small.length; i++)
      for (let j = i + 1; j < small.length; j++) {
        const a = small[i]!;
        const b = small[j]!;
        const apart = Math.max(Math.abs(a.xMm - b.xMm), Math.abs(a.yMm - b.yMm));
        // Chord spacing on the track: at least the box size minus the sampling error of the track.
        expect(apart).toBeGreaterThan(boxMm * 0.7);
      }
    // One leader per outside number, starting on its circle's edge.
    const leaders = layout.lines.filter((l) => l.role === 'leader');
    expect(leaders).toHaveLength(50);
    leaders.forEach((line, i) => {
      const c = circles[10 + i]!;
      expect(Math.hypot(line.x1Mm - c.xMm, line.y1Mm - c.yMm)).toBeCloseTo(c.occupiedDiameterMm / 2, 6);
    });
  });

  it('with every number inside, the drawing uses the whole width (no label band)', () => {
    const circles: LayoutCircle[] = [
      { number: 1, xMm: -40, yMm: 0, occupiedDiameterMm: 70, placedDiameterMm: 70 },
      { number: 2, xMm: 40, yMm: 0, occupiedDiameterMm: 70, placedDiameterMm: 70 },
    ];
    const layout = layoutDrawing(round(200), circles, { widthPx: 404, fontPx: 10 });
    expect(layout.labels.every((l) => l.inside)).toBe(true);
    expect(layout.lines).toHaveLength(0);
    expect(layout.frame.widthMm).toBeCloseTo(200 * 1.08, 6);
  });

  it('dimensions a rectangle: width below, height to the right, corner radius, in the unit system given', () => {
    const opening: DrawingOpening = { shape: 'RECTANGLE', widthMm: 300, heightMm: 200, cornerRadiusMm: 25.4 };
    const layout = layoutDrawing(opening, [], {
      widthPx: 404,
      fontPx: 10,
      formatLength: (mm) => formatLength(mm, 'IMPERIAL'),
    });
    const byRole = Object.fromEntries(layout.texts.map((t) => [t.role, t]));
    expect(byRole.width?.text).toBe(formatLength(300, 'IMPERIAL'));
    expect(byRole.height).toMatchObject({ text: formatLength(200, 'IMPERIAL'), vertical: true });
    expect(byRole['corner-radius']?.text).toBe(`R ${formatLength(25.4, 'IMPERIAL')}`);
    expect(byRole.width!.yMm).toBeGreaterThan(100);
    expect(byRole.height!.xMm).toBeGreaterThan(150);
    // The dimension line spans exactly the width.
    const widthLine = layout.lines.find(
      (l) => l.role === 'dimension' && l.y1Mm === l.y2Mm && l.x2Mm - l.x1Mm === 300,
    );
    expect(widthLine).toBeDefined();
    // Everything fits in the frame.
    const f = layout.frame;
    for (const l of layout.lines) {
      for (const [x, y] of [
        [l.x1Mm, l.y1Mm],
        [l.x2Mm, l.y2Mm],
      ] as const) {
        expect(x).toBeGreaterThanOrEqual(f.xMm - 1e-6);
        expect(x).toBeLessThanOrEqual(f.xMm + f.widthMm + 1e-6);
        expect(y).toBeLessThanOrEqual(f.yMm + f.heightMm + 1e-6);
      }
    }
  });

  it('dimensions a round opening with its diameter', () => {
    const layout = layoutDrawing(round(200), [], {
      widthPx: 404,
      fontPx: 10,
      formatLength: (mm) => formatLength(mm, 'METRIC'),
    });
    expect(layout.texts.map((t) => t.text)).toEqual([`Ø ${formatLength(200, 'METRIC')}`]);
  });
});
