// A schedule's location column (ADR 020 and 031, amended 2026-11-28): the engine-room fixture uploaded through the
// import dialog, its Location column mapped like the other columns and shown in the preview; after the import the
// project's transit list is grouped by location and filtered to one deck (its rooms and frames included).
// Run: E2E_PORT=3200 npx playwright test -c e2e/playwright.config.ts --project=per-user tests/schedule-locations.spec.ts
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/session';
import { apiCaller, createProject } from '../support/api';

const FIXTURES = fileURLToPath(
  new URL('../../apps/server/src/modules/schedules/testing/fixtures/', import.meta.url),
);
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const STAMP = Date.now().toString(36);

test('import a schedule with locations; the list groups and filters the transits by location', async ({
  page,
}) => {
  test.setTimeout(180_000);
  mkdirSync(ARTIFACTS, { recursive: true });
  const token = await signInAsAdmin(page);
  const call = apiCaller(page.request, token);
  await call('/api/user/saveUser', { user: { defaultMeasurementSystem: 'METRIC' } });
  const projectId = await createProject(call, {
    customer: `Schedule Locations ${STAMP}`,
    project: `Schedule locations ${STAMP}`,
    industryId: 'OFF_SHORE',
  });
  await page.goto(`/projects/${projectId}`);

  await page.getByRole('button', { name: 'Import schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a cable and pipe schedule' });
  await dialog.getByText('Upload a file').click();
  await dialog.locator('input[type="file"]').setInputFiles(`${FIXTURES}engine-room-locations.xlsx`);

  // The heading row under the title block is found, and the Location column is mapped like the others. The file
  // is read in the server's worker pool: on a busy machine that takes a while.
  await expect(dialog.getByRole('combobox', { name: 'Heading row' })).toHaveValue(
    /^Row 4: Cable No\. \| Cable type \| OD \(mm\) \| Qty \| Penetration/,
    { timeout: 60_000 },
  );
  await expect(dialog.getByRole('combobox', { name: 'Location (e.g. Deck 3 / Engine room)' })).toHaveValue(
    'Location',
  );
  await expect(dialog.getByRole('combobox', { name: 'Transit', exact: true })).toHaveValue('Penetration');
  await expect(dialog.getByText('10 rows; 0 with problems.')).toBeVisible();
  const preview = dialog.getByRole('table', { name: 'Schedule preview' });
  await expect(preview.getByRole('columnheader', { name: 'Location' })).toBeVisible();
  await expect(preview.locator('tbody tr').first()).toContainText('Deck 3 › Engine room');
  // "DECK 3 > engine room", as the fourth row writes it, is read as a path.
  await expect(preview.locator('tbody tr').nth(3)).toContainText('DECK 3 › engine room');
  await expect(preview.locator('tbody tr').nth(5)).toContainText('Deck 4 › Frame 42/43');
  await dialog.getByRole('combobox', { name: 'Default transit type' }).click();
  await page.getByRole('option', { name: 'NOFIRNO', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Default class' }).click();
  await page.getByRole('option', { name: 'A-60 Class', exact: true }).click();
  await page.screenshot({ path: `${ARTIFACTS}schedule-locations-dialog.png` });
  await dialog.getByRole('button', { name: 'Import 10 rows' }).click();
  await expect(dialog).toBeHidden({ timeout: 90_000 });
  await expect(page.getByText('10 rows imported into 5 transits.')).toBeVisible();

  // The list shows where each transit is, and groups the transits under their locations.
  const list = page.getByRole('table', { name: 'Transits' });
  await expect(list.getByRole('row', { name: /MCT-401/ })).toContainText('Deck 3 › Engine room', {
    timeout: 45_000,
  });
  await page.getByRole('switch', { name: 'Group by location' }).check();
  await expect(list.getByTestId('location-group')).toHaveText([
    'Deck 2 › Switchboard room',
    'Deck 3 › Engine room',
    'Deck 4 › Frame 42/43',
    'No location',
  ]);
  await page.screenshot({ path: `${ARTIFACTS}schedule-locations-grouped.png`, fullPage: true });

  // A deck's filter shows the transits of its rooms and frames; "No location" the one the schedule left open.
  const filter = page.getByRole('combobox', { name: 'Location', exact: true });
  await filter.click();
  await page.getByRole('option', { name: 'Deck 3', exact: true }).click();
  await expect(list.locator('tbody tr:not([data-testid="location-group"])')).toHaveCount(2);
  await expect(list).toContainText('MCT-401');
  await expect(list).toContainText('MCT-402');
  await expect(list).not.toContainText('MCT-403');
  await filter.click();
  await page.getByRole('option', { name: 'No location', exact: true }).click();
  await expect(list.locator('tbody tr:not([data-testid="location-group"])')).toHaveCount(1);
  await expect(list).toContainText('MCT-405');
  await page.screenshot({ path: `${ARTIFACTS}schedule-locations-filtered.png`, fullPage: true });
});
