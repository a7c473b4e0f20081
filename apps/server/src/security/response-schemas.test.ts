import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * ADR 019: every API route declares its answer's schema, so Fastify writes every answer from a JSON Schema
 * compiled once (and sends no field the contract does not name). Walks the app's route table, so a route added
 * without one fails here with its name.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('response schemas', () => {
  it('every /api route declares a response schema', () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api'));
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes
      .filter((r) => r.responseStatuses.length === 0)
      .map(
        (r) =>
          `${r.method} ${r.url} has no response schema: add \`response: { 200: envelope(<its data schema>) }\` ` +
          `(from @sealplan/contracts) to the route's schema (ADR 019; a route that only fails: ` +
          `\`response: { 400: errorEnvelopeSchema }\`)`,
      );
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('answers only what the schema names, written from it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json() as object).sort()).toEqual(['data', 'messages', 'success']);
    expect(Object.keys((res.json() as { data: object }).data).sort()).toEqual([
      'database',
      'status',
      'uptimeSeconds',
      'version',
    ]);
  });
});
