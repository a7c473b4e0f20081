// The drawing's one view of a packed transit: every circle numbered and a legend row per item line. Screen, print,
// PDF, DOCX and RTF all read it, so a circle has the same number everywhere (docs/decisions/009-drawing.md).

import { definitelyGreater } from '../tolerance';
import type { TransitSizing } from '../size-transit';
import type { Catalogue, ItemTypeId, Opening } from '../types';

/** One placed item, drawn at its own size inside its sleeve (or crusher) and clearance rings. */
export interface DrawingCircle {
  /** 1-based; consecutive within an item line, lines in their order. */
  number: number;
  itemIndex: number;
  itemTypeId: ItemTypeId | null;
  /** Centre relative to the opening's centre, y growing downwards (as in SVG). */
  xMm: number;
  yMm: number;
  /** The item itself (the cable or pipe). */
  ownDiameterMm: number;
  /** What it occupies: its cable sleeve or crusher (equal to ownDiameterMm when it has neither). */
  occupiedDiameterMm: number;
  /** The diameter the packing placed: occupied plus the required clearance (spec §9). */
  placedDiameterMm: number;
}

/** A cable sleeve or crusher around an item (drawn as a solid ring). */
export interface DrawingSleeve {
  kind: 'CABLE_SLEEVE' | 'CRUSHER';
  /** Article number, or the crusher's name when it has none; null when the catalogue entry is unknown. */
  name: string | null;
  outerDiameterMm: number;
}

/** One legend row: the circles of one item line (numbers firstNumber..lastNumber). */
export interface DrawingLegendRow {
  firstNumber: number;
  lastNumber: number;
  count: number;
  itemIndex: number;
  itemTypeId: ItemTypeId | null;
  /** Predefined size name (e.g. '2"', 'DN50') when the line uses one. */
  sizeName: string | null;
  ownDiameterMm: number;
  sleeve: DrawingSleeve | null;
  /** Required clearance added to the diameter (0 without); the ring is placedDiameterMm across. */
  clearanceMm: number;
  placedDiameterMm: number;
}

export interface DrawingView {
  circles: DrawingCircle[];
  legend: DrawingLegendRow[];
  /** Smallest gap between items and to the wall, when the packing reports it. */
  minGapMm: number | null;
  /** Pipes' spacing to the wall (ADR 004): required and smallest achieved, when the packing reports it. */
  wallSpacing: { requiredMm: number; achievedMm: number } | null;
}

/** The opening as the drawing needs it: both extents, and the corner radius actually drawn. */
export interface DrawingOpening {
  shape: 'ROUND' | 'RECTANGLE';
  widthMm: number;
  heightMm: number;
  cornerRadiusMm: number;
}

export function drawingOpening(opening: Opening): DrawingOpening {
  if (opening.shape === 'ROUND') {
    const d = opening.diameterMm ?? 0;
    return { shape: 'ROUND', widthMm: d, heightMm: d, cornerRadiusMm: 0 };
  }
  const widthMm = opening.widthMm ?? 0;
  const heightMm = opening.heightMm ?? 0;
  const cornerRadiusMm = Math.max(0, Math.min(opening.cornerRadiusMm ?? 0, widthMm / 2, heightMm / 2));
  return { shape: 'RECTANGLE', widthMm, heightMm, cornerRadiusMm };
}

