import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CM2_TO_IN2,
  MM_TO_IN,
  formatArea,
  formatDisplayNumber,
  formatLength,
  formatPercent,
  formatVolume,
  fromDisplayArea,
  fromDisplayLength,
  fromDisplayVolume,
  toDisplayArea,
  toDisplayLength,
  toDisplayVolume,
} from './units';
import { roundTo } from './rounding';
import type { MeasurementSystem } from './types';

describe('length (spec §9: mm -> in 0.0393701; rounded once to 3 imperial, 2 metric decimals; saved with 3)', () => {
  it.each<[number, MeasurementSystem, number]>([
    [25.4, 'IMPERIAL', 1], // 25.4 × 0.0393701 = 1.00000054 -> 1.000
    [100, 'IMPERIAL', 3.937], // 3.93701 -> 3.937
    [60.3, 'IMPERIAL', 2.374], // 2.37401703 -> 2.374
    [406.4, 'IMPERIAL', 16], // 16.00000864 -> 16.000
    [916.0884, 'IMPERIAL', 36.066], // 36.06649… -> 36.066 (rounding to 4 places first made it 36.0665, then 36.067)
    [12.345, 'METRIC', 12.35], // half away from zero
    [200, 'METRIC', 200],
  ])('toDisplayLength(%s, %s) = %s', (mm, system, expected) => {
    expect(toDisplayLength(mm, system)).toBe(expected);
  });

  it.each<[number, MeasurementSystem, number]>([
    [1, 'IMPERIAL', 25.4], // 1 / 0.0393701 = 25.3999863 -> 25.400
    [3.937, 'IMPERIAL', 100], // 99.9997460 -> 100.000
    [2.375, 'IMPERIAL', 60.325], // 60.3249674 -> 60.325
    [12.3456, 'METRIC', 12.346],
  ])('fromDisplayLength(%s, %s) = %s', (value, system, expected) => {
    expect(fromDisplayLength(value, system)).toBe(expected);
  });

  it.each<[number, MeasurementSystem, string]>([
    [100, 'IMPERIAL', '3.937 in'],
    [25.4, 'IMPERIAL', '1.000 in'], // imperial always 3 decimals
    [200, 'METRIC', '200 mm'], // metric: no trailing zeros
    [12.7, 'METRIC', '12.7 mm'],
    [52.481, 'METRIC', '52.48 mm'],
  ])('formatLength(%s, %s) = %s', (mm, system, expected) => {
    expect(formatLength(mm, system)).toBe(expected);
  });
});

describe('area (ADR 003: mm² shown as cm² metric, in² imperial with 0.155 per cm²)', () => {
  it.each<[number, MeasurementSystem, number]>([
    [10000, 'METRIC', 100], // 10000 mm² = 100 cm²
    [10000, 'IMPERIAL', 15.5], // 100 cm² × 0.155
    [2500 * Math.PI, 'METRIC', 78.54], // 7853.98 mm² = 78.5398 cm²
    [2500 * Math.PI, 'IMPERIAL', 12.174], // 78.5398 × 0.155 = 12.17367
    [645.16, 'IMPERIAL', 1], // one square inch: 6.4516 cm² × 0.155 = 1.000
  ])('toDisplayArea(%s, %s) = %s', (mm2, system, expected) => {
    expect(toDisplayArea(mm2, system)).toBe(expected);
  });

  it.each<[number, MeasurementSystem, number]>([
    [15.5, 'IMPERIAL', 10000], // 15.5 / 0.155 = 100 cm² = 10000 mm²
    [78.54, 'METRIC', 7854],
  ])('fromDisplayArea(%s, %s) = %s', (value, system, expected) => {
    expect(fromDisplayArea(value, system)).toBe(expected);
  });

  it('formats with the unit', () => {
    expect(formatArea(10000, 'METRIC')).toBe('100 cm²');
    expect(formatArea(10000, 'IMPERIAL')).toBe('15.500 in²');
  });
});

describe('volume (ADR 027: ml metric, US fl oz imperial)', () => {
  it('shows millilitres in metric and US fluid ounces with one decimal in imperial', () => {
    expect(toDisplayVolume(187.5, 'METRIC')).toBe(187.5);
    expect(formatVolume(393, 'METRIC')).toBe('393 ml');
    // 902 ml = 30.50 US fl oz; a 310 ml cartridge holds 10.48 US fl oz.
    expect(toDisplayVolume(902, 'IMPERIAL')).toBe(30.5);
    expect(formatVolume(902, 'IMPERIAL')).toBe('30.5 US fl oz');
    expect(formatVolume(310, 'IMPERIAL')).toBe('10.5 US fl oz');
    expect(formatVolume(295.735295625, 'IMPERIAL')).toBe('10.0 US fl oz');
    expect(fromDisplayVolume(10, 'IMPERIAL')).toBe(295.735);
    expect(fromDisplayVolume(310, 'METRIC')).toBe(310);
  });

  it('formats percentages with one decimal', () => {
    expect(formatPercent(37.938475)).toBe('37.9 %');
    expect(formatPercent(100)).toBe('100.0 %');
  });
});

