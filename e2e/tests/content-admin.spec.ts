import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { apiCaller, CABLE_TRANSIT, createProject, saveTransit } from '../support/api';
import { analyzeSettled } from '../support/axe';
import { mailTo } from '../support/mail';
import { ADMIN, apiToken, signInAsAdmin, useToken } from '../support/session';

// ADR 016, the content admin in the browser. Every walk but the chips one needs the server half (content-api:
// the content models, their seeded configurations and menu items, communitySubmit); the chips walk answers the
// content calls in the browser, so that drag and drop is checked whatever the seeded configurations hold.

const stamp = Date.now().toString(36);
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main Navigation' });

/** Registers a visitor and approves them: a signed-in user without content rights (password register-secret). */
async function approvedUser(request: APIRequestContext, adminToken: string): Promise<string> {
  const email = `support.${stamp}@example.com`;
  const res = await request.post('/api/user/register', {
    data: {
      FirstName: 'Sup',
      LastName: 'Port',
      Password: 'register-secret',
      Company: `Support ${stamp}`,
      Industry: 'ON_SHORE',
      UserName: email,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const pending = await request.post('/api/user/list', {
    headers: auth(adminToken),
    data: { status: 'pending', search: email },
  });
  const id = ((await pending.json()) as { data: { r: { id: string }[] } }).data.r[0]!.id;
  const approved = await request.post('/api/user/updateUserStatus', {
    headers: auth(adminToken),
    data: { user: id, isApproved: true, skipEmail: true },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  return email;
}

/** Opens a content model's grid from the Content page. */
async function openModel(page: Page, label: string, path: string) {
  await page.goto('/content');
  await page.getByRole('link', { name: label }).click();
  await expect(page).toHaveURL(new RegExp(`/content/${path}$`));
  await expect(page.getByRole('table')).toBeVisible();
}

test('an administrator creates a menu item with a child and sees it in the sidebar', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/dashboard');
  await mainNav(page).getByRole('link', { name: 'Content' }).click();
  await expect(page).toHaveTitle(/^.+ \| Content$/);
  await openModel(page, 'Menu items', 'MenuItem');
  const label = `Reports ${stamp}`;
  await page.getByRole('button', { name: /^New / }).click();
  const dialog = page.getByRole('dialog');
  // Spec §5: label and type required, a child's link required: Save first shows every message.
  await dialog.getByRole('button', { name: 'Add Child Menu Item' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'nothing was saved' })).toBeVisible();
  await dialog
    .getByRole('textbox', { name: /^Label/ })
    .first()
    .fill(label);
  await dialog.getByRole('textbox', { name: /^Link/ }).first().fill('/projects');
  const child = dialog.getByRole('group', { name: 'Child menu item 1' });
  await child.getByRole('textbox', { name: /^Label/ }).fill(`Customers of ${stamp}`);
  await child.getByRole('textbox', { name: /^Link/ }).fill('/customers');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('textbox', { name: 'Search' }).fill(label);
  await expect(page.getByRole('table').getByText(label)).toBeVisible();

  // The sidebar is built from the menu: the new item and, below it, its child (shown when the sidebar is wide).
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  const entry = mainNav(page).getByRole('link', { name: label });
  await expect(entry).toBeVisible();
  try {
    await entry.click();
    await expect(mainNav(page).getByRole('link', { name: `Customers of ${stamp}` })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('menu-item-in-sidebar.png'), fullPage: true });
  } finally {
    // The item links to built-in screens: remove it, so the shell suite finds one highlighted entry per page.
    const token = await apiToken(page.request);
    const found = await page.request.get('/api/instance/MenuItem', {
      headers: auth(token),
      params: { q: JSON.stringify({ label }) },
    });
    const rows = ((await found.json()) as { data: { r: { id: string; version: number }[] } }).data.r;
    for (const row of rows)
      await page.request.delete(`/api/instance/MenuItem/${row.id}`, {
        headers: auth(token),
        params: { version: row.version },
      });
  }
});

test('a menu item with a click action opens "Contact support" from the sidebar', async ({ page }) => {
  await signInAsAdmin(page);
  const token = await apiToken(page.request);
  const label = `Write to us ${stamp}`;
  const created = await page.request.post('/api/instance/MenuItem', {
    headers: auth(token),
    data: { label, type: 'MAIN_MENU', link: '', clickAction: 'contactSupport' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const item = ((await created.json()) as { data: { id: string; version: number } }).data;
  try {
    await page.goto('/dashboard');
    // An entry with a click action is a button that runs it, not a link.
    await mainNav(page).getByRole('button', { name: label }).click();
    await expect(page.getByRole('dialog', { name: 'Contact support' })).toBeVisible();
  } finally {
    await page.request.delete(`/api/instance/MenuItem/${item.id}`, {
      headers: auth(token),
      params: { version: item.version },
    });
  }
});

test('a user files a support request that appears in the grid', async ({ page, request }) => {
  const adminToken = await apiToken(request);
  const email = await approvedUser(request, adminToken);
  const message = `The export of ${stamp} is empty.`;
  await useToken(page, await apiToken(request, email, 'register-secret'), { once: true });
  await page.goto('/dashboard');
  // A user without content rights has no Content entry.
  await expect(mainNav(page).getByRole('link', { name: 'Content' })).toHaveCount(0);
  await page.getByRole('button', { name: /^User menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Contact support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact support' });
  await dialog.getByRole('textbox', { name: /^Message/ }).fill(message);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you. Your request was sent to support.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.context().clearCookies();
  const admin = await page.context().newPage();
  await useToken(admin, adminToken);
  await openModel(admin, 'Support requests', 'SupportRequest');
  await admin.getByRole('textbox', { name: 'Search' }).fill(stamp);
  const row = admin.getByRole('row').filter({ hasText: message });
  await expect(row).toBeVisible();
  await expect(row).toContainText(email);
});

test('an administrator edits the reset e-mail template; the next reset e-mail carries the new text', async ({
  page,
  baseURL,
}) => {
  await signInAsAdmin(page);
  await openModel(page, 'Templates', 'Template');
  await page.getByRole('textbox', { name: 'Search' }).fill('received request reset');
  const row = page.getByRole('row').filter({ hasText: 'mail.resetPassword.body' });
  await row.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog');
  const view = dialog.getByRole('textbox', { name: /^Text/ });
  const added = `Checked on ${stamp}.`;
  const changed = `${await view.inputValue()}\n\n${added}`;
  await view.fill(changed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Template saved.')).toBeVisible();
  await page.reload();
  await page.getByRole('textbox', { name: 'Search' }).fill('received request reset');
  await row.getByRole('button', { name: /^Edit / }).click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: /^Text/ })).toHaveValue(changed);

  // The next forgot-password e-mail is written from the edited template.
  const res = await page.request.get(`/api/v1/account/resetpassword/${encodeURIComponent(ADMIN.username)}`, {
    params: { redirectUrl: `${baseURL}/update-password`, isCustomer: 'true' },
  });
  expect(res.status(), await res.text()).toBe(200);
  await expect.poll(() => mailTo(ADMIN.username), { timeout: 15_000 }).toContain(added);
});

test('an administrator adds a product', async ({ page }) => {
  await signInAsAdmin(page);
  await openModel(page, 'Products', 'Product');
  const article = `NX-${stamp}`.toUpperCase();
  await page.getByRole('button', { name: /^New / }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Article number/i }).fill(article);
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Filler sleeve e2e');
  await dialog.getByRole('textbox', { name: /^Price/ }).fill('9000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // Spec §9 default price range 0–8000: refused before anything is sent, the typed text kept.
  await expect(dialog.getByRole('alert').filter({ hasText: 'nothing was saved' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /^Price/ })).toHaveValue('9000');
  await dialog.getByRole('textbox', { name: /^Price/ }).fill('12.5');
  const unit = dialog.getByRole('textbox', { name: /^Unit/ });
  if (await unit.count()) await unit.fill('pcs');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('textbox', { name: 'Search' }).fill(article);
  await expect(page.getByRole('row').filter({ hasText: article })).toBeVisible();
  // (The article number in an exported material list is checked by the server half's walk.)
});

// ---- Chips: drag and drop in a real browser (content calls answered in the browser) ----

const chipsConfiguration = {
  guid: 'cfg-spec',
  version: 1,
  model: 'Specification',
  label: 'Specification',
  listColumns: ['id', 'label'],
  fields: [
    { name: 'id', type: 'input', label: 'Id' },
    { name: 'label', type: 'input', label: 'Label' },
    {
      name: 'tags',
      type: 'chips',
      label: 'Tags',
      options: [
        { value: 'fire', label: 'Fire rated' },
        { value: 'water', label: 'Watertight' },
        { value: 'gas', label: 'Gas tight' },
      ],
    },
  ],
};
const specification = {
  id: 'SPEC-1',
  guid: 'g-spec',
  version: 4,
  label: 'Deck seal',
  tags: ['fire', 'water', 'gas'],
};

const envelope = (data: unknown) => ({ success: true, data, messages: [] });

async function stubContent(page: Page, saved: unknown[]) {
  await page.route('**/api/instance/ModelConfiguration?**', (route: Route) =>
    route.fulfill({
      json: envelope({
        r: [chipsConfiguration],
        pager: { fromIndex: 0, size: 1, totalRecords: 1, pageIndex: 0 },
      }),
    }),
  );
  await page.route('**/api/instance/Specification**', async (route: Route) => {
    if (route.request().method() === 'PUT') {
      saved.push(route.request().postDataJSON());
      return route.fulfill({ json: envelope(route.request().postDataJSON()) });
    }
    return route.fulfill({
      json: envelope({
        r: [specification],
        pager: { fromIndex: 0, size: 10, totalRecords: 1, pageIndex: 0 },
      }),
    });
  });
}

/** The signed-in user as a content administrator, whatever the seeded roles say (the calls are answered here). */
async function asContentAdmin(page: Page) {
  await page.route('**/api/auth/current-user', async (route: Route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: { user: Record<string, unknown> } };
    const user = body.data.user;
    user.permissions = [...((user.permissions as string[] | undefined) ?? []), 'content.manage'];
    user.organization = { ...((user.organization as object | null) ?? {}), isProvider: true };
    await route.fulfill({ response: res, json: body });
  });
}

const chipOrder = (page: Page) =>
  page
    .getByRole('dialog')
    .locator('[data-chip]')
    .evaluateAll((chips) => chips.map((c) => c.getAttribute('data-chip')));

test('a product an administrator prices appears with its article number in the exported material list', async ({
  page,
}) => {
  const token = await signInAsAdmin(page);
  const call = apiCaller(page.request, token);
  const projectId = await createProject(call, {
    customer: `Priced Yards ${stamp}`,
    project: `Priced ${stamp}`,
  });
  await saveTransit(call, projectId, { ...CABLE_TRANSIT, name: 'T-1', shape: 'ROUND', diameterMm: 200 }, [
    { itemTypeId: 'CABLE', quantity: 6, outerDiameterMm: 18.5 },
  ]);
  const csvRows = async () => {
    const res = await page.request.post('/api/project/sendProjectExport', {
      headers: auth(token),
      data: { projectId, outputFormat: 'CSV', measurementSystem: 'METRIC', isShare: false },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.text()).split(/\r?\n/).filter((line) => line.includes(',Project total,'));
  };
  // The cable sleeves' article (seeded as a product without a price: nothing printed).
  const sleeveLine = (await csvRows()).find((line) => line.includes(',Cable sleeve '));
  const article = /,Cable sleeve ([^,]+),/.exec(sleeveLine ?? '')?.[1];
  expect(article, 'the transit needs a cable sleeve article').toBeTruthy();

  await openModel(page, 'Products', 'Product');
  await page.getByRole('textbox', { name: 'Search' }).fill(article!);
  await page
    .getByRole('row')
    .filter({ hasText: article! })
    .getByRole('button', { name: /^Edit / })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Price/ }).fill('12.5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const priced = (await csvRows()).find((line) => line.includes(`,Cable sleeve ${article},`));
  // Article number and unit price follow each other, before the transit's location (the CSV's last column).
  expect(priced?.split(',').slice(-3, -1), priced).toEqual([article, '12.50']);
});

test('an administrator reorders chips by drag and drop, and with the keyboard', async ({ page }) => {
  const saved: { tags: string[] }[] = [];
  await asContentAdmin(page);
  await stubContent(page, saved);
  await signInAsAdmin(page);
  await page.goto('/content/Specification');
  await page.getByRole('button', { name: 'Edit SPEC-1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Specification' });
  await expect(dialog.getByText('Tags (3)')).toBeVisible();
  expect(await chipOrder(page)).toEqual(['fire', 'water', 'gas']);
  // The grid and the form with its chips: no serious or critical accessibility violations.
  const axe = await analyzeSettled(page);
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  // Drag "Gas tight" before "Fire rated" with the mouse.
  const gas = dialog.getByRole('button', { name: 'Gas tight', exact: true });
  const fire = dialog.getByRole('button', { name: 'Fire rated', exact: true });
  const from = (await gas.boundingBox())!;
  const to = (await fire.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 - 10, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + 4, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
  await expect.poll(() => chipOrder(page)).toEqual(['gas', 'fire', 'water']);
  await page.screenshot({ path: test.info().outputPath('chips-reordered.png') });

  // The keyboard: Space picks "Watertight" up, ArrowLeft moves it, Space drops it.
  await dialog.getByRole('button', { name: 'Watertight', exact: true }).focus();
  // dnd-kit listens for the arrows once the pick-up has been handled: let each key land before the next.
  for (const key of ['Space', 'ArrowLeft', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await expect.poll(() => chipOrder(page)).toEqual(['gas', 'water', 'fire']);

  // Enter and comma add chips; the count follows.
  const input = dialog.getByRole('textbox', { name: 'Add to Tags' });
  await input.fill('custom');
  await input.press('Enter');
  await expect(dialog.getByText('Tags (4)')).toBeVisible();

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ id: 'SPEC-1', version: 4, tags: ['gas', 'water', 'fire', 'custom'] });
});

test('the UI takes its texts from /api/translations/all, over the bundled ones', async ({ page }) => {
  // The server half serves the administrator's overrides; here the answer is given in the browser.
  await page.route('**/api/translations/all?**', (route: Route) => {
    const culture = new URL(route.request().url()).searchParams.get('culture');
    return route.fulfill({
      json: envelope({ culture, resources: { shell: { 'user.profile': 'My profile and phone' } } }),
    });
  });
  await signInAsAdmin(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^User menu for/ }).click();
  await expect(page.getByRole('menuitem', { name: 'My profile and phone' })).toBeVisible();
  // Texts the server does not override stay as bundled.
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
});
