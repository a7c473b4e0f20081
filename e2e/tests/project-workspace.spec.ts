// The project workspace for real projects (ADR 013): the project's Updated date follows its
// transits; "Add transit" saves nothing until the user saves; reopening a project selects the transit last worked
// on; a 100-transit list is paged, searchable and sortable with the editor in view; items are entered from the
// keyboard and pasted from a spreadsheet, and a class with one sealant picks it.
// Run: E2E_PORT=3206 E2E_WEB_DIST=/tmp/workspace-dist E2E_BUILD=true npx playwright test -c e2e/playwright.config.ts project-workspace
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  apiCaller,
  createProject as createCustomerProject,
  useMeasurementSystem,
  type ApiCall,
} from '../support/api';
import { signInAsAdmin } from '../support/session';

/** Screenshots go to e2e/artifacts/ (git-ignored), whatever the working directory. */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const STAMP = Date.now().toString(36);
/** The machine runs many suites at once: waits are generous, the assertions are not. */
const expect = baseExpect.configure({ timeout: 30_000 });
/** ADR 013: a big project. */
const BIG_PROJECT_TRANSITS = 100;
/** Spec §9 default page size. */
const PAGE_SIZE = 10;

interface StoredTransit {
  id: string;
  version: number;
  name: string;
  auditing: { lastUpdatedOn: string };
}
interface ProjectAndTransits {
  project: { auditing: { lastUpdatedOn: string } };
  transits: StoredTransit[];
}

test.use({ actionTimeout: 30_000 });
// Each test opens pages many times; on a busy machine one page load can take several seconds.
test.describe.configure({ timeout: 240_000 });

async function signIn(page: Page): Promise<ApiCall> {
  const call = apiCaller(page.request, await signInAsAdmin(page));
  // Metric, whatever another suite left as the administrator's default (spec §4 measurement switch).
  await useMeasurementSystem(call, 'METRIC');
  return call;
}

async function createProject(call: ApiCall, label: string): Promise<{ id: string }> {
  const id = await createCustomerProject(call, {
    customer: `${label} Marine ${STAMP}`,
    project: `${label} ${STAMP}`,
  });
  return { id };
}

async function saveTransit(call: ApiCall, transit: Record<string, unknown>, items: unknown[] = []) {
  return (
    await call<{ transit: StoredTransit }>('/api/project/savePenetratingItemsAndTransit', {
      transit: { shape: 'ROUND', copies: 1, ...transit },
      penetratingItems: items,
    })
  ).transit;
}

const stored = (call: ApiCall, projectId: string) =>
  call<ProjectAndTransits>('/api/project/getProjectAndTransits', { projectId });

/** Mantine Select: open by its label and pick an option by its text. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Pastes text as a spreadsheet copy does (text/plain with tabs and line breaks) into the focused cell. */
async function paste(page: Page, text: string) {
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

test("the project's Updated date moves when one of its transits is saved (item 4)", async ({ page }) => {
  const call = await signIn(page);
  const project = await createProject(call, 'Updated');
  await saveTransit(call, { projectId: project.id, name: 'Riser 1', diameterMm: 200 });
  await page.goto(`/projects/${project.id}`);
  const updated = page.getByTestId('project-updated').locator('time');
  const before = await updated.getAttribute('datetime');
  expect(before).toBeTruthy();

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Riser 1 (rev B)');
  await page.getByRole('button', { name: 'Save transit' }).click();
  await expect(page.getByText('Transit Riser 1 (rev B) saved.')).toBeVisible();
  await expect
    .poll(async () => Date.parse((await updated.getAttribute('datetime')) ?? ''))
    .toBeGreaterThan(Date.parse(before!));
  // The projects list and the stored record say the same.
  const after = (await stored(call, project.id)).project.auditing.lastUpdatedOn;
  expect(Date.parse(after)).toBeGreaterThan(Date.parse(before!));
  await expect(updated).toHaveAttribute('datetime', after);
});

test('"Add transit" saves nothing until the user saves the new transit (item 6)', async ({ page }) => {
  const call = await signIn(page);
  const project = await createProject(call, 'Draft');
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByText('Add a transit to start sizing.')).toBeVisible();

  await page.getByRole('button', { name: 'Add transit' }).first().click();
  await expect(page.getByTestId('transit-editor')).toBeVisible();
  await expect(page.getByTestId('new-transit-badge')).toHaveText('Not saved yet');
  await expect(page.getByTestId('current-transit-name')).toHaveText('New transit (not saved yet)');
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Transit 1');
  // Nothing stored: no empty "Transit 1" in the project, its totals, the dashboard or the documents.
  expect((await stored(call, project.id)).transits).toHaveLength(0);
  await expect(page.getByRole('table', { name: 'Transits' })).toHaveCount(0);

  // Reloading or leaving the unsaved new transit leaves nothing behind.
  await page.reload();
  await expect(page.getByTestId('new-transit-badge')).toBeVisible();
  expect((await stored(call, project.id)).transits).toHaveLength(0);
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByText('Add a transit to start sizing.')).toBeVisible();
  expect((await stored(call, project.id)).transits).toHaveLength(0);

  // Its first save creates it, and the editor then shows the stored transit.
  await page.getByRole('button', { name: 'Add transit' }).first().click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Bulkhead 12');
  await page.getByRole('textbox', { name: 'Diameter', exact: true }).fill('250');
  await page.getByRole('button', { name: 'Save transit' }).click();
  await expect(page.getByText('Transit Bulkhead 12 saved.')).toBeVisible();
  await expect(page.getByTestId('current-transit-name')).toHaveText('Bulkhead 12');
  await expect(page.getByTestId('new-transit-badge')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Transits' }).getByRole('row')).toHaveCount(2);
  const transits = (await stored(call, project.id)).transits;
  expect(transits.map((t) => t.name)).toEqual(['Bulkhead 12']);
  await expect(page).toHaveURL(new RegExp(`transit=${transits[0]!.id}`));
});

