// Entering items at the speed of a keyboard, numbers as the user's language writes them, and a page a keyboard and
// a screen reader can use (ADR 029). Each test works as its own user, made here through the API, so the shared
// administrator's language and units stay as they are.
// Run: E2E_BUILD=true E2E_PORT=3270 npx playwright test -c e2e/playwright.config.ts tests/keyboard.spec.ts
import { readFileSync } from 'node:fs';
import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { CABLE_TRANSIT, createProject, useMeasurementSystem, type ApiCall } from '../support/api';
import { analyzeSettled } from '../support/axe';
import { useToken } from '../support/session';
import { organizationUser } from '../support/users';

const STAMP = Date.now().toString(36);
/** The machine runs many suites at once: waits are generous, the assertions are not. */
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ actionTimeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

/** ADR 029 targets: keystrokes for 10 cables in 9 lines, and for a whole round transit from "Add transit". */
const TEN_CABLES_MAX_KEYS = 40;
const ROUND_TRANSIT_MAX_KEYS = 60;
/** 10 assorted cables in 9 lines: [quantity, outer diameter mm]. */
const CABLES: readonly (readonly [number, number])[] = [
  [2, 12],
  [1, 9],
  [1, 14],
  [1, 16],
  [1, 21],
  [1, 25],
  [1, 11],
  [1, 8],
  [1, 13],
];
const PASSWORD = 'keyboard-e2e-password';

interface StoredItem {
  quantity: number;
  outerDiameterMm: number;
}
interface Stored {
  transits: { id: string; name: string; penetratingItems: StoredItem[] }[];
}

/** A user of the administrator's organization, made for one test (support/users.ts). */
function ownUser(request: APIRequestContext, label: string): Promise<{ call: ApiCall; token: string }> {
  return organizationUser(request, {
    email: `keyboard-${label}-${STAMP}@example.com`,
    password: PASSWORD,
    lastName: label,
  });
}

/** Keys pressed by the test, counted: each character typed and each key or chord pressed is one keystroke. */
function keyCounter(page: Page) {
  let count = 0;
  return {
    type: async (text: string) => {
      count += text.length;
      await page.keyboard.type(text);
    },
    press: async (key: string) => {
      count += 1;
      await page.keyboard.press(key);
    },
    get count() {
      return count;
    },
  };
}

/** Tab until the element has focus, counting each Tab (at most 30). */
async function tabTo(keys: ReturnType<typeof keyCounter>, target: Locator) {
  for (let i = 0; i < 30; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await keys.press('Tab');
  }
  throw new Error('focus never reached the element');
}

/** The lines as the hint says: quantity (empty is 1), Enter, OD, Enter. */
async function typeLines(keys: ReturnType<typeof keyCounter>) {
  for (const [quantity, diameter] of CABLES) {
    if (quantity !== 1) await keys.type(String(quantity));
    await keys.press('Enter');
    await keys.type(String(diameter));
    await keys.press('Enter');
  }
}

const stored = (call: ApiCall, projectId: string) =>
  call<Stored>('/api/project/getProjectAndTransits', { projectId });

const asLines = (items: StoredItem[]) => items.map((i) => [i.quantity, i.outerDiameterMm]);

async function projectWithTransit(call: ApiCall, label: string) {
  const projectId = await createProject(call, {
    customer: `Keys ${label} ${STAMP}`,
    project: `Keys ${label}`,
  });
  const saved = await call<{ transit: { id: string } }>('/api/project/savePenetratingItemsAndTransit', {
    transit: { projectId, copies: 1, shape: 'ROUND', diameterMm: 200, name: `K ${label}`, ...CABLE_TRANSIT },
    penetratingItems: [],
  });
  return { projectId, transitId: saved.transit.id };
}

async function openTransit(page: Page, token: string, projectId: string, transitId: string) {
  await useToken(page, token);
  await page.goto(`/projects/${projectId}?transit=${transitId}`);
  await expect(page.getByTestId('transit-editor')).toBeVisible();
}

