import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  boundedJson,
  checkInput,
  INPUT_MESSAGES,
  MAX_INPUT_ARRAY_LENGTH,
  MAX_INPUT_DEPTH,
  textProblem,
} from './input-gate';
import { MAX_LAYOUT_CIRCLES, MAX_TRANSIT_CIRCLES } from './transits';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('input gate', () => {
  it.each([
    ['NUL', 'a\u0000b', INPUT_MESSAGES.controlCharacter],
    ['escape', 'a\u001bb', INPUT_MESSAGES.controlCharacter],
    ['DEL', 'a\u007fb', INPUT_MESSAGES.controlCharacter],
    ['C1', 'a\u0085b', INPUT_MESSAGES.controlCharacter],
    ['lone high surrogate', 'a\ud800b', INPUT_MESSAGES.brokenText],
    ['lone low surrogate', '\udc00', INPUT_MESSAGES.brokenText],
  ])('refuses %s', (_name, text, message) => {
    expect(textProblem(text)).toBe(message);
  });

  it.each(['plain', 'tab\tand\nlines\r\n', 'Ærø ÿ 中文 😀', ''])('accepts %j', (text) => {
    expect(textProblem(text)).toBeNull();
  });

  it('names the field, keys included', () => {
    expect(checkInput({ user: { firstName: 'A\u0000' } })).toEqual({
      path: 'user.firstName',
      message: INPUT_MESSAGES.controlCharacter,
    });
    expect(checkInput({ items: [{ ok: 1 }, { ['k\u0001']: 1 }] })?.path).toBe('items.1.k\u0001');
  });

  it('bounds depth without recursing (10,000 levels)', () => {
    expect(checkInput(nested(MAX_INPUT_DEPTH - 1))).toBeNull();
    expect(checkInput(nested(10_000))?.message).toBe(INPUT_MESSAGES.tooDeep);
  });

  it('bounds object keys and array length', () => {
    const wide = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i]));
    expect(checkInput(wide)?.message).toBe(INPUT_MESSAGES.tooManyKeys);
    expect(checkInput({ list: new Array(10_000).fill(0) })?.message).toBe(INPUT_MESSAGES.tooManyItems);
  });

  it('lets the layout of the largest allowed transit through (ADR 015: one centre per circle)', () => {
    const centres = Array.from({ length: MAX_LAYOUT_CIRCLES }, (_, i) => ({ xMm: i, yMm: -i }));
    expect(MAX_LAYOUT_CIRCLES).toBe(MAX_TRANSIT_CIRCLES);
    expect(MAX_LAYOUT_CIRCLES).toBeLessThanOrEqual(MAX_INPUT_ARRAY_LENGTH);
    expect(checkInput({ penetratingItems: [], transit: {}, layout: { centres } })).toBeNull();
  });

  it('caps a free-form JSON field in bytes, depth and keys', () => {
    const schema = boundedJson(z.record(z.string(), z.unknown()), { maxBytes: 100, maxDepth: 2, maxKeys: 5 });
    expect(schema.safeParse({ a: 'x' }).success).toBe(true);
    expect(schema.safeParse({ a: 'x'.repeat(200) }).error?.issues[0]?.message).toBe(
      INPUT_MESSAGES.jsonTooLarge(100),
    );
    expect(schema.safeParse({ a: { b: { c: 1 } } }).error?.issues[0]?.message).toBe(
      INPUT_MESSAGES.jsonTooDeep(2),
    );
    expect(schema.safeParse({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 }).error?.issues[0]?.message).toBe(
      INPUT_MESSAGES.jsonTooManyKeys(5),
    );
  });
});
