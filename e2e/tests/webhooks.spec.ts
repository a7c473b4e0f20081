// Webhooks (ADR 037): an administrator registers an endpoint (a receiver this spec runs), sees its signing secret
// once, sends a test event, finds the delivery in the log with the receiver's answer, and sends it again. The
// receiver checks each delivery's signature as docs/webhooks.md tells an integrator to.
// Run: E2E_PORT=3240 E2E_WORKERS=1 npx playwright test -c e2e/playwright.config.ts tests/webhooks.spec.ts --project=per-user
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect as baseExpect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/session';

/** The machine runs many suites at once: waits are generous, the assertions are not. */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

interface Received {
  event: string;
  signature: string;
  body: string;
}

let server: Server;
let receiverUrl: string;
const received: Received[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({
        event: String(req.headers['sealplan-event']),
        signature: String(req.headers['sealplan-signature']),
        body,
      });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The e2e server allows private targets and http:// (scripts/e2e-server.mjs): the receiver is on this machine.
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${Date.now().toString(36)}`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** docs/webhooks.md: HMAC-SHA256 of `<t>.<body>` with the secret, compared in constant time. */
function verified(secret: string, delivery: Received): boolean {
  const parts = Object.fromEntries(
    delivery.signature.split(',').map((p) => p.split('=') as [string, string]),
  );
  const expected = createHmac('sha256', secret).update(`${parts.t}.${delivery.body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

test('an administrator registers an endpoint, sees a signed delivery in the log and sends it again', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

  await page.getByRole('textbox', { name: 'Endpoint address' }).fill(receiverUrl);
  await page.getByRole('textbox', { name: 'Description' }).fill('E2E receiver');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const secretBox = page.getByTestId('webhook-secret');
  await expect(secretBox).toHaveText(/^whsec_/);
  const secret = (await secretBox.textContent())!;

  const endpoints = page.getByRole('table', { name: 'Endpoints' });
  const row = endpoints.getByRole('row').filter({ hasText: receiverUrl });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Send test event' }).click();

  // The per-user workers' administrators share the provider organization (ADR 026), so a project another spec
  // saves meanwhile is delivered to this endpoint too: the test event's row and requests are the ones looked at.
  const log = page.getByRole('table', { name: 'Delivery log' });
  const delivery = log.getByRole('row').filter({ hasText: receiverUrl }).filter({ hasText: 'Test event' });
  const pings = () => received.filter((r) => r.event === 'ping');
  await expect(delivery).toHaveCount(1);
  await expect(delivery).toContainText('Delivered');
  await expect(delivery.getByRole('cell', { name: '202', exact: true })).toBeVisible();
  expect(pings()).toHaveLength(1);
  expect(verified(secret, pings()[0]!)).toBe(true);
  expect(verified(`${secret}x`, pings()[0]!)).toBe(false);

  // Leaving the page and coming back: the secret is not shown again.
  await page.reload();
  await expect(delivery).toHaveCount(1);
  await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

  await delivery.getByRole('button', { name: 'Send again' }).click();
  await expect(delivery.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  await expect(delivery).toContainText('Delivered');
  expect(pings()).toHaveLength(2);
  expect(pings()[1]!.body).toBe(pings()[0]!.body);
  expect(verified(secret, pings()[1]!)).toBe(true);

  // Tidy up: the worker's organization keeps no endpoint of this run.
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(endpoints.getByRole('row').filter({ hasText: receiverUrl })).toHaveCount(0);
});
