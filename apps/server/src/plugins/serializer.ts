import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';
import { safeEncode, type $ZodType } from 'zod/v4/core';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { RawJson } from '../lib/raw-json';

/** A JSON Schema node as z.toJSONSchema writes it (only the keys this module rewrites are typed). */
type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  $schema?: string;
  [key: string]: unknown;
};

/**
 * Rewrites what z.toJSONSchema writes into what fast-json-stringify serialises without falling back to a
 * validator per value: `anyOf [T, null]` of a primitive or object becomes `type: [T, 'null']` (a type test
 * instead of an ajv run), and keys that only validate (pattern, bounds) are dropped.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const { pattern: _p, minimum: _min, maximum: _max, $schema: _s, ...rest } = node as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(rest)) out[key] = simplify(value);
  const anyOf = out.anyOf;
  // A branch that allows anything (a value JSON Schema cannot describe) makes the whole union that.
  if (anyOf?.some((branch) => Object.keys(branch).length === 0)) {
    const { anyOf: _a, ...withoutAnyOf } = out;
    return withoutAnyOf;
  }
  if (anyOf?.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && other.anyOf === undefined) {
      const { anyOf: _a, ...withoutAnyOf } = out;
      return {
        ...withoutAnyOf,
        ...other,
        type: [other.type, 'null'],
        ...(other.enum ? { enum: [...other.enum, null] } : {}),
      };
    }
  }
  return out;
}

/** The JSON Schema a response is serialised from: the zod schema's output side, written once per route. */
export function serializationSchemaOf(schema: z.ZodType): Record<string, unknown> {
  // `unrepresentable: 'any'`: a Date (or anything JSON Schema cannot say) is written with JSON.stringify.
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
  return simplify(json) as Record<string, unknown>;
}

export interface SerializerOptions {
  /**
   * Also check every answer against its zod schema (as fastify-type-provider-zod did on every reply): on in
   * development and tests, so an answer that drifts from its contract fails there; off in production, where the
   * JSON Schema (which keeps only declared fields, like zod's strip) is the whole cost.
   */
  checkWithZod: boolean;
}

/**
 * Fastify serializer compiler for zod response schemas: each route's schema is turned into JSON Schema and compiled
 * by fast-json-stringify once, when the route is registered, instead of a zod encode and JSON.stringify per reply.
 */
export function createSerializerCompiler(options: SerializerOptions): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const compiled = fastJson(serializationSchemaOf(schema) as unknown as Parameters<typeof fastJson>[0]);
    // An answer the database wrote as JSON text (rawEnvelope) goes out as that text.
    const stringify = (data: unknown) => (data instanceof RawJson ? data.json : compiled(data));
    if (!options.checkWithZod) return stringify;
    return (data: unknown) => {
      const value = data instanceof RawJson ? JSON.parse(data.json) : data;
      const checked = safeEncode(schema as unknown as $ZodType, value);
      if (checked.error) throw new ResponseSerializationError(method, url, { cause: checked.error });
      return stringify(data);
    };
  };
}
