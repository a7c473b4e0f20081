// The circle limit of a transit (ADR 015): the editor names the limit beside the items and holds Save
// when the lines add up to more circles than MAX_TRANSIT_CIRCLES; the API refuses the same save with a field error.
// Run: E2E_PORT=3177 E2E_BUILD=true npx playwright test -c e2e/playwright.config.ts circle-limit
import { expect, test } from '@playwright/test';
import { MAX_ITEM_QUANTITY, MAX_TRANSIT_CIRCLES } from '@sealplan/contracts';
import { signInAsAdmin } from '../support/session';
import { apiCaller, createProject } from '../support/api';

const STAMP = Date.now().toString(36);
/** The project page's first load (catalogue, lazy chunks) and the whole test, on a busy machine. */
const PAGE_LOAD_MS = 60_000;
const TEST_TIMEOUT_MS = 240_000;

/** A count as the editor writes it in en-US (the one number formatter: digits grouped). */
const grouped = (n: number) => n.toLocaleString('en-US');

/** `circles` 12 mm cables in lines of at most MAX_ITEM_QUANTITY. */
function cableLines(circles: number) {
  const lines = [];
  for (let left = circles; left > 0; left -= MAX_ITEM_QUANTITY)
    lines.push({ itemTypeId: 'CABLE', quantity: Math.min(MAX_ITEM_QUANTITY, left), outerDiameterMm: 12 });
  return lines;
}

test('more circles than the limit: the editor says so and holds Save, the API refuses', async ({ page }) => {
  test.setTimeout(TEST_TIMEOUT_MS);
  const token = await signInAsAdmin(page);
  const post = (path: string, data: unknown) =>
    page.request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
  const call = apiCaller(page.request, token);
  const project = {
    id: await createProject(call, {
      customer: `Limit Yards ${STAMP}`,
      project: `Limit project ${STAMP}`,
      industryId: 'ON_SHORE',
    }),
  };
  // No dimensions yet, so the stored lines save without packing: the limit is what this test is about.
  const transit = {
    projectId: project.id,
    name: 'Cable deck',
    shape: 'ROUND',
    copies: 1,
    penetratingItemTypeId: 'CABLE',
  };
  await call('/api/project/savePenetratingItemsAndTransit', {
    transit,
    penetratingItems: cableLines(MAX_TRANSIT_CIRCLES - 20),
  });

  await page.goto(`/projects/${project.id}`);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Cable deck', {
    timeout: PAGE_LOAD_MS,
  });
  const alert = page.getByTestId('too-many-circles');
  await expect(alert).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Cables' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Quantity' }).fill('21');
  await dialog.getByRole('textbox', { name: /Outer Diameter/ }).fill('12');
  await dialog.getByRole('button', { name: 'Finish' }).click();

  await expect(alert).toHaveText(
    `A transit can hold at most ${grouped(MAX_TRANSIT_CIRCLES)} penetrating items (the sum of the quantities); this one holds ${grouped(MAX_TRANSIT_CIRCLES + 1)}. Remove items to save.`,
  );
  await expect(page.getByRole('button', { name: 'Save transit' })).toBeDisabled();

  // The API refuses the same lines in one request, naming the field.
  const refused = await post('/api/project/savePenetratingItemsAndTransit', {
    transit: { ...transit, name: 'Too full' },
    penetratingItems: cableLines(MAX_TRANSIT_CIRCLES + 1),
  });
  expect(refused.status()).toBe(400);
  const body = (await refused.json()) as { error: { code: string; fields: Record<string, string> } };
  expect(body.error.code).toBe('VALIDATION_FAILED');
  expect(body.error.fields.penetratingItems).toContain(`at most ${MAX_TRANSIT_CIRCLES}`);
});
