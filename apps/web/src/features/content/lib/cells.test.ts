import { describe, expect, it } from 'vitest';
import type { DynamicFormField } from '@sealplan/contracts';
import { cellText, csvText, gridColumns, keyAsWords } from './cells';
import { csvCell, toCsv } from './csv';

const format = {
  formatNumber: (n: number) => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }).format(n),
  formatDate: (iso: string) => `date(${iso})`,
  yes: 'Ja',
  no: 'Nein',
};
const unit: DynamicFormField = {
  name: 'unit',
  type: 'select',
  label: 'Unit',
  options: [{ value: 'pcs', label: 'Pieces' }],
};

describe('grid cells and CSV (ADR 016)', () => {
  it('writes each value as its widget shows it, numbers through the formatter', () => {
    expect(cellText(undefined, 1234.567, format)).toBe('1.234,57');
    expect(cellText(undefined, true, format)).toBe('Ja');
    expect(cellText(unit, 'pcs', format)).toBe('Pieces');
    expect(cellText({ ...unit, type: 'chips' }, ['pcs', 'box'], format)).toBe('Pieces, box');
    expect(cellText(undefined, [{ a: 1 }, { a: 2 }], format)).toBe('2');
    expect(cellText({ name: 'since', type: 'date', label: 'Since' }, '2026-01-02', format)).toBe(
      'date(2026-01-02)',
    );
    expect(
      cellText({ name: 'createdOn', type: 'input', label: 'Created' }, '2026-01-02T10:00:00Z', format),
    ).toBe('date(2026-01-02T10:00:00Z)');
    expect(cellText(undefined, null, format)).toBe('');
  });

  it('keeps CSV values plain (numbers, ISO dates) and neutralises formulas', () => {
    expect(csvText(undefined, 1234.5, format)).toBe('1234.5');
    expect(
      csvText({ name: 'createdOn', type: 'input', label: 'Created' }, '2026-01-02T10:00:00Z', format),
    ).toBe('2026-01-02T10:00:00Z');
    expect(csvText(unit, 'pcs', format)).toBe('Pieces');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(toCsv(['A', 'B'], [['1', 'x\ny']])).toBe('\uFEFFA,B\r\n1,"x\ny"\r\n');
  });

  it('takes the configured list columns, or the first plain fields', () => {
    const fields: DynamicFormField[] = [
      { name: 'a', type: 'input', label: 'A' },
      { name: 'b', type: 'repeat', label: 'B' },
      { name: 'c', type: 'checkbox', label: 'C' },
    ];
    expect(gridColumns(fields, ['c', 'zz']).map((c) => c.label)).toEqual(['C', 'Zz']);
    expect(gridColumns(fields, []).map((c) => c.name)).toEqual(['a', 'c']);
  });
});

describe('record columns without a form field (ADR 029)', () => {
  const format = {
    formatNumber: (n: number) => String(n),
    formatDate: (iso: string) => `date(${iso.slice(0, 10)})`,
    yes: 'Yes',
    no: 'No',
  };
  it('labels them in the language given, else in words, never by their key', () => {
    const labels: Record<string, string> = { createdOn: 'Erstellt' };
    expect(
      gridColumns([], ['createdOn', 'isLocked', 'lastUpdatedOn'], (n) => labels[n]).map((c) => c.label),
    ).toEqual(['Erstellt', 'Locked', 'Last updated on']);
    expect(keyAsWords('max_count')).toBe('Max count');
  });
  it('shows a stamp of such a column as a date in the user language', () => {
    expect(cellText(undefined, '2024-05-01T10:00:00.000Z', format, 'createdOn')).toBe('date(2024-05-01)');
  });
});