/** `minGapMm` once the packing carries it (ADR 004: the installable spread); absent or not a finite number reads as null. */
function minGapOf(packing: TransitSizing['packing']): number | null {
  const value = (packing as { minGapMm?: unknown }).minGapMm;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** `wallSpacing` once the packing carries it (ADR 004); absent or malformed reads as null. */
function wallSpacingOf(packing: TransitSizing['packing']): DrawingView['wallSpacing'] {
  const value = (packing as { wallSpacing?: unknown }).wallSpacing;
  if (typeof value !== 'object' || value === null) return null;
  const { requiredMm, achievedMm } = value as { requiredMm?: unknown; achievedMm?: unknown };
  return typeof requiredMm === 'number' &&
    Number.isFinite(requiredMm) &&
    typeof achievedMm === 'number' &&
    Number.isFinite(achievedMm)
    ? { requiredMm, achievedMm }
    : null;
}

/**
 * Numbers the packed circles (by item line, then in packing order) and builds the legend. Pass the catalogue for
 * sleeve article numbers and crusher names; without it they are null.
 */
export function drawingView(
  sizing: Pick<TransitSizing, 'packing' | 'items'>,
  catalogue?: Pick<Catalogue, 'cableSleeves' | 'crushers'>,
): DrawingView {
  const packed = sizing.packing.source === 'skipped' ? [] : sizing.packing.circles;
  // A stable sort by line keeps the numbers of one line consecutive whatever order the packing returns.
  const order = packed.map((_, i) => i).sort((a, b) => packed[a]!.itemIndex - packed[b]!.itemIndex || a - b);
  const numbers = new Array<number>(packed.length);
  order.forEach((circleIndex, rank) => (numbers[circleIndex] = rank + 1));

  const circles: DrawingCircle[] = packed.map((c, i) => {
    const item = sizing.items[c.itemIndex];
    const own = item && item.outerDiameterMm > 0 ? item.outerDiameterMm : c.itemDiameterMm;
    return {
      number: numbers[i]!,
      itemIndex: c.itemIndex,
      itemTypeId: c.itemTypeId,
      xMm: c.xMm,
      yMm: c.yMm,
      ownDiameterMm: Math.min(own, c.itemDiameterMm),
      occupiedDiameterMm: c.itemDiameterMm,
      placedDiameterMm: Math.max(c.diameterMm, c.itemDiameterMm),
    };
  });

  const legend: DrawingLegendRow[] = [];
  for (const circleIndex of order) {
    const c = circles[circleIndex]!;
    const last = legend.at(-1);
    if (last && last.itemIndex === c.itemIndex) {
      last.lastNumber = c.number;
      last.count += 1;
      continue;
    }
    const item = sizing.items[c.itemIndex];
    const crusher = item?.crusherId ? catalogue?.crushers.find((x) => x.id === item.crusherId) : undefined;
    let sleeve: DrawingSleeve | null = null;
    if (definitelyGreater(c.occupiedDiameterMm, c.ownDiameterMm)) {
      if (item?.cableSleeveId) {
        const found = catalogue?.cableSleeves.find((s) => s.id === item.cableSleeveId);
        sleeve = {
          kind: 'CABLE_SLEEVE',
          name: found?.articleNumber ?? null,
          outerDiameterMm: c.occupiedDiameterMm,
        };
      } else {
        const name = crusher ? (crusher.articleNumber ?? crusher.name) : null;
        sleeve = { kind: 'CRUSHER', name, outerDiameterMm: c.occupiedDiameterMm };
      }
    }
    legend.push({
      firstNumber: c.number,
      lastNumber: c.number,
      count: 1,
      itemIndex: c.itemIndex,
      itemTypeId: c.itemTypeId,
      sizeName: crusher?.name ?? null,
      ownDiameterMm: c.ownDiameterMm,
      sleeve,
      clearanceMm: definitelyGreater(c.placedDiameterMm, c.occupiedDiameterMm)
        ? c.placedDiameterMm - c.occupiedDiameterMm
        : 0,
      placedDiameterMm: c.placedDiameterMm,
    });
  }
  return {
    circles,
    legend,
    minGapMm: minGapOf(sizing.packing),
    wallSpacing: wallSpacingOf(sizing.packing),
  };
}

/** "1", or "3–7" for a line of several items. */
export function legendNumbers(row: Pick<DrawingLegendRow, 'firstNumber' | 'lastNumber'>): string {
  return row.firstNumber === row.lastNumber
    ? String(row.firstNumber)
    : `${row.firstNumber}–${row.lastNumber}`;
}
