// API keys (ADR 036): an administrator makes a key on the settings page, sees its secret once, uses it on the
// public API, sees its use counted, and revokes it; the next request with it is refused.
// Run: E2E_PORT=3230 E2E_WORKERS=1 npx playwright test -c e2e/playwright.config.ts tests/api-keys.spec.ts --project=per-user
import { expect as baseExpect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/session';

/** The machine runs many suites at once: waits are generous, the assertions are not. */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

test('an administrator makes an API key, sees its secret once, and revokes it', async ({ page }) => {
  await signInAsAdmin(page);
  const name = `ERP link ${Date.now().toString(36)}`;
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('checkbox', { name: 'Write' }).check();
  await page.getByRole('button', { name: 'Create key' }).click();

  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('shown only once');
  const secret = (await dialog.getByTestId('api-key-secret').innerText()).trim();
  expect(secret).toMatch(/^spk_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The key works on the public API, for its scopes.
  const auth = { authorization: `Bearer ${secret}` };
  const list = await page.request.get('/api/v1/customers', { headers: auth });
  expect(list.status()).toBe(200);
  const exportRefused = await page.request.post(
    '/api/v1/projects/00000000-0000-4000-8000-000000000000/export',
    {
      headers: auth,
      data: { measurementSystem: 'METRIC' },
    },
  );
  expect(exportRefused.status()).toBe(403);

  // After a reload the secret is nowhere on the page; the row shows its beginning, scopes and use.
  await page.reload();
  const row = page.getByTestId(`api-key-${name}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).toContainText('Read, Write');
  await expect(row.getByRole('cell').nth(5)).toHaveText('2');
  expect(await page.content()).not.toContain(secret);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  const refused = await page.request.get('/api/v1/customers', { headers: auth });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe('UNAUTHENTICATED');

  // The reference page renders the public API's description.
  await page.goto('/api/v1/reference');
  await expect(page.getByRole('heading', { name: /Sealplan public API/ })).toBeVisible();
});
