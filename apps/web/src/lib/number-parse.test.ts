import { describe, expect, it } from 'vitest';
import { formatFieldNumber, parseNumber } from './number-parse';

const value = (text: string, options = {}) => {
  const parsed = parseNumber(text, options);
  return parsed.ok ? parsed.value : parsed.problem;
};

describe('parseNumber', () => {
  it.each([
    ['12,50', 12.5],
    ['12.50', 12.5],
    ['100.00', 100],
    ['100,00', 100],
    ['  7 ', 7],
    ['.5', 0.5],
    ['12.', 12],
    ['1.234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['1 234,5', 1234.5],
    ['1\u202f234,5', 1234.5],
    ['1.234.567', 1234567],
    ['-3', -3],
    ['+3', 3],
    ['', null],
    ['   ', null],
  ])('reads %j as %j', (text, expected) => {
    expect(value(text)).toBe(expected);
  });

  it.each([
    '1e2',
    '1E2',
    '12a',
    'abc',
    '1,2,3',
    '1.2.3',
    '12,5.5',
    '1.23,4.5',
    '--1',
    '.',
    ',',
    '0x10',
    'Infinity',
  ])('refuses %j', (text) => {
    expect(value(text)).toBe('notNumber');
  });

  it('refuses a fraction where a whole number is asked for, and a minus sign where none is allowed', () => {
    expect(value('2,5', { integer: true })).toBe('notWhole');
    expect(value('2', { integer: true })).toBe(2);
    expect(value('-2', { allowNegative: false })).toBe('negative');
    expect(value('-2')).toBe(-2);
  });
});

describe('formatFieldNumber', () => {
  it('rounds to the decimals and writes the decimal mark of the language, without grouping', () => {
    expect(formatFieldNumber(1234.567, 2, ',')).toBe('1234,57');
    expect(formatFieldNumber(12.5, 3, '.')).toBe('12.5');
    expect(formatFieldNumber(null, 2, '.')).toBe('');
  });
});
