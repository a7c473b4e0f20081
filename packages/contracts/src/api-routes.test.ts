import { describe, expect, it } from 'vitest';
import { apiCalls, type ApiCall } from './api-calls';
import { apiRoutes, pathOf, type ApiRoute } from './api-routes';

/** The route line a call of the table needs, as it is written in api-routes.ts. */
function routeLine(name: string, call: ApiCall): string {
  const parts = [`method: '${call.method}'`, `path: '${call.path}'`];
  if (call.bodyMedia) parts.push(`bodyMedia: '${call.bodyMedia}'`);
  if (call.body) parts.push('body: true');
  return `'${name}': { ${parts.join(', ')} },`;
}

describe('the route list (ADR 024, ADR 033)', () => {
  it('has exactly one line per call of the table, equal to what the call says', () => {
    const routes = apiRoutes as Record<string, ApiRoute>;
    for (const [name, call] of Object.entries(apiCalls) as [string, ApiCall][]) {
      const route = routes[name];
      const expected: ApiRoute = { method: call.method, path: call.path };
      if (call.bodyMedia) expected.bodyMedia = call.bodyMedia;
      if (call.body) expected.body = true;
      expect(route, `api-routes.ts needs the line  ${routeLine(name, call)}`).toEqual(expected);
    }
    expect(Object.keys(routes).sort()).toEqual(Object.keys(apiCalls).sort());
  });

  it('fills path parameters, each as one encoded segment, and refuses a missing one', () => {
    expect(pathOf(apiRoutes['instance.get'], { model: 'Menu Item', id: '../x?y' })).toBe(
      '/api/instance/Menu%20Item/..%2Fx%3Fy',
    );
    expect(pathOf(apiRoutes['project.saveOne'])).toBe('/api/project/saveOne');
    expect(() => pathOf(apiRoutes['instance.get'], { model: 'Project' })).toThrow(/id is missing/);
  });
});
