import { describe, expect, it } from 'vitest';
import { sizeTransit, type ItemInput, type TransitInput, type TransitSizing } from '@sealplan/engine';
// The engine package exports only its public API; its sample catalogue is test data reached by path.
// eslint-disable-next-line no-restricted-imports
import { sampleCatalogue } from '../../../../../../packages/engine/src/testing/sample-catalogue';
import { i18n } from '@/lib/i18n';
import { unitsFor } from '@/lib/units';
import { verdictText } from './verdict-text';

/** Cables without a transit type (no sleeves) in a round opening: a 100 % fill limit. */
const round = (diameterMm: number): TransitInput => ({ shape: 'ROUND', diameterMm, itemTypeId: 'CABLE' });

/** A stored sizing as the server keeps it: the packing given (searched or not) without running the verdict here. */
function sized(
  diameterMm: number,
  items: ItemInput[],
  packing: { fits: boolean; scale: number },
): TransitSizing {
  const sizing = sizeTransit({
    transit: round(diameterMm),
    items,
    catalogue: sampleCatalogue,
    solvePacking: false,
  });
  return { ...sizing, packing: { ...sizing.packing, source: 'solved', ...packing } };
}

const text = (sizing: TransitSizing, language: string) =>
  verdictText(
    sizing,
    unitsFor('METRIC', () => undefined, language),
    i18n.getFixedT(language, 'projects'),
  ).replace(/[\u00a0\u202f]/g, ' ');

describe('verdictText: three verdicts, each in its words with its figures', () => {
  const tooLarge = sized(100, [{ quantity: 1, outerDiameterMm: 120 }], { fits: false, scale: 1.2 });
  const over = sized(100, [{ quantity: 30, outerDiameterMm: 20 }], { fits: false, scale: 1.3 });
  const noLayout = sized(100, [{ quantity: 2, outerDiameterMm: 60 }], { fits: false, scale: 1.2 });
  const fits = sized(130, [{ quantity: 2, outerDiameterMm: 60 }], { fits: true, scale: 0.95 });

  it('English', () => {
    expect(text(tooLarge, 'en-US')).toBe(
      'Not buildable: an item is larger than the opening (item Ø 120 mm, opening 100 mm across; fill 144.0 % of 100.0 % allowed)',
    );
    expect(text(over, 'en-US')).toBe('Not buildable: overfilled (fill 120.0 % of 100.0 % allowed)');
    expect(text(noLayout, 'en-US')).toBe(
      'Not buildable: no layout found (fill 72.0 % of 100.0 % allowed; the best layout found needs Ø 120 mm)',
    );
    expect(text(fits, 'en-US')).toBe('Fits');
  });

  it('every language has its own words and its decimal mark', () => {
    expect(text(over, 'de-DE')).toBe('Nicht baubar: überfüllt (Füllung 120,0 % von zulässigen 100,0 %)');
    expect(text(noLayout, 'fr-FR')).toMatch(
      /^Non réalisable : aucune disposition trouvée \(remplissage 72,0 %/,
    );
    expect(text(tooLarge, 'zh-Hans')).toMatch(/^无法施工：有穿管件大于开孔（穿管件 Ø 120 mm/);
    for (const language of ['en-US', 'de-DE', 'fr-FR', 'zh-Hans'])
      for (const sizing of [tooLarge, over, noLayout])
        expect(text(sizing, language)).not.toMatch(/{{|verdictOf/);
  });
});
