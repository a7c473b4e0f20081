// The as-built record on a phone (ADR 035): a transit opened from its label's link is marked installed with a
// photo, another person inspects it, and both, with the photo, are in the as-built record downloaded from the
// project page.
// Run: E2E_PORT=3210 E2E_WORKERS=1 npx playwright test -c e2e/playwright.config.ts tests/as-built.spec.ts --project=per-user
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect as baseExpect, test, devices, type APIRequestContext } from '@playwright/test';
import { apiCaller, CABLE_TRANSIT, createProject } from '../support/api';
import { apiToken, useToken } from '../support/session';
import { organizationUser } from '../support/users';

const STAMP = Date.now().toString(36);
const PASSWORD = 'as-built-e2e-password';
/** The machine runs many suites at once: waits are generous, the assertions are not. */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
// A phone: its screen, touch and user agent.
const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
test.use({ ...phone, actionTimeout: 30_000 });

/** The text of a PDF and its embedded images, as poppler reads them. */
function readPdf(bytes: Buffer): { text: string; images: number } {
  const dir = mkdtempSync(join(tmpdir(), 'as-built-e2e-'));
  try {
    const file = join(dir, 'record.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
    return { text, images: list.trim().split('\n').length - 2 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The link on the transit's label, read from the label sheet as a phone's camera reads the code. */
async function labelLink(request: APIRequestContext, token: string, projectId: string) {
  const res = await request.get(`/api/site/labels/${projectId}?paper=A4`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  const dir = mkdtempSync(join(tmpdir(), 'as-built-labels-'));
  try {
    writeFileSync(join(dir, 'labels.pdf'), await res.body());
    const text = execFileSync('pdftotext', [join(dir, 'labels.pdf'), '-'], { encoding: 'utf8' });
    // The link may wrap at a dash, which pdftotext joins without it: the id's 32 hex digits are what count.
    const hex = /\/site\/transits\/((?:[0-9a-f]-?){32})/
      .exec(text.replace(/\s+/g, ''))?.[1]
      ?.replace(/-/g, '');
    expect(hex, 'the label carries the transit link').toBeTruthy();
    return `/site/transits/${hex!.slice(0, 8)}-${hex!.slice(8, 12)}-${hex!.slice(12, 16)}-${hex!.slice(16, 20)}-${hex!.slice(20)}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('installed with a photo, inspected by another, both in the as-built record', async ({
  page,
  browser,
}) => {
  const installerToken = await apiToken(page.request);
  const call = apiCaller(page.request, installerToken);
  const projectId = await createProject(call, {
    customer: `As-built yard ${STAMP}`,
    project: `As-built ${STAMP}`,
  });
  const deck = await call<{ id: string }>('/api/site/saveLocation', {
    location: { projectId, name: 'Deck 5' },
  });
  const room = await call<{ id: string }>('/api/site/saveLocation', {
    location: { projectId, name: 'Pump room', parentId: deck.id },
  });
  const saved = await call<{ transit: { id: string } }>('/api/project/savePenetratingItemsAndTransit', {
    transit: {
      projectId,
      copies: 1,
      shape: 'ROUND',
      diameterMm: 200,
      name: 'FR-77 cables',
      ...CABLE_TRANSIT,
    },
    penetratingItems: [{ quantity: 3, outerDiameterMm: 24, itemTypeId: 'CABLE' }],
  });
  const transitId = saved.transit.id;
  await call('/api/site/setTransitLocation', { transitId, locationId: room.id });

  // The installer opens the label's link on the phone and marks the transit installed.
  const link = await labelLink(page.request, installerToken, projectId);
  expect(link).toBe(`/site/transits/${transitId}`);
  await useToken(page, installerToken);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'FR-77 cables' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark installed' }).click();
  await expect(page.getByTestId('site-status')).toHaveText('Installed');
  const installedBy = (await page.getByText(/^Installed by /).innerText()).replace(/^Installed by /, '');
  const installerName = installedBy.split(/,| on /)[0]!.trim();
  expect(installerName).not.toBe('');

  // The photo of the closed transit, taken with the site page's camera button (the phone's screen stands in for
  // the camera's picture).
  const photo = await page.screenshot({ type: 'jpeg', quality: 80 });
  await page
    .getByRole('region', { name: 'Photos and files' })
    .locator('input[type=file][capture]')
    .setInputFiles({ name: 'fr-77-closed.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText('Photo added.')).toBeVisible({ timeout: 30_000 });

  // Another person of the organization inspects it on their phone, through sign-in and back to the link.
  await organizationUser(page.request, {
    email: `as-built-inspector-${STAMP}@example.com`,
    password: PASSWORD,
    firstName: 'Olga',
    lastName: 'Oversight',
  });
  const context = await browser.newContext({ ...phone, baseURL: test.info().project.use.baseURL });
  const inspectorPage = await context.newPage();
  await inspectorPage.goto(link);
  await expect(inspectorPage).toHaveURL(/\/login/);
  await inspectorPage.getByRole('textbox', { name: 'Email' }).fill(`as-built-inspector-${STAMP}@example.com`);
  await inspectorPage.getByLabel(/^Password/).fill(PASSWORD);
  await inspectorPage.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(inspectorPage).toHaveURL(new RegExp(`${link}$`));
  await inspectorPage.getByRole('button', { name: 'Inspection passed' }).click();
  await expect(inspectorPage.getByTestId('site-status')).toHaveText('Inspection passed');
  await context.close();

  // The project page on the phone: the as-built record of the location, downloaded and read.
  await page.goto(`/projects/${projectId}`);
  const panel = page.getByRole('region', { name: 'On site' });
  await panel.getByRole('button', { name: /^Locations/ }).click();
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'As-built record of Deck 5' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`as-built-As-built-${STAMP}-Deck-5.pdf`);
  const { text, images } = readPdf(readFileSync(await download.path()));
  expect(text).toContain('As-built record');
  expect(text).toContain('Scope: Deck 5');
  expect(text).toContain('FR-77 cables');
  expect(text).toContain('Deck 5 › Pump room');
  expect(text).toContain('Status: Inspection passed');
  expect(text).toMatch(new RegExp(`Installed: ${installerName}, \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC`));
  expect(text).toMatch(/Inspected: Olga Oversight, \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  expect(text).toContain('fr-77-closed.jpg');
  expect(images).toBe(1);
});

test.describe('on the desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test('a project archive downloaded from the project page imports as a new project', async ({ page }) => {
    const token = await apiToken(page.request);
    const call = apiCaller(page.request, token);
    const name = `Hand-over ${STAMP}`;
    const projectId = await createProject(call, { customer: `Archive yard ${STAMP}`, project: name });
    const deck = await call<{ id: string }>('/api/site/saveLocation', {
      location: { projectId, name: 'Deck 2' },
    });
    const saved = await call<{ transit: { id: string } }>('/api/project/savePenetratingItemsAndTransit', {
      transit: {
        projectId,
        copies: 1,
        shape: 'ROUND',
        diameterMm: 200,
        name: 'FR-90 cables',
        ...CABLE_TRANSIT,
      },
      penetratingItems: [{ quantity: 2, outerDiameterMm: 18, itemTypeId: 'CABLE' }],
    });
    await call('/api/site/setTransitLocation', { transitId: saved.transit.id, locationId: deck.id });
    await call('/api/site/changeStatus', { transitId: saved.transit.id, action: 'install' });

    await useToken(page, token);
    await page.goto(`/projects/${projectId}`);
    const panel = page.getByRole('region', { name: 'On site' });
    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Project archive' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`archive-Hand-over-${STAMP}.zip`);
    const archive = await download.path();

    // The administrator imports it on the projects list: a new project opens, with the transit where it was.
    await page.goto('/projects');
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import archive' }).click();
    await (await choosing).setFiles(archive);
    await expect(page.getByText(`${name} imported: 1 transit`)).toBeVisible();
    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
    expect(page.url()).not.toContain(projectId);
    const copy = page.getByRole('table', { name: 'Transits' }).getByRole('row', { name: /FR-90 cables/ });
    await expect(copy).toContainText('Deck 2');
    await expect(copy).toContainText('Installed');

    // A file that is not an archive is refused with the reason.
    await page.goto('/projects');
    const again = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import archive' }).click();
    await (
      await again
    ).setFiles({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('notes') });
    await expect(page.getByText('This file is not a ZIP archive.', { exact: false })).toBeVisible();
  });
});
