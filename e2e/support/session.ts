// Signing in for the browser tests without the login form (the accounts suite covers that form): a token from
// the API, stored where the web app reads it before the app starts.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The administrator the e2e server seeds (e2e/playwright.config.ts). */
export const ADMIN = { username: 'admin@sealplan.local', password: 'e2e-admin-password' };
/** Where the web app keeps its token (apps/web/src/lib/api-client.ts). */
export const TOKEN_KEY = 'sealplan.token';

/** An access token for the user (the administrator by default). */
export async function apiToken(
  request: APIRequestContext,
  username = ADMIN.username,
  password = ADMIN.password,
): Promise<string> {
  const res = await request.post('/api/auth/token', {
    form: { grant_type: 'password', username, password, isCustomer: 'true' },
  });
  expect(res.ok(), `sign-in of ${username}`).toBe(true);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

/**
 * Stores the token before every page load, or with `once` only before the first one in the tab, so that a
 * sign-out or a token change made by the test sticks across reloads.
 */
export async function useToken(page: Page, token: string, { once = false } = {}): Promise<void> {
  await page.addInitScript(
    ([key, value, onlyOnce]) => {
      if (onlyOnce && sessionStorage.getItem('e2e-signed-in')) return;
      localStorage.setItem(key, value);
      sessionStorage.setItem('e2e-signed-in', '1');
    },
    [TOKEN_KEY, token, once] as const,
  );
}

/** The administrator's token, stored for the page; returns the token for API calls. */
export async function signInAsAdmin(page: Page): Promise<string> {
  const token = await apiToken(page.request);
  await useToken(page, token);
  return token;
}
