// ADR 010 as a person sees it: one fill (uncapped) in the transit list and the editor, an overfilled transit left
// out of the project totals and named there, and sizing input kept as typed with the field's message, never saved.
// Run: E2E_PORT=3203 E2E_WEB_DIST=/tmp/figures-dist E2E_BUILD=true npx playwright test -c e2e/playwright.config.ts figures
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { apiCaller, CABLE_TRANSIT, createProject, saveTransit, useMeasurementSystem } from '../support/api';
import { apiToken, useToken } from '../support/session';

const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const STAMP = Date.now().toString(36);

// A busy machine makes the first load of the project page slow; the checks themselves are quick.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

let token = '';
let projectId = '';
const ids: Record<'over' | 'ok' | 'rect', string> = { over: '', ok: '', rect: '' };

/** Cable transits the save rules accept (NOFIRNO, A-60, its only sealant). */
const cables = { ...CABLE_TRANSIT, classId: 'A_60_CLASS' };

test.beforeAll(async ({ request }) => {
  token = await apiToken(request);
  const call = apiCaller(request, token);
  await useMeasurementSystem(call, 'METRIC');
  projectId = await createProject(call, { customer: `Figures Marine ${STAMP}`, project: `Figures ${STAMP}` });
  // Two 90 mm cables in a Ø 100 opening: 2 × 90² / 100² = 162.0 % (cables above 63 mm have no sleeve).
  ids.over = await saveTransit(
    call,
    projectId,
    { name: 'A over', shape: 'ROUND', diameterMm: 100, ...cables },
    [{ quantity: 2, outerDiameterMm: 90 }],
  );
  ids.ok = await saveTransit(
    call,
    projectId,
    { name: 'B fits', shape: 'ROUND', diameterMm: 250, ...cables },
    [{ quantity: 4, outerDiameterMm: 20 }],
  );
  ids.rect = await saveTransit(
    call,
    projectId,
    { name: 'C rectangle', shape: 'RECTANGLE', widthMm: 200, heightMm: 100, radiusMm: 10, ...cables },
    [{ quantity: 1, outerDiameterMm: 20 }],
  );
});

async function open(page: Page, transitId: string) {
  await useToken(page, token);
  await page.goto(`/projects/${projectId}?transit=${transitId}`);
  // The machine running the suite may be busy: the first load (catalogue, transits) can take a while.
  await expect(page.getByTestId('transit-editor')).toBeVisible({ timeout: 45_000 });
}

test('one fill, not capped: the list and the editor show 162.0 %', async ({ page }) => {
  await open(page, ids.over);
  await expect(page.getByTestId(`transit-row-${ids.over}`).getByTestId('transit-fill')).toHaveText('162.0 %');
  await expect(page.getByTestId('fill-percent')).toHaveText('162.0 %');
  await expect(page.getByTestId('fill-bar')).toHaveAttribute('data-state', 'over');
});

test('each state is worded as in the documents; the wrap line names its roll length', async ({ page }) => {
  await open(page, ids.over);
  // ADR 010: the badge says what the PDF, DOCX, RTF and CSV say (TRANSIT_STATUS_TEXT).
  await expect(page.getByTestId(`transit-row-${ids.over}`)).toContainText('Not buildable: overfilled');
  await expect(page.getByTestId(`transit-row-${ids.ok}`)).toContainText('Fits');
  // Two 90 mm cables wrapped 4 turns: 2 × π × 90 × 4 = 2261.95 mm, three rolls of 1000 mm.
  const wrap = page.getByRole('row', { name: /Wrap for cables above 63 mm/ });
  await expect(wrap).toContainText('3 rolls');
  await expect(wrap).toContainText('Length 2,261.95 mm, rolls of 1,000 mm');
});

test('an overfilled transit is named beside the project totals, not summed into them', async ({ page }) => {
  await open(page, ids.ok);
  const flagged = page.getByTestId('not-buildable');
  await expect(flagged).toContainText('Not in these totals');
  await expect(flagged).toContainText('A over: Not buildable: overfilled');
  await expect(flagged).not.toContainText('B fits');
  await flagged.screenshot({ path: `${ARTIFACTS}figures-not-buildable.png` });
});