// Largest error of one display + save round trip: half a unit of the display rounding, converted to mm, plus half a
// unit of the 3-decimal saving. Imperial: 0.0005 in / 0.0393701 + 0.0005 mm ≈ 0.0132 mm. Metric: 0.005 + 0.0005.
const LENGTH_ROUND_TRIP_MM: Record<MeasurementSystem, number> = {
  IMPERIAL: 0.0005 / MM_TO_IN + 0.0005 + 1e-9,
  METRIC: 0.005 + 0.0005 + 1e-9,
};
const system = fc.constantFrom<MeasurementSystem>('METRIC', 'IMPERIAL');
const lengthMm = fc.double({ min: 0, max: 20_000, noNaN: true });

describe('unit conversion properties', () => {
  it('mm -> display -> mm stays within the stated rounding', () => {
    fc.assert(
      fc.property(lengthMm, system, (mm, sys) => {
        const back = fromDisplayLength(toDisplayLength(mm, sys), sys);
        expect(Math.abs(back - mm)).toBeLessThanOrEqual(LENGTH_ROUND_TRIP_MM[sys]);
      }),
    );
  });

  it('a length typed in inches with 3 decimals shows the same after saving and reloading', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 800_000 }), (thousandths) => {
        const typed = thousandths / 1000;
        expect(toDisplayLength(fromDisplayLength(typed, 'IMPERIAL'), 'IMPERIAL')).toBe(typed);
      }),
    );
  });

  it('a length typed in mm with 2 decimals is saved exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000 }), (hundredths) => {
        const typed = hundredths / 100;
        expect(fromDisplayLength(typed, 'METRIC')).toBe(typed);
        expect(toDisplayLength(fromDisplayLength(typed, 'METRIC'), 'METRIC')).toBe(typed);
      }),
    );
  });

  it('saving what is shown does not drift on the next save (idempotent after one round trip)', () => {
    fc.assert(
      fc.property(lengthMm, system, (mm, sys) => {
        const once = fromDisplayLength(toDisplayLength(mm, sys), sys);
        const twice = fromDisplayLength(toDisplayLength(once, sys), sys);
        expect(twice).toBe(once);
      }),
    );
  });

  it('display conversion keeps the order of lengths', () => {
    fc.assert(
      fc.property(lengthMm, lengthMm, system, (a, b, sys) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(toDisplayLength(low, sys)).toBeLessThanOrEqual(toDisplayLength(high, sys));
      }),
    );
  });

  it('mm² -> display -> mm² stays within the stated rounding', () => {
    // Imperial: 0.0005 in² / 0.155 × 100 + 0.0005 mm²; metric: 0.005 cm² × 100 + 0.0005 mm².
    const bound: Record<MeasurementSystem, number> = {
      IMPERIAL: (0.0005 / CM2_TO_IN2) * 100 + 0.0005 + 1e-6,
      METRIC: 0.005 * 100 + 0.0005 + 1e-6,
    };
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), system, (mm2, sys) => {
        const back = fromDisplayArea(toDisplayArea(mm2, sys), sys);
        expect(Math.abs(back - mm2)).toBeLessThanOrEqual(bound[sys]);
      }),
    );
  });

  it('formatLength always shows 3 decimals in inches', () => {
    fc.assert(
      fc.property(lengthMm, (mm) => {
        expect(formatLength(mm, 'IMPERIAL')).toMatch(/^\d+\.\d{3} in$/);
      }),
    );
  });
});

describe('figures are rounded once (ADR 027)', () => {
  const shown = (value: number, decimals: number) => roundTo(value, decimals).toFixed(decimals);
  it('prints round(stored value converted, digits shown) for lengths, areas and volumes', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 50_000, noNaN: true }), (stored) => {
        expect(formatLength(stored, 'IMPERIAL')).toBe(`${shown(stored * MM_TO_IN, 3)} in`);
        expect(formatLength(stored, 'METRIC')).toBe(`${roundTo(stored, 2)} mm`);
        expect(formatArea(stored * 100, 'IMPERIAL')).toBe(`${shown(stored * CM2_TO_IN2, 3)} in²`);
        expect(formatDisplayNumber(toDisplayLength(stored, 'IMPERIAL'), 'IMPERIAL')).toBe(
          shown(stored * MM_TO_IN, 3),
        );
      }),
    );
    // Just below half a thousandth of an inch, where rounding to four places first went up (36.06649… -> 36.067).
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 40 }),
        (thousandths, below) => {
          const inches = thousandths / 1000 + 0.0005 - below * 1e-6;
          const stored = inches / MM_TO_IN;
          expect(formatLength(stored, 'IMPERIAL')).toBe(`${shown(stored * MM_TO_IN, 3)} in`);
        },
      ),
    );
  });
});