test('10 cables in 9 lines within 40 keystrokes, inline and through the Add dialog; a round transit within 60', async ({
  page,
}) => {
  const { call, token } = await ownUser(page.request, 'speed');
  await useMeasurementSystem(call, 'METRIC');
  const expected = CABLES.map(([q, d]) => [q, d]);

  // Inline quick entry: a click in its quantity, then only keys.
  const inline = await projectWithTransit(call, 'inline');
  await openTransit(page, token, inline.projectId, inline.transitId);
  await page.getByTestId('item-quick-entry').getByRole('textbox', { name: 'Quantity' }).click();
  const inlineKeys = keyCounter(page);
  await typeLines(inlineKeys);
  await inlineKeys.press('Control+Enter');
  await expect(page.getByText(/Transit K inline saved/)).toBeVisible();
  await expect
    .poll(async () => asLines((await stored(call, inline.projectId)).transits[0]!.penetratingItems))
    .toEqual(expected);

  // The Add dialog: opened with a click on "Next: add items", then the same keys; Ctrl+Enter finishes, again saves.
  const dialog = await projectWithTransit(call, 'dialog');
  await openTransit(page, token, dialog.projectId, dialog.transitId);
  await page.getByRole('button', { name: 'Next: add items' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Cables' })).toBeVisible();
  const dialogKeys = keyCounter(page);
  await typeLines(dialogKeys);
  await dialogKeys.press('Control+Enter');
  await expect(page.getByRole('dialog', { name: 'Add Cables' })).toHaveCount(0);
  // Focus is back on the button that opened the dialog.
  await expect(page.getByRole('button', { name: 'Next: add items' })).toBeFocused();
  await dialogKeys.press('Control+Enter');
  await expect(page.getByText(/Transit K dialog saved/)).toBeVisible();
  await expect
    .poll(async () => asLines((await stored(call, dialog.projectId)).transits[0]!.penetratingItems))
    .toEqual(expected);

  // A whole round transit: "Add transit", name, diameter, the 10 cables, saved.
  await page.getByRole('button', { name: 'Add transit' }).first().click();
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toBeFocused();
  const roundKeys = keyCounter(page);
  await roundKeys.type('Deck 4');
  await tabTo(roundKeys, page.getByRole('textbox', { name: 'Diameter', exact: true }));
  await roundKeys.type('250');
  await tabTo(roundKeys, page.getByRole('button', { name: 'Next: add items' }));
  await roundKeys.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Add Cables' })).toBeVisible();
  await typeLines(roundKeys);
  await roundKeys.press('Control+Enter');
  await expect(page.getByRole('dialog', { name: 'Add Cables' })).toHaveCount(0);
  await roundKeys.press('Control+Enter');
  await expect(page.getByText('Transit Deck 4 saved.')).toBeVisible();
  const deck = (await stored(call, dialog.projectId)).transits.find((t) => t.name === 'Deck 4');
  expect(asLines(deck?.penetratingItems ?? [])).toEqual(expected);

  console.log(
    `keystrokes: 10 cables inline ${inlineKeys.count}, through the Add dialog ${dialogKeys.count}; ` +
      `round transit from "Add transit" to saved ${roundKeys.count}`,
  );
  expect(inlineKeys.count).toBeLessThanOrEqual(TEN_CABLES_MAX_KEYS);
  expect(dialogKeys.count).toBeLessThanOrEqual(TEN_CABLES_MAX_KEYS);
  expect(roundKeys.count).toBeLessThanOrEqual(ROUND_TRANSIT_MAX_KEYS);
});

test('Escape in the Add dialog asks before throwing queued rows away', async ({ page }) => {
  const { call, token } = await ownUser(page.request, 'escape');
  await useMeasurementSystem(call, 'METRIC');
  const { projectId, transitId } = await projectWithTransit(call, 'escape');
  await openTransit(page, token, projectId, transitId);
  await page.getByRole('button', { name: 'Next: add items' }).click();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await page.keyboard.type('16');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByText('1 row has not been added to the transit yet. Discard it?')).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page.getByRole('button', { name: 'Remove row 1' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Cables' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next: add items' })).toBeFocused();
});

