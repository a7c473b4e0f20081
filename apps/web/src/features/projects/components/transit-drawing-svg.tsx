import type { ItemTypeId, Opening } from '@sealplan/engine';

/** One placed item: centre relative to the opening's centre, in mm (y grows downwards, as in SVG). */
export interface DrawnCircle {
  xMm: number;
  yMm: number;
  /** The diameter the packing placed (the item plus any required clearance, spec §9). */
  diameterMm: number;
  /** The item itself (pipe, crusher or cable sleeve), drawn inside its clearance ring; defaults to diameterMm. */
  itemDiameterMm?: number;
  itemTypeId: ItemTypeId | null;
  /** Hover text, e.g. 'Cable Ø 25 mm' (already translated and in the user's units). */
  label: string;
}

export interface TransitDrawingSvgProps {
  opening: Opening;
  circles: DrawnCircle[];
  /** Items do not fit: the opening is drawn red and dashed (spec §4 surface exceeded). */
  exceeded: boolean;
  /** Rendered width in px; spec §9: the drawing canvas is 420 px. */
  sizePx?: number;
  title: string;
  /** Legend entries in drawing order (only the types present are passed). */
  legend?: { itemTypeId: ItemTypeId; label: string }[];
}

/** Colours per penetrating item type; shared with the legend and printable (no CSS variables). */
export const ITEM_COLOURS: Record<ItemTypeId | 'UNKNOWN', { fill: string; stroke: string }> = {
  CABLE: { fill: '#f59f00', stroke: '#b35c00' },
  PIPE: { fill: '#4c6ef5', stroke: '#243c9e' },
  PIPE_PLASTIC: { fill: '#ae3ec9', stroke: '#6f1f85' },
  UNKNOWN: { fill: '#868e96', stroke: '#495057' },
};

export const DRAWING_SIZE_PX = 420;
const OK_STROKE = '#2f9e44';
const EXCEEDED_STROKE = '#e03131';

/** Width and height of the opening in mm (0 when a dimension is missing). */
export function openingExtentMm(opening: Opening): { widthMm: number; heightMm: number } {
  if (opening.shape === 'ROUND') {
    const d = opening.diameterMm ?? 0;
    return { widthMm: d, heightMm: d };
  }
  return { widthMm: opening.widthMm ?? 0, heightMm: opening.heightMm ?? 0 };
}

/**
 * The transit drawn to scale: the opening (round, or rectangle with its corner radius) and every item at
 * the centre the engine's packing found. Pure (no hooks), so the export can render it to an image too.
 * Each circle carries data-cx/data-cy/data-r in mm so tests can check containment and overlap.
 */
export function TransitDrawingSvg({
  opening,
  circles,
  exceeded,
  sizePx = DRAWING_SIZE_PX,
  title,
  legend,
}: TransitDrawingSvgProps) {
  const { widthMm, heightMm } = openingExtentMm(opening);
  const hasOpening = widthMm > 0 && heightMm > 0;
  // The view covers the opening and every item, so items that do not fit are seen overflowing, not clipped.
  let half = Math.max(widthMm, heightMm, 1) / 2;
  for (const c of circles)
    half = Math.max(half, Math.abs(c.xMm) + c.diameterMm / 2, Math.abs(c.yMm) + c.diameterMm / 2);
  const span = half * 2;
  // Margin around the opening so its stroke remains visible.
  const pad = span * 0.04;
  // The legend (optional, for printing and export) gets its own rows below the opening.
  const rowMm = span / 18;
  const legendMm = legend && legend.length > 0 ? rowMm * legend.length + pad : 0;
  const viewBox = `${-span / 2 - pad} ${-span / 2 - pad} ${span + 2 * pad} ${span + 2 * pad + legendMm}`;
  const heightPx = Math.round((sizePx * (span + 2 * pad + legendMm)) / (span + 2 * pad));
  const stroke = exceeded ? EXCEEDED_STROKE : OK_STROKE;
  const strokeWidth = span / 140;
  const radius =
    opening.shape === 'RECTANGLE' ? Math.min(opening.cornerRadiusMm ?? 0, widthMm / 2, heightMm / 2) : 0;

  return (
    <svg
      role="img"
      aria-label={title}
      width={sizePx}
      height={heightPx}
      viewBox={viewBox}
      xmlns="http://www.w3.org/2000/svg"
      data-testid="transit-drawing"
      data-exceeded={exceeded ? 'true' : 'false'}
      data-shape={opening.shape}
      data-width-mm={widthMm}
      data-height-mm={heightMm}
      data-corner-radius-mm={radius}
      style={{ maxWidth: '100%', height: 'auto', display: 'block' }}
    >
      <title>{title}</title>
      {hasOpening &&
        (opening.shape === 'ROUND' ? (
          <circle
            data-role="opening"
            cx={0}
            cy={0}
            r={widthMm / 2}
            fill="#f8f9fa"
            stroke={stroke}
            strokeWidth={strokeWidth * 2}
            strokeDasharray={exceeded ? `${strokeWidth * 6} ${strokeWidth * 4}` : undefined}
          />
        ) : (
          <rect
            data-role="opening"
            x={-widthMm / 2}
            y={-heightMm / 2}
            width={widthMm}
            height={heightMm}
            rx={radius}
            ry={radius}
            fill="#f8f9fa"
            stroke={stroke}
            strokeWidth={strokeWidth * 2}
            strokeDasharray={exceeded ? `${strokeWidth * 6} ${strokeWidth * 4}` : undefined}
          />
        ))}
      <g data-role="items">
        {circles.map((c, i) => {
          const colour = ITEM_COLOURS[c.itemTypeId ?? 'UNKNOWN'];
          const itemR = (c.itemDiameterMm ?? c.diameterMm) / 2;
          const ringR = c.diameterMm / 2;
          return (
            <g
              key={i}
              data-role="item"
              data-item-type={c.itemTypeId ?? ''}
              data-cx={round4(c.xMm)}
              data-cy={round4(c.yMm)}
              data-r={round4(ringR)}
              data-item-r={round4(itemR)}
            >
              <title>{c.label}</title>
              {ringR > itemR + 1e-6 && (
                <circle
                  cx={c.xMm}
                  cy={c.yMm}
                  r={ringR}
                  fill="none"
                  stroke={colour.stroke}
                  strokeOpacity={0.5}
                  strokeWidth={strokeWidth / 3}
                  strokeDasharray={`${strokeWidth} ${strokeWidth}`}
                />
              )}
              <circle
                cx={c.xMm}
                cy={c.yMm}
                r={itemR}
                fill={colour.fill}
                fillOpacity={0.85}
                stroke={colour.stroke}
                strokeWidth={strokeWidth / 2}
              />
            </g>
          );
        })}
      </g>
      {legend && legend.length > 0 && (
        <g data-role="legend" fontSize={rowMm * 0.6} fontFamily="sans-serif" fill="#212529">
          {legend.map((l, i) => (
            <g key={l.itemTypeId} transform={`translate(${-span / 2} ${span / 2 + pad * 2 + i * rowMm})`}>
              <circle
                cx={rowMm * 0.3}
                cy={rowMm * 0.3}
                r={rowMm * 0.3}
                fill={ITEM_COLOURS[l.itemTypeId].fill}
              />
              <text x={rowMm * 0.8} y={rowMm * 0.5}>
                {l.label}
              </text>
            </g>
          ))}
        </g>
      )}
    </svg>
  );
}

function round4(n: number) {
  return Math.round(n * 10_000) / 10_000;
}
