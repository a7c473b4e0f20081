import { expect, test } from '@playwright/test';

test('the built app shows the health page with a reachable database', async ({ page }) => {
  await page.goto('/health');
  await expect(page.getByRole('heading', { name: 'System status' })).toBeVisible();
  await expect(page.getByTestId('health-status')).toHaveText('All systems operational');
  await expect(page.getByText(/reachable/)).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText("We couldn't find this page.")).toBeVisible();
});

test('the built server answers the bundled interface texts of a language, not only the overrides', async ({
  request,
}) => {
  const answer = await request.get('/api/translations/all?culture=de-DE');
  expect(answer.ok()).toBe(true);
  const texts = JSON.stringify((await answer.json()).data);
  // A text of the German locale files (apps/web/src/locales/de-DE), which the server reads from the repository.
  expect(texts).toContain('Alle Systeme betriebsbereit');
  expect(texts.length).toBeGreaterThan(10_000);
});
