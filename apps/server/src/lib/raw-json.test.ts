import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RawJson, rawJson, writeWithRawJson } from './raw-json';
import { createSerializerCompiler } from '../plugins/serializer';

const stored = { fill: 41.5, circles: [{ xMm: 1.25, yMm: -3 }], note: 'a "quoted" \\ text', nothing: null };

describe('stored JSON sent as it is (ADR 019)', () => {
  it('is written as its own text inside an answer, wherever it sits', () => {
    const text = JSON.stringify(stored);
    const answer = {
      data: {
        transits: [
          { id: 'a', results: rawJson(text) },
          { id: 'b', results: rawJson(null) },
        ],
      },
    };
    const written = writeWithRawJson(() => JSON.stringify(answer));
    expect(written).toContain(text);
    expect(JSON.parse(written)).toEqual({
      data: {
        transits: [
          { id: 'a', results: stored },
          { id: 'b', results: null },
        ],
      },
    });
  });

  it('is the parsed value outside the serializer (logs, other writers)', () => {
    expect(JSON.parse(JSON.stringify({ r: new RawJson(JSON.stringify(stored)) }))).toEqual({ r: stored });
  });

  it('cannot be forged by a string that looks like its marker', () => {
    const written = writeWithRawJson(() =>
      JSON.stringify({ a: '\u0000raw-000000000000-0\u0000', b: rawJson('{"x":1}') }),
    );
    expect(JSON.parse(written)).toEqual({ a: '\u0000raw-000000000000-0\u0000', b: { x: 1 } });
  });

  it('goes through the route serializer compiled from a schema', () => {
    const schema = z.object({ id: z.string(), results: z.custom<object>(() => true).nullable() });
    const write = createSerializerCompiler({ checkWithZod: true })({
      schema,
      method: 'POST',
      url: '/api/x',
      httpStatus: '200',
    });
    expect(JSON.parse(write({ id: 'a', results: rawJson(JSON.stringify(stored)) }))).toEqual({
      id: 'a',
      results: stored,
    });
  });
});
