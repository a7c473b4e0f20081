import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, type ApiCall } from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * ADR 024: every API call is described once, in the contracts' call table, and the server registers its routes
 * from it. Walks the app's route table both ways, so a route added beside the table (or an entry without a route)
 * fails here with its name; and reads the OpenAPI document back, which is made from the same entries.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const entries = Object.entries(apiCalls) as [string, ApiCall][];
const key = (method: string, url: string) => `${method} ${url}`;

describe('the call table and the routes', () => {
  it('every route under /api is in the table, and every entry of the table is a route', () => {
    const routes = new Set(
      t.app.routeTable.filter((r) => r.url.startsWith('/api')).map((r) => key(r.method, r.url)),
    );
    const table = new Set(entries.map(([, call]) => key(call.method, call.path)));
    expect(table.size, 'two entries of the table share a method and path').toBe(entries.length);
    const notInTable = [...routes].filter((route) => !table.has(route));
    const notRegistered = [...table].filter((entry) => !routes.has(entry));
    expect(notInTable, `routes registered beside the call table: ${notInTable.join(', ')}`).toEqual([]);
    expect(notRegistered, `entries of the call table with no route: ${notRegistered.join(', ')}`).toEqual([]);
  });

  it('each route answers the statuses its entry describes', () => {
    for (const [name, call] of entries) {
      const route = t.app.routeTable.find((r) => r.method === call.method && r.url === call.path)!;
      const statuses = [...(call.data ? ['200'] : []), ...Object.keys(call.responses ?? {})];
      expect(route.responseStatuses.sort(), name).toEqual([...new Set(statuses)].sort());
    }
  });

  it('the OpenAPI document names every call that is not hidden, with its access, parameters and media', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const paths = (res.json() as { paths: Record<string, Record<string, Record<string, unknown>>> }).paths;
    for (const [name, call] of entries) {
      const operation = paths[call.path.replace(/:(\w+)/g, '{$1}')]?.[call.method.toLowerCase()];
      if (call.hidden) {
        expect(operation, name).toBeUndefined();
        continue;
      }
      expect(operation, name).toMatchObject({ operationId: name, tags: [call.tag], 'x-access': call.access });
      const parameters = (operation!.parameters ?? []) as { in: string; name: string }[];
      for (const param of call.path.match(/:(\w+)/g) ?? [])
        expect(parameters, `${name} ${param}`).toContainEqual(
          expect.objectContaining({ in: 'path', name: param.slice(1) }),
        );
      const requestBody = operation!.requestBody as { content: Record<string, unknown> } | undefined;
      if (call.body)
        expect(Object.keys(requestBody?.content ?? {}), name).toEqual([call.bodyMedia ?? 'application/json']);
    }
    // A form body is described though its handler checks it (the token call).
    expect(paths['/api/auth/token']!.post!.requestBody).toMatchObject({
      content: { 'application/x-www-form-urlencoded': { schema: { properties: { grant_type: {} } } } },
    });
    // A call that may answer a file says which.
    expect(
      Object.keys(
        (paths['/api/project/sendProjectExport']!.post!.responses as Record<string, { content: object }>)[
          '200'
        ]!.content,
      ),
    ).toEqual(expect.arrayContaining(['application/json', 'application/pdf', 'application/zip']));
  });
});
