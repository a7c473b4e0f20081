// The project page's transit handling beyond workspace.spec.ts: a version conflict on save (someone else
// saved the transit meanwhile) keeps what the user typed and offers Overwrite (the user's edits win) or Reload (the
// stored version replaces them); the transit list duplicates a transit with its items and deletes after a confirm;
// the sidebar's Share / Export and Material list buttons open the export dialog with the right scope; printing a
// transit prints only its display.
// Run: E2E_PORT=3105 E2E_WEB_DIST=/tmp/<you>-dist E2E_BUILD=true npx playwright test -c e2e/playwright.config.ts project-page
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  apiCaller,
  CABLE_TRANSIT,
  createProject as createCustomerProject,
  saveTransit,
  type ApiCall,
} from '../support/api';
import { signInAsAdmin } from '../support/session';

const STAMP = Date.now().toString(36);

interface StoredTransit {
  id: string;
  version: number;
  name: string;
}

async function signIn(page: Page): Promise<ApiCall> {
  return apiCaller(page.request, await signInAsAdmin(page));
}

/** A customer and an on-shore project for it, both named after the test. */
async function createProject(call: ApiCall, label: string): Promise<{ id: string }> {
  const id = await createCustomerProject(call, {
    customer: `${label} Yards ${STAMP}`,
    project: `${label} project ${STAMP}`,
    industryId: 'ON_SHORE',
  });
  return { id };
}

test('a version conflict on save keeps the edits and offers Overwrite or Reload', async ({ page }) => {
  const call = await signIn(page);
  const project = await createProject(call, 'Conflict');
  const transitFields = { projectId: project.id, shape: 'ROUND', diameterMm: 200, copies: 1 };
  const created = await call<{ transit: StoredTransit }>('/api/project/savePenetratingItemsAndTransit', {
    transit: { ...transitFields, name: 'Original name' },
    penetratingItems: [],
  });
  // Someone else saves the transit (a newer version than the one the page loaded).
  let stored = created.transit;
  const saveElsewhere = async (name: string) => {
    const saved = await call<StoredTransit>('/api/project/saveTransit', {
      transit: { ...transitFields, id: stored.id, version: stored.version, name },
    });
    stored = saved;
  };

  await page.goto(`/projects/${project.id}`);
  const name = page.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue('Original name');

  // Overwrite: the user's edits are saved over the other change.
  await name.fill('My edit');
  await saveElsewhere('Changed elsewhere');
  await page.getByRole('button', { name: 'Save transit' }).click();
  const conflict = page.getByRole('dialog', { name: 'This transit was changed by someone else' });
  await expect(conflict).toBeVisible();
  await expect(name).toHaveValue('My edit');
  await conflict.getByRole('button', { name: 'Overwrite' }).click();
  await expect(page.getByText('Transit My edit saved.')).toBeVisible();
  await expect(page.getByTestId('unsaved-badge')).toBeHidden();
  await page.reload();
  await expect(name).toHaveValue('My edit');
  stored = {
    ...stored,
    ...(await call<{ transit: StoredTransit }>('/api/project/getTransitData', { transitId: stored.id }))
      .transit,
  };

  // Reload: the stored version replaces the edits.
  await name.fill('Second edit');
  await saveElsewhere('Stored by a colleague');
  await page.getByRole('button', { name: 'Save transit' }).click();
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(name).toHaveValue('Stored by a colleague');
  await expect(page.getByTestId('unsaved-badge')).toBeHidden();
});

