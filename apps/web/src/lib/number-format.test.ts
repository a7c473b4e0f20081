import { describe, expect, it } from 'vitest';
import { WRAP_MIN_CABLE_DIAMETER_MM } from '@sealplan/engine';
import { decimalSeparatorOf, unitsFor } from './units';

const noop = () => undefined;

// ADR 014: one formatter per unit system and locale for every figure the web app shows.
describe("unitsFor: figures in the user's unit system and language", () => {
  it.each([
    ['en-US', 'METRIC', '12.7 mm', '1,234.5 mm', '45.3 %', '393 ml'],
    ['de-DE', 'METRIC', '12,7 mm', '1.234,5 mm', '45,3 %', '393 ml'],
    ['fr-FR', 'METRIC', '12,7 mm', '1 234,5 mm', '45,3 %', '393 ml'],
    ['zh-Hans', 'METRIC', '12.7 mm', '1,234.5 mm', '45.3 %', '393 ml'],
    ['en-US', 'IMPERIAL', '0.500 in', '48.602 in', '45.3 %', '13.3 US fl oz'],
    ['de-DE', 'IMPERIAL', '0,500 in', '48,602 in', '45,3 %', '13,3 US fl oz'],
  ] as const)('%s %s', (locale, system, short, long, percent, volume) => {
    const units = unitsFor(system, noop, locale);
    expect(units.formatLength(12.7)).toBe(short);
    expect(units.formatLength(1234.5).replace(/\u202f|\u00a0/g, ' ')).toBe(long);
    expect(units.formatPercent(45.26).replace(/\u202f|\u00a0/g, ' ')).toBe(percent);
    expect(units.formatVolume(393)).toBe(volume);
  });

  it('never shows mm to an imperial user: the wrap threshold is in inches', () => {
    expect(unitsFor('IMPERIAL', noop, 'en-US').formatLength(WRAP_MIN_CABLE_DIAMETER_MM)).toBe('2.480 in');
    expect(unitsFor('METRIC', noop, 'de-DE').formatLength(WRAP_MIN_CABLE_DIAMETER_MM)).toBe('63 mm');
  });

  it("writes counts and field values with the locale's marks, field values without grouping", () => {
    expect(unitsFor('METRIC', noop, 'de-DE').formatNumber(1500)).toBe('1.500');
    expect(unitsFor('IMPERIAL', noop, 'de-DE').formatLengthValue(1234.5)).toBe('48,602');
    expect(decimalSeparatorOf('de-DE')).toBe(',');
    expect(decimalSeparatorOf('fr-FR')).toBe(',');
    expect(decimalSeparatorOf('en-US')).toBe('.');
    expect(decimalSeparatorOf('zh-Hans')).toBe('.');
  });
});
