import { blend, readableShade } from './theme-contrast';
import {
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineThemeOverride,
} from '@mantine/core';
import {
  colorThemeById,
  type ColorThemeDefinition,
  type ColorThemeId,
} from '@/features/settings/model/color-themes';

/** Text sits on white cards and on the light grey page (gray.0); the latter is the harder of the two. */
const PAGE_BG_FOR_CONTRAST = '#f8f9fa';

const FONT_STACK =
  "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans SC', sans-serif";

/** The Mantine theme of one of the eight colour themes (spec §9: A to H differ in top bar and accent). */
export function buildTheme(definition: ColorThemeDefinition): MantineThemeOverride {
  return createTheme({
    primaryColor: definition.accent,
    primaryShade: definition.accentShade,
    colors: definition.palette ? { [definition.accent]: definition.palette } : {},
    defaultRadius: 'md',
    fontFamily: FONT_STACK,
    headings: { fontFamily: FONT_STACK, fontWeight: '650' },
    // Text on filled accent surfaces switches to dark when the accent is light (contrast, spec §9 themes).
    autoContrast: true,
    breakpoints: { ...DEFAULT_THEME.breakpoints },
    other: { topBar: definition.topBar, topBarAccent: definition.topBarAccent },
    components: {
      Card: { defaultProps: { withBorder: true, radius: 'md', shadow: 'xs' } },
      Paper: { defaultProps: { radius: 'md' } },
    },
  });
}

export function themeFor(id: ColorThemeId): MantineThemeOverride {
  return buildTheme(colorThemeById(id));
}

/**
 * Mantine's default "dimmed" grey is 3.3:1 on white: too faint for WCAG AA. Use the next shade in light mode.
 * The top bar colours become CSS variables so plain CSS (app/layout/shell.css) can use them.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': theme.colors.gray[7]!,
    '--sealplan-page-bg': theme.colors.gray[0]!,
  };
  // Coloured text (c="green") and light variants (badges, alerts) readable in every palette: checked against
  // the page background and against the tinted light background (shade 6 at 10 %, Mantine's light variant).
  for (const [name, palette] of Object.entries(theme.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    light[`--mantine-color-${name}-text`] = readableShade(palette, PAGE_BG_FOR_CONTRAST);
    light[`--mantine-color-${name}-light-color`] = readableShade(
      palette,
      blend(palette[6]!, 0.12, PAGE_BG_FOR_CONTRAST),
      8,
    );
  }
  return {
    variables: {
      '--sealplan-top-bar': String(theme.other.topBar ?? '#0b4f60'),
      '--sealplan-top-bar-accent': String(theme.other.topBarAccent ?? '#66d9e8'),
    },
    light,
    // Dark: Mantine's dimmed (dark.2) is under 4.5:1 on dark cards; one step lighter reads.
    dark: { '--sealplan-page-bg': theme.colors.dark[8]!, '--mantine-color-dimmed': theme.colors.dark[1]! },
  };
};

/** Theme A, for code that needs a theme before the user's choice is read (tests). */
export const theme = themeFor('A');
