import { expect, test, type Response } from '@playwright/test';

// ADR 033: the first load. What the login page downloads, compressed and cached by what its names promise, and
// a language's texts fetched only when that language is chosen.

const scripts = (responses: Response[]) => responses.filter((r) => /\/assets\/.*\.js$/.test(r.url()));

test('the login page downloads compressed, cacheable JavaScript and no other language than its own', async ({
  page,
}) => {
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  const document = await page.goto('/login');
  expect(document!.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();

  const js = scripts(responses);
  expect(js.length).toBeGreaterThan(0);
  for (const r of js) {
    // The build compresses every file of 1 kB or more (vite.config.ts); smaller ones are sent as they are.
    if ((await r.body()).length >= 1024) expect(r.headers()['content-encoding'], r.url()).toBe('br');
    expect(r.headers()['cache-control'], r.url()).toBe('public, max-age=31536000, immutable');
  }
  // English is part of the first download; no other language's texts are.
  expect(js.filter((r) => /\/assets\/locale-/.test(r.url())).map((r) => r.url())).toEqual([]);
});

test('a chosen language is fetched when it is needed, and the page is in it', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('sealplan.culture', 'de-DE'));
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
  const locales = scripts(responses)
    .map((r) => /\/assets\/locale-([^-]+-[^-]+)-/.exec(r.url())?.[1])
    .filter(Boolean);
  expect(locales.length).toBeGreaterThan(0);
  expect(new Set(locales)).toEqual(new Set(['de-DE']));
});