test('sealant is counted per transit: the project cartridges are the sum of the transits’ own (ADR 010)', async ({
  page,
}) => {
  // Worked by hand (NOFIRNO: 30 mm less than the transit, 290 ml usable a cartridge; Ø 20 cables in Ø 28 sleeves):
  // B: π × 125² − 4 × π × 14² = 46 624.38 mm² empty; ⌈30 × 46 624.38 × 1.25 × 0.001⌉ = 1749 ml; ⌈1749 / 290⌉ = 7.
  // C: 200 × 100 − (4 − π) × 10² − π × 14² = 19 298.41 mm²; 724 ml; ⌈724 / 290⌉ = 3.
  // Totals 2473 ml and 7 + 3 = 10 cartridges (a pooled count would say ⌈2473 / 290⌉ = 9). A is not buildable.
  const sealantRow = (table: string) =>
    page.getByRole('table', { name: table }).getByRole('row', { name: /Sealant/ });
  await open(page, ids.ok);
  await expect(sealantRow('Materials of this transit')).toContainText('7 cartridges');
  await expect(sealantRow('Materials of this transit')).toContainText('1,749 ml in 310 ml cartridges');
  await open(page, ids.rect);
  await expect(sealantRow('Materials of this transit')).toContainText('3 cartridges');
  await expect(sealantRow('Materials of this transit')).toContainText('724 ml in 310 ml cartridges');
  await expect(sealantRow('Project materials')).toContainText('10 cartridges');
  await expect(sealantRow('Project materials')).toContainText('2,473 ml in 310 ml cartridges');
  // On paper the same: the CSV's project total row.
  const csv = await page.request.post('/api/project/sendProjectExport', {
    headers: { authorization: `Bearer ${token}` },
    data: { projectId, outputFormat: 'CSV', measurementSystem: 'METRIC', isShare: false },
  });
  expect(csv.ok()).toBe(true);
  const totals = (await csv.text()).split(/\r?\n/).filter((line) => line.includes(',Project total,'));
  expect(totals.find((line) => line.includes('cartridges,'))).toMatch(/,10,cartridges,/);
  expect(totals.find((line) => line.includes(',Sealant volume,'))).toMatch(/,2473,ml,/);
});

test('sizing input is kept as typed with the field’s message, and not saved', async ({ page }) => {
  await open(page, ids.rect);
  // The field's own message, under the field (the banner may repeat the engine's wording).
  const sizing = page.getByRole('region', { name: 'Transit sizing' });
  const radius = page.getByRole('textbox', { name: 'Corner Radius' });
  await radius.fill('80');
  await radius.blur();
  await expect(radius).toHaveValue('80');
  await expect(
    sizing.getByText('The corner radius can be at most 50 mm (half the shorter side).'),
  ).toBeVisible();

  const width = page.getByRole('textbox', { name: 'Width' });
  await width.fill('-5');
  await width.blur();
  await expect(width).toHaveValue('-5');
  await expect(sizing.getByText('Please enter a length between 0 and 10,000 mm')).toBeVisible();

  const spare = page.getByRole('textbox', { name: 'Spare Percent' });
  await spare.fill('150');
  await spare.blur();
  // The typed text stays as typed (ADR 029); the unit stands beside it, not in it.
  await expect(spare).toHaveValue('150');
  await expect(sizing.getByText('Spare percent must be between 0 and 99')).toBeVisible();
  await sizing.screenshot({ path: `${ARTIFACTS}figures-refused-input.png` });

  await page.getByRole('button', { name: 'Save transit', exact: true }).click();
  await expect(page.getByText(/Correct the marked fields before saving/)).toBeVisible();
  // Nothing was stored: the server still holds what was saved before.
  const stored = await apiCaller(page.request, token)<{
    transit: { widthMm: number; radiusMm: number; sparePercent: number | null };
  }>('/api/project/getTransitData', { transitId: ids.rect });
  expect(stored.transit).toMatchObject({ widthMm: 200, radiusMm: 10 });
  expect(stored.transit.sparePercent ?? 0).toBe(0);
});
