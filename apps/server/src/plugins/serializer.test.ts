import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope, projectAndTransitsSchema, transitSchema } from '@sealplan/contracts';
import { createSerializerCompiler, serializationSchemaOf } from './serializer';

const compile = (schema: z.ZodType, checkWithZod = false) =>
  createSerializerCompiler({ checkWithZod })({ schema, method: 'POST', url: '/api/x', httpStatus: '200' });

const sample = z.object({
  name: z.string(),
  count: z.number().int(),
  size: z.number().nullable(),
  shape: z.enum(['ROUND', 'RECTANGLE']).nullable(),
  owner: z.object({ id: z.string() }).nullable(),
  when: z.date(),
  tags: z.array(z.string()),
  note: z.string().optional(),
});

describe('serializer compiled from the zod schema (ADR 019)', () => {
  it('writes what JSON.stringify writes for a value that matches the schema', () => {
    const stringify = compile(sample);
    const values = [
      {
        name: 'a "quoted" \u2028 name',
        count: 3,
        size: 1.25,
        shape: 'ROUND',
        owner: { id: 'x' },
        when: new Date(0),
        tags: ['t'],
      },
      { name: '', count: 0, size: null, shape: null, owner: null, when: new Date(1e12), tags: [], note: 'n' },
    ];
    for (const value of values)
      expect(JSON.parse(stringify(value))).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('sends no field the schema does not name (as zod strips them)', () => {
    const out = JSON.parse(
      compile(sample)({
        name: 'a',
        count: 1,
        size: null,
        shape: null,
        owner: { id: 'x', secret: 's' },
        when: new Date(0),
        tags: [],
        passwordHash: 'h',
      }),
    );
    expect(out).not.toHaveProperty('passwordHash');
    expect(out.owner).toEqual({ id: 'x' });
  });

  it('refuses an answer that is missing a required field', () => {
    expect(() => compile(sample)({ name: 'a' })).toThrow();
  });

  it('checks the answer against zod when asked (development and tests)', () => {
    const bad = {
      name: 'a',
      count: 1.5,
      size: null,
      shape: 'OVAL',
      owner: null,
      when: new Date(0),
      tags: [],
    };
    expect(() => compile(sample, true)(bad)).toThrow(/Response doesn't match the schema/);
    expect(() => compile(sample, false)(bad)).not.toThrow();
  });

  it('turns nullable primitives and objects into type lists, not anyOf (no validator run per value)', () => {
    const json = JSON.stringify(serializationSchemaOf(envelope(projectAndTransitsSchema)));
    expect(json).not.toContain('"anyOf"');
    expect(json).not.toContain('"pattern"');
  });

  it('writes stored engine results as they are', () => {
    const shape = serializationSchemaOf(transitSchema) as { properties: Record<string, unknown> };
    expect(shape.properties.results).toEqual({});
  });
});
