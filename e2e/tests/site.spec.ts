// A transit's life on site on a phone (ADR 031): its label's QR link opens the site page (through sign-in when
// signed out, then back to the link), one person marks it installed, another inspects it.
// Run: E2E_PORT=3207 E2E_WORKERS=1 npx playwright test -c e2e/playwright.config.ts tests/site.spec.ts --project=per-user
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect as baseExpect, test, devices, type APIRequestContext } from '@playwright/test';
import { apiCaller, CABLE_TRANSIT, createProject } from '../support/api';
import { apiToken, useToken } from '../support/session';
import { organizationUser } from '../support/users';

const STAMP = Date.now().toString(36);
const PASSWORD = 'site-e2e-password';
/** The machine runs many suites at once: waits are generous, the assertions are not. */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });
// A phone: its screen, touch and user agent.
const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
test.use({ ...phone, actionTimeout: 30_000 });

/** The link printed on the transit's label: read from the label sheet's PDF, as a phone's camera reads the code. */
async function labelLink(request: APIRequestContext, token: string, projectId: string, name: string) {
  const res = await request.get(`/api/site/labels/${projectId}?paper=A4`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok(), await res.text().catch(() => '')).toBe(true);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const dir = mkdtempSync(join(tmpdir(), 'site-labels-'));
  try {
    writeFileSync(join(dir, 'labels.pdf'), await res.body());
    const text = execFileSync('pdftotext', [join(dir, 'labels.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain(name);
    // The link may wrap at a dash, which pdftotext joins without it: the id's 32 hex digits are what count.
    const hex = /\/site\/transits\/((?:[0-9a-f]-?){32})/
      .exec(text.replace(/\s+/g, ''))?.[1]
      ?.replace(/-/g, '');
    expect(hex, 'the label carries the transit link').toBeTruthy();
    const id = `${hex!.slice(0, 8)}-${hex!.slice(8, 12)}-${hex!.slice(12, 16)}-${hex!.slice(16, 20)}-${hex!.slice(20)}`;
    return `/site/transits/${id}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a label opens the site page on a phone; one person installs, another inspects', async ({
  page,
  browser,
}) => {
  const installerToken = await apiToken(page.request);
  const call = apiCaller(page.request, installerToken);
  const projectId = await createProject(call, { customer: `Site yard ${STAMP}`, project: `Site ${STAMP}` });
  const deck = await call<{ id: string }>('/api/site/saveLocation', {
    location: { projectId, name: 'Deck 3' },
  });
  const room = await call<{ id: string }>('/api/site/saveLocation', {
    location: { projectId, name: 'Engine room', parentId: deck.id },
  });
  const saved = await call<{ transit: { id: string } }>('/api/project/savePenetratingItemsAndTransit', {
    transit: {
      projectId,
      copies: 1,
      shape: 'ROUND',
      diameterMm: 200,
      name: 'FR-42 cables',
      ...CABLE_TRANSIT,
    },
    penetratingItems: [{ quantity: 4, outerDiameterMm: 20, itemTypeId: 'CABLE' }],
  });
  const transitId = saved.transit.id;
  await call('/api/site/setTransitLocation', { transitId, locationId: room.id });
  const link = await labelLink(page.request, installerToken, projectId, 'FR-42 cables');
  expect(link).toBe(`/site/transits/${transitId}`);

  await useToken(page, installerToken);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'FR-42 cables' })).toBeVisible();
  await expect(page.getByTestId('site-location')).toContainText('Deck 3 › Engine room');
  await expect(page.getByTestId('site-status')).toHaveText('Designed');
  await expect(page.getByTestId('site-items')).toContainText('4 × Cable');
  await expect(page.getByRole('img', { name: /FR-42 cables/ })).toBeVisible();
  // Made for a phone: nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Mark installed' }).click();
  await expect(page.getByTestId('site-status')).toHaveText('Installed');
  await expect(page.getByText(/^Installed by /)).toBeVisible();
  // The installer of this transit does not inspect it.
  await expect(page.getByRole('button', { name: 'Inspection passed' })).toHaveCount(0);
  await expect(page.getByText('There is no step for you to take on this transit now.')).toBeVisible();

  // Another person of the organization inspects it on their phone: fails it with remarks, then, once it is
  // installed again, passes it.
  await organizationUser(page.request, {
    email: `site-inspector-${STAMP}@example.com`,
    password: PASSWORD,
    firstName: 'Ines',
    lastName: 'Inspector',
  });
  // Signed out, the link goes through sign-in and comes back to the transit.
  const context = await browser.newContext({ ...phone, baseURL: test.info().project.use.baseURL });
  const inspectorPage = await context.newPage();
  await inspectorPage.goto(link);
  await expect(inspectorPage).toHaveURL(/\/login/);
  await inspectorPage.getByRole('textbox', { name: 'Email' }).fill(`site-inspector-${STAMP}@example.com`);
  await inspectorPage.getByLabel(/^Password/).fill(PASSWORD);
  await inspectorPage.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(inspectorPage).toHaveURL(new RegExp(`${link}$`));
  await expect(inspectorPage.getByTestId('site-status')).toHaveText('Installed');
  await inspectorPage.getByRole('button', { name: 'Inspection failed' }).click();
  const dialog = inspectorPage.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Record failed inspection' }).click();
  await expect(dialog.getByText('Please describe what failed the inspection.')).toBeVisible();
  await dialog
    .getByRole('textbox', { name: /What failed the inspection/ })
    .fill('Sealant depth 90 mm, needs 100 mm');
  await dialog.getByRole('button', { name: 'Record failed inspection' }).click();
  await expect(inspectorPage.getByTestId('site-status')).toHaveText('Inspection failed');
  await expect(inspectorPage.getByTestId('site-remarks')).toContainText('Sealant depth 90 mm');

  await page.reload();
  await expect(page.getByTestId('site-remarks')).toContainText('Sealant depth 90 mm');
  await page.getByRole('button', { name: 'Mark installed' }).click();
  await expect(page.getByTestId('site-status')).toHaveText('Installed');

  await inspectorPage.reload();
  await inspectorPage.getByRole('button', { name: 'Inspection passed' }).click();
  await expect(inspectorPage.getByTestId('site-status')).toHaveText('Inspection passed');
  await expect(inspectorPage.getByText('Inspected by Ines Inspector', { exact: false })).toBeVisible();
  await expect(inspectorPage.getByTestId('site-steps').getByRole('listitem')).toHaveCount(4);
  await context.close();

  // The project page counts it and lists it among the passed ones, not among those still to install.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/projects/${projectId}`);
  const counts = page.getByTestId('site-counts');
  await expect(counts.locator('[data-status="INSPECTION_PASSED"]')).toHaveText('Inspection passed: 1');
  await expect(page.getByTestId(`transit-row-${transitId}`)).toContainText('Deck 3 › Engine room');
  await page.getByText('Still to install', { exact: true }).click();
  await expect(page.getByText('No transit matches the site filter.')).toBeVisible();
  await expect(page.getByTestId(`transit-row-${transitId}`)).toHaveCount(0);
  await page.getByText('All transits', { exact: true }).click();
  await expect(page.getByTestId(`transit-row-${transitId}`)).toContainText('Inspection passed');
});
