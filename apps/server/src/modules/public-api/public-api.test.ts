import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projectChanges } from '@sealplan/db';
import { apiCalls, type ApiCall, type CreatedApiKey } from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUserWithToken } from '../../testing/factories';
import { call, seedReferenceData, validCustomer } from '../projects/testing/project-fixtures';
import type { paths } from './testing/public-api.generated';

/**
 * ADR 036: the public API's own description (/api/v1/openapi.json) passes Redocly recommended with no error,
 * names every call that takes an API key and nothing else, and a client generated from it (openapi-typescript
 * types, committed in testing/public-api.generated.ts and compared with a fresh generation here; openapi-fetch
 * calls) works against a running server.
 */
const REDOCLY = fileURLToPath(new URL('../../../../../node_modules/.bin/redocly', import.meta.url));
const GENERATED = fileURLToPath(new URL('./testing/public-api.generated.ts', import.meta.url));
const GENERATED_HEADER =
  '// Made by openapi-typescript from /api/v1/openapi.json (public-api.test.ts; UPDATE_PUBLIC_API_TYPES=1 writes it).\n';

let t: TestApp;
let dir: string;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'sealplan-public-api-'));
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = res.json() as OpenApiDocument;
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Operation {
  operationId: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses: Record<string, { headers?: Record<string, unknown> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

const keyCalls = () =>
  Object.entries(apiCalls as Record<string, ApiCall>).filter(([, c]) => c.access === 'apiKey');

describe('the public API description (ADR 036)', () => {
  it('passes Redocly recommended with no error', async () => {
    const path = join(dir, 'public-openapi.json');
    writeFileSync(path, JSON.stringify(document));
    const run = await promisify(execFile)(
      REDOCLY,
      ['lint', path, '--extends', 'recommended', '--format', 'json', '--max-problems', '10000'],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64e6,
      },
    ).catch((error: { stdout: string }) => error);
    const { problems } = JSON.parse(run.stdout) as {
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(errors).toEqual([]);
  }, 120_000);

  it('documents every route that takes an API key, with its key, scope, limits, examples and retries', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Sealplan public API');
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['apiKey', 'apiKeyHeader']);
    const operations = Object.values(document.paths).flatMap((ops) => Object.values(ops));
    // Every route the server registered under /api/v1 for API keys is in the description: one registered
    // any other way, or left out of the table, fails here.
    const registered = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/v1/') && !r.url.startsWith('/api/v1/account/'))
      .filter((r) => !r.url.startsWith('/api/v1/openapi.json') && !r.url.startsWith('/api/v1/reference'))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    const documented = Object.entries(document.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(registered);
    expect(operations.map((o) => o.operationId).sort()).toEqual(
      keyCalls()
        .map(([name]) => name)
        .sort(),
    );
    for (const [name, c] of keyCalls()) {
      const op = operations.find((o) => o.operationId === name)!;
      expect(op.security, name).toEqual([{ apiKey: [] }, { apiKeyHeader: [] }]);
      expect(op.description, name).toContain(`Scope: \`${c.scope}\``);
      expect(Object.keys(op.responses), name).toEqual(expect.arrayContaining(['200', '401', '403', '429']));
      expect(op.responses['429']!.headers, name).toHaveProperty('Retry-After');
      const idempotency = !!op.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
      expect(idempotency, name).toBe(c.idempotent === true);
      if (c.examples?.request)
        expect(op.requestBody?.content?.['application/json']?.example, name).toEqual(c.examples.request);
    }
  });

  it('serves the interactive reference page, rendered by Redoc from the description', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/reference' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<redoc spec-url="openapi.json"');
    const script = await t.app.inject({ method: 'GET', url: '/api/v1/reference/redoc.standalone.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body.length).toBeGreaterThan(100_000);
  });
});

describe('a client generated from the description', () => {
  it('is the committed one (regenerate with UPDATE_PUBLIC_API_TYPES=1)', async () => {
    const generated = GENERATED_HEADER + astToString(await openapiTS(document as never));
    if (process.env.UPDATE_PUBLIC_API_TYPES === '1') writeFileSync(GENERATED, generated);
    expect(readFileSync(GENERATED, 'utf8')).toBe(generated);
  }, 60_000);

  it('calls the running server: creates a customer and a project with a retry, reads them back', async () => {
    await seedReferenceData(t.deps.db.db);
    const admin = await createUserWithToken(t.deps.db.db, { roles: ['Administrator', 'ElevatedUser'] });
    const made = await call<CreatedApiKey>(
      t.app,
      '/api/apiKeys/create',
      { name: 'Smoke client', scopes: ['read', 'write', 'export'] },
      admin.headers,
    );
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = createClient<paths>({
      baseUrl: address,
      headers: { authorization: `Bearer ${made.body.data.secret}` },
    });

    const customer = await client.POST('/api/v1/customers', {
      body: { customer: validCustomer({ name: 'Smoke Yards' }) as never },
      params: { header: { 'Idempotency-Key': 'smoke-customer-1' } },
    });
    expect(customer.response.status).toBe(200);
    const customerId = customer.data!.data.id;
    const retried = await client.POST('/api/v1/customers', {
      body: { customer: validCustomer({ name: 'Smoke Yards' }) as never },
      params: { header: { 'Idempotency-Key': 'smoke-customer-1' } },
    });
    expect(retried.response.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.data!.data.id).toBe(customerId);

    const project = await client.POST('/api/v1/projects', {
      body: { project: { name: 'Smoke project', customerId, industryId: 'OFF_SHORE', description: '' } },
    });
    expect(project.response.status).toBe(200);
    const projectId = project.data!.data.id;
    // ADR 032: a project made through the public API is in its history, by the key's user, like the app's own.
    const changes = await t.deps.db.db
      .select()
      .from(projectChanges)
      .where(eq(projectChanges.projectId, projectId));
    expect(changes.map((c) => [c.action, c.changedById])).toEqual([['created', admin.id]]);
    const read = await client.GET('/api/v1/projects/{projectId}', { params: { path: { projectId } } });
    expect(read.data!.data.project.name).toBe('Smoke project');
    expect(read.data!.data.customer.name).toBe('Smoke Yards');
    const list = await client.GET('/api/v1/projects', { params: { query: { limit: 10 } } });
    expect(list.data!.data.projects.map((p) => p.id)).toContain(projectId);

    const missing = await client.GET('/api/v1/projects/{projectId}', {
      params: { path: { projectId: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  }, 60_000);
});
