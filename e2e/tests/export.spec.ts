// Material list export from the browser: every format downloaded from the Share/Export dialog (opened here through
// the /test page; project-page.spec.ts opens it from the project page's sidebar), the PDF's first page and first
// transit page rendered to PNG with pdftoppm into e2e/artifacts/, and a share received in the outbox.
// Run: E2E_PORT=3104 E2E_WEB_DIST=/tmp/export-dist E2E_BUILD=true npx playwright test -c e2e/playwright.config.ts export
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { E2E_OUTBOX } from '../playwright.config';
import { apiCaller, createMixedProject } from '../support/api';
import { signInAsAdmin } from '../support/session';

const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;

test.describe.configure({ mode: 'serial' });

/**
 * A project of the administrator's organization: the seeded demo project when the start command seeded one,
 * else one made through the projects API (a cable and a pipe transit with items; results computed at save).
 */
async function demoProjectId(page: Page, token: string): Promise<string> {
  const call = apiCaller(page.request, token);
  const recent = await call<{ id: string }[]>('/api/project/getRecentProjects', {});
  if (recent.length > 0) return recent[0]!.id;
  const made = await createMixedProject(call, {
    customer: 'Export Test Yards',
    project: 'Export Test Project',
    description: 'Made by export.spec.ts',
  });
  return made.projectId;
}

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Open export dialog' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share / Export' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('downloads PDF, RTF, DOCX and CSV from the dialog', async ({ page }) => {
  const token = await signInAsAdmin(page);
  const projectId = await demoProjectId(page, token);
  await page.goto(`/test?projectId=${projectId}`);
  await page.getByRole('button', { name: 'Load transits' }).click();
  mkdirSync(ARTIFACTS, { recursive: true });

  const formats = [
    { label: 'PDF', ext: 'pdf', sizeDisabled: false },
    { label: 'RTF (.rtf, opens in Word)', ext: 'rtf', sizeDisabled: false },
    { label: 'DOCX', ext: 'docx', sizeDisabled: false },
    { label: 'CSV', ext: 'csv', sizeDisabled: true },
  ];
  for (const format of formats) {
    const dialog = await openDialog(page);
    await dialog.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: format.label, exact: true }).click();
    const size = dialog.getByRole('combobox', { name: 'Paper size' });
    if (format.sizeDisabled) await expect(size).toBeDisabled();
    else await expect(size).toBeEnabled();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).last().click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`-material-list-\\d{4}-\\d{2}-\\d{2}\\.${format.ext}$`),
    );
    const path = `${ARTIFACTS}export.${format.ext}`;
    await download.saveAs(path);
    const bytes = readFileSync(path);
    if (format.ext === 'pdf') expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    if (format.ext === 'rtf') expect(bytes.subarray(0, 6).toString()).toBe('{\\rtf1');
    if (format.ext === 'docx') expect(bytes.subarray(0, 2).toString()).toBe('PK');
    if (format.ext === 'csv')
      expect(bytes.toString('utf8')).toMatch(/^\uFEFFProject,Transit,Copies,Item,Detail,Quantity,Unit,Units/);
    await expect(dialog).toBeHidden();
  }

  // Page 1 (cover) and page 2 (the first transit) as PNG, to look at the layout.
  const pdf = `${ARTIFACTS}export.pdf`;
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '2', pdf, `${ARTIFACTS}export-page`]);
  const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString('utf8');
  expect(text).toContain('Material List');
  expect(text).toMatch(/Page 1 of \d+/);
  expect(
    readdirSync(ARTIFACTS).filter((f) => /^export-page-\d+\.png$/.test(f)).length,
  ).toBeGreaterThanOrEqual(2);
});

test('the dialog enforces the rules and shares by e-mail', async ({ page }) => {
  const token = await signInAsAdmin(page);
  const projectId = await demoProjectId(page, token);
  await page.goto(`/test?projectId=${projectId}`);
  await page.getByRole('button', { name: 'Load transits' }).click();
  const dialog = await openDialog(page);

  // Spec §5: TRANSITS needs a ticked transit; materials only disables the transit choice.
  await dialog.getByRole('radio', { name: 'Chosen transits' }).check();
  await expect(dialog.getByRole('button', { name: 'Download' }).last()).toBeDisabled();
  await dialog.getByRole('checkbox').first().check();
  await expect(dialog.getByRole('button', { name: 'Download' }).last()).toBeEnabled();
  await dialog.getByRole('switch', { name: 'Project material totals only' }).check();
  await expect(dialog.getByRole('radio', { name: 'Whole project' })).toBeDisabled();

  // Spec §5: sharing needs an e-mail address.
  await dialog.getByText('Share by e-mail').click();
  const send = dialog.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'E-mail address' }).fill('buyer@example.com');
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText('The export was sent to buyer@example.com.')).toBeVisible();
  await expect
    .poll(
      () => (existsSync(E2E_OUTBOX) ? readdirSync(E2E_OUTBOX).filter((f) => f.endsWith('.eml')) : []).length,
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  const eml = readdirSync(E2E_OUTBOX)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(`${E2E_OUTBOX}/${f}`, 'utf8'))
    .find((m) => m.includes('buyer@example.com'));
  expect(eml).toBeDefined();
  expect(eml).toMatch(/filename="?[^"]*-material-list-\d{4}-\d{2}-\d{2}\.pdf/);
});

test('exports a German PDF through the dialog (ADR 027: documents in the reader’s language)', async ({
  page,
}) => {
  const token = await signInAsAdmin(page);
  const projectId = await demoProjectId(page, token);
  await page.goto(`/test?projectId=${projectId}`);
  await page.getByRole('button', { name: 'Load transits' }).click();
  const dialog = await openDialog(page);
  // The document starts in the interface language; the reader's language is chosen here.
  const language = dialog.getByRole('combobox', { name: 'Document language' });
  await expect(language).toHaveValue('English');
  await language.click();
  await page.getByRole('option', { name: 'German', exact: true }).click();
  await expect(language).toHaveValue('German');
  await dialog.getByRole('combobox', { name: 'Unit system' }).click();
  await page.getByRole('option', { name: 'Metric', exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).last().click(),
  ]);
  mkdirSync(ARTIFACTS, { recursive: true });
  const pdf = `${ARTIFACTS}export-de.pdf`;
  await download.saveAs(pdf);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '2', pdf, `${ARTIFACTS}export-de-page`]);
  const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString('utf8');
  for (const words of [
    'Materialliste',
    'Projekt',
    'Durchführungen',
    'Materialsummen des Projekts',
    'Einheiten: Metrisch',
  ])
    expect(text).toContain(words);
  expect(text).toMatch(/Seite 1 von \d+/);
  // German dates and the decimal comma: "Datum 27.11.2026", "490,87 cm²".
  expect(text).toMatch(/Datum\s+\d{2}\.\d{2}\.\d{4}/);
  expect(text).toMatch(/\d,\d{1,2} cm²/);
  expect(text).not.toMatch(/\d\.\d{1,2} cm²/);
  expect(text).not.toContain('Material List');
});
