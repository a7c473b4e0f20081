import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { envelope } from '@sealplan/contracts';
import { rawEnvelope } from './raw-json';
import { createSerializerCompiler } from '../plugins/serializer';

const stored = { fill: 41.5, circles: [{ xMm: 1.25, yMm: -3 }], note: 'a "quoted" \\ text', nothing: null };
const schema = envelope(z.object({ fill: z.number(), circles: z.array(z.unknown()), note: z.string() }));
const compile = (checkWithZod: boolean) =>
  createSerializerCompiler({ checkWithZod })({ schema, method: 'POST', url: '/api/x', httpStatus: '200' });

/** The envelope as okEnvelopeSql has the database write it around `data` (its SQL is read by the route tests). */
const okJson = (data: string) => rawEnvelope(`{"success":true,"data":${data},"messages":[]}`);

describe('an answer written by the database, sent as it is (ADR 019)', () => {
  it('goes out as its own text inside the success envelope', () => {
    const text = JSON.stringify(stored);
    const written = compile(false)(okJson(text));
    expect(written).toBe(`{"success":true,"data":${text},"messages":[]}`);
    expect(JSON.parse(written)).toEqual({ success: true, data: stored, messages: [] });
  });

  it('is checked against the route schema in development and tests', () => {
    expect(JSON.parse(compile(true)(okJson(JSON.stringify(stored))))).toMatchObject({ data: stored });
    expect(() => compile(true)(okJson(JSON.stringify({ ...stored, fill: 'full' })))).toThrow(
      ResponseSerializationError,
    );
  });

  it('is the parsed value for any other writer (a log line)', () => {
    expect(JSON.parse(JSON.stringify({ answer: okJson('[1,2]') }))).toEqual({
      answer: { success: true, data: [1, 2], messages: [] },
    });
  });
});
