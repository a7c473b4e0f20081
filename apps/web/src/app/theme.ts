import { blend, contrastRatio, MIN_TEXT_CONTRAST, readableShade, relativeLuminance } from './theme-contrast';
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

/** The shade under Mantine's light variant when hovered (its resting background is shade 1). */
const LIGHT_HOVER_SHADE = 2;

/** Text sits on white cards and on the light grey page (gray.0); the latter is the harder of the two. */
const PAGE_BG_FOR_CONTRAST = '#f8f9fa';

const FONT_STACK =
  "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans SC', sans-serif";

/** Accessible names of the icon-only controls Mantine draws itself, in the user's language (ADR 029). */
export interface ControlLabels {
  close: string;
  pagination: Record<'first' | 'previous' | 'next' | 'last', string>;
}

/** The Mantine theme of one of the eight colour themes (spec §9: A to H differ in top bar and accent). */
export function buildTheme(definition: ColorThemeDefinition, labels?: ControlLabels): MantineThemeOverride {
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
      // A loader is named for what it waits on ("Solving the layout…"); a name needs a role (axe:
      // aria-prohibited-attr), and "status" is what a screen reader announces politely.
      Loader: { defaultProps: { role: 'status' } },
      // WCAG 4.1.2: every dialog's X and every pager arrow has a name a screen reader reads.
      ...(labels && {
        Modal: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
        Drawer: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
        Notification: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
        Pagination: {
          defaultProps: {
            getControlProps: (control: keyof ControlLabels['pagination']) => ({
              'aria-label': labels.pagination[control],
            }),
          },
        },
      }),
    },
  });
}

export function themeFor(id: ColorThemeId, labels?: ControlLabels): MantineThemeOverride {
  return buildTheme(colorThemeById(id), labels);
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
  // A filled button under the mouse: Mantine lightens a shade-9 accent on hover, below 4.5:1 for its white label
  // (WCAG 1.4.3); a darker hover keeps the label readable in every theme (ADR 029).
  const shade = typeof theme.primaryShade === 'object' ? theme.primaryShade.light : theme.primaryShade;
  const filled = theme.colors[theme.primaryColor]?.[shade];
  if (filled) light['--mantine-primary-color-filled-hover'] = blend('#000000', 0.15, filled);
  // Coloured text (c="green") and light variants (badges, alerts) readable in every palette: checked against
  // the page background and against the tinted light background (shade 6 at 10 %, Mantine's light variant).
  for (const [name, palette] of Object.entries(theme.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    // A filled surface with a white label (autoContrast gives white below the luminance threshold), such as a green
    // Approve button or a status badge: Mantine's green shade 9 is 4.36:1 under white, so a darker shade (or the
    // darkest, darkened) is used where the stock one falls short (WCAG 1.4.3, ADR 029).
    const filledColour = palette[shade];
    if (
      filledColour &&
      relativeLuminance(filledColour) <= theme.luminanceThreshold &&
      contrastRatio(filledColour, '#ffffff') < MIN_TEXT_CONTRAST
    ) {
      const readable = readableShade(palette, '#ffffff', shade);
      light[`--mantine-color-${name}-filled`] = readable;
      light[`--mantine-color-${name}-filled-hover`] = blend('#000000', 0.15, readable);
    }
    light[`--mantine-color-${name}-text`] = readableShade(palette, PAGE_BG_FOR_CONTRAST);
    // Mantine's light variant sits on shade 1 and, under the mouse or once pressed, on shade 2: read on the darker.
    light[`--mantine-color-${name}-light-color`] = readableShade(
      palette,
      palette[LIGHT_HOVER_SHADE] ?? blend(palette[6]!, 0.12, PAGE_BG_FOR_CONTRAST),
      8,
    );
  }
  // A field's error message and its red text (an unset required select) read on the page (WCAG 1.4.3).
  if (theme.colors.red)
    light['--mantine-color-error'] = readableShade(theme.colors.red, PAGE_BG_FOR_CONTRAST);
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
