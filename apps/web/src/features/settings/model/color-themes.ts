import type { MantineColor, MantineColorsTuple } from '@mantine/core';

/** Spec §9: themes A to H. */
export const COLOR_THEME_IDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export type ColorThemeId = (typeof COLOR_THEME_IDS)[number];
export const DEFAULT_COLOR_THEME: ColorThemeId = 'A';

/**
 * A colour theme: spec §9 themes differ in top-bar and accent colour. Shades are picked so that white text on the
 * top bar and on filled accent buttons, and accent-coloured links on the page, reach WCAG AA (4.5:1).
 */
export interface ColorThemeDefinition {
  id: ColorThemeId;
  /** Top bar background (white text on it). */
  topBar: string;
  /** The active item of the top bar and sidebar on the dark bar. */
  topBarAccent: string;
  /** Mantine palette name used as the accent (primaryColor). */
  accent: MantineColor;
  /** Shade of the accent for filled buttons and links: light and dark scheme. */
  accentShade: { light: 7 | 8 | 9; dark: 7 | 8 | 9 };
  /** Extra palette when the built-in ones are not dark enough. */
  palette?: MantineColorsTuple;
  colorScheme: 'light' | 'dark';
}

// Mantine's green ends at 4.4:1 on white; this one keeps its light shades and darkens the last ones.
const FOREST: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#2f9e44',
  '#2b8a3e',
  '#1f6b30',
];

export const COLOR_THEMES: readonly ColorThemeDefinition[] = [
  {
    id: 'A',
    topBar: '#0b4f60',
    topBarAccent: '#66d9e8',
    accent: 'cyan',
    accentShade: { light: 9, dark: 9 },
    colorScheme: 'light',
  },
  {
    id: 'B',
    topBar: '#1864ab',
    topBarAccent: '#a5d8ff',
    accent: 'blue',
    accentShade: { light: 8, dark: 8 },
    colorScheme: 'light',
  },
  {
    id: 'C',
    topBar: '#2b337d',
    topBarAccent: '#bac8ff',
    accent: 'indigo',
    accentShade: { light: 7, dark: 8 },
    colorScheme: 'light',
  },
  {
    id: 'D',
    topBar: '#3d2470',
    topBarAccent: '#d0bfff',
    accent: 'violet',
    accentShade: { light: 7, dark: 8 },
    colorScheme: 'light',
  },
  {
    id: 'E',
    topBar: '#1b4332',
    topBarAccent: '#8ce99a',
    accent: 'forest',
    accentShade: { light: 9, dark: 9 },
    palette: FOREST,
    colorScheme: 'light',
  },
  {
    id: 'F',
    topBar: '#7a1c29',
    topBarAccent: '#ffc9c9',
    accent: 'red',
    accentShade: { light: 9, dark: 9 },
    colorScheme: 'light',
  },
  {
    id: 'G',
    topBar: '#2b3035',
    topBarAccent: '#fcc2d7',
    accent: 'pink',
    accentShade: { light: 8, dark: 8 },
    colorScheme: 'light',
  },
  {
    id: 'H',
    topBar: '#0b0d12',
    topBarAccent: '#91a7ff',
    accent: 'indigo',
    accentShade: { light: 7, dark: 7 },
    colorScheme: 'dark',
  },
];

export function colorThemeById(id: ColorThemeId): ColorThemeDefinition {
  return COLOR_THEMES.find((theme) => theme.id === id) ?? COLOR_THEMES[0]!;
}

export function isColorThemeId(value: unknown): value is ColorThemeId {
  return typeof value === 'string' && (COLOR_THEME_IDS as readonly string[]).includes(value);
}
