import { describe, expect, it } from 'vitest';
import { materialList, totalMaterials, type MaterialTotals } from '@sealplan/engine';
// The engine package exports only its public API; its sample materials are test data reached by path.
// eslint-disable-next-line no-restricted-imports
import {
  sampleMaterials,
  sampleSleevesAndCrushers,
} from '../../../../../../packages/engine/src/testing/sample-materials';
import { i18n } from '@/lib/i18n';
import { unitsFor, type MeasurementSystem } from '@/lib/units';
import { materialLines } from './material-lines';

// One 70 mm cable wrapped (879.646 mm = 34.632 in, one roll of 1000 mm = 39.370 in), 393 ml of sealant in two 310 ml
// cartridges, 35 filler sleeves of Ø 20 × 150 mm (4 bundles): the engine's sample, worked by hand there.
const totals: MaterialTotals = totalMaterials([sampleMaterials]);

function lines(system: MeasurementSystem, language: string) {
  const units = unitsFor(system, () => undefined, language);
  return materialLines(totals, units, i18n.getFixedT(language, 'transits')).map((l) => [
    l.group,
    l.description,
    l.quantity,
    l.detail,
  ]);
}

describe('materialLines: the screen prints what the documents print', () => {
  it('metric, en-US: the wrap line says its length and the roll length', () => {
    expect(lines('METRIC', 'en-US')).toEqual([
      ['Filler sleeves', 'NOFIRNO filler sleeve, Ø 20 mm, length 150 mm', '35', '4 bundles of 10'],
      ['Sealant', 'NOFIRNO sealant', '2 cartridges', '393 ml in 310 ml cartridges'],
      ['Wrap', 'Wrap for cables above 63 mm', '1 roll', 'Length 879.65 mm, rolls of 1,000 mm'],
    ]);
  });

  it('imperial, en-US: every length in inches with 3 decimals, the roll too', () => {
    expect(lines('IMPERIAL', 'en-US')[2]).toEqual([
      'Wrap',
      'Wrap for cables above 2.480 in',
      '1 roll',
      'Length 34.632 in, rolls of 39.370 in',
    ]);
  });

  it('German: decimal comma and the translated roll wording', () => {
    expect(lines('METRIC', 'de-DE')[2]?.[3]).toBe('Länge 879,65 mm, Rollen zu 1.000 mm');
    expect(lines('IMPERIAL', 'de-DE')[2]?.[3]).toBe('Länge 34,632 in, Rollen zu 39,370 in');
  });

  it("names the sealant by the catalogue's name in the language, and by its stored name when the catalogue has none", () => {
    const units = unitsFor('METRIC', () => undefined, 'de-DE');
    const t = i18n.getFixedT('de-DE', 'transits');
    const sealant = (named?: (id: string) => string | undefined) =>
      materialLines(totals, units, t, named).find((l) => l.key.startsWith('sealant:'))?.description;
    expect(sealant((id) => (id === 'NOFIRNO_SEALANT' ? 'NOFIRNO-Dichtmasse' : undefined))).toBe(
      'NOFIRNO-Dichtmasse',
    );
    expect(sealant(() => undefined)).toBe('NOFIRNO sealant');
  });

  it('every language names the roll length', () => {
    for (const language of ['en-US', 'de-DE', 'fr-FR', 'zh-Hans']) {
      const detail = lines('IMPERIAL', language)[2]?.[3] ?? '';
      expect(detail, language).toMatch(/39[.,]370 in/);
      expect(detail, language).toMatch(/34[.,]632 in/);
    }
  });
});

describe('materialLines: one screen line per line of the engine list (ADR 028)', () => {
  // A cable sleeve and a crusher with nothing to order: the documents leave them out, so the screen does too.
  const withZeros: MaterialTotals = totalMaterials([{ ...sampleMaterials, ...sampleSleevesAndCrushers }]);

  it('same keys in the same order; zero counts are not lines, bundles are the detail', () => {
    const units = unitsFor('METRIC', () => undefined, 'en-US');
    const screen = materialLines(withZeros, units, i18n.getFixedT('en-US', 'transits'));
    expect(screen.map((l) => l.key)).toEqual(materialList(withZeros).map((l) => l.key));
    expect(screen.map((l) => [l.group, l.quantity, l.detail])).toEqual([
      ['Filler sleeves', '35', '4 bundles of 10'],
      ['Sealant', '2 cartridges', '393 ml in 310 ml cartridges'],
      ['Cable sleeves', '3', null],
      ['Wrap', '1 roll', 'Length 879.65 mm, rolls of 1,000 mm'],
    ]);
  });
});
