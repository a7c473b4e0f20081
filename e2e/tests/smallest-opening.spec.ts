// The smallest opening that fits (ADR 020): the transit editor suggests the smallest standard round
// and rectangular openings for the items, with the spare each leaves against the fill limit, and one click applies
// the suggestion to the transit form; the drawing then shows the items fitting, and the save keeps the new size.
// Run: E2E_PORT=3190 npx playwright test -c e2e/playwright.config.ts smallest-opening
import { expect, test } from '@playwright/test';
import { apiCaller, createProject, saveTransit, useMeasurementSystem } from '../support/api';
import { apiToken, useToken } from '../support/session';

const STAMP = Date.now().toString(36);

test('suggests the smallest standard openings and applies one to the transit', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await apiToken(page.request);
  const call = apiCaller(page.request, token);
  await useMeasurementSystem(call, 'METRIC');
  await useToken(page, token);
  const projectId = await createProject(call, {
    customer: `Opening Yards ${STAMP}`,
    project: `Opening project ${STAMP}`,
    industryId: 'ON_SHORE',
  });
  // 40 cables of 20 mm in a far too large opening; each takes a 28 mm cable sleeve of the default transit type. Ø 160 mm
  // is below the area bound (the sleeves' area is more than the opening's); the best known packing of 40 equal
  // circles needs 6.647 diameters (Ø 186 mm), so the smallest standard round opening is Ø 200 mm.
  await saveTransit(
    call,
    projectId,
    { name: 'Oversized', shape: 'ROUND', diameterMm: 600, penetratingItemTypeId: 'CABLE' },
    [{ quantity: 40, outerDiameterMm: 20, itemTypeId: 'CABLE' }],
  );

  await page.goto(`/projects/${projectId}`);
  await page.getByRole('table', { name: 'Transits' }).getByRole('link', { name: 'Oversized' }).click();
  const card = page.getByRole('region', { name: 'Smallest opening that fits' });
  await card.getByRole('button', { name: 'Suggest' }).click();

  const round = card.getByTestId('opening-suggestion-ROUND');
  await expect(round).toContainText('Round Ø 200 mm', { timeout: 60_000 });
  // 40 × 615.75 mm² in 31,415.9 mm²: fill 78.4 % of the 100 % limit, 21.6 % spare.
  await expect(round).toContainText('Fill 78.4 % of the 100.0 % limit: 21.6 % spare');
  const rectangle = card.getByTestId('opening-suggestion-RECTANGLE');
  await expect(rectangle).toContainText(/Rectangle \d+ mm × \d+ mm/);
  await expect(card).toContainText('For 40 items');

  await round.getByRole('button', { name: 'Apply Round Ø 200 mm to the transit' }).click();
  await expect(page.getByRole('textbox', { name: 'Diameter' })).toHaveValue('200');
  const display = page.getByRole('region', { name: 'Drawing', exact: true });
  await expect(display.getByText('Items fit')).toBeVisible({ timeout: 30_000 });
  // The suggestion stays (it depends on the items and rules, not on the opening it replaced).
  await expect(round).toContainText('Round Ø 200 mm');

  await page.getByRole('button', { name: 'Save transit' }).click();
  await expect(page.getByRole('button', { name: 'Save transit' })).toBeDisabled({ timeout: 15_000 });
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Diameter' })).toHaveValue('200');
  await expect(display.getByText('Items fit')).toBeVisible({ timeout: 30_000 });
});
