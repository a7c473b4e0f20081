import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@sealplan/db/testing';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('foundation API behaviour', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/health reports database reachability in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      messages: [],
      data: { status: 'ok', database: { reachable: true } },
    });
    expect(['pglite', 'postgres']).toContain(body.data.database.kind);
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('an unknown API path answers 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      messages: ['No API route GET /api/nothing-here.'],
      error: { code: 'NOT_FOUND', message: 'No API route GET /api/nothing-here.' },
    });
  });

  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
  });
});

describe('GET /api/health without a database', () => {
  it('answers 503 and success false when the database does not answer (load balancer health check)', async () => {
    const db = await createTestDb();
    const t = await createTestApp({ db: { ...db, ping: async () => false } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        success: false,
        data: { status: 'degraded', database: { reachable: false } },
      });
    } finally {
      await t.close();
      await db.close();
    }
  });
});
