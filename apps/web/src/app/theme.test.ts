import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { COLOR_THEMES } from '@/features/settings/model/color-themes';
import { contrastRatio, readableShade, relativeLuminance } from './theme-contrast';
import { cssVariablesResolver, themeFor } from './theme';

describe('colour themes A–H (spec §9)', () => {
  it('are eight, each with readable white text on its top bar and accent', () => {
    expect(COLOR_THEMES.map((t) => t.id)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    for (const definition of COLOR_THEMES) {
      expect(contrastRatio(definition.topBar, '#ffffff'), `top bar ${definition.id}`).toBeGreaterThanOrEqual(
        4.5,
      );
      const palette = definition.palette ?? DEFAULT_THEME.colors[definition.accent]!;
      const shade =
        definition.colorScheme === 'dark' ? definition.accentShade.dark : definition.accentShade.light;
      expect(contrastRatio(palette[shade]!, '#ffffff'), `accent ${definition.id}`).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it('darkens coloured text that Mantine leaves below 4.5:1', () => {
    expect(contrastRatio(DEFAULT_THEME.colors.green[6], '#ffffff')).toBeLessThan(4.5);
    expect(
      contrastRatio(readableShade(DEFAULT_THEME.colors.yellow, '#f8f9fa'), '#f8f9fa'),
    ).toBeGreaterThanOrEqual(4.5);
    const theme = {
      ...DEFAULT_THEME,
      ...themeFor('A'),
      colors: DEFAULT_THEME.colors,
      other: {},
    } as typeof DEFAULT_THEME;
    const light = cssVariablesResolver(theme).light;
    for (const name of ['green', 'teal', 'orange', 'yellow', 'cyan', 'lime']) {
      expect(contrastRatio(light[`--mantine-color-${name}-text`]!, '#f8f9fa'), name).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it('keeps a filled button readable under the mouse in every theme (ADR 029)', () => {
    for (const definition of COLOR_THEMES.filter((d) => d.colorScheme !== 'dark')) {
      const theme = { ...DEFAULT_THEME, ...themeFor(definition.id), other: {} } as typeof DEFAULT_THEME;
      theme.colors = { ...DEFAULT_THEME.colors, ...theme.colors };
      const hover = cssVariablesResolver(theme).light['--mantine-primary-color-filled-hover']!;
      expect(contrastRatio(hover, '#ffffff'), `hover ${definition.id}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps labels readable on every filled and light colour, and error text on the page', () => {
    for (const definition of COLOR_THEMES.filter((d) => d.colorScheme !== 'dark')) {
      const theme = { ...DEFAULT_THEME, ...themeFor(definition.id), other: {} } as typeof DEFAULT_THEME;
      theme.colors = { ...DEFAULT_THEME.colors, ...theme.colors };
      const shade = definition.accentShade.light;
      const light = cssVariablesResolver(theme).light;
      for (const [name, palette] of Object.entries(theme.colors)) {
        if (name === 'dark' || name === 'gray') continue;
        // Labels Mantine's autoContrast writes white: on surfaces at or below its luminance threshold.
        const stock = palette[shade]!;
        if (relativeLuminance(stock) > theme.luminanceThreshold) continue;
        const filled = light[`--mantine-color-${name}-filled`] ?? stock;
        const hover = light[`--mantine-color-${name}-filled-hover`] ?? filled;
        expect(contrastRatio(filled, '#ffffff'), `${definition.id} ${name}`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(hover, '#ffffff'), `${definition.id} ${name} hover`).toBeGreaterThanOrEqual(4.5);
      }
      // A light button's label on its hovered background (shade 2), and a field's error text on the page.
      for (const [name, palette] of Object.entries(theme.colors)) {
        if (name === 'dark' || name === 'gray') continue;
        const label = light[`--mantine-color-${name}-light-color`]!;
        expect(contrastRatio(label, palette[2]!), `${definition.id} ${name} light`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
      expect(contrastRatio(light['--mantine-color-error']!, '#f8f9fa'), 'error').toBeGreaterThanOrEqual(4.5);
    }
  });
});
