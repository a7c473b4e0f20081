import { describe, expect, it } from 'vitest';
import { MESSAGE_DEFINITIONS, engineMessage } from './messages';

describe('engine messages', () => {
  it('fills the parameters into the spec text', () => {
    expect(engineMessage('DEPTH_BELOW_MINIMUM', { min: 150 })).toEqual({
      code: 'DEPTH_BELOW_MINIMUM',
      severity: 'error',
      text: 'Minimum depth for this type of transit is 150mm',
      params: { min: 150 },
    });
  });

  it('leaves unknown placeholders and omits params when there are none', () => {
    expect(engineMessage('DEPTH_BELOW_MINIMUM')).toEqual({
      code: 'DEPTH_BELOW_MINIMUM',
      severity: 'error',
      text: 'Minimum depth for this type of transit is {min}mm',
    });
  });

  it.each([
    ['ITEMS_DO_NOT_FIT', 'Penetrating Items do not fit in the transit.'],
    ['MINIMUM_EXCESS_SPACE', 'Transit has a minimum excess space requirement.'],
    [
      'RISE_ULTRA_LONGER_DEPTH',
      'If a longer depth penetration is required, please contact the provider or your distributor.',
    ],
    ['RISE_ULTRA_SCH80', 'If Sch. 80 is required, please contact the provider or your distributor'],
  ] as const)('%s keeps the spec §8 wording', (code, text) => {
    expect(MESSAGE_DEFINITIONS[code].text).toBe(text);
  });
});
