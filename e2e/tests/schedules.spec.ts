// ADR 020: a cable schedule pasted from a spreadsheet (40 rows into two transits), its columns mapped, the imported
// cables seen in the drawing, then the bill of materials downloaded as XLSX and the drawings as DXF (a ZIP for the
// project). Screenshots of the import dialog and the drawing go to e2e/artifacts/.
// Run: E2E_PORT=3180 E2E_BUILD=true npx playwright test -c e2e/playwright.config.ts schedules
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/session';
import { apiCaller, createProject } from '../support/api';

const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const STAMP = Date.now().toString(36);

async function projectWithTwoTransits(page: Page, label = 'Schedule') {
  const token = await signInAsAdmin(page);
  const call = apiCaller(page.request, token);
  await call('/api/user/saveUser', { user: { defaultMeasurementSystem: 'METRIC' } });
  const project = {
    id: await createProject(call, {
      customer: `${label} Yards ${STAMP}`,
      project: `${label} project ${STAMP}`,
      industryId: 'OFF_SHORE',
    }),
  };
  const transit = (name: string) =>
    call<{ transit: { id: string } }>('/api/project/savePenetratingItemsAndTransit', {
      transit: {
        projectId: project.id,
        name,
        shape: 'ROUND',
        diameterMm: 250,
        copies: 1,
        penetratingItemTypeId: 'CABLE',
        transitTypeId: 'NOFIRNO',
        classId: 'A_CLASS',
        sealantType: 'NOFIRNO_SEALANT',
        sealantDepth: 'DOUBLE',
        depthMm: 150,
      },
      penetratingItems: [],
    });
  const a = await transit('MCT-A');
  await transit('MCT-B');
  return { projectId: project.id, transitA: a.transit.id, name: `${label} project ${STAMP}` };
}

/** 40 rows as Excel copies them: tab-separated, a decimal comma in some diameters. */
function scheduleText(): string {
  const lines = ['Cable\tKind\tOD (mm)\tQty\tMCT\tRemark'];
  for (let i = 1; i <= 40; i++) {
    const od = (8 + ((i * 7) % 13) + (i % 2 ? 0.5 : 0)).toString().replace('.', ',');
    lines.push(
      `W-${String(i).padStart(3, '0')}\tPower cable\t${od}\t1\tMCT-${i <= 20 ? 'A' : 'B'}\tdeck ${i}`,
    );
  }
  return lines.join('\r\n');
}

test('paste 40 rows, map columns, see the drawing, download XLSX and DXF', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(ARTIFACTS, { recursive: true });
  const { projectId, transitA } = await projectWithTwoTransits(page);
  await page.goto(`/projects/${projectId}?transit=${transitA}`);

  await page.getByRole('button', { name: 'Import schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a cable and pipe schedule' });
  await dialog.getByRole('textbox', { name: 'Cells copied from a spreadsheet' }).fill(scheduleText());

  // Guessed from the headings: type, diameter (mm), quantity and transit; the tag column ("Cable") is not.
  await expect(dialog.getByRole('combobox', { name: 'Outer diameter' })).toHaveValue('OD (mm)');
  await expect(dialog.getByRole('combobox', { name: 'Transit', exact: true })).toHaveValue('MCT');
  await expect(dialog.getByRole('combobox', { name: 'Kind (cable, pipe, plastic pipe)' })).toHaveValue(
    'Kind',
  );
  await expect(dialog.getByRole('combobox', { name: 'Diameter unit' })).toHaveValue('Millimetres (mm)');
  await expect(dialog.getByRole('combobox', { name: 'Tag (designation)' })).toHaveValue(
    '— not in the schedule —',
  );
  await dialog.getByRole('combobox', { name: 'Tag (designation)' }).click();
  await page.getByRole('option', { name: 'Cable', exact: true }).click();
  await expect(dialog.getByText('40 rows; 0 with problems.')).toBeVisible();
  const preview = dialog.getByRole('table', { name: 'Schedule preview' });
  await expect(preview.locator('tbody tr').first()).toContainText('W-001');
  await expect(preview.locator('tbody tr').first()).toContainText(/15\.50? mm/);
  await page.screenshot({ path: `${ARTIFACTS}schedules-import-dialog.png` });

  // A check first: nothing is written, the report says all 40 can go in, into two transits.
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(dialog.getByText('40 rows can be imported.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 40 rows' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(page.getByText('40 rows imported into 2 transits.')).toBeVisible();

  // The drawing of MCT-A: its 20 imported cables, numbered.
  const drawing = page.getByTestId('transit-drawing');
  await expect(drawing.locator('[data-role="item"]')).toHaveCount(20, { timeout: 45_000 });
  // Each imported cable's tag is in the legend beside its number.
  await expect(page.getByTestId('drawing-legend')).toContainText('W-001');
  await expect(page.getByTestId('drawing-legend')).toContainText('W-020');
  await expect(page.getByRole('table', { name: 'Penetrating items' })).toContainText('Cable · W-001');
  await drawing.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ARTIFACTS}schedules-drawing.png`, fullPage: true });

  const download = async (format: string, pattern: RegExp) => {
    await page.getByRole('button', { name: 'Share / Export' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Share / Export' });
    await exportDialog.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: format, exact: true }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      exportDialog.getByRole('button', { name: 'Download' }).last().click(),
    ]);
    expect(file.suggestedFilename()).toMatch(pattern);
    const path = `${ARTIFACTS}schedules-${file.suggestedFilename()}`;
    await file.saveAs(path);
    await expect(exportDialog).toBeHidden();
    return readFileSync(path);
  };
  const xlsx = await download('Excel (XLSX)', /-material-list-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(xlsx.subarray(0, 2).toString()).toBe('PK');
  const zip = await download('DXF drawings', /-drawings-\d{4}-\d{2}-\d{2}\.zip$/);
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  expect(zip.toString('latin1')).toContain('001-MCT-A.dxf');
});

// ADR 032: an uploaded schedule is one readable change of the project (its file and counts) beside the changes
// of the transits it created and added lines to.
test('an uploaded schedule shows in the project history with its file name and counts', async ({ page }) => {
  test.setTimeout(120_000);
  const { projectId, name } = await projectWithTwoTransits(page, 'Schedule history');
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('button', { name: 'Import schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a cable and pipe schedule' });
  await dialog.getByText('Upload a file').click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'deck-3-cables.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Cable,OD (mm),Qty,MCT\r\nW-1,18,2,MCT-A\r\nW-2,12,1,MCT-C\r\n'),
  });
  await expect(dialog.getByText('2 rows; 0 with problems.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Project history' }).click();
  const history = page.getByRole('dialog', { name: `History of ${name}` });
  const imported = history.getByTestId('project-history-change').filter({ hasText: 'Schedule imported' });
  await expect(imported).toHaveCount(1);
  await expect(imported).toContainText('Project');
  await expect(imported).toContainText(
    'File deck-3-cables.csv: 2 rows, 3 items; 1 transit created, 1 transit changed',
  );
  // The transits' own changes: the new one created with its line, the existing one with the line added (with its
  // tag when the organization's remembered mapping, from an earlier import, maps the "Cable" column to it).
  await expect(
    history.getByTestId('project-history-change').filter({ hasText: 'Transit MCT-C' }),
  ).toContainText(/Created.*1 × cable Ø 12 mm( \(W-2\))? added/);
  await expect(
    history.getByTestId('project-history-change').filter({ hasText: 'Transit MCT-A' }).first(),
  ).toContainText(/Changed.*2 × cables Ø 18 mm( \(W-1\))? added/);
});
