import { drawingOpening, layoutDrawing, type ItemTypeId, type Opening } from '@sealplan/engine';

/** One placed item: centre relative to the opening's centre, in mm (y grows downwards, as in SVG). */
export interface DrawnCircle {
  /** The circle's number, the same on screen, in print and in every document (engine drawingView). */
  number: number;
  xMm: number;
  yMm: number;
  /** The item itself (the cable or pipe), drawn filled. */
  ownDiameterMm: number;
  /** Its cable sleeve or crusher, drawn as a solid ring (equal to ownDiameterMm without one). */
  occupiedDiameterMm: number;
  /** The diameter the packing placed (with the required clearance, spec §9), drawn as a dashed ring. */
  placedDiameterMm: number;
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
  /** Formats a length in the user's units: the opening is dimensioned with it (none without). */
  formatLength?: (mm: number) => string;
}

/** Colours per penetrating item type; shared with the legend and printable (no CSS variables). */
export const ITEM_COLOURS: Record<ItemTypeId | 'UNKNOWN', { fill: string; stroke: string }> = {
  CABLE: { fill: '#f59f00', stroke: '#b35c00' },
  PIPE: { fill: '#4c6ef5', stroke: '#243c9e' },
  PIPE_PLASTIC: { fill: '#ae3ec9', stroke: '#6f1f85' },
  UNKNOWN: { fill: '#868e96', stroke: '#495057' },
};

export const DRAWING_SIZE_PX = 420;
/** Height of the circle numbers and dimension texts at DRAWING_SIZE_PX: legible at 404 px for 60 items. */
export const DRAWING_FONT_PX = 11;
const OK_STROKE = '#2f9e44';
const EXCEEDED_STROKE = '#e03131';
const LABEL_COLOUR = '#212529';
const DIMENSION_COLOUR = '#495057';

/** Width and height of the opening in mm (0 when a dimension is missing). */
export function openingExtentMm(opening: Opening): { widthMm: number; heightMm: number } {
  const { widthMm, heightMm } = drawingOpening(opening);
  return { widthMm, heightMm };
}

/**
 * The transit drawn to scale: the opening (round, or rectangle with its corner radius) and every item at the centre
 * the engine's packing found, at its own size inside its sleeve and clearance rings, numbered (inside the circle, or
 * outside with a leader line when it is too small), and the opening dimensioned. Pure (no hooks).
 * Each item carries data-cx/data-cy/data-r (the placed circle) in mm so tests can check containment and overlap.
 */
