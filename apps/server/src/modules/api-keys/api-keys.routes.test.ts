import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { apiKeys, customers, idempotencyKeys } from '@sealplan/db';
import {
  API_KEY_MESSAGES,
  type ApiKey,
  type CreatedApiKey,
  type Customer,
  type Project,
} from '@sealplan/contracts';
import { buildApp } from '../../app';
import { createTestApp, createTestCpuPool, type TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { call, seedReferenceData, validCustomer } from '../projects/testing/project-fixtures';

let t: TestApp;
let admin: TestUser;
let plainUser: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.deps.db.db);
  admin = await createUserWithToken(t.deps.db.db, { roles: ['Administrator', 'ElevatedUser'] });
  plainUser = await createUserWithToken(t.deps.db.db, { organizationId: admin.organizationId });
  otherAdmin = await createUserWithToken(t.deps.db.db, { roles: ['Administrator', 'ElevatedUser'] });
});
afterAll(async () => t.close());

async function makeKey(
  by: TestUser,
  body: { name?: string; scopes: string[]; expiresAt?: string | null },
  app = t.app,
): Promise<CreatedApiKey> {
  const res = await call<CreatedApiKey>(
    app,
    '/api/apiKeys/create',
    { name: 'ERP link', ...body },
    by.headers,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

async function v1(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
  app = t.app,
) {
  return app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('making, listing and revoking keys', () => {
  it('answers the secret once and stores only its SHA-256', async () => {
    const created = await makeKey(admin, { scopes: ['read'] });
    expect(created.secret).toMatch(/^spk_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({ name: 'ERP link', scopes: ['read'], useCount: 0, revokedAt: null });
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);

    const [row] = await t.deps.db.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(row!.secretHash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    // Nowhere in the row is the secret itself.
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(API_KEY_PREFIX_LENGTH));

    const list = await call<ApiKey[]>(t.app, '/api/apiKeys/list', {}, admin.headers);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    expect(list.body.data.map((k) => k.id)).toContain(created.key.id);
  });

  it('is for user administrators only, and each organization sees its own keys', async () => {
    const refused = await call(
      t.app,
      '/api/apiKeys/create',
      { name: 'x', scopes: ['read'] },
      plainUser.headers,
    );
    expect(refused.status).toBe(403);
    const mine = await makeKey(admin, { scopes: ['read'] });
    const theirs = await call<ApiKey[]>(t.app, '/api/apiKeys/list', {}, otherAdmin.headers);
    expect(theirs.body.data.map((k) => k.id)).not.toContain(mine.key.id);
    const revoke = await call(t.app, '/api/apiKeys/revoke', { apiKeyId: mine.key.id }, otherAdmin.headers);
    expect(revoke.status).toBe(404);
  });

  it('refuses bad input with the field named', async () => {
    const noScope = await call(t.app, '/api/apiKeys/create', { name: 'x', scopes: [] }, admin.headers);
    expect(noScope.status).toBe(400);
    expect(noScope.body.error?.fields?.scopes).toBe(API_KEY_MESSAGES.scopes);
    const past = await call(
      t.app,
      '/api/apiKeys/create',
      { name: 'x', scopes: ['read'], expiresAt: '2001-01-01T00:00:00Z' },
      admin.headers,
    );
    expect(past.status).toBe(400);
    expect(past.body.error?.fields?.expiresAt).toBe(API_KEY_MESSAGES.expiryInPast);
  });
});

describe('the public API with a key', () => {
  it('enforces each call’s scope', async () => {
    const reader = await makeKey(admin, { scopes: ['read'] });
    const writer = await makeKey(admin, { scopes: ['write'] });
    expect((await v1('GET', '/api/v1/customers', bearer(reader.secret))).statusCode).toBe(200);
    const denied = await v1('POST', '/api/v1/customers', bearer(reader.secret), {
      customer: validCustomer(),
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toEqual({
      code: 'FORBIDDEN',
      message: API_KEY_MESSAGES.scopeMissing('write'),
    });
    const made = await v1(
      'POST',
      '/api/v1/customers',
      { 'x-api-key': writer.secret },
      { customer: validCustomer() },
    );
    expect(made.statusCode, made.body).toBe(200);
    expect((await v1('GET', '/api/v1/customers', bearer(writer.secret))).statusCode).toBe(403);
    const pdf = await v1('POST', `/api/v1/projects/${crypto.randomUUID()}/export`, bearer(reader.secret), {
      measurementSystem: 'METRIC',
    });
    expect(pdf.statusCode).toBe(403);
  });

  it('takes keys only: a session token is refused there, and a key is refused by the app’s own calls', async () => {
    const reader = await makeKey(admin, { scopes: ['read', 'write', 'export'] });
    const session = await v1('GET', '/api/v1/customers', admin.headers);
    expect(session.statusCode).toBe(401);
    expect(session.json().error.code).toBe('UNAUTHENTICATED');
    const internal = await call(t.app, '/api/customer/getActive', {}, bearer(reader.secret));
    expect(internal.status).toBe(401);
    expect((await v1('GET', '/api/v1/customers', {})).json().error.message).toBe(
      API_KEY_MESSAGES.keyRequired,
    );
    expect((await v1('GET', '/api/v1/customers', bearer('spk_nothing'))).statusCode).toBe(401);
  });

  it('acts for the key’s organization only', async () => {
    const theirs = await makeKey(otherAdmin, { scopes: ['read', 'write'] });
    const mine = await makeKey(admin, { scopes: ['read', 'write'] });
    const customer = (
      await v1('POST', '/api/v1/customers', bearer(theirs.secret), {
        customer: validCustomer({ name: 'Theirs' }),
      })
    ).json().data as Customer;
    const project = await v1('POST', '/api/v1/projects', bearer(theirs.secret), {
      project: { name: 'Their project', customerId: customer.id, industryId: 'OFF_SHORE', description: '' },
    });
    expect(project.statusCode, project.body).toBe(200);
    const projectId = (project.json().data as Project).id;
    expect((await v1('GET', `/api/v1/projects/${projectId}`, bearer(theirs.secret))).statusCode).toBe(200);
    expect((await v1('GET', `/api/v1/projects/${projectId}`, bearer(mine.secret))).statusCode).toBe(404);
    const mineList = await v1('GET', '/api/v1/customers', bearer(mine.secret));
    expect((mineList.json().data as Customer[]).map((c) => c.id)).not.toContain(customer.id);
    const write = await v1('POST', '/api/v1/projects', bearer(mine.secret), {
      project: { name: 'Into theirs', customerId: customer.id, industryId: 'OFF_SHORE', description: '' },
    });
    expect(write.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('creates a transit with items, reads it back sized, and lists it in the project read', async () => {
    const key = await makeKey(admin, { scopes: ['read', 'write', 'export'] });
    const customer = (
      await v1('POST', '/api/v1/customers', bearer(key.secret), { customer: validCustomer() })
    ).json().data as Customer;
    const project = (
      await v1('POST', '/api/v1/projects', bearer(key.secret), {
        project: { name: 'NB 1042', customerId: customer.id, industryId: 'OFF_SHORE', description: 'Deck 3' },
      })
    ).json().data as Project;
    const saved = await v1('POST', '/api/v1/transits', bearer(key.secret), {
      transit: {
        projectId: project.id,
        name: 'Frame 42',
        shape: 'ROUND',
        diameterMm: 150,
        penetratingItemTypeId: 'CABLE',
        transitTypeId: 'NOFIRNO',
        classId: 'A_60_CLASS',
        sealantType: 'NOFIRNO_SEALANT',
        sealantDepth: 'DOUBLE',
        depthMm: 150,
      },
      penetratingItems: [
        { itemTypeId: 'CABLE', quantity: 4, outerDiameterMm: 18.5, tag: 'C-101' },
        { itemTypeId: 'CABLE', quantity: 2, outerDiameterMm: 32, tag: 'C-102' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const transitId = saved.json().data.transit.id as string;
    const read = await v1('GET', `/api/v1/transits/${transitId}`, bearer(key.secret));
    expect(read.statusCode).toBe(200);
    expect(read.json().data.penetratingItems.map((i: { tag: string }) => i.tag)).toEqual(['C-101', 'C-102']);
    expect(read.json().data.transit.results).toBeTruthy();

    const whole = await v1('GET', `/api/v1/projects/${project.id}`, bearer(key.secret));
    expect(whole.statusCode).toBe(200);
    expect(whole.json().data.transits.map((tr: { id: string }) => tr.id)).toEqual([transitId]);
    const page = await v1('GET', '/api/v1/projects?limit=1', bearer(key.secret));
    expect(page.json().data.projects).toHaveLength(1);
    expect(page.json().data.total).toBeGreaterThanOrEqual(1);
    const site = await v1('GET', `/api/v1/projects/${project.id}/site`, bearer(key.secret));
    expect(site.statusCode).toBe(200);
    expect((await v1('GET', '/api/v1/statuses', bearer(key.secret))).statusCode).toBe(200);

    const csv = await v1('POST', `/api/v1/projects/${project.id}/export`, bearer(key.secret), {
      outputFormat: 'CSV',
      measurementSystem: 'METRIC',
    });
    expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body, csv.body.slice(0, 600)).toContain('Frame 42');
  }, 120_000);

  it('shows each key’s last use and use count', async () => {
    const key = await makeKey(admin, { scopes: ['read'] });
    for (let i = 0; i < 3; i++) await v1('GET', '/api/v1/customers', bearer(key.secret));
    const list = await call<ApiKey[]>(t.app, '/api/apiKeys/list', {}, admin.headers);
    const shown = list.body.data.find((k) => k.id === key.key.id)!;
    expect(shown.useCount).toBe(3);
    expect(shown.lastUsedAt).not.toBeNull();
  });

  it('refuses a key past its expiry', async () => {
    const key = await makeKey(admin, {
      scopes: ['read'],
      expiresAt: new Date(t.deps.now().getTime() + 60_000).toISOString(),
    });
    expect((await v1('GET', '/api/v1/customers', bearer(key.secret))).statusCode).toBe(200);
    t.advanceClock(2 * 60_000);
    expect((await v1('GET', '/api/v1/customers', bearer(key.secret))).statusCode).toBe(401);
  });
});

describe('on two app servers', () => {
  it('a revoke counts at once on every server', async () => {
    const key = await makeKey(admin, { scopes: ['read'] });
    const other = await buildApp({ ...t.deps, cpu: createTestCpuPool() }, { logger: false });
    await other.ready();
    try {
      expect((await v1('GET', '/api/v1/customers', bearer(key.secret), undefined, other)).statusCode).toBe(
        200,
      );
      const revoked = await call<ApiKey>(
        t.app,
        '/api/apiKeys/revoke',
        { apiKeyId: key.key.id },
        admin.headers,
      );
      expect(revoked.status).toBe(200);
      expect(revoked.body.data.revokedAt).not.toBeNull();
      const after = await v1('GET', '/api/v1/customers', bearer(key.secret), undefined, other);
      expect(after.statusCode).toBe(401);
      expect(after.json().error.message).toBe(API_KEY_MESSAGES.keyInvalid);
      expect((await v1('GET', '/api/v1/customers', bearer(key.secret))).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('a key’s rate limit is shared by the servers', async () => {
    const limited = await createTestApp({}, { API_KEY_RATE_LIMIT_PER_MINUTE: '4' });
    const other = await buildApp({ ...limited.deps, cpu: createTestCpuPool() }, { logger: false });
    await other.ready();
    try {
      const owner = await createUserWithToken(limited.deps.db.db, {
        roles: ['Administrator', 'ElevatedUser'],
      });
      const key = await makeKey(owner, { scopes: ['read'] }, limited.app);
      const apps = [limited.app, other, limited.app, other];
      for (const app of apps)
        expect((await v1('GET', '/api/v1/customers', bearer(key.secret), undefined, app)).statusCode).toBe(
          200,
        );
      const fifth = await v1('GET', '/api/v1/customers', bearer(key.secret), undefined, other);
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json().error.code).toBe('RATE_LIMITED');
      expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
      // Another key has its own allowance.
      const second = await makeKey(owner, { scopes: ['read'] }, limited.app);
      expect((await v1('GET', '/api/v1/customers', bearer(second.secret), undefined, other)).statusCode).toBe(
        200,
      );
      // The next window starts again.
      limited.advanceClock(61_000);
      const later = await v1('GET', '/api/v1/customers', bearer(key.secret), undefined, limited.app);
      expect(later.statusCode).toBe(200);
    } finally {
      await other.close();
      await limited.close();
    }
  }, 120_000);
});

describe('idempotency keys', () => {
  it('a retried create answers the first answer and makes one record, on either server', async () => {
    const key = await makeKey(admin, { scopes: ['read', 'write'] });
    const headers = { ...bearer(key.secret), 'idempotency-key': `order-${crypto.randomUUID()}` };
    const body = { customer: validCustomer({ name: `Retry Yards ${crypto.randomUUID().slice(0, 6)}` }) };
    const first = await v1('POST', '/api/v1/customers', headers, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const other = await buildApp({ ...t.deps, cpu: createTestCpuPool() }, { logger: false });
    await other.ready();
    try {
      const again = await v1('POST', '/api/v1/customers', headers, body, other);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
    } finally {
      await other.close();
    }
    const rows = await t.deps.db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(eq(customers.name, body.customer.name));
    expect(rows[0]!.n).toBe(1);

    const otherBody = await v1('POST', '/api/v1/customers', headers, {
      customer: validCustomer({ name: 'Something else' }),
    });
    expect(otherBody.statusCode).toBe(409);
    expect(otherBody.json().error.message).toBe(API_KEY_MESSAGES.idempotencyKeyReused);
  });

  it('a failed request leaves its key free, and a bad key is refused', async () => {
    const key = await makeKey(admin, { scopes: ['write'] });
    const idem = `bad-${crypto.randomUUID()}`;
    const headers = { ...bearer(key.secret), 'idempotency-key': idem };
    const invalid = await v1('POST', '/api/v1/customers', headers, { customer: validCustomer({ name: '' }) });
    expect(invalid.statusCode).toBe(400);
    const left = await t.deps.db.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, idem));
    expect(left).toHaveLength(0);
    const spaced = await v1(
      'POST',
      '/api/v1/customers',
      { ...bearer(key.secret), 'idempotency-key': 'a b' },
      {
        customer: validCustomer(),
      },
    );
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json().error.message).toBe(API_KEY_MESSAGES.idempotencyKeyInvalid);
  });

  it('two requests with one key at the same time make one record', async () => {
    const key = await makeKey(admin, { scopes: ['write'] });
    const headers = { ...bearer(key.secret), 'idempotency-key': `race-${crypto.randomUUID()}` };
    const name = `Race Yards ${crypto.randomUUID().slice(0, 6)}`;
    const answers = await Promise.all(
      [0, 1, 2].map(() => v1('POST', '/api/v1/customers', headers, { customer: validCustomer({ name }) })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const rows = await t.deps.db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(eq(customers.name, name));
    expect(rows[0]!.n).toBe(1);
  });
});

const API_KEY_PREFIX_LENGTH = 'spk_'.length;
