// ADR 032: the transit page's history and photos. A person changes an item's outer diameter on the desktop, reads
// the change as a diff in the history panel, restores the earlier state (a new change), adds a photo whose GPS
// position the server removes and opens it full size, renames the project and reads every change of the project in
// its history view. On a phone, the site page shows the transit's photos and takes one with the camera.
// Run: E2E_PORT=3208 E2E_WORKERS=1 npx playwright test -c e2e/playwright.config.ts tests/transit-history.spec.ts --project=per-user
import { devices, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { apiCaller, CABLE_TRANSIT, createProject, saveTransit, useMeasurementSystem } from '../support/api';
import { signInAsAdmin } from '../support/session';

const STAMP = Date.now().toString(36);

test('change an item, read the diff, restore the earlier state, add a photo', async ({ page }) => {
  // Two saves, a restore and an upload resized on the server: more than one default test's time.
  test.setTimeout(180_000);
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`browser: ${message.text()}`);
  });
  const call = apiCaller(page.request, await signInAsAdmin(page));
  await useMeasurementSystem(call, 'METRIC');
  const projectId = await createProject(call, {
    customer: `History Yards ${STAMP}`,
    project: `History project ${STAMP}`,
    industryId: 'ON_SHORE',
  });
  await saveTransit(
    call,
    projectId,
    { ...CABLE_TRANSIT, name: 'Frame 12', shape: 'ROUND', diameterMm: 250 },
    [{ itemTypeId: 'CABLE', quantity: 4, outerDiameterMm: 32 }],
  );

  await page.goto(`/projects/${projectId}`);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByTestId('history-change')).toHaveCount(1, { timeout: 30_000 });
  await expect(history.getByText('4 × cables Ø 32 mm added')).toBeVisible();
  await expect(history.getByTestId('transit-revision')).toContainText('Revision A');

  // The item's outer diameter 32 → 40 mm, through the item dialog, then Save.
  await page.getByRole('button', { name: /^Edit Cable/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Outer Diameter/ }).fill('40');
  await dialog.getByRole('button', { name: /^Save/ }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Save transit' }).click();
  await expect(page.getByTestId('unsaved-badge')).toBeHidden();

  await expect(history.getByTestId('history-change')).toHaveCount(2);
  const latest = history.getByTestId('history-change').first();
  await expect(latest).toContainText('Changed');
  await expect(latest).toContainText('4 × cables Ø 32 mm: Outer diameter 32 → 40 mm');

  // Restore the state the transit was created in: a third change, and the item is 32 mm again.
  await history
    .getByTestId('history-change')
    .nth(1)
    .getByRole('button', { name: /^Restore the state of/ })
    .click();
  await expect(page.getByText('The earlier state was restored as a new change.')).toBeVisible();
  await expect(history.getByTestId('history-change')).toHaveCount(3);
  await expect(history.getByTestId('history-change').first()).toContainText('Restored an earlier state');
  await expect(history.getByTestId('history-change').first()).toContainText('Outer diameter 40 → 32 mm');
  await expect(page.getByRole('button', { name: /^Edit Cable 32 mm/ })).toBeVisible();

  // A photo from the site: shown as a thumbnail, recorded in the history.
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 20/1 0/1' } })
    .toBuffer();
  const photos = page.getByRole('region', { name: 'Photos and files' });
  await photos
    .locator('input[type=file]')
    .setInputFiles({ name: 'frame-12.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText('Photo added.')).toBeVisible({ timeout: 30_000 });
  const thumbnail = photos.getByRole('img', { name: 'frame-12.jpg' });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(history.getByText('Photo frame-12.jpg added')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('transit-history.png'), fullPage: true });

  // The thumbnail opens the full image (resized on the server, never enlarged: 1200 px wide as sent).
  await photos.getByRole('button', { name: 'Open photo frame-12.jpg' }).click();
  const viewer = page.getByRole('dialog', { name: 'Photo frame-12.jpg' });
  const full = viewer.getByTestId('photo-full');
  await expect(full).toBeVisible();
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await expect(viewer.getByRole('link', { name: 'Open full size in a new tab' })).toHaveAttribute(
    'href',
    /\/api\/photos\/[0-9a-f-]{36}$/,
  );
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // The project's own fields: renamed on the projects page, then every change of the project in its history view.
  const name = `History project ${STAMP}`;
  await page.goto('/projects');
  await page.getByRole('button', { name: `Rename ${name}` }).click();
  const rename = page.getByRole('dialog', { name: 'Rename project' });
  await rename.getByRole('textbox', { name: 'Project Name' }).fill(`${name} (hull 512)`);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('button', { name: 'Project history' }).click();
  const projectHistory = page.getByRole('dialog', { name: `History of ${name} (hull 512)` });
  const changes = projectHistory.getByTestId('project-history-change');
  // Newest first: the rename, the photo, the restore, the item change, the transit's creation, the project's.
  await expect(changes).toHaveCount(6);
  await expect(changes.first()).toContainText('Project');
  await expect(changes.first()).toContainText(`Project name ${name} → ${name} (hull 512)`);
  await expect(changes.nth(1)).toContainText('Transit Frame 12');
  await expect(changes.nth(1)).toContainText('Photo frame-12.jpg added');
  await expect(changes.nth(3)).toContainText('4 × cables Ø 32 mm: Outer diameter 32 → 40 mm');
  await expect(changes.last()).toContainText(`Project name not set → ${name}`);
  await expect(changes.last()).toContainText('Industry not set → On Shore');
  await page.screenshot({ path: test.info().outputPath('project-history.png'), fullPage: true });
  // A transit named in it opens in the editor.
  await changes.nth(1).getByRole('button', { name: 'Open transit Frame 12' }).click();
  await expect(projectHistory).toBeHidden();
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
});

