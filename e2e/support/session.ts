// Signing in for the browser tests without the login form (the accounts suite covers that form): a token from
// the API, stored where the web app reads it before the app starts.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { GLOBAL_DATA_PROJECT, WORKER_PASSWORD, workerEmail } from '../playwright.config';

/** The administrator the e2e server seeds (scripts/e2e-server.mjs): the global-data project's user (ADR 026). */
export const ADMIN = { username: 'admin@sealplan.local', password: 'e2e-admin-password' };

export interface Account {
  username: string;
  password: string;
}

/**
 * The administrator a worker signs in as (ADR 026): in the per-user project each parallel worker has its own,
 * seeded like ADMIN (provider organization, same roles), so that one spec's language, units or sign-outs never
 * reach a spec running beside it; the global-data project runs alone and uses ADMIN itself.
 */
export function accountOf(info: { project: { name: string }; parallelIndex: number }): Account {
  if (info.project.name === GLOBAL_DATA_PROJECT) return ADMIN;
  return { username: workerEmail(info.parallelIndex), password: WORKER_PASSWORD };
}

/** The running test's administrator (see accountOf). */
export function currentAccount(): Account {
  return accountOf(test.info());
}
/** Where the web app keeps its token (apps/web/src/lib/api-client.ts). */
export const TOKEN_KEY = 'sealplan.token';

/** An access token for the user (by default the running test's administrator, see accountOf). */
export async function apiToken(
  request: APIRequestContext,
  username?: string,
  password?: string,
): Promise<string> {
  const account = username === undefined ? currentAccount() : { username, password: password ?? '' };
  const res = await request.post('/api/auth/token', {
    form: { grant_type: 'password', ...account, isCustomer: 'true' },
  });
  expect(res.ok(), `sign-in of ${account.username}`).toBe(true);
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

/** The running test's administrator's token, stored for the page; returns the token for API calls. */
export async function signInAsAdmin(page: Page): Promise<string> {
  const token = await apiToken(page.request);
  await useToken(page, token);
  return token;
}