test('reopening a project selects the transit last worked on, not the oldest (item 7)', async ({ page }) => {
  const call = await signIn(page);
  const project = await createProject(call, 'Reopen');
  const made: StoredTransit[] = [];
  for (const name of ['Oldest', 'Middle', 'Newest'])
    made.push(await saveTransit(call, { projectId: project.id, name, diameterMm: 200 }));

  // Work on the middle one in the editor.
  await page.goto(`/projects/${project.id}?transit=${made[1]!.id}`);
  await page.getByRole('textbox', { name: 'Diameter', exact: true }).fill('220');
  await page.getByRole('button', { name: 'Save transit' }).click();
  await expect(page.getByText('Transit Middle saved.')).toBeVisible();

  // Reopen the project from the projects list.
  await page.goto('/projects');
  await page.getByRole('link', { name: `Reopen ${STAMP}` }).click();
  await page.waitForURL(new RegExp(`/projects/${project.id}`));
  await expect(page.getByTestId('current-transit-name')).toHaveText('Middle');
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Middle');
  await expect(page.getByRole('row', { name: /Middle/ })).toHaveAttribute('aria-current', 'true');
});

test('a project of 100 transits: the list is paged, searchable and sortable, and the editor stays in view (item 8)', async ({
  page,
}) => {
  test.setTimeout(480_000);
  const call = await signIn(page);
  const project = await createProject(call, 'Big');
  // Deck 001 … Deck 100: every tenth has no size (incomplete), 091–099 are overfilled, the rest fill by number.
  const cable = (outerDiameterMm: number, quantity = 1) => ({
    itemTypeId: 'CABLE',
    quantity,
    outerDiameterMm,
  });
  for (let n = 1; n <= BIG_PROJECT_TRANSITS; n++) {
    const name = `Deck ${String(n).padStart(3, '0')}`;
    const base = { projectId: project.id, name, penetratingItemTypeId: 'CABLE' };
    if (n % 10 === 0) await saveTransit(call, base);
    else if (n > 90) await saveTransit(call, { ...base, diameterMm: 100 }, [cable(80, 2)]);
    else await saveTransit(call, { ...base, diameterMm: 300 }, [cable(n)]);
  }

  await page.goto(`/projects/${project.id}`);
  const list = page.getByTestId('transit-list');
  const rows = list.locator('tbody tr');
  const firstName = () => rows.first().getByRole('link').innerText();
  // One page of ten rows of the hundred (the first load of a big project on a busy machine may take a while).
  await expect(page.getByTestId('transit-list-count')).toHaveText('100 transits', { timeout: 120_000 });
  await expect(rows).toHaveCount(PAGE_SIZE);
  // The last worked on (Deck 100) is current, on the page that holds it.
  await expect(page.getByTestId('current-transit-name')).toHaveText('Deck 100');
  await expect(list.getByRole('row', { name: /Deck 100/ })).toHaveAttribute('aria-current', 'true');
  // The editor is on screen, its Save button too: the list does not push it away.
  await expect(
    page.getByTestId('transit-editor').getByRole('heading', { name: 'Deck 100' }),
  ).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Save transit' })).toBeInViewport();
  await page.screenshot({ path: `${ARTIFACTS}project-workspace-100-transits.png` });

  // Pages.
  await page.getByRole('button', { name: 'Page 1', exact: true }).click();
  await expect.poll(firstName).toBe('Deck 001');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect.poll(firstName).toBe('Deck 011');

  // Sort by name, fill and status (ascending, then descending).
  // Exact names: "Status" is also the end of "Site status" (ADR 031's column).
  const header = (label: string) => list.getByRole('columnheader', { name: label, exact: true });
  const sortBy = (label: string) => header(label).getByRole('button').click();
  await sortBy('Name');
  await expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(firstName).toBe('Deck 001');
  await sortBy('Name');
  await expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(firstName).toBe('Deck 100');
  await sortBy('Fill');
  await expect.poll(firstName).toBe('Deck 001');
  await sortBy('Fill');
  // The overfilled ones have the highest fill (equal: by name).
  await expect.poll(firstName).toBe('Deck 091');
  await expect(rows.first()).toContainText('Not buildable: overfilled');
  await sortBy('Status');
  await expect.poll(firstName).toBe('Deck 091');
  await sortBy('Status');
  await expect.poll(firstName).toBe('Deck 001');
  await expect(rows.first()).toContainText('Fits');

  // Search by name: one match; then ten, on one page.
  const search = page.getByRole('textbox', { name: 'Search transits' });
  await search.fill('deck 042');
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('transit-list-count')).toHaveText('1 of 100 matches');
  await search.fill('Deck 05');
  await expect(rows).toHaveCount(PAGE_SIZE);
  await expect(page.getByRole('button', { name: 'Next page' })).toHaveCount(0);
  await search.fill('no such transit');
  await expect(page.getByText('No transit matches your search.')).toBeVisible();
  await search.fill('');

  // Choosing a transit from the list keeps the editor in view.
  await expect(rows).toHaveCount(PAGE_SIZE);
  await rows.nth(3).getByRole('link').click();
  await expect(page.getByTestId('current-transit-name')).not.toHaveText('Deck 100');
  await expect(page.getByRole('button', { name: 'Save transit' })).toBeInViewport();
});

