import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '@sealplan/db';
import {
  WEBHOOK_HEADERS,
  WEBHOOK_MESSAGES,
  type Customer,
  type Project,
  type SavedWebhook,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@sealplan/contracts';
import { buildApp } from '../../app';
import { createTestApp, createTestCpuPool, type TestApp } from '../../testing/test-app';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { call, seedReferenceData, validCustomer } from '../projects/testing/project-fixtures';
import { verifySignature } from './webhook-signature';
import { resolveAll } from './webhook-target';
import { WEBHOOK_DELIVERY_JOB, WEBHOOK_FIRST_RETRY_MS } from './webhooks.service';

/** A local receiver: records each request; answers `failures` 500s first, then 204. */
interface Receiver {
  url: string;
  received: { headers: IncomingHttpHeaders; body: string }[];
  failures: number;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const state = { received: [] as Receiver['received'], failures: 0 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      state.received.push({ headers: req.headers, body });
      if (state.failures > 0) {
        state.failures -= 1;
        res.writeHead(500).end('not now');
      } else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    get received() {
      return state.received;
    },
    get failures() {
      return state.failures;
    },
    set failures(n: number) {
      state.failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A test that sizes a transit, makes a document or builds a second app gets this long on a loaded machine. */
const SLOW_TEST_MS = 180_000;
/** The operator allows private targets and http:// here: the receiver is on this machine. */
const LOCAL_RECEIVERS = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_ALLOW_HTTP: 'true' };

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let stranger: TestUser;
let receiver: Receiver;
let customer: Customer;

const as = <T>(user: TestUser, path: string, payload: unknown) => call<T>(t.app, path, payload, user.headers);
async function ok<T>(user: TestUser, path: string, payload: unknown): Promise<T> {
  const res = await as<T>(user, path, payload);
  expect(res.status, `${path}: ${JSON.stringify(res.body.error)}`).toBe(200);
  return res.body.data;
}
const register = (user: TestUser, url: string, events: string[]) =>
  ok<SavedWebhook>(user, '/api/webhook/save', { url, events, description: 'ERP bridge' });
const deliveriesOf = async (user: TestUser, endpointId?: string) =>
  (await ok<{ deliveries: WebhookDelivery[] }>(user, '/api/webhook/deliveries', { endpointId })).deliveries;

beforeAll(async () => {
  t = await createTestApp({}, LOCAL_RECEIVERS);
  await seedReferenceData(t.deps.db.db);
  admin = await createUserWithToken(t.deps.db.db, { roles: ['ElevatedUser'] });
  member = await createUserWithToken(t.deps.db.db, {
    organizationId: admin.organizationId,
    roles: ['Administrator'],
  });
  stranger = await createUserWithToken(t.deps.db.db, { roles: ['ElevatedUser'] });
  receiver = await startReceiver();
  customer = await ok<Customer>(admin, '/api/customer/saveOne', { customer: validCustomer() });
}, SLOW_TEST_MS);
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('webhook endpoints', () => {
  it('shows the signing secret once and keeps it out of every later answer', async () => {
    const saved = await register(admin, `${receiver.url}/secret`, ['project.created']);
    expect(saved.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(saved.endpoint).toMatchObject({
      url: `${receiver.url}/secret`,
      events: ['project.created'],
      enabled: true,
    });
    const list = await ok<{ endpoints: WebhookEndpoint[] }>(admin, '/api/webhook/list', {});
    expect(JSON.stringify(list)).not.toContain(saved.secret!);
    const changed = await ok<SavedWebhook>(admin, '/api/webhook/save', {
      id: saved.endpoint.id,
      url: `${receiver.url}/secret`,
      events: ['project.created', 'export.made'],
      enabled: false,
    });
    expect(changed.secret).toBeNull();
    expect(changed.endpoint).toMatchObject({ events: ['project.created', 'export.made'], enabled: false });
    await ok(admin, '/api/webhook/delete', { id: saved.endpoint.id });
  });

  it(
    'refuses addresses that are not https (by default), carry credentials, or name no event',
    async () => {
      const strict = await createTestApp();
      try {
        const user = await createUserWithToken(strict.deps.db.db, { roles: ['ElevatedUser'] });
        const save = (body: object) => call(strict.app, '/api/webhook/save', body, user.headers);
        const plain = await save({ url: 'http://hooks.example.com/x', events: ['transit.changed'] });
        expect(plain.status).toBe(400);
        expect(plain.body.error?.fields?.url).toBe(WEBHOOK_MESSAGES.urlScheme);
        const credentials = await save({
          url: 'https://a:b@hooks.example.com/x',
          events: ['transit.changed'],
        });
        expect(credentials.body.error?.fields?.url).toBe(WEBHOOK_MESSAGES.urlCredentials);
        for (const url of [
          'https://127.0.0.1/x',
          'https://10.1.2.3/x',
          'https://[::1]/x',
          'https://169.254.169.254/',
        ]) {
          const res = await save({ url, events: ['transit.changed'] });
          expect(res.body.error?.fields?.url, url).toBe(WEBHOOK_MESSAGES.urlPrivate);
        }
        const none = await save({ url: 'https://hooks.example.com/x', events: [] });
        expect(none.status).toBe(400);
        const good = await save({ url: 'https://hooks.example.com/x', events: ['transit.changed'] });
        expect(good.status).toBe(200);
      } finally {
        await strict.close();
      }
    },
    SLOW_TEST_MS,
  );

  it('is for the organization’s user administrators only, and another organization sees nothing', async () => {
    const saved = await register(admin, `${receiver.url}/tenant`, ['project.created']);
    expect((await as(member, '/api/webhook/list', {})).status).toBe(403);
    expect(
      (await as(member, '/api/webhook/save', { url: receiver.url, events: ['project.created'] })).status,
    ).toBe(403);
    const theirs = await ok<{ endpoints: WebhookEndpoint[] }>(stranger, '/api/webhook/list', {});
    expect(theirs.endpoints).toEqual([]);
    expect((await as(stranger, '/api/webhook/delete', { id: saved.endpoint.id })).status).toBe(404);
    expect((await as(stranger, '/api/webhook/ping', { id: saved.endpoint.id })).status).toBe(404);
    expect((await as(stranger, '/api/webhook/deliveries', { endpointId: saved.endpoint.id })).status).toBe(
      404,
    );
    const changed = await as(stranger, '/api/webhook/save', {
      id: saved.endpoint.id,
      url: 'https://evil.example.com/',
      events: ['project.created'],
    });
    expect(changed.status).toBe(404);
    const [row] = await t.deps.db.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, saved.endpoint.id));
    expect(row!.url).toBe(`${receiver.url}/tenant`);

    // A delivery of the admin's organization is neither listed to nor sent again by the other one.
    const delivery = await ok<WebhookDelivery>(admin, '/api/webhook/ping', { id: saved.endpoint.id });
    expect(await deliveriesOf(stranger)).toEqual([]);
    expect((await as(stranger, '/api/webhook/resend', { deliveryId: delivery.id })).status).toBe(404);
    await t.app.jobQueue.drain();
    await ok(admin, '/api/webhook/delete', { id: saved.endpoint.id });
  });
});

describe('deliveries', () => {
  it('signs each delivery: HMAC-SHA256 over timestamp "." body with the endpoint’s secret', async () => {
    const saved = await register(admin, `${receiver.url}/signed`, ['project.created', 'project.changed']);
    const before = receiver.received.length;
    const project = await ok<Project>(admin, '/api/project/saveOne', {
      project: { name: 'Hull 7 engine room', customerId: customer.id, industryId: 'OFF_SHORE' },
    });
    await t.app.jobQueue.drain();
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const { headers, body } = got[0]!;
    expect(JSON.parse(body)).toMatchObject({
      type: 'project.created',
      organizationId: admin.organizationId,
      data: { projectId: project.id, name: 'Hull 7 engine room' },
    });
    expect(headers[WEBHOOK_HEADERS.event]).toBe('project.created');
    const signature = String(headers[WEBHOOK_HEADERS.signature]);
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect(verifySignature(saved.secret!, signature, body, nowSeconds)).toBe(true);
    // Another secret, a changed body or an old signature is refused.
    expect(verifySignature('whsec_other', signature, body, nowSeconds)).toBe(false);
    expect(verifySignature(saved.secret!, signature, body.replace('Hull 7', 'Hull 8'), nowSeconds)).toBe(
      false,
    );
    expect(verifySignature(saved.secret!, signature, body, nowSeconds + 3600)).toBe(false);

    const [delivery] = await deliveriesOf(admin, saved.endpoint.id);
    expect(delivery).toMatchObject({
      event: 'project.created',
      status: 'DELIVERED',
      responseStatus: 204,
      attempts: 1,
    });
    await ok(admin, '/api/webhook/delete', { id: saved.endpoint.id });
  });

  it('retries with backoff against a receiver that fails twice, then delivers; "send again" sends it anew', async () => {
    const saved = await register(admin, `${receiver.url}/flaky`, ['project.created']);
    receiver.failures = 2;
    const before = receiver.received.length;
    await ok<WebhookDelivery>(admin, '/api/webhook/ping', { id: saved.endpoint.id });
    await t.app.jobQueue.drain();
    let [delivery] = await deliveriesOf(admin, saved.endpoint.id);
    expect(delivery).toMatchObject({ status: 'PENDING', attempts: 1, responseStatus: 500 });
    expect(delivery!.lastError).toContain('HTTP 500');

    // Not before the backoff: draining now sends nothing.
    await t.app.jobQueue.drain();
    expect(receiver.received.length - before).toBe(1);
    await t.advanceQueueClock(WEBHOOK_FIRST_RETRY_MS + 1_000);
    await t.app.jobQueue.drain();
    [delivery] = await deliveriesOf(admin, saved.endpoint.id);
    expect(delivery).toMatchObject({ status: 'PENDING', attempts: 2, responseStatus: 500 });
    // The second retry waits longer (×4).
    await t.advanceQueueClock(WEBHOOK_FIRST_RETRY_MS + 1_000);
    await t.app.jobQueue.drain();
    expect(receiver.received.length - before).toBe(2);
    await t.advanceQueueClock(4 * WEBHOOK_FIRST_RETRY_MS);
    await t.app.jobQueue.drain();
    [delivery] = await deliveriesOf(admin, saved.endpoint.id);
    expect(delivery).toMatchObject({
      status: 'DELIVERED',
      attempts: 3,
      responseStatus: 204,
      lastError: null,
    });
    const bodies = receiver.received.slice(before).map((r) => r.body);
    expect(new Set(bodies).size).toBe(1);

    const again = await ok<WebhookDelivery>(admin, '/api/webhook/resend', { deliveryId: delivery!.id });
    expect(again.status).toBe('PENDING');
    await t.app.jobQueue.drain();
    [delivery] = await deliveriesOf(admin, saved.endpoint.id);
    expect(delivery).toMatchObject({ status: 'DELIVERED', attempts: 4 });
    expect(receiver.received.at(-1)!.body).toBe(bodies[0]);
    expect(receiver.received.at(-1)!.headers[WEBHOOK_HEADERS.delivery]).toBe(delivery!.id);
    await ok(admin, '/api/webhook/delete', { id: saved.endpoint.id });
  });

  it(
    'a queued delivery survives a restart of the server',
    async () => {
      const saved = await register(admin, `${receiver.url}/restart`, ['project.changed']);
      await t.app.jobQueue.stop();
      const before = receiver.received.length;
      await ok<WebhookDelivery>(admin, '/api/webhook/ping', { id: saved.endpoint.id });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(receiver.received.length).toBe(before);
      // Waiting in the queue (`queue_jobs` on PGlite, pg-boss on PostgreSQL).
      expect(await t.app.jobQueue.pendingCount(WEBHOOK_DELIVERY_JOB)).toBeGreaterThan(0);
      // A second app on the same database stands in for the restarted server; it finds the job and sends it.
      // Its own worker pool: closing the second app closes its pool, never the first app's.
      const restarted = await buildApp({ ...t.deps, cpu: createTestCpuPool() }, { logger: false });
      await restarted.ready();
      await restarted.jobQueue.drain();
      await restarted.close();
      expect(receiver.received.length).toBe(before + 1);
      expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({ type: 'ping' });
      await t.app.jobQueue.start();
      await ok(admin, '/api/webhook/delete', { id: saved.endpoint.id });
    },
    SLOW_TEST_MS,
  );

  it(
    'sends transit, status and export events to the endpoints that subscribe to them only',
    async () => {
      const all = await register(admin, `${receiver.url}/all`, [
        'transit.changed',
        'transit.status_changed',
        'export.made',
      ]);
      const projectsOnly = await register(admin, `${receiver.url}/projects-only`, ['project.created']);
      const project = await ok<Project>(admin, '/api/project/saveOne', {
        project: { name: 'Accommodation deck', customerId: customer.id, industryId: 'OFF_SHORE' },
      });
      const transit = await ok<{ id: string }>(admin, '/api/project/saveTransit', {
        transit: {
          projectId: project.id,
          name: 'AC-1',
          shape: 'ROUND',
          diameterMm: 250,
          penetratingItemTypeId: 'CABLE',
          transitTypeId: 'NOFIRNO',
          classId: 'A_60_CLASS',
          sealantType: 'NOFIRNO_SEALANT',
          sealantDepth: 'DOUBLE',
          depthMm: 150,
        },
      });
      await ok(admin, '/api/site/changeStatus', { transitId: transit.id, action: 'install' });
      const pdf = await t.app.inject({
        method: 'POST',
        url: '/api/project/sendProjectExport',
        headers: admin.headers,
        payload: { projectId: project.id, measurementSystem: 'METRIC', outputFormat: 'CSV' },
      });
      expect(pdf.statusCode).toBe(200);
      await t.app.jobQueue.drain();
      const events = (await deliveriesOf(admin, all.endpoint.id)).map((d) => d.event).sort();
      expect(events).toEqual(['export.made', 'transit.changed', 'transit.status_changed']);
      const status = receiver.received.find(
        (r) => r.headers[WEBHOOK_HEADERS.event] === 'transit.status_changed',
      );
      expect(JSON.parse(status!.body).data).toMatchObject({ transitId: transit.id, status: 'INSTALLED' });
      expect((await deliveriesOf(admin, projectsOnly.endpoint.id)).map((d) => d.event)).toEqual([
        'project.created',
      ]);
      await ok(admin, '/api/webhook/delete', { id: all.endpoint.id });
      await ok(admin, '/api/webhook/delete', { id: projectsOnly.endpoint.id });
    },
    SLOW_TEST_MS,
  );
});

describe('private targets', () => {
  it(
    'refuses at delivery a name that resolves to 127.0.0.1 (localhost, and a custom resolver)',
    async () => {
      const port = new URL(receiver.url).port;
      const guarded = await createTestApp(
        // A public-looking name whose DNS answer is this machine.
        {
          resolveHost: async (host) =>
            host === 'hooks.example.com' ? [{ address: '127.0.0.1', family: 4 }] : resolveAll(host),
        },
        { WEBHOOK_ALLOW_HTTP: 'true' },
      );
      try {
        const user = await createUserWithToken(guarded.deps.db.db, { roles: ['ElevatedUser'] });
        const before = receiver.received.length;
        for (const url of [`http://hooks.example.com:${port}/x`, `http://localhost:${port}/x`]) {
          const saved = await call<SavedWebhook>(
            guarded.app,
            '/api/webhook/save',
            { url, events: ['project.created'] },
            user.headers,
          );
          // A name passes when it is saved: its address is checked when a delivery is made.
          expect(saved.status).toBe(200);
          const ping = await call<WebhookDelivery>(
            guarded.app,
            '/api/webhook/ping',
            { id: saved.body.data.endpoint.id },
            user.headers,
          );
          expect(ping.status).toBe(200);
          await guarded.app.jobQueue.drain();
          const list = await call<{ deliveries: WebhookDelivery[] }>(
            guarded.app,
            '/api/webhook/deliveries',
            { endpointId: saved.body.data.endpoint.id },
            user.headers,
          );
          const [delivery] = list.body.data.deliveries;
          // Refused at once, not retried: the same address would be refused again.
          expect(delivery, url).toMatchObject({ status: 'FAILED', attempts: 1, responseStatus: null });
          expect(delivery!.lastError).toMatch(/resolves to (127\.0\.0\.1|::1), a private or local address/);
        }
        expect(receiver.received.length).toBe(before);
      } finally {
        await guarded.close();
      }
    },
    SLOW_TEST_MS,
  );
});
