// WCAG contrast helpers for the theme: Mantine's stock "text" and "light" colours of several palettes (green,
// teal, cyan, orange, yellow...) fall below 4.5:1 on white, so the theme darkens them (spec §9 themes must stay
// readable; the axe check in e2e/tests/shell.spec.ts holds every page to it).

/** WCAG AA for normal text. A hair above 4.5 so rounding in browsers never tips it under. */
export const MIN_TEXT_CONTRAST = 4.6;

function channels(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` painted at `alpha` over `background` (how Mantine's light variants look). */
export function blend(hex: string, alpha: number, background: string): string {
  const fg = channels(hex);
  const bg = channels(background);
  return toHex([0, 1, 2].map((i) => fg[i]! * alpha + bg[i]! * (1 - alpha)) as [number, number, number]);
}

/** The first shade from `from` on that reads on `background`; else the darkest, darkened until it does. */
export function readableShade(palette: readonly string[], background: string, from = 6): string {
  for (let i = from; i < palette.length; i += 1) {
    if (contrastRatio(palette[i]!, background) >= MIN_TEXT_CONTRAST) return palette[i]!;
  }
  let colour = palette[palette.length - 1]!;
  for (let step = 0; step < 20 && contrastRatio(colour, background) < MIN_TEXT_CONTRAST; step += 1) {
    colour = blend(colour, 0.85, '#000000');
  }
  return colour;
}