test('items from the keyboard and from a spreadsheet paste; a class with one sealant picks it (item 9)', async ({
  page,
}) => {
  const call = await signIn(page);
  const project = await createProject(call, 'Keyboard');
  await page.goto(`/projects/${project.id}`);
  await page.getByRole('button', { name: 'Add transit' }).first().click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Cable tray 3');
  await page.getByRole('textbox', { name: 'Diameter', exact: true }).fill('300');
  await choose(page, 'Penetrating Item', 'Cable');
  await choose(page, 'Class', 'A-60 Class');
  // The class allows one sealant: it is chosen without a click.
  await expect(page.getByRole('combobox', { name: 'Sealant' })).toHaveValue('NOFIRNO sealant');

  // Ten cables: quantity, Enter, diameter, Enter. The next row starts in the quantity cell.
  const quantity = page.getByRole('textbox', { name: 'Quantity', exact: true });
  await quantity.click();
  await page.keyboard.type('10');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'OD (mm)', exact: true })).toBeFocused();
  await page.keyboard.type('22');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('item-count')).toHaveText('10 items');
  await expect(quantity).toBeFocused();
  await page.keyboard.type('4');
  await page.keyboard.press('Enter');
  await page.keyboard.type('14.5');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('item-count')).toHaveText('14 items');

  // Rows copied from a spreadsheet: type, quantity, diameter (a header row is passed over).
  await paste(page, 'Type\tQty\tOD\nCable\t3\t20\nPipe\t2\t60.3\nPlastic Pipe\t1\t110\n');
  await expect(page.getByText('3 lines added from the clipboard.')).toBeVisible();
  await expect(page.getByTestId('item-count')).toHaveText('20 items');
  const items = page.getByRole('table', { name: 'Penetrating items' });
  await expect(items.getByRole('row', { name: /Pipe 2 60.3 mm/ })).toHaveCount(1);
  await expect(items.getByRole('row', { name: /Plastic Pipe 1 110 mm/ })).toHaveCount(1);
  // A bad row refuses the whole paste and names the row; nothing is added or rewritten.
  await paste(page, '2\t18\n-1\t20\n');
  await expect(page.getByTestId('quick-entry-error')).toHaveText(
    'Nothing was added. Row 2: the quantity must be a whole number from 1 to 1000',
  );
  await expect(page.getByTestId('item-count')).toHaveText('20 items');
  await page.screenshot({ path: `${ARTIFACTS}project-workspace-quick-entry.png`, fullPage: true });

  await page.getByRole('button', { name: 'Save transit' }).click();
  await expect(page.getByText('Transit Cable tray 3 saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('item-count')).toHaveText('20 items');
  const transit = (await stored(call, project.id)).transits[0]!;
  expect(transit.name).toBe('Cable tray 3');
});
