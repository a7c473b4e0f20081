import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { COLOR_THEMES } from '@/features/settings/model/color-themes';
import { contrastRatio, readableShade } from './theme-contrast';
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
});