test.describe('on a phone', () => {
  // A phone: its screen, touch and user agent.
  const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
  test.use({ ...phone });

  test("the site page shows the transit's photos and takes one with the camera", async ({ page }) => {
    test.setTimeout(180_000);
    const call = apiCaller(page.request, await signInAsAdmin(page));
    const projectId = await createProject(call, {
      customer: `Photo Yards ${STAMP}`,
      project: `Site photos ${STAMP}`,
    });
    const transitId = await saveTransit(
      call,
      projectId,
      { ...CABLE_TRANSIT, name: 'Frame 14', shape: 'ROUND', diameterMm: 200 },
      [{ itemTypeId: 'CABLE', quantity: 2, outerDiameterMm: 20 }],
    );

    await page.goto(`/site/transits/${transitId}`);
    const photos = page.getByRole('region', { name: 'Photos and files' });
    await expect(photos.getByText('No photos yet.')).toBeVisible({ timeout: 30_000 });
    // The camera button opens the phone's camera at once.
    const camera = photos.locator('input[type=file][capture]');
    await expect(camera).toHaveAttribute('accept', 'image/*');
    await expect(camera).toHaveAttribute('capture', 'environment');
    await expect(photos.getByRole('button', { name: 'Take photo' })).toBeVisible();

    const shot = await sharp({ create: { width: 3000, height: 4000, channels: 3, background: '#8a8d7f' } })
      .jpeg()
      .toBuffer();
    await camera.setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: shot });
    await expect(page.getByText('Photo added.')).toBeVisible({ timeout: 30_000 });
    const thumbnail = photos.getByRole('img', { name: 'IMG_0001.jpg' });
    await expect(thumbnail).toBeVisible();
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    // A file that is not an image is refused with its reason, and nothing is added.
    await camera.setInputFiles({
      name: 'notes.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('not an image'),
    });
    await expect(page.getByText('notes.jpg: The file could not be read as an image.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(photos.getByTestId('transit-photo')).toHaveCount(1);

    // A PDF (a test report) through the picker: kept beside the photos, offered for download.
    const picker = photos.locator('input[type=file][multiple]');
    await picker.setInputFiles({
      name: 'test report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\ntrailer << >>\n%%EOF\n', 'latin1'),
    });
    await expect(photos.getByRole('link', { name: 'Download file test report.pdf' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(photos.getByTestId('transit-photo')).toHaveCount(2);
    await page.screenshot({ path: test.info().outputPath('site-page.png'), fullPage: true });

    // Opened full size: resized on the server to at most 2048 px on its longer side.
    await photos.getByRole('button', { name: 'Open photo IMG_0001.jpg' }).click();
    const full = page.getByRole('dialog', { name: 'Photo IMG_0001.jpg' }).getByTestId('photo-full');
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(2048);
    await page.screenshot({ path: test.info().outputPath('site-photos.png'), fullPage: true });
  });
});
