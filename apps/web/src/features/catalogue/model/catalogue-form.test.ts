import { describe, expect, it } from 'vitest';
import { saveCatalogueRequestSchema } from '@sealplan/contracts';
import { formatLength, formatVolume } from '@sealplan/engine';
import { i18n } from '@/lib/i18n';
import {
  catalogueFieldErrors,
  countMessages,
  firstMessage,
  isSampleValue,
  issueMessage,
  rowKey,
  uniqueId,
  type CatalogueIssue,
} from './catalogue-form';

const t = i18n.getFixedT('en-US');
const metric = {
  formatLength: (mm: number) => formatLength(mm, 'METRIC'),
  formatVolume: (ml: number) => formatVolume(ml, 'METRIC'),
};
const imperial = {
  formatLength: (mm: number) => formatLength(mm, 'IMPERIAL'),
  formatVolume: (ml: number) => formatVolume(ml, 'IMPERIAL'),
};

/** The issues the contract schema itself reports for one bad value of a field. */
function issuesFor(path: string, value: unknown): CatalogueIssue[] {
  const body = {
    catalogue: {
      itemTypes: [],
      transitTypes: [],
      classes: [],
      sealants: [],
      cableSleeves: [],
      crushers: [],
      clearance: [],
    },
    version: 1,
  } as Record<string, unknown>;
  const [table, field] = path.split('.') as [string, string];
  const rows: Record<string, Record<string, unknown>> = {
    transitTypes: {
      id: 'NOFIRNO',
      name: 'N',
      classes: [],
      fillerSleeveType: 'F',
      fillerSleeveDiameterMm: 20,
      sealantCartridgeSizeMl: 310,
      usableSealantCartridgeSizeMl: 290,
    },
    classes: { id: 'WATERTIGHT', name: 'Watertight' },
    clearance: { pipeOuterDiameterMinMm: 0, pipeOuterDiameterMaxMm: 10, requiredClearanceMm: 30 },
    standardOpenings: { id: 'Q1', shape: 'RECTANGLE', widthMm: 300, heightMm: 200, cornerRadiusMm: 0 },
  };
  (body.catalogue as Record<string, unknown>)[table] = [{ ...rows[table], [field]: value }];
  const result = saveCatalogueRequestSchema.safeParse(body);
  return result.success ? [] : result.error.issues;
}

describe('catalogue form messages (the contract schema, in the user language and unit)', () => {
  it.each([
    ['clearance.requiredClearanceMm', Number.NaN, metric, 'Required'],
    ['clearance.requiredClearanceMm', 200_000, metric, 'Must be at most 100000 mm'],
    [
      'clearance.requiredClearanceMm',
      200_000,
      imperial,
      `Must be at most ${formatLength(100_000, 'IMPERIAL')}`,
    ],
    ['transitTypes.fillerSleeveDiameterMm', 0, metric, 'Must be greater than 0'],
    ['transitTypes.sealantCartridgeSizeMl', 200_000, metric, 'Must be at most 100000 ml'],
    ['classes.name', '   ', metric, 'Required'],
    ['classes.name', 'x'.repeat(121), metric, 'At most 120 characters'],
    ['classes.id', 'NO_SUCH_CLASS', metric, 'Choose a value from the list'],
    // ADR 020: a rectangle needs its height; a corner radius is at most half the shorter side.
    ['standardOpenings.heightMm', null, metric, 'Required'],
    ['standardOpenings.cornerRadiusMm', 101, metric, 'At most half the shorter side.'],
  ] as const)('%s = %s', (path, value, units, expected) => {
    const issues = issuesFor(path, value);
    expect(issues).toHaveLength(1);
    expect(issueMessage(issues[0]!, t, units)).toBe(expected);
  });

  it('finds and counts messages in react-hook-form error trees', () => {
    const errors = {
      catalogue: {
        classes: [undefined, { name: { message: 'Required', type: 'too_small', ref: {} } }],
        itemTypes: [
          {
            classes: [
              { sealants: [undefined, { message: 'The catalogue refers to an unknown sealant: X' }] },
            ],
          },
        ],
      },
    };
    expect(countMessages(errors)).toBe(2);
    expect(countMessages(errors.catalogue.classes)).toBe(1);
    expect(firstMessage(errors.catalogue.itemTypes[0]!.classes[0]!.sealants)).toBe(
      'The catalogue refers to an unknown sealant: X',
    );
    expect(firstMessage(undefined)).toBeUndefined();
  });

  it('keeps server field errors of the catalogue only', () => {
    expect(catalogueFieldErrors({ 'catalogue.cableSleeves.3.cableMaxMm': 'm', version: 'v' })).toEqual([
      ['catalogue.cableSleeves.3.cableMaxMm', 'm'],
    ]);
    expect(catalogueFieldErrors(undefined)).toEqual([]);
  });
});

describe('rows', () => {
  it('names rows by id, the clearance table by position, and finds their sample marks', () => {
    const marks = { clearance: { '1': ['requiredClearanceMm'] }, crushers: { 'PIPE-DN6': [] } } as never;
    expect(rowKey('crushers', { id: 'PIPE-DN6' }, 4)).toBe('PIPE-DN6');
    expect(rowKey('clearance', {}, 1)).toBe('1');
    expect(isSampleValue(marks, 'clearance', '1', 'requiredClearanceMm')).toBe(true);
    expect(isSampleValue(marks, 'crushers', 'PIPE-DN6', 'outerDiameterMm')).toBe(false);
    expect(isSampleValue(undefined, 'crushers', 'PIPE-DN6', 'outerDiameterMm')).toBe(false);
  });

  it('gives an added row the first free id', () => {
    expect(uniqueId('SLEEVE', [])).toBe('SLEEVE-1');
    expect(uniqueId('SLEEVE', ['SLEEVE-1', 'SLEEVE-3'])).toBe('SLEEVE-2');
  });
});