test('numbers as German writes them: "12,5" is 12.5 mm, "1e2" is refused', async ({ page }) => {
  const { call, token } = await ownUser(page.request, 'numbers');
  await useMeasurementSystem(call, 'METRIC');
  await call('/api/user/saveUser', { user: { languagePreference: 'de-DE' } });
  const de = JSON.parse(
    readFileSync(new URL('../../apps/web/src/locales/de-DE/transits.json', import.meta.url), 'utf8'),
  ) as { quickEntry: { quantity: string; diameter: string } };
  const { projectId, transitId } = await projectWithTransit(call, 'numbers');
  await openTransit(page, token, projectId, transitId);
  const entry = page.getByTestId('item-quick-entry');
  const quantity = entry.getByRole('textbox', { name: de.quickEntry.quantity });
  const diameter = entry.getByRole('textbox', { name: de.quickEntry.diameter.replace('{{unit}}', 'mm') });

  await quantity.fill('2');
  await diameter.fill('1e2');
  await diameter.press('Enter');
  await expect(entry.getByText('Geben Sie eine Zahl ein, z. B. 12,5')).toBeVisible();
  await expect(diameter).toHaveValue('1e2');

  await diameter.fill('12,5');
  await diameter.press('Enter');
  await diameter.fill('12.50');
  await quantity.focus();
  await quantity.press('Enter');
  await diameter.press('Enter');
  await page.keyboard.press('Control+Enter');
  await expect
    .poll(async () => asLines((await stored(call, projectId)).transits[0]!.penetratingItems))
    .toEqual([
      [2, 12.5],
      [1, 12.5],
    ]);
});

test('keyboard and screen readers: skip link, focus after "Add transit", named controls, axe clean with dialogs open', async ({
  page,
}) => {
  const { call, token } = await ownUser(page.request, 'a11y');
  await useMeasurementSystem(call, 'METRIC');
  const { projectId, transitId } = await projectWithTransit(call, 'a11y');
  await openTransit(page, token, projectId, transitId);

  const axe = async (where: string) => {
    const result = await analyzeSettled(page);
    expect(
      result.violations.map(
        (v) =>
          `${where}: ${v.id} ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join(', ')}`,
      ),
    ).toEqual([]);
  };

  // The first Tab stop skips to the content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  // The recent transits are buttons a keyboard reaches.
  await expect(page.getByRole('button', { name: 'K a11y' }).first()).toBeVisible();

  // The action columns have headers a screen reader reads.
  await page.getByTestId('item-quick-entry').getByRole('textbox', { name: 'Quantity' }).fill('1');
  await page.getByTestId('item-quick-entry').getByRole('textbox', { name: /^OD/ }).fill('10');
  await page.getByTestId('item-quick-entry').getByRole('textbox', { name: /^OD/ }).press('Enter');
  await expect(page.getByRole('columnheader', { name: 'Actions' }).first()).toBeAttached();
  await axe('project page');

  // A dialog's X has a name; the dialog, and the question it asks on Escape, pass axe.
  await page.getByRole('button', { name: 'Next: add items' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Cables' });
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  await axe('Add dialog');
  await page.keyboard.type('2');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Discard' })).toBeVisible();
  await axe('discard question');
  await page.getByRole('button', { name: 'Discard' }).click();
  // Focus goes back to the button that opened the dialog (once the dialog's closing transition ends).
  await expect(page.getByRole('button', { name: 'Next: add items' })).toBeFocused();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText(/Transit K a11y saved/)).toBeVisible();

  // "Add transit" puts the keyboard in the new transit's name.
  await page.getByRole('button', { name: 'Add transit' }).first().click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();

  // A text field with focus shows a ring (an outline), not only a border colour.
  const outline = await page
    .getByRole('textbox', { name: 'Name', exact: true })
    .evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await axe('new transit');
});
