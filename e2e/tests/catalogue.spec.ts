import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, useToken } from '../support/session';

// The catalogue admin screen (ADR 008): an administrator sees the sample-data notice, changes a value, saves it
// and finds it after a reload; a bad value is refused on the client with the typed text kept; a user without
// ElevatedUser / SystemAdministrator has no Catalogue entry and no access.

const MIN_DEPTH = 'Plastic Pipe: classes: Minimum depth, Watertight (WATERTIGHT)';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main Navigation' });

interface CatalogueBody {
  catalogue: {
    itemTypes: { id: string; classes: { classId: string; minimumTransitDepthMm: number }[] }[];
  } & Record<string, unknown>;
  meta: { version: number };
}

async function storedCatalogue(request: APIRequestContext, token: string): Promise<CatalogueBody> {
  const res = await request.get('/api/catalogue', { headers: auth(token) });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: CatalogueBody }).data;
}

const plasticWatertightDepth = (data: CatalogueBody) =>
  data.catalogue.itemTypes
    .find((t) => t.id === 'PIPE_PLASTIC')!
    .classes.find((c) => c.classId === 'WATERTIGHT')!.minimumTransitDepthMm;

test('an administrator edits the catalogue: sample notice, save, reload, client validation', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  // Metric for this test, so the typed figures are millimetres; the shell suite expects imperial afterwards.
  await request.post('/api/user/saveUser', {
    headers: auth(token),
    data: { user: { defaultMeasurementSystem: 'METRIC' } },
  });
  const original = await storedCatalogue(request, token);
  expect(plasticWatertightDepth(original)).toBe(60);
  try {
    await useToken(page, token, { once: true });
    await page.goto('/dashboard');
    await mainNav(page).getByRole('link', { name: 'Catalogue', exact: true }).click();
    await expect(page).toHaveURL(/\/catalogue$/);
    await expect(page).toHaveTitle(/^.+ \| Catalogue$/);
    await expect(page.getByRole('heading', { name: 'Catalogue', level: 1 })).toBeVisible();
    await expect(page.getByText('Sample data', { exact: true })).toBeVisible();
    await expect(page.getByText(/are sample values, not the maker's data/)).toBeVisible();

    // Change a class minimum depth (mm) and save.
    const depth = page.getByRole('textbox', { name: MIN_DEPTH });
    await expect(depth).toHaveValue('60');
    await depth.fill('65');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Catalogue saved successfully!')).toBeVisible();
    expect(plasticWatertightDepth(await storedCatalogue(request, token))).toBe(65);

    await page.reload();
    await expect(page.getByRole('textbox', { name: MIN_DEPTH })).toHaveValue('65');
    await page.screenshot({ path: test.info().outputPath('catalogue-admin.png'), fullPage: true });

    // A value out of the contract's range: refused on the client, the message under the field, the text kept.
    const again = page.getByRole('textbox', { name: MIN_DEPTH });
    await again.fill('999999');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // The limit is written by the one length formatter (digit grouping of the user's locale).
    await expect(page.getByText('Must be at most 100,000 mm')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Nothing was saved.' })).toBeVisible();
    await expect(again).toHaveValue('999999');
    await page.screenshot({ path: test.info().outputPath('catalogue-invalid.png') });
    expect(plasticWatertightDepth(await storedCatalogue(request, token))).toBe(65);

    // Reset changes puts the stored figure back.
    await page.getByRole('button', { name: 'Reset changes' }).click();
    await expect(page.getByRole('textbox', { name: MIN_DEPTH })).toHaveValue('65');
  } finally {
    // Leave the figures as the seed had them for the suites that size transits with them.
    const current = await storedCatalogue(request, token);
    const restore = await request.put('/api/catalogue', {
      headers: auth(token),
      data: { catalogue: { ...original.catalogue, isSample: undefined }, version: current.meta.version },
    });
    expect(restore.ok(), 'the catalogue is restored').toBeTruthy();
    await request.post('/api/user/saveUser', {
      headers: auth(token),
      data: { user: { defaultMeasurementSystem: 'IMPERIAL' } },
    });
  }
});

test('a user without ElevatedUser or SystemAdministrator has no Catalogue entry and is turned away', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const person = { email: `catalogue.${stamp}@example.com`, password: 'catalogue-secret' };
  const registered = await request.post('/api/user/register', {
    data: {
      FirstName: 'Cat',
      LastName: 'Alogue',
      Password: person.password,
      Company: `Catalogue Readers ${stamp}`,
      Industry: 'ON_SHORE',
      PhoneNumber: '',
      UserName: person.email,
    },
  });
  expect(registered.ok(), 'registration').toBeTruthy();
  const { id } = ((await registered.json()) as { data: { id: string } }).data;
  const adminToken = await apiToken(request);
  const approved = await request.post('/api/user/updateUserStatus', {
    headers: auth(adminToken),
    data: {
      user: { id },
      isApproved: true,
      skipEmail: true,
      newOrganizationName: `Catalogue Readers ${stamp}`,
    },
  });
  expect(approved.ok(), 'approval').toBeTruthy();

  // An approved user is DefaultUser + Administrator (ADR 005): no catalogue editing.
  await useToken(page, await apiToken(request, person.email, person.password), { once: true });
  await page.goto('/dashboard');
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Catalogue', exact: true })).toHaveCount(0);
  await page.goto('/catalogue');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Catalogue', level: 1 })).toHaveCount(0);
});

test('an administrator names an industry in German beside the catalogue; every reader gets the name', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  await useToken(page, token);
  await page.goto('/catalogue');
  const card = page.getByRole('heading', { name: 'Industries' }).locator('xpath=ancestor::form');
  const german = card.getByRole('textbox', { name: 'Name (German) OFF_SHORE' });
  const before = await german.inputValue();
  await german.fill('Offshore-Branche');
  await card.getByRole('button', { name: 'Save industries' }).click();
  await expect(page.getByText('2 industries saved.')).toBeVisible();
  const read = async () => {
    const res = await request.post('/api/industry/getActive', { data: {} });
    const industries = ((await res.json()) as { data: { id: string; names: Record<string, string> }[] }).data;
    return industries.find((i) => i.id === 'OFF_SHORE')!.names['de-DE'];
  };
  expect(await read()).toBe('Offshore-Branche');
  // An empty English name is refused on the page, and nothing is sent.
  await card.getByRole('textbox', { name: 'Name OFF_SHORE' }).fill('');
  await card.getByRole('button', { name: 'Save industries' }).click();
  await expect(card.getByText('Please Enter the industry name')).toBeVisible();
  expect(await read()).toBe('Offshore-Branche');
  // Put the seeded name back for the other specs.
  await page.reload();
  await german.fill(before);
  await card.getByRole('textbox', { name: 'Name OFF_SHORE' }).fill('Off Shore');
  await card.getByRole('button', { name: 'Save industries' }).click();
  await expect(page.getByText('2 industries saved.')).toBeVisible();
});