export function TransitDrawingSvg({
  opening,
  circles,
  exceeded,
  sizePx = DRAWING_SIZE_PX,
  title,
  formatLength,
}: TransitDrawingSvgProps) {
  const o = drawingOpening(opening);
  const hasOpening = o.widthMm > 0 && o.heightMm > 0;
  const layout = layoutDrawing(o, circles, { widthPx: sizePx, fontPx: DRAWING_FONT_PX, formatLength });
  const { frame, fontMm } = layout;
  const heightPx = Math.round(frame.heightMm * layout.pxPerMm);
  const stroke = exceeded ? EXCEEDED_STROKE : OK_STROKE;
  // Line widths in mm that come out at about 1 px whatever the scale.
  const px = 1 / layout.pxPerMm;
  const dash = exceeded ? `${px * 6} ${px * 4}` : undefined;

  return (
    <svg
      role="img"
      aria-label={title}
      width={sizePx}
      height={heightPx}
      viewBox={`${frame.xMm} ${frame.yMm} ${frame.widthMm} ${frame.heightMm}`}
      xmlns="http://www.w3.org/2000/svg"
      data-testid="transit-drawing"
      data-exceeded={exceeded ? 'true' : 'false'}
      data-shape={o.shape}
      data-width-mm={o.widthMm}
      data-height-mm={o.heightMm}
      data-corner-radius-mm={o.cornerRadiusMm}
      style={{ maxWidth: '100%', height: 'auto', display: 'block' }}
    >
      <title>{title}</title>
      {hasOpening &&
        (o.shape === 'ROUND' ? (
          <circle
            data-role="opening"
            cx={0}
            cy={0}
            r={o.widthMm / 2}
            fill="#f8f9fa"
            stroke={stroke}
            strokeWidth={px * 2.5}
            strokeDasharray={dash}
          />
        ) : (
          <rect
            data-role="opening"
            x={-o.widthMm / 2}
            y={-o.heightMm / 2}
            width={o.widthMm}
            height={o.heightMm}
            rx={o.cornerRadiusMm}
            ry={o.cornerRadiusMm}
            fill="#f8f9fa"
            stroke={stroke}
            strokeWidth={px * 2.5}
            strokeDasharray={dash}
          />
        ))}
      <g data-role="items">
        {circles.map((c) => {
          const colour = ITEM_COLOURS[c.itemTypeId ?? 'UNKNOWN'];
          const ownR = c.ownDiameterMm / 2;
          const occupiedR = c.occupiedDiameterMm / 2;
          const placedR = c.placedDiameterMm / 2;
          return (
            <g
              key={c.number}
              data-role="item"
              data-number={c.number}
              data-item-type={c.itemTypeId ?? ''}
              data-cx={round4(c.xMm)}
              data-cy={round4(c.yMm)}
              data-r={round4(placedR)}
              data-item-r={round4(ownR)}
              data-sleeve-r={occupiedR > ownR + 1e-6 ? round4(occupiedR) : undefined}
            >
              <title>{c.label}</title>
              {placedR > occupiedR + 1e-6 && (
                <circle
                  data-role="clearance-ring"
                  cx={c.xMm}
                  cy={c.yMm}
                  r={placedR}
                  fill="none"
                  stroke={colour.stroke}
                  strokeOpacity={0.6}
                  strokeWidth={px * 0.8}
                  strokeDasharray={`${px * 3} ${px * 2}`}
                />
              )}
              {occupiedR > ownR + 1e-6 && (
                <circle
                  data-role="sleeve-ring"
                  cx={c.xMm}
                  cy={c.yMm}
                  r={occupiedR}
                  fill={colour.fill}
                  fillOpacity={0.18}
                  stroke={colour.stroke}
                  strokeWidth={px}
                />
              )}
              <circle
                cx={c.xMm}
                cy={c.yMm}
                r={ownR}
                fill={colour.fill}
                fillOpacity={0.85}
                stroke={colour.stroke}
                strokeWidth={px}
              />
            </g>
          );
        })}
      </g>
      <g data-role="annotations" stroke={DIMENSION_COLOUR} strokeWidth={px * 0.8} strokeLinecap="round">
        {layout.lines.map((l, i) => (
          <line
            key={i}
            data-role={l.role}
            x1={l.x1Mm}
            y1={l.y1Mm}
            x2={l.x2Mm}
            y2={l.y2Mm}
            stroke={l.role === 'leader' ? LABEL_COLOUR : DIMENSION_COLOUR}
          />
        ))}
      </g>
      <g
        data-role="numbers"
        fontSize={fontMm}
        fontFamily="Helvetica, Arial, sans-serif"
        fill={LABEL_COLOUR}
        textAnchor="middle"
        dominantBaseline="central"
        stroke="#ffffff"
        strokeWidth={fontMm * 0.22}
        paintOrder="stroke"
      >
        {layout.labels.map((l) => (
          <text
            key={l.number}
            data-role="number"
            data-number={l.number}
            data-inside={l.inside ? 'true' : 'false'}
            x={l.xMm}
            y={l.yMm}
          >
            {l.number}
          </text>
        ))}
      </g>
      <g
        data-role="dimensions"
        fontSize={fontMm}
        fontFamily="Helvetica, Arial, sans-serif"
        fill={DIMENSION_COLOUR}
        textAnchor="middle"
        dominantBaseline="central"
      >
        {layout.texts.map((t) => (
          <text
            key={t.role}
            data-role={`dimension-${t.role}`}
            x={t.xMm}
            y={t.yMm}
            transform={t.vertical ? `rotate(-90 ${t.xMm} ${t.yMm})` : undefined}
          >
            {t.text}
          </text>
        ))}
      </g>
    </svg>
  );
}

function round4(n: number) {
  return Math.round(n * 10_000) / 10_000;
}
