// Catalogue and industry names in the reader's language (ADR 030): a person switches the interface to German and
// sees the seeded German names of the project's industry and of the transit's class and sealant (transit types
// are product names, the same in every language).
// Run: E2E_PORT=3202 E2E_WORKERS=1 npx playwright test -c e2e/playwright.config.ts tests/catalogue-names.spec.ts --project=per-user
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { apiCaller, CABLE_TRANSIT, createProject, saveTransit } from '../support/api';
import { apiToken, useToken } from '../support/session';

const STAMP = Date.now().toString(36);
/** The machine runs many suites at once: waits are generous, the assertions are not. */
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ actionTimeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

/** Puts the administrator's language back, so this test's switch does not leak into the next. */
async function englishAgain(request: APIRequestContext, token: string) {
  const res = await request.post('/api/user/saveUser', {
    headers: { authorization: `Bearer ${token}` },
    data: { user: { languagePreference: 'en-US' } },
  });
  expect(res.ok(), 'the language is reset').toBe(true);
}

test('in German, the industry, the class and the sealant show their German names', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const call = apiCaller(request, token);
  const project = `Namen ${STAMP}`;
  const projectId = await createProject(call, {
    customer: `Reederei ${STAMP}`,
    project,
    industryId: 'OFF_SHORE',
  });
  const transitId = await saveTransit(
    call,
    projectId,
    {
      shape: 'ROUND',
      diameterMm: 200,
      name: `N ${STAMP}`,
      ...CABLE_TRANSIT,
      classId: 'A_60_CLASS',
      depthMm: 150,
    },
    [{ itemTypeId: 'CABLE', quantity: 2, outerDiameterMm: 20 }],
  );
  await useToken(page, token, { once: true });
  try {
    // In English first: the stored English names.
    await page.goto(`/projects/${projectId}?transit=${transitId}`);
    await expect(page.getByTestId('transit-editor')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Class', exact: true })).toHaveValue('A-60 Class');

    // The person switches the interface to German on the settings page.
    await page.goto('/settings');
    await page.getByRole('main').getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Deutsch (DE)' }).click();
    await expect(page.getByRole('main').getByRole('combobox', { name: 'Sprache' })).toBeVisible();

    // The projects grid names the industry in German.
    await page.goto('/projects');
    const row = page.getByRole('row').filter({ hasText: project });
    await expect(row.getByRole('cell', { name: 'Offshore', exact: true })).toBeVisible();

    // The transit editor: class and sealant in German, the transit type as the product is called.
    await page.goto(`/projects/${projectId}?transit=${transitId}`);
    await expect(page.getByTestId('transit-editor')).toBeVisible();
    const classSelect = page.getByRole('combobox', { name: 'Klasse', exact: true });
    await expect(classSelect).toHaveValue('Klasse A-60');
    await expect(page.getByRole('combobox', { name: 'Durchführungstyp', exact: true })).toHaveValue(
      'NOFIRNO',
    );
    await expect(page.getByRole('combobox', { name: 'Dichtmasse', exact: true })).toHaveValue(
      'NOFIRNO-Dichtmasse',
    );
    await classSelect.click();
    await expect(page.getByRole('option', { name: 'Wasserdicht', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Feuerbeständig', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'A-60 Class' })).toHaveCount(0);
  } finally {
    await englishAgain(request, token);
  }
});
