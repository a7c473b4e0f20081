import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, type ApiCallName } from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * ADR 034: the OpenAPI document passes Redocly's recommended rules with no error, read by Redocly's own CLI
 * (a devDependency of the repository). Its warnings are printed, so a reader sees what is left.
 */
const REDOCLY = fileURLToPath(new URL('../../../../node_modules/.bin/redocly', import.meta.url));

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'sealplan-openapi-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

describe('the OpenAPI document (ADR 034)', () => {
  it('passes Redocly recommended with no error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const path = join(dir, 'openapi.json');
    writeFileSync(path, res.body);
    const run = await promisify(execFile)(
      REDOCLY,
      ['lint', path, '--extends', 'recommended', '--format', 'json', '--max-problems', '10000'],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64e6,
      },
    ).catch((error: { stdout: string }) => error);
    const { problems } = JSON.parse(run.stdout) as { problems: LintProblem[] };
    const summary = (severity: string) =>
      problems
        .filter((p) => p.severity === severity)
        .map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    const warnings = summary('warn');
    if (warnings.length)
      console.log(`Redocly warnings (${warnings.length}):\n${warnings.slice(0, 40).join('\n')}`);
    expect(summary('error')).toEqual([]);
  }, 120_000);

  it('gives each call its summary, who may call it, its error answers and its media, from the call table', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    };
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const op = (name: ApiCallName) => {
      const c = apiCalls[name];
      return doc.paths[c.path.replace(/:(\w+)/g, '{$1}')]![c.method.toLowerCase()]!;
    };
    expect(op('auth.token')).toMatchObject({ summary: 'Token', security: [] });
    expect(Object.keys(op('auth.token').responses)).toEqual(
      expect.arrayContaining(['200', '400', '403', '429', '500']),
    );
    const save = op('project.saveTransit');
    expect(save.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(save.responses).sort()).toEqual(
      ['200', '400', '401', '403', '404', '409', '413', '415', '429', '500', '503'].sort(),
    );
    expect(save.responses['409']!.description).toContain('VERSION_CONFLICT');
    expect(save.responses['409']!.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } },
    });
    expect(op('project.sendProjectExport').responses['200']!.content!['application/pdf']).toEqual({
      schema: { type: 'string', format: 'binary' },
    });
    expect(op('locker.upload').requestBody!.content!['multipart/form-data']!.schema).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
    });
  });
});

interface Operation {
  summary?: string;
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses: Record<string, { description?: string; content?: Record<string, unknown> }>;
}
