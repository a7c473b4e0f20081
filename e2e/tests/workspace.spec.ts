// The transit workspace as a person uses it: customer and off-shore project, round and rectangular transits,
// cables, pipes and plastic pipes, the live drawing and fill bar, overfill, every cascading rule, units, reload.
// Run: E2E_PORT=3103 E2E_WEB_DIST=/tmp/<you>-dist E2E_BUILD=true npx playwright test -c e2e/playwright.config.ts workspace
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, useToken } from '../support/session';

/** Screenshots go to e2e/artifacts/ (git-ignored), whatever the working directory. */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

const STAMP = Date.now().toString(36);
const CUSTOMER = `Nordic Offshore ${STAMP}`;
const PROJECT = `FPSO Module ${STAMP}`;

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 15_000 });

async function signIn(page: Page, system: 'METRIC' | 'IMPERIAL') {
  const token = await apiToken(page.request);
  // Start in English and a known unit system: the user's saved defaults (spec §4 measurement switch), whatever
  // another suite left.
  const saved = await page.request.post('/api/user/saveUser', {
    headers: { authorization: `Bearer ${token}` },
    data: { user: { defaultMeasurementSystem: system, languagePreference: 'en-US' } },
  });
  expect(saved.ok()).toBe(true);
  await useToken(page, token);
  return token;
}

/** Mantine Select: open by its label and pick an option by its text. */
async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: typeof label === 'string' }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function circles(page: Page) {
  return page.locator('[data-testid="transit-drawing"] [data-role="item"]').evaluateAll((els) =>
    els.map((el) => ({
      x: Number(el.getAttribute('data-cx')),
      y: Number(el.getAttribute('data-cy')),
      r: Number(el.getAttribute('data-r')),
    })),
  );
}

async function fillPercent(page: Page) {
  return Number((await page.getByTestId('fill-percent').innerText()).replace('%', '').trim());
}

/** The drawing's circles: no two overlap and every one lies inside the opening (round or rounded rectangle). */
async function expectValidLayout(page: Page) {
  const svg = page.getByTestId('transit-drawing');
  await expect(svg).toHaveAttribute('data-exceeded', 'false');
  const shape = await svg.getAttribute('data-shape');
  const w = Number(await svg.getAttribute('data-width-mm'));
  const h = Number(await svg.getAttribute('data-height-mm'));
  const rc = Number(await svg.getAttribute('data-corner-radius-mm'));
  const list = await circles(page);
  expect(list.length).toBeGreaterThan(0);
  const tol = 0.01;
  for (const [i, a] of list.entries()) {
    if (shape === 'ROUND') expect(Math.hypot(a.x, a.y) + a.r).toBeLessThanOrEqual(w / 2 + tol);
    else {
      expect(Math.abs(a.x) + a.r).toBeLessThanOrEqual(w / 2 + tol);
      expect(Math.abs(a.y) + a.r).toBeLessThanOrEqual(h / 2 + tol);
      // In a corner the circle must stay inside the corner arc.
      const cx = Math.abs(a.x) - (w / 2 - rc);
      const cy = Math.abs(a.y) - (h / 2 - rc);
      if (cx > 0 && cy > 0) expect(Math.hypot(cx, cy) + a.r).toBeLessThanOrEqual(rc + tol);
    }
    for (const b of list.slice(i + 1))
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(a.r + b.r - tol);
  }
  return list;
}

async function addItems(
  page: Page,
  kind: 'Cables' | 'Pipes' | 'Plastic Pipes',
  rows: { quantity: number; diameter?: string; size?: RegExp }[],
) {
  const direct = page.getByRole('button', { name: `Add ${kind}`, exact: true });
  if (await direct.isVisible()) await direct.click();
  else {
    await page.getByRole('button', { name: 'Add other item types' }).click();
    await page.getByRole('menuitem', { name: `Add ${kind}` }).click();
  }
  const dialog = page.getByRole('dialog', { name: `Add ${kind}` });
  await expect(dialog).toBeVisible();
  const quantity = dialog.getByRole('textbox', { name: 'Quantity' });
  for (const row of rows) {
    await quantity.fill(String(row.quantity));
    if (row.size) {
      await dialog.getByRole('combobox', { name: 'Pipe Size' }).click();
      await page.getByRole('option', { name: row.size }).first().click();
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    } else {
      // Fast keyboard entry: quantity, Tab, diameter, Enter adds the row and returns to quantity.
      await quantity.press('Tab');
      await page.keyboard.type(row.diameter!);
      await page.keyboard.press('Enter');
      await expect(quantity).toBeFocused();
    }
  }
  return dialog;
}

