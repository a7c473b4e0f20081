// A screen reader's path through the whole product (ADR 029): every screen, and every dialog and panel opened on
// it, passes axe-core's WCAG 2.1 AA rules with no violation of any impact; every dialog, once closed, gives the
// keyboard back to the button that opened it. One page load per screen keeps the walk fast.
// Run: E2E_PORT=3205 E2E_WORKERS=1 npx playwright test -c e2e/playwright.config.ts tests/accessibility.spec.ts
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { analyzeSettled } from '../support/axe';
import { apiCaller, CABLE_TRANSIT, createProject, saveTransit } from '../support/api';
import { signInAsAdmin } from '../support/session';

const STAMP = Date.now().toString(36);
/** The machine runs many suites at once: waits are generous, the assertions are not. */
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ actionTimeout: 30_000 });
test.describe.configure({ timeout: 480_000 });
/** A screen's first load (its code is fetched on demand) under a loaded machine. */
const SCREEN_LOAD = { timeout: 90_000 };

/** Every violation axe finds on the page as it is now, of any impact, one line each ([] when clean). */
async function violations(page: Page, where: string): Promise<string[]> {
  const result = await analyzeSettled(page);
  if (process.env.A11Y_DEBUG)
    console.log(
      where,
      JSON.stringify(
        result.violations.map((v) => [
          v.id,
          v.nodes.map((n) => [n.target, n.html.slice(0, 200), n.failureSummary]),
        ]),
        null,
        1,
      ),
    );
  return result.violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact ?? 'no impact'}) ${v.nodes
        .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`)
        .join(' | ')}`,
  );
}

/**
 * Collects the violations of a walk, so one run reports every screen's at once; the walk ends with one assertion
 * that the list is empty.
 */
function walk(page: Page) {
  const found: string[] = [];
  return {
    check: async (where: string) => {
      found.push(...(await violations(page, where)));
    },
    /** Opens a dialog with `opener`, checks it, closes it with Escape (or `close`), expects focus on the opener. */
    dialog: async (
      where: string,
      opener: Locator,
      dialog: Locator,
      close: () => Promise<void> = () => page.keyboard.press('Escape'),
    ) => {
      await opener.click();
      await expect(dialog).toBeVisible();
      found.push(...(await violations(page, where)));
      await close();
      await expect(dialog).toBeHidden();
      await expect(opener, `${where}: focus back on its opener`).toBeFocused();
    },
    get found() {
      return found;
    },
  };
}

test('signed out: every public screen passes axe', async ({ page }) => {
  const w = walk(page);
  const screens: [string, string][] = [
    ['/login', 'login'],
    ['/register', 'register'],
    ['/update-password?confirmId=x', 'update-password'],
    ['/user/update-password?confirmId=x', 'user/update-password'],
    ['/recover', 'recover'],
    ['/lock', 'lock'],
    ['/maintenance', 'maintenance'],
    ['/404', '404'],
    ['/no-such-page', 'unknown path'],
    ['/500', '500'],
    ['/health', 'health'],
  ];
  for (const [path, where] of screens) {
    await page.goto(path);
    await expect(page.locator('h1, h2').first()).toBeVisible();
    await w.check(where);
  }
  // The forgot-password form replaces the login form.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Your Password' }).click();
  await expect(page.getByRole('button', { name: 'Nevermind, I remember' })).toBeVisible();
  await w.check('forgot password');
  expect(w.found).toEqual([]);
});

