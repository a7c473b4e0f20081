import { describe, expect, it } from 'vitest';
import type { MaterialTotals } from '@sealplan/engine';
import { i18n } from '@/lib/i18n';
import { unitsFor, type MeasurementSystem } from '@/lib/units';
import { materialLines } from './material-lines';

// One cable of 70 mm (above the 63 mm wrap threshold), wrapped 4 turns: π × 70 × 4 = 879.646 mm = 34.632 in, one roll
// of 1000 mm (39.370 in). 393 ml of sealant in two 310 ml cartridges; 35 filler sleeves of Ø 20 × 150 mm (4 bundles).
const totals: MaterialTotals = {
  fillerSleeves: [{ type: 'NOFIRNO filler sleeve', diameterMm: 20, lengthMm: 150, count: 35, bundles: 4 }],
  sealants: [
    {
      sealantId: 'NOFIRNO_SEALANT',
      sealantName: 'NOFIRNO sealant',
      volumeMl: 393,
      cartridges: 2,
      cartridgeSizeMl: 310,
      usableCartridgeSizeMl: 290,
    },
  ],
  cableSleeves: [],
  crushers: [],
  wrap: { lengthMm: Math.PI * 70 * 4, rolls: 1 },
};

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

  it('every language names the roll length', () => {
    for (const language of ['en-US', 'de-DE', 'fr-FR', 'zh-Hans']) {
      const detail = lines('IMPERIAL', language)[2]?.[3] ?? '';
      expect(detail, language).toMatch(/39[.,]370 in/);
      expect(detail, language).toMatch(/34[.,]632 in/);
    }
  });
});
