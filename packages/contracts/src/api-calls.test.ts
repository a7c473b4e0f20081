import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACCESS_LEVELS, apiCalls, type ApiCall } from './api-calls';

const entries = Object.entries(apiCalls) as [string, ApiCall][];

describe('the call table (ADR 024)', () => {
  it('each path parameter is named by the params schema, and each params key is in the path', () => {
    for (const [name, call] of entries) {
      const inPath = (call.path.match(/:(\w+)/g) ?? []).map((p) => p.slice(1)).sort();
      const inSchema = call.params instanceof z.ZodObject ? Object.keys(call.params.shape).sort() : [];
      expect(inSchema, name).toEqual(inPath);
    }
  });

  it('each call has a known access level, an /api path and an answer', () => {
    for (const [name, call] of entries) {
      expect(ACCESS_LEVELS, name).toContain(call.access);
      expect(call.path, name).toMatch(/^\/api\//);
      expect(call.data !== undefined || call.responses !== undefined, name).toBe(true);
      // GET and DELETE carry no body; a form or multipart body says so.
      if (call.method === 'GET' || call.method === 'DELETE') expect(call.body, name).toBeUndefined();
    }
  });
});