test('signed in: the workspace screens, their dialogs and panels pass axe; focus returns to each opener', async ({
  page,
}) => {
  const token = await signInAsAdmin(page);
  const call = apiCaller(page.request, token);
  const projectId = await createProject(call, { customer: `A11y ${STAMP}`, project: `A11y ${STAMP}` });
  const transitId = await saveTransit(
    call,
    projectId,
    { ...CABLE_TRANSIT, name: 'A11y T-1', shape: 'ROUND', diameterMm: 200 },
    [{ itemTypeId: 'CABLE', quantity: 3, outerDiameterMm: 20 }],
  );
  const w = walk(page);

  // Dashboard, with the settings panel and the user menu open.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SCREEN_LOAD);
  await w.check('dashboard');
  await w.dialog(
    'settings panel',
    page.getByRole('button', { name: 'Open settings panel' }),
    page.getByRole('dialog', { name: 'Settings' }),
  );
  // The user menu's Reset Password dialog gives focus back to the menu's button.
  const userMenu = page.getByRole('button', { name: /^User menu for / });
  await userMenu.click();
  await page.getByRole('menuitem', { name: 'Reset Password' }).click();
  const passwordDialog = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(passwordDialog).toBeVisible();
  await w.check('reset password dialog');
  await page.keyboard.press('Escape');
  await expect(passwordDialog).toBeHidden();
  await expect(userMenu).toBeFocused();

  // Settings, projects, customers (and the customer dialog), catalogue, profile.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SCREEN_LOAD);
  await w.check('settings');

  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SCREEN_LOAD);
  await expect(page.getByText(`A11y ${STAMP}`).first()).toBeVisible();
  await w.check('projects');

  await page.goto('/customers');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SCREEN_LOAD);
  await expect(page.getByText(`A11y ${STAMP}`).first()).toBeVisible();
  await w.check('customers');
  await w.dialog(
    'customer dialog',
    page.getByRole('button', { name: 'Add Customer' }),
    page.getByRole('dialog'),
  );

  await page.goto('/catalogue');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SCREEN_LOAD);
  await w.check('catalogue');

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Sign-in & devices' })).toBeVisible(SCREEN_LOAD);
  await w.check('profile');

  // Start A New Project, and its customer dialog.
  await page.goto('/projects/create');
  await expect(page.getByRole('heading', { name: 'Start A New Project' })).toBeVisible(SCREEN_LOAD);
  await w.check('new project');
  const customerSelect = page.getByRole('combobox', { name: 'Customer', exact: true });
  await customerSelect.click();
  await page.getByRole('option', { name: 'Add New Customer' }).click();
  const newCustomer = page.getByRole('dialog', { name: 'Add Customer' });
  await expect(newCustomer).toBeVisible();
  await w.check('new project: customer dialog');
  await page.keyboard.press('Escape');
  await expect(newCustomer).toBeHidden();
  await expect(customerSelect).toBeFocused();

  // The project page: the items dialog and its discard question, the export and share dialogs.
  await page.goto(`/projects/${projectId}?transit=${transitId}`);
  await expect(page.getByTestId('transit-editor')).toBeVisible(SCREEN_LOAD);
  await w.check('project page');
  const next = page.getByRole('button', { name: 'Next: add items' });
  await next.click();
  const items = page.getByRole('dialog', { name: 'Add Cables' });
  await expect(items).toBeVisible();
  await w.check('items dialog');
  await page.keyboard.type('2');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Discard' })).toBeVisible();
  await w.check('discard question');
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(items).toBeHidden();
  await expect(next).toBeFocused();
  await w.dialog(
    'import schedule dialog',
    page.getByRole('button', { name: 'Import schedule' }).first(),
    page.getByRole('dialog', { name: 'Import a cable and pipe schedule' }),
  );
  await w.dialog(
    'share / export dialog',
    page.getByRole('button', { name: 'Share / Export' }).first(),
    page.getByRole('dialog', { name: 'Share / Export' }),
  );

  // The test page's export widget.
  await page.goto(`/test?projectId=${projectId}`);
  await page.getByRole('button', { name: 'Load transits' }).click();
  await w.check('test page');

  expect(w.found).toEqual([]);
});

test('signed in: user and content administration, their dialogs pass axe; focus returns to each opener', async ({
  page,
}) => {
  await signInAsAdmin(page);
  // A pending registration, so the pending grid has a row to approve.
  const pendingEmail = `a11y-pending-${STAMP}@example.com`;
  const registered = await page.request.post('/api/user/register', {
    data: {
      FirstName: 'Ada',
      LastName: 'Pending',
      Password: 'register-secret',
      Company: `A11y pending ${STAMP}`,
      Industry: { id: 'ON_SHORE' },
      PhoneNumber: '',
      UserName: pendingEmail,
      IsCustomer: true,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const w = walk(page);

  // User Admin: the grids, then the create, approve, edit and set-roles dialogs.
  await page.goto('/users/all');
  await expect(page.getByRole('table', { name: 'Pending Users' })).toBeVisible();
  await w.check('user admin');
  await w.dialog(
    'create user dialog',
    page.getByRole('button', { name: 'Create User' }),
    page.getByRole('dialog', { name: 'Create User' }),
  );
  const pendingTable = page.getByRole('table', { name: 'Pending Users' });
  await page.getByRole('textbox', { name: 'Search users' }).first().fill(pendingEmail);
  await w.dialog(
    'approve dialog',
    pendingTable.getByRole('button', { name: `Approve ${pendingEmail}` }),
    page.getByRole('dialog', { name: 'Approve User' }),
  );
  const activeTable = page.getByRole('table', { name: 'Active Users' });
  const editButton = activeTable.getByRole('button', { name: /^Edit / }).first();
  await w.dialog('edit user dialog', editButton, page.getByRole('dialog', { name: 'Edit User' }));
  await activeTable.getByRole('checkbox').nth(1).check();
  await w.dialog(
    'set roles dialog',
    page.getByRole('button', { name: 'Set Roles' }),
    page.getByRole('dialog', { name: 'Set Roles' }),
  );
  await w.dialog(
    'confirm question',
    page.getByRole('button', { name: 'Suspend' }),
    page.getByRole('dialog', { name: 'Please confirm' }),
    () =>
      page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Cancel' }).click(),
  );

  // Content administration: its home, a grid, and a record's editor.
  await page.goto('/content');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SCREEN_LOAD);
  await w.check('content home');
  await page.goto('/content/Specification');
  await expect(page.getByRole('table')).toBeVisible();
  await w.check('content grid');
  await w.dialog(
    'content record dialog',
    page.getByRole('button', { name: /^New / }).first(),
    page.getByRole('dialog'),
  );

  expect(w.found).toEqual([]);
});
