// Schedules as yards write them (ADR 020, amended 2026-11-27): two of the committed fixture files uploaded through
// the import dialog as a person would (upload, see the preview with the heading row and sheet found, set the new
// transits' defaults, confirm), then the imported items with their specifications seen in the transit.
// Run: E2E_PORT=3260 npx playwright test -c e2e/playwright.config.ts tests/schedule-files.spec.ts
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/session';
import { apiCaller, createProject } from '../support/api';

const FIXTURES = fileURLToPath(
  new URL('../../apps/server/src/modules/schedules/testing/fixtures/', import.meta.url),
);
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const STAMP = Date.now().toString(36);

async function openImport(page: Page, file: string) {
  await page.getByRole('button', { name: 'Import schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a cable and pipe schedule' });
  await dialog.getByText('Upload a file').click();
  await dialog.locator('input[type="file"]').setInputFiles(`${FIXTURES}${file}`);
  return dialog;
}

test('upload a schedule under a title block and one on its second sheet; the items keep their specifications', async ({
  page,
}) => {
  test.setTimeout(180_000);
  mkdirSync(ARTIFACTS, { recursive: true });
  const token = await signInAsAdmin(page);
  const call = apiCaller(page.request, token);
  await call('/api/user/saveUser', { user: { defaultMeasurementSystem: 'METRIC' } });
  const projectId = await createProject(call, {
    customer: `Schedule Files ${STAMP}`,
    project: `Schedule files ${STAMP}`,
    industryId: 'OFF_SHORE',
  });
  await page.goto(`/projects/${projectId}`);

  // 1. Title block above the headings: the heading row (row 6) is found, section and total rows passed over.
  const dialog = await openImport(page, 'title-block.xlsx');
  await expect(dialog.getByRole('combobox', { name: 'Heading row' })).toHaveValue(
    /^Row 6: Cable No\. \| Cable type \| From \| To \| OD \(mm\)/,
  );
  await expect(dialog.getByRole('combobox', { name: 'Specification (cable type, pipe spec)' })).toHaveValue(
    'Cable type',
  );
  await expect(dialog.getByText('18 rows; 0 with problems.')).toBeVisible();
  const preview = dialog.getByRole('table', { name: 'Schedule preview' });
  await expect(preview.locator('tbody tr').first()).toContainText('NK-101');
  await expect(preview.locator('tbody tr').first()).toContainText('RFOU(i) 3x2.5');
  // New transits get a type, a class, a depth and the smallest standard opening that fits.
  await dialog.getByRole('combobox', { name: 'Default transit type' }).click();
  await page.getByRole('option', { name: 'NOFIRNO', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Default class' }).click();
  await page.getByRole('option', { name: 'A-60 Class', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Default depth (mm)' }).fill('200');
  await expect(
    dialog.getByRole('checkbox', {
      name: 'Size each new transit with the smallest standard opening that fits',
    }),
  ).toBeChecked();
  await page.screenshot({ path: `${ARTIFACTS}schedule-files-title-block.png` });
  await dialog.getByRole('button', { name: 'Import 18 rows' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(page.getByText('18 rows imported into 2 transits.')).toBeVisible();

  // 2. A revision log first: the list's sheet is offered.
  const second = await openImport(page, 'two-sheets.xlsx');
  await expect(second.getByRole('combobox', { name: 'Sheet' })).toHaveValue('Cable list');
  await expect(second.getByRole('combobox', { name: 'Transit opening (Ø or W x H)' })).toHaveValue('Opening');
  await expect(second.getByText('6 rows; 0 with problems.')).toBeVisible();
  await second.getByRole('button', { name: 'Import 6 rows' }).click();
  await expect(second).toBeHidden({ timeout: 60_000 });
  await expect(page.getByText('6 rows imported into 2 transits.')).toBeVisible();

  const { transits } = await call<{
    transits: {
      id: string;
      name: string;
      diameterMm: number | null;
      widthMm: number | null;
      transitTypeId: string | null;
    }[];
  }>('/api/project/getProjectAndTransits', { projectId });
  const mct = transits.find((tr) => tr.name === 'MCT-101')!;
  // A standard round or rectangular opening, whichever is smaller.
  expect(mct.diameterMm ?? mct.widthMm).toBeGreaterThan(0);
  expect(mct.transitTypeId).toBe('NOFIRNO');

  // The items with tag and specification, in the table and the drawing legend.
  await page.goto(`/projects/${projectId}?transit=${mct.id}`);
  const items = page.getByRole('table', { name: 'Penetrating items' });
  // The page loads the project and sizes the transit first: on a busy machine that takes a while.
  await expect(items).toContainText('Cable · NK-101 · RFOU(i) 3x2.5', { timeout: 45_000 });
  await expect(items).toContainText('Cable · NK-110 · TFOU(i) 1x2x0.75');
  await expect(page.getByTestId('transit-drawing').locator('[data-role="item"]')).toHaveCount(10, {
    timeout: 45_000,
  });
  await expect(page.getByTestId('drawing-legend')).toContainText('NK-102 · RFOU(i) 3x35');
  const p201 = transits.find((tr) => tr.name === 'P-201')!;
  await page.goto(`/projects/${projectId}?transit=${p201.id}`);
  await expect(page.getByRole('table', { name: 'Penetrating items' })).toContainText('P-2 · RFOU(i) 3x35', {
    timeout: 45_000,
  });
  await page.screenshot({ path: `${ARTIFACTS}schedule-files-items.png`, fullPage: true });
});