test('the transit list duplicates a transit with its items and deletes one after the confirm dialog', async ({
  page,
}) => {
  const call = await signIn(page);
  const project = await createProject(call, 'List');
  await call('/api/project/savePenetratingItemsAndTransit', {
    transit: {
      projectId: project.id,
      shape: 'ROUND',
      diameterMm: 200,
      copies: 1,
      name: 'Deck A',
      penetratingItemTypeId: 'CABLE',
    },
    penetratingItems: [{ itemTypeId: 'CABLE', quantity: 3, outerDiameterMm: 20 }],
  });

  await page.goto(`/projects/${project.id}`);
  const list = page.getByRole('table', { name: 'Transits' });
  await expect(list.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Duplicate Deck A' }).click();
  await expect(list.getByRole('row')).toHaveCount(3);
  const copy = list.getByRole('row', { name: /Deck A \(copy\)/ });
  await expect(copy).toContainText('3');
  await expect(page.getByTestId('current-transit-name')).toHaveText('Deck A (copy)');
  await expect(page.getByTestId('item-count')).toHaveText('3 items');

  // Spec §2 confirm dialog: Cancel keeps the transit, OK deletes it.
  await page.getByRole('button', { name: 'Delete Deck A (copy)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText('Are you sure you want to continue?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Delete Deck A (copy)' }).click();
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Transit Deck A (copy) deleted.')).toBeVisible();
  await expect(list.getByRole('row')).toHaveCount(2);
  await page.reload();
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list.getByRole('row', { name: /Deck A/ })).toContainText('3');
});

test('the project sidebar opens the export dialog: Share / Export for the current transit, Material list for the totals', async ({
  page,
}) => {
  const call = await signIn(page);
  const project = await createProject(call, 'Export');
  // Type, class and depth set: the transits have material lines (spec §5: sleeve length needs all three).
  for (const name of ['First transit', 'Second transit'])
    await saveTransit(call, project.id, { ...CABLE_TRANSIT, name, shape: 'ROUND', diameterMm: 200 }, [
      { itemTypeId: 'CABLE', quantity: 2, outerDiameterMm: 20 },
    ]);

  await page.goto(`/projects/${project.id}`);
  await page.getByRole('table', { name: 'Transits' }).getByRole('link', { name: 'Second transit' }).click();
  await expect(page.getByTestId('current-transit-name')).toHaveText('Second transit');

  // Share / Export: PDF by default; the current transit only gives a CSV with that transit's rows.
  await page.getByRole('button', { name: 'Share / Export' }).click();
  let dialog = page.getByRole('dialog', { name: 'Share / Export' });
  await expect(dialog.getByRole('combobox', { name: 'Format' })).toHaveValue('PDF');
  await expect(dialog.getByRole('switch', { name: 'Project material totals only' })).not.toBeChecked();
  await dialog.getByRole('radio', { name: 'Current transit' }).check();
  await dialog.getByRole('combobox', { name: 'Format' }).click();
  await page.getByRole('option', { name: 'CSV', exact: true }).click();
  let [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).last().click(),
  ]);
  let text = readFileSync(await download.path(), 'utf8');
  expect(text).toContain('Second transit');
  expect(text).not.toContain('First transit');
  await expect(dialog).toBeHidden();

  // Material list: opens with the totals switch on and the transit choices disabled.
  await page.getByRole('button', { name: 'Material list' }).click();
  dialog = page.getByRole('dialog', { name: 'Share / Export' });
  await expect(dialog.getByRole('switch', { name: 'Project material totals only' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Whole project' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Format' }).click();
  await page.getByRole('option', { name: 'CSV', exact: true }).click();
  [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).last().click(),
  ]);
  text = readFileSync(await download.path(), 'utf8');
  expect(text).toContain('Project total');
  expect(text).not.toContain('Second transit');
});

test('printing a transit prints its drawing, banners and notes without the shell', async ({ page }) => {
  const call = await signIn(page);
  const project = await createProject(call, 'Print');
  await call('/api/project/savePenetratingItemsAndTransit', {
    transit: { projectId: project.id, name: 'Printed transit', shape: 'ROUND', diameterMm: 120, copies: 1 },
    penetratingItems: [{ itemTypeId: 'CABLE', quantity: 3, outerDiameterMm: 25 }],
  });
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await page.goto(`/projects/${project.id}`);
  await page.getByRole('table', { name: 'Transits' }).getByRole('link', { name: 'Printed transit' }).click();
  const display = page.getByRole('region', { name: 'Drawing', exact: true });
  await expect(display.locator('svg circle').first()).toBeVisible();

  await display.getByRole('button', { name: 'Print the drawing' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // In print media only the transit display shows: no navigation, no sidebar, no print button.
  await page.emulateMedia({ media: 'print' });
  await expect(display.locator('svg circle').first()).toBeVisible();
  await expect(display.getByRole('textbox', { name: 'Notes' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main Navigation' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Share / Export' })).toBeHidden();
  await expect(display.getByRole('button', { name: 'Print the drawing' })).toBeHidden();
  await page.screenshot({ path: new URL('../artifacts/transit-print.png', import.meta.url).pathname });
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('navigation', { name: 'Main Navigation' })).toBeVisible();
});