async function saveTransit(page: Page) {
  await page.getByRole('button', { name: 'Save transit' }).click();
  await expect(page.getByTestId('unsaved-badge')).toBeHidden();
}

test('transit workspace: customer, off-shore project, transits, items, drawing, rules, units and reload', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'METRIC');

  // --- Start A New Project, with a new customer from the customer select (spec §2, §5).
  await page.goto('/projects/create');
  await expect(page.getByRole('heading', { name: 'Start A New Project' })).toBeVisible();
  const create = page.getByRole('button', { name: 'Create' });
  await expect(create).toBeDisabled();
  await choose(page, 'Customer', 'Add New Customer');
  const customerDialog = page.getByRole('dialog', { name: 'Add Customer' });
  await expect(customerDialog).toBeVisible();
  const companyName = customerDialog.getByRole('textbox', { name: 'Company Name' });
  await companyName.fill('N');
  await companyName.blur();
  await expect(customerDialog.getByText('Please Enter a Company Name')).toBeVisible();
  await expect(customerDialog.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await companyName.fill(CUSTOMER);
  await customerDialog.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Off Shore' }).click();
  await customerDialog.getByRole('textbox', { name: 'First Name' }).fill('Ola');
  await customerDialog.getByRole('textbox', { name: 'Last Name' }).fill('Nordmann');
  const phone = customerDialog.getByRole('textbox', { name: 'Phone' });
  await phone.fill('call me');
  await phone.blur();
  await expect(customerDialog.getByText('Please Enter a valid phone number')).toBeVisible();
  await phone.fill('+47 (912) 34-567');
  await customerDialog.getByRole('textbox', { name: 'Email' }).fill('ola@example.com');
  await customerDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Customer saved successfully!')).toBeVisible();
  await expect(customerDialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(CUSTOMER);

  const projectName = page.getByRole('textbox', { name: 'Project Name' });
  await projectName.fill('x');
  await projectName.fill('');
  await projectName.blur();
  await expect(page.getByText('Please Enter a Project Name')).toBeVisible();
  await projectName.fill(PROJECT);
  await choose(page, 'Industry', 'Off Shore');
  await expect(page.getByTestId('offshore-disclaimer')).toBeVisible();
  await expect(page.getByTestId('offshore-disclaimer')).toContainText('classification society');
  await page.getByRole('textbox', { name: 'Notes' }).fill('Topside module, deck and bulkhead penetrations.');
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByText('Project saved successfully!')).toBeVisible();
  await page.waitForURL(/\/projects\/[0-9a-f-]{36}/);
  const projectUrl = page.url();

  // --- A round transit with cables, pipes from the dropdown and plastic pipes.
  await page.getByRole('button', { name: 'Add transit' }).first().click();
  await expect(page.getByTestId('transit-editor')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Deck penetration A');
  await page.getByRole('textbox', { name: 'Diameter' }).fill('300');
  await choose(page, 'Penetrating Item', 'Cable');
  // Spec §4: for Cable the first allowed transit type is chosen automatically.
  await expect(page.getByRole('combobox', { name: 'Transit Type' })).toHaveValue('NOFIRNO');
  await choose(page, 'Class', 'A-60 Class');
  // Changing the class sets the minimum depth and the only sealant.
  await expect(page.getByRole('textbox', { name: 'Depth' })).toHaveValue('120');
  await expect(page.getByRole('combobox', { name: 'Sealant' })).toHaveValue('NOFIRNO sealant');
  // Spec §5: a depth below the minimum is reset to it with the error toast.
  await page.getByRole('textbox', { name: 'Depth' }).fill('80');
  await page.getByRole('textbox', { name: 'Depth' }).blur();
  await expect(page.getByText('Minimum depth for this type of transit is 120 mm').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Depth' })).toHaveValue('120');
  await page.getByRole('textbox', { name: 'Depth' }).fill('200');
  await page.getByRole('textbox', { name: 'Spare Percent' }).fill('20');

  const fill0 = await fillPercent(page);
  let dialog = await addItems(page, 'Cables', [
    { quantity: 6, diameter: '22' },
    { quantity: 4, diameter: '14.5' },
  ]);
  await page.screenshot({ path: `${ARTIFACTS}workspace-items-dialog.png` });
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('item-count')).toHaveText('10 items');
  await expect.poll(() => circles(page).then((c) => c.length)).toBe(10);
  const fill1 = await fillPercent(page);
  expect(fill1).toBeGreaterThan(fill0);

  dialog = await addItems(page, 'Pipes', [{ quantity: 2, size: /^2" \(DN50\)/ }]);
  await dialog.getByRole('button', { name: 'Finish' }).click();
  dialog = await addItems(page, 'Plastic Pipes', [{ quantity: 1, size: /^d110 crusher/ }]);
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByTestId('item-count')).toHaveText('13 items');
  await expect.poll(() => circles(page).then((c) => c.length)).toBe(13);
  expect(await fillPercent(page)).toBeGreaterThan(fill1);
  await expect(page.getByTestId('fill-bar')).toHaveAttribute('data-state', 'ok');
  await expect(page.locator('[data-testid="transit-drawing"] [data-item-type="PIPE"]')).toHaveCount(2);
  await expect(page.locator('[data-testid="transit-drawing"] [data-item-type="PIPE_PLASTIC"]')).toHaveCount(
    1,
  );
  await expectValidLayout(page);
  // The diameter of an item is shown on hover (<title>).
  await expect(
    page.locator('[data-testid="transit-drawing"] [data-item-type="PIPE_PLASTIC"] title'),
  ).toHaveText(/^Plastic Pipe Ø 110 mm · occupied Ø 134 mm/);
  await saveTransit(page);
  await page.screenshot({ path: `${ARTIFACTS}workspace-project-page.png`, fullPage: true });

  // --- Overfill: the bar turns red and the banner says the items do not fit (spec §4, §8).
  dialog = await addItems(page, 'Cables', [{ quantity: 30, diameter: '40' }]);
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByTestId('fill-bar')).toHaveAttribute('data-state', 'over');
  const banner = page.getByTestId('transit-error-banner');
  await expect(banner).toContainText('Penetrating Items do not fit in the transit.');
  // Pipes are present: followed by the excess-space text.
  await expect(banner).toContainText('Transit has a minimum excess space requirement.');
  await expect(page.getByTestId('transit-drawing')).toHaveAttribute('data-exceeded', 'true');
  await page.screenshot({ path: `${ARTIFACTS}workspace-overfilled.png`, fullPage: true });
  await page.getByRole('button', { name: 'Remove Cable 40 mm' }).click();
  await expect(page.getByTestId('fill-bar')).toHaveAttribute('data-state', 'ok');
  await expect(banner).toBeHidden();
  await expect(page.getByTestId('transit-drawing')).toHaveAttribute('data-exceeded', 'false');

  // --- Cascading rules (spec §4) on a second, rectangular transit. The first one still has unsaved edits (the
  // cable line added and removed), so opening a new transit asks first (spec §2 wording).
  await page.getByRole('button', { name: 'Add transit' }).first().click();
  await page.getByRole('button', { name: 'Close without saving' }).click();
  await expect(page.getByTestId('current-transit-name')).not.toHaveText('Deck penetration A');
  await page.getByRole('textbox', { name: 'Name' }).fill('Bulkhead B');
  await choose(page, 'Penetrating Item', 'Pipe');
  const transitType = page.getByRole('combobox', { name: 'Transit Type' });
  await transitType.click();
  await expect(page.getByRole('option')).toHaveText(['NOFIRNO', 'NOFIRNO/CER', 'NOFIRNO/RISE', 'RISE ULTRA']);
  await page.getByRole('option', { name: 'RISE ULTRA' }).click();
  // RISE_ULTRA: depth disabled; 'Single' sealant layer offered.
  await expect(page.getByRole('textbox', { name: 'Depth' })).toBeDisabled();
  // Spec §8: the RISE_ULTRA contact note for a longer depth.
  await expect(page.getByTestId('transit-warning-banner')).toContainText(
    'If a longer depth penetration is required, please contact the provider or your distributor.',
  );
  await expect(page.getByRole('radio', { name: 'Single', exact: true })).toHaveCount(1);
  // Single pipe without a pipe: the pipe dropdown flashes for about 1.5 s.
  await page.getByText('Single pipe', { exact: true }).click();
  const pipeSize = page.getByRole('combobox', { name: 'Schedule 40 Pipe Size' });
  await expect(pipeSize).toHaveAttribute('data-flash', 'true');
  await expect(pipeSize).toHaveAttribute('data-flash', 'false', { timeout: 3000 });
  await pipeSize.click();
  await page.getByRole('option', { name: /^4" \(DN100\)/ }).click();
  const inside = page.getByRole('textbox', { name: 'Actual Inside Diameter' });
  await expect(inside).toHaveAttribute('readonly', '');
  await expect(inside).toHaveValue('102.26');
  await expect(
    page.getByText('If Sch. 80 is required, please contact the provider or your distributor'),
  ).toBeVisible();
  // RECTANGLE forces MULTIPLE and disables the single-pipe option.
  await page.getByText('Rectangle', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Single pipe' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Multiple items' })).toBeChecked();
  // Back to NOFIRNO: 'Single' sealant layer gone, depth enabled again.
  await choose(page, 'Transit Type', 'NOFIRNO/CER');
  await expect(page.getByRole('radio', { name: 'Single', exact: true })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Depth' })).toBeEnabled();
  await choose(page, 'Class', 'A Class');
  await expect(page.getByRole('textbox', { name: 'Depth' })).toHaveValue('100');
  await page.getByRole('textbox', { name: 'Width' }).fill('400');
  await page.getByRole('textbox', { name: 'Height' }).fill('200');
  await page.getByRole('textbox', { name: 'Corner Radius' }).fill('30');
  dialog = await addItems(page, 'Pipes', [{ quantity: 3, size: /^2" \(DN50\)/ }]);
  await dialog.getByRole('button', { name: 'Finish' }).click();
  dialog = await addItems(page, 'Cables', [{ quantity: 5, diameter: '20' }]);
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await expect.poll(() => circles(page).then((c) => c.length)).toBe(8);
  await expectValidLayout(page);
  await saveTransit(page);

  // --- Units: imperial and back shows the same stored values.
  await expect(page.getByRole('textbox', { name: 'Width' })).toHaveValue('400');
  await setUnits(page, 'IMPERIAL');
  await expect(page.getByRole('textbox', { name: 'Width' })).toHaveValue('15.748');
  await expect(page.getByRole('textbox', { name: 'Depth' })).toHaveValue('3.937');
  await expect(page.getByTestId('unsaved-badge')).toBeHidden();
  await setUnits(page, 'METRIC');
  await expect(page.getByRole('textbox', { name: 'Width' })).toHaveValue('400');
  await expect(page.getByRole('textbox', { name: 'Corner Radius' })).toHaveValue('30');

  // --- Reload: everything is stored.
  await page.goto(projectUrl);
  await expect(page.getByRole('row', { name: /Deck penetration A/ })).toContainText('13');
  await expect(page.getByRole('row', { name: /Bulkhead B/ })).toContainText('8');
  await page.getByRole('link', { name: 'Deck penetration A' }).click();
  await expect(page.getByRole('textbox', { name: 'Diameter' })).toHaveValue('300');
  await expect(page.getByRole('textbox', { name: 'Depth' })).toHaveValue('200');
  await expect(page.getByRole('textbox', { name: 'Spare Percent' })).toHaveValue('20');
  await expect(page.getByRole('combobox', { name: 'Class' })).toHaveValue('A-60 Class');
  await expect(page.getByTestId('item-count')).toHaveText('13 items');
  await expect.poll(() => circles(page).then((c) => c.length)).toBe(13);
  await expectValidLayout(page);
  await expect(page.getByTestId('sample-catalogue-notice').first()).toBeVisible();
  await page.getByRole('link', { name: 'Bulkhead B' }).click();
  await expect(page.getByRole('combobox', { name: 'Transit Type' })).toHaveValue('NOFIRNO/CER');
  await expect(page.getByRole('textbox', { name: 'Corner Radius' })).toHaveValue('30');
  await expect(page.getByTestId('transit-drawing')).toHaveAttribute('data-shape', 'RECTANGLE');
});

/**
 * The shell's measurement switch (spec §4), in the sidebar: the compact toggle ('Measurement system: …') or the
 * segmented control. The choice is saved to the user's profile: wait for that save and the user reload, so the
 * next switch starts from the saved state.
 */
async function setUnits(page: Page, system: 'METRIC' | 'IMPERIAL') {
  const unit = system === 'METRIC' ? 'mm' : 'in';
  const current = page
    .getByRole('textbox', { name: 'Width' })
    .locator('xpath=..')
    .getByText(/^(mm|in)$/);
  if ((await current.innerText()) === unit) return;
  const saved = page.waitForResponse((r) => r.url().includes('/api/user/saveUser'));
  const reloaded = page.waitForResponse((r) => r.url().includes('/api/auth/current-user'));
  const compact = page.getByRole('button', { name: /^Measurement system: / });
  if (await compact.isVisible()) await compact.click();
  else
    await page
      .getByRole('radiogroup', { name: 'Measurement system' })
      .getByText(system, { exact: true })
      .click();
  await expect(current).toHaveText(unit);
  await saved;
  await reloaded;
}
