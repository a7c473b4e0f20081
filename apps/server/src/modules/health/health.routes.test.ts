import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

describe('GET /api/health under a burst', () => {
  it('checks that arrive while a ping is on its way share it; a later check pings again', async () => {
    const db = await createTestDb();
    let pings = 0;
    let answer!: (reachable: boolean) => void;
    const t = await createTestApp({
      db: {
        ...db,
        ping: () => {
          pings++;
          return new Promise<boolean>((resolve) => (answer = resolve));
        },
      },
    });
    try {
      const burst = Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: '/api/health' }));
      await vi.waitFor(() => expect(pings).toBe(1));
      // Give every check of the burst time to reach the route while the ping is still on its way.
      await new Promise((r) => setTimeout(r, 200));
      answer(true);
      const answers = await Promise.all(burst);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(pings).toBe(1);

      const later = t.app.inject({ method: 'GET', url: '/api/health' });
      await vi.waitFor(() => expect(pings).toBe(2));
      answer(false);
      expect((await later).statusCode).toBe(503);
    } finally {
      await t.close();
      await db.close();
    }
  });
});
