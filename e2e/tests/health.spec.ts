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
