import { describe, expect, it } from 'vitest';
import { previewFields } from './configuration-fields';
import { recordTitle } from './record-title';
import { shownConfiguration, type LabelTexts } from './shown-labels';

describe('previewFields (the live preview of a configuration being edited)', () => {
  it('shows a field as soon as it has a name, as an input until a widget is chosen', () => {
    const result = previewFields([
      { name: 'title', label: 'Title', type: 'input', isHidden: false },
      { name: 'notes', label: 'Notes', type: '' },
    ]);
    expect(result.fields.map((f) => [f.name, f.type])).toEqual([
      ['title', 'input'],
      ['notes', 'input'],
    ]);
    expect(result.problems).toEqual([]);
  });

  it('names by position the fields it leaves out, and keeps the others', () => {
    const result = previewFields([
      { name: '', label: 'No name', type: 'input' },
      { name: 'my field', label: 'Spaced', type: 'input' },
      { name: 'ok', label: 'OK', type: 'select', options: [{ value: 1 }] },
      { name: 'kept', label: 'Kept', type: 'textarea' },
    ]);
    expect(result.problems).toEqual([
      { index: 0, kind: 'nameMissing' },
      { index: 1, kind: 'nameInvalid' },
      { index: 2, kind: 'incomplete' },
    ]);
    expect(result.fields.map((f) => f.name)).toEqual(['kept']);
  });

  it('has nothing to show for no fields', () => {
    expect(previewFields([])).toEqual({ fields: [], problems: [] });
    expect(previewFields(undefined)).toEqual({ fields: [], problems: [] });
  });
});

describe('recordTitle', () => {
  it('names a translation by namespace, key and culture', () => {
    const fields = [{ name: 'culture', label: 'Language', type: 'input' as const }];
    expect(recordTitle('Translation', fields, { culture: 'de-DE', namespace: 'common', key: 'save' })).toBe(
      'common:save (de-DE)',
    );
    expect(recordTitle('Specification', fields, { culture: 'x' })).toBe('x');
  });
});

describe('shownConfiguration', () => {
  const english: Record<string, string> = {
    'content:models.Product.label': 'Products',
    'content:fieldLabels.Product.name': 'Name',
    'content:fieldLabels.Product.parts/unit': 'Unit',
  };
  const texts: LabelTexts = {
    english: (key) => english[key] ?? null,
    shown: (key) => `de(${key})`,
  };
  it('shows seeded labels in the user language and an edited label as written', () => {
    const shown = shownConfiguration(
      {
        model: 'Product',
        label: 'Products',
        listColumns: [],
        fields: [
          { name: 'name', label: 'Name', type: 'input' },
          { name: 'price', label: 'Price in EUR', type: 'input' },
          {
            name: 'parts',
            label: 'Parts',
            type: 'repeat',
            fields: [{ name: 'unit', label: 'Unit', type: 'input' }],
          },
        ],
      },
      texts,
    );
    expect(shown.label).toBe('de(content:models.Product.label)');
    expect(shown.fields.map((f) => f.label)).toEqual([
      'de(content:fieldLabels.Product.name)',
      'Price in EUR',
      'Parts',
    ]);
    expect(shown.fields[2]!.fields![0]!.label).toBe('de(content:fieldLabels.Product.parts/unit)');
    expect(shown.fields[0]!.name).toBe('name');
  });
});
