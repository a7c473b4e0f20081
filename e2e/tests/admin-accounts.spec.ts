import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mailTo } from '../support/mail';
import { signInAsAdmin } from '../support/session';

// ADR 014: e-mailed links follow the server's address, approval offers the existing organizations
// and refuses a duplicate name, bulk roles start from the users' roles and keep an administrator, users are
// created from User Admin, customers are deactivated and reactivated, and the register page makes no failing call.

const stamp = Date.now().toString(36);
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers a visitor through the public API; answers the e-mail. */
async function register(request: APIRequestContext, company: string, name: string): Promise<string> {
  const email = `${name}.${stamp}@example.com`;
  const res = await request.post('/api/user/register', {
    data: {
      FirstName: name,
      LastName: 'Tester',
      Password: 'register-secret',
      Company: company,
      Industry: 'ON_SHORE',
      UserName: email,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return email;
}

/** The text of every e-mail in the outbox addressed to `to` (quoted-printable soft breaks joined). */
async function searchActive(page: Page, text: string, rows = 1) {
  await page.getByRole('textbox', { name: 'Search users' }).nth(1).fill(text);
  await expect(
    page.getByRole('table', { name: 'Active Users' }).getByRole('row', { name: new RegExp(text) }),
  ).toHaveCount(rows);
}

test('the register page makes no call that fails', async ({ page }) => {
  const failures: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400)
      failures.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('requestfailed', (r) => failures.push(`failed ${r.method()} ${r.url()}`));
  const industries = page.waitForResponse((r) => r.url().endsWith('/api/industry/getActive'));
  await page.goto('/register');
  expect((await industries).status()).toBe(200);
  await page.getByRole('combobox', { name: 'Industry' }).click();
  await expect(page.getByRole('option', { name: /on shore/i })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(failures).toEqual([]);
});

test('password-reset links lead back to the server the user reached', async ({ page, baseURL }) => {
  const email = await register(page.request, `Links ${stamp}`, 'links');
  // The web app asks for a link to its own origin; the server accepts it only when PUBLIC_URL is that origin.
  const res = await page.request.get(`/api/v1/account/resetpassword/${encodeURIComponent(email)}`, {
    params: { redirectUrl: `${baseURL}/update-password`, isCustomer: 'true' },
  });
  expect(res.status(), await res.text()).toBe(200);
  let link = '';
  await expect
    .poll(() => {
      link = /https?:\/\/[^\s"<>]+update-password\?confirmId=[\w-]+/.exec(mailTo(email))?.[0] ?? '';
      return link;
    })
    .toContain(`${baseURL}/update-password?confirmId=`);
  await page.goto(link);
  await expect(page.getByLabel(/New Password/).first()).toBeVisible();
});

test('approval offers the existing organizations first and refuses a duplicate name', async ({ page }) => {
  const token = await signInAsAdmin(page);
  const orgs = await page.request.post('/api/user/organizations', { headers: auth(token), data: {} });
  const existing = ((await orgs.json()) as { data: { organizations: { id: string; name: string }[] } }).data
    .organizations[0]!;
  const email = await register(page.request, existing.name, 'twin');

  // Without a choice the server refuses to make a second organization of that name.
  const pending = await page.request.post('/api/user/list', {
    headers: auth(token),
    data: { status: 'pending', search: email },
  });
  const id = ((await pending.json()) as { data: { r: { id: string }[] } }).data.r[0]!.id;
  const refused = await page.request.post('/api/user/updateUserStatus', {
    headers: auth(token),
    data: { user: id, isApproved: true, skipEmail: true },
  });
  expect(refused.status()).toBe(409);

  await page.goto('/users/all');
  await page.getByRole('textbox', { name: 'Search users' }).first().fill(email);
  const pendingTable = page.getByRole('table', { name: 'Pending Users' });
  await pendingTable.getByRole('button', { name: `Approve ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve User' });
  await expect(dialog.getByRole('radio', { name: 'Existing organization' })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'New organization' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Organization name' })).toHaveValue(existing.name);
  await expect(dialog.getByText(/already exists/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Existing organization' }).click();
  await dialog.getByRole('combobox', { name: /Choose an organization/ }).click();
  await page.getByRole('option', { name: existing.name, exact: true }).click();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`${email} was approved.`)).toBeVisible();
  await searchActive(page, email);
  await expect(
    page.getByRole('table', { name: 'Active Users' }).getByRole('row', { name: new RegExp(email) }),
  ).toContainText(existing.name);
});

test('create a user, then set roles from the current ones without losing the last administrator', async ({
  page,
}) => {
  // Many steps through two dialogs: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const token = await signInAsAdmin(page);
  // A registration approved into its own new organization: its only administrator.
  const company = `Solo ${stamp}`;
  const solo = await register(page.request, company, 'solo');
  const pending = await page.request.post('/api/user/list', {
    headers: auth(token),
    data: { status: 'pending', search: solo },
  });
  const soloId = ((await pending.json()) as { data: { r: { id: string }[] } }).data.r[0]!.id;
  const approved = await page.request.post('/api/user/updateUserStatus', {
    headers: auth(token),
    data: { user: soloId, isApproved: true, skipEmail: true },
  });
  expect(approved.ok()).toBe(true);

  // Item 14: create a colleague in that organization from the admin screen.
  await page.goto('/users/all');
  await page.getByRole('button', { name: 'Create User' }).click();
  const create = page.getByRole('dialog', { name: 'Create User' });
  const colleague = `colleague.${stamp}@example.com`;
  await create.getByRole('textbox', { name: 'Email' }).fill(colleague);
  await create.getByRole('textbox', { name: 'First Name' }).fill('Cole');
  await create.getByRole('textbox', { name: 'Last Name' }).fill('League');
  await create.getByRole('combobox', { name: /Organization/ }).fill(company);
  await page.getByRole('option', { name: company, exact: true }).click();
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create).toBeHidden();
  await expect.poll(() => mailTo(colleague)).toContain('update-password?confirmId=');

  // Item 13: both selected; the dialog starts from their roles (DefaultUser + Administrator for both).
  await searchActive(page, company, 2);
  const active = page.getByRole('table', { name: 'Active Users' });
  await active.getByRole('checkbox', { name: `Select ${solo}` }).check();
  await active.getByRole('checkbox', { name: `Select ${colleague}` }).check();
  await page.getByRole('button', { name: 'Set Roles' }).click();
  const roles = page.getByRole('dialog', { name: 'Set Roles' });
  await expect(roles.getByRole('checkbox', { name: 'Administrator' })).toBeChecked();
  await expect(roles.getByRole('checkbox', { name: 'Default User' })).toBeChecked();
  await expect(roles.getByRole('checkbox', { name: 'Editor' })).not.toBeChecked();
  // Taking Administrator from both would leave the organization without one: refused, nothing changes.
  await roles.getByRole('checkbox', { name: 'Administrator' }).uncheck();
  await roles.getByRole('button', { name: 'Save Roles' }).click();
  await expect(roles.getByRole('alert')).toContainText('without an active administrator');
  await roles.getByRole('button', { name: 'Cancel' }).click();
  await expect(active.getByRole('row', { name: new RegExp(solo) })).toContainText('Administrator');

  // Taking it from the colleague only is fine, and the next dialog starts from the roles now held.
  await active.getByRole('checkbox', { name: `Select ${solo}` }).uncheck();
  await page.getByRole('button', { name: 'Set Roles' }).click();
  await roles.getByRole('checkbox', { name: 'Administrator' }).uncheck();
  await roles.getByRole('checkbox', { name: 'Editor' }).check();
  await roles.getByRole('button', { name: 'Save Roles' }).click();
  await expect(page.getByText('Roles saved.')).toBeVisible();
  const colleagueRow = active.getByRole('row', { name: new RegExp(colleague) });
  await expect(colleagueRow).toContainText('Editor');
  await expect(colleagueRow).not.toContainText('Administrator');
  // Both again: the solo user is the administrator and the colleague the editor, so each of those roles is
  // half-ticked (kept as each user has it) and only the role they share is ticked.
  await active.getByRole('checkbox', { name: `Select ${solo}` }).check();
  await page.getByRole('button', { name: 'Set Roles' }).click();
  await expect(roles.getByRole('checkbox', { name: 'Default User' })).toBeChecked();
  await expect(roles.getByRole('checkbox', { name: 'Administrator' })).toHaveJSProperty(
    'indeterminate',
    true,
  );
  await expect(roles.getByRole('checkbox', { name: 'Editor' })).toHaveJSProperty('indeterminate', true);
  // Saving with the half-ticked roles left alone changes nobody's roles.
  await roles.getByRole('button', { name: 'Save Roles' }).click();
  await expect(roles).toBeHidden();
  await expect(active.getByRole('row', { name: new RegExp(solo) })).toContainText('Administrator');
  await expect(colleagueRow).toContainText('Editor');
  await expect(colleagueRow).not.toContainText('Administrator');
});

test('deactivate and reactivate a customer', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/customers');
  const table = page.getByRole('table', { name: 'Customers' });
  const first = table.getByRole('row').nth(1);
  const name = (await first.getByRole('cell').first().textContent())!.trim();
  await page.getByRole('button', { name: `Deactivate ${name}` }).click();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText(`${name} was deactivated.`)).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Show inactive customers' }).check();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Inactive');
  await page.getByRole('button', { name: `Reactivate ${name}` }).click();
  await expect(page.getByText(`${name} was reactivated.`)).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Active');
});
