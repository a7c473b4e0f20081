import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiToken } from '../support/session';

// ADR 018 through the real redirect pages: the e2e server starts a test OpenID provider and a test OAuth 1.0a
// provider beside the app (scripts/e2e-server.mjs, apps/server/src/testing/fake-providers/serve.ts).

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a new person signs in through the company provider, registers with it, is approved, then signs in with it', async ({
  page,
}, testInfo) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Test OAuth' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue with Company SSO' }).click();

  // The provider's own login page.
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill('grace.hopper@example.com');
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Registration mode (spec §4): the integration data fills the form.
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByText('Registering with Company SSO')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Grace');
  await expect(page.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Hopper');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('grace.hopper@example.com');
  await page.screenshot({ path: testInfo.outputPath('register-with-provider.png'), fullPage: true });
  await page.getByRole('textbox', { name: 'Company' }).fill('Harbour Seals Ltd');
  await page.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: /on shore/i }).click();
  await page.getByLabel(/^Password/).fill('grace-secret');
  await page.getByLabel('Confirm Password').fill('grace-secret');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Pending: signing in with the provider answers the spec's text.
  await page.getByRole('button', { name: 'Continue with Company SSO' }).click();
  await expect(page.getByRole('alert')).toContainText('Your account has not yet been approved.');

  // The administrator approves.
  const token = await apiToken(page.request);
  const pending = await page.request.post('/api/user/list', {
    headers: auth(token),
    data: { status: 'pending', search: 'grace.hopper@example.com' },
  });
  const id = ((await pending.json()) as { data: { r: { id: string }[] } }).data.r[0]!.id;
  const approved = await page.request.post('/api/user/updateUserStatus', {
    headers: auth(token),
    data: { user: id, isApproved: true, skipEmail: true },
  });
  expect(approved.ok()).toBe(true);

  // Signed in with the external id (the provider remembers her, so it sends her straight back).
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Company SSO' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the administrator links the OAuth 1.0a account, signs another device out, and signs in with the link', async ({
  page,
}, testInfo) => {
  await signInWithPassword(page, ADMIN.username, ADMIN.password);

  // Another browser of the same account.
  const other = await apiToken(page.request);
  const saved = await page.request.post('/api/user/setDevice', {
    headers: { ...auth(other), 'user-agent': FIREFOX_ON_LINUX },
    data: { deviceInfo: { deviceId: 'e2e-other-laptop' } },
  });
  expect(saved.ok()).toBe(true);

  await page.getByRole('button', { name: /^User menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign-in & devices' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const devices = page.getByRole('table', { name: 'Devices' });
  await expect(devices.getByText('This device')).toBeVisible();
  await expect(devices.getByRole('row', { name: /Firefox 133.*Linux/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('profile.png'), fullPage: true });

  await devices.getByRole('button', { name: 'Sign out Firefox 133' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('Firefox 133 is signed out.')).toBeVisible();
  await expect(devices.getByRole('row', { name: /Firefox 133/ })).toHaveCount(0);
  const check = await page.request.get('/api/auth/validatetoken', { headers: auth(other) });
  expect(check.status()).toBe(401);

  // Link the OAuth 1.0a account through the provider's authorisation page.
  const methods = page.getByRole('group', { name: 'Test OAuth' });
  await expect(methods.getByText('Not linked')).toBeVisible();
  await methods.getByRole('button', { name: 'Link' }).click();
  await expect(page.getByRole('heading', { name: 'Test OAuth provider' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Screen name' }).fill('e2e_admin');
  await page.getByRole('button', { name: 'Authorize app' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(
    page.getByRole('group', { name: 'Test OAuth' }).getByText(/Linked as e2e_admin/),
  ).toBeVisible();

  // Sign out, then back in with the linked account alone.
  await page.getByRole('button', { name: /^User menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Continue with Test OAuth' }).click();
  await page.getByRole('textbox', { name: 'Screen name' }).fill('e2e_admin');
  await page.getByRole('button', { name: 'Authorize app' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
