import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_OUTBOX } from '../playwright.config';

// The whole life of an account, as a person goes through it (spec §2, §4, §5, §8):
// register -> pending on login -> approved by the administrator -> e-mail -> sign in -> profile ->
// change password -> sign out -> forgot password via the e-mailed link -> sign in with the new password.

const ADMIN = { email: 'admin@sealplan.local', password: 'e2e-admin-password' };
const stamp = Date.now().toString(36);
const person = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: `Analytical Engines ${stamp}`,
  phone: '+44 555-123-4567',
  email: `ada.${stamp}@example.com`,
  password: 'first-secret',
  changedPassword: 'second-secret',
  resetPassword: 'third-secret',
};

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Decodes the text/plain part of an .eml file written by nodemailer (quoted-printable or base64). */
function readMail(file: string): Mail {
  const raw = readFileSync(file, 'utf8');
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const header = (name: string, block: string) =>
    new RegExp(`^${name}:\\s*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im')
      .exec(block)?.[1]
      ?.replace(/\r?\n[ \t]+/g, ' ')
      .trim() ?? '';
  const decode = (body: string, encoding: string) => {
    if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (/quoted-printable/i.test(encoding)) {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    return body;
  };
  const body = rest.join('\n\n');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  let text = decode(body, header('Content-Transfer-Encoding', head));
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      if (/text\/plain/i.test(header('Content-Type', partHead))) {
        text = decode(partBody.join('\n\n'), header('Content-Transfer-Encoding', partHead));
        break;
      }
    }
  }
  return { to: header('To', head), subject: header('Subject', head), text };
}

/** Waits for the next e-mail to `to` that was not seen before. */
async function nextMail(to: string, seen: Set<string>): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        let files: string[];
        try {
          files = readdirSync(E2E_OUTBOX)
            .filter((f) => f.endsWith('.eml'))
            .sort();
        } catch {
          return false; // the outbox folder appears with the first e-mail
        }
        for (const f of files) {
          if (seen.has(f)) continue;
          const mail = readMail(join(E2E_OUTBOX, f));
          if (mail.to.toLowerCase().includes(to.toLowerCase())) {
            seen.add(f);
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: `an e-mail to ${to} in ${E2E_OUTBOX}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The shell's header user menu (spec §1: Reset Password, User Profile, Logout). */
async function chooseFromUserMenu(page: Page, item: 'User Profile' | 'Reset Password' | 'Logout') {
  // The shell labels its menu button 'User menu …' (text from the shell's namespace).
  await page.getByRole('button', { name: /user.?menu/i }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function approveAsAdministrator(browser: Browser) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin).toHaveURL(/\/dashboard$/);
  await admin.goto('/users/all');
  const pending = admin.getByRole('table', { name: 'Pending Users' });
  // The search box narrows the grid (debounced) to the new registration.
  await admin.getByRole('textbox', { name: 'Search users' }).first().fill(person.email);
  await expect(pending.getByRole('row', { name: new RegExp(person.email) })).toBeVisible();
  await pending.getByRole('button', { name: `Approve ${person.email}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Approve User' });
  // Existing organizations are offered first (ADR 014); this company is new, so a new one is made.
  await expect(dialog.getByRole('radio', { name: 'Existing organization' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'New organization' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Organization name' })).toHaveValue(person.company);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
  await expect(pending.getByRole('row', { name: new RegExp(person.email) })).toHaveCount(0);
  const active = admin.getByRole('table', { name: 'Active Users' });
  await admin.getByRole('textbox', { name: 'Search users' }).nth(1).fill(person.email);
  await expect(
    active.getByRole('row', { name: new RegExp(`${person.email}.*${person.company}`) }),
  ).toBeVisible();
  await admin.screenshot({
    path: new URL('../artifacts/accounts-admin-grid.png', import.meta.url).pathname,
    fullPage: true,
  });
  await context.close();
}

test('the life of an account: register, approval, profile, password change, sign-out, password reset', async ({
  page,
  browser,
}) => {
  // A whole account life with several argon2 hashes and two browser contexts: longer than one screen's test.
  test.setTimeout(180_000);
  const seen = new Set<string>();

  // 1. Register (spec §5): the form checks its fields, then the toast and /login.
  await page.goto('/register');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Please fill out all required fields')).toBeVisible();
  await page.getByRole('textbox', { name: 'First Name' }).fill(person.firstName);
  await page.getByRole('textbox', { name: 'Last Name' }).fill(person.lastName);
  await page.getByRole('textbox', { name: 'Company' }).fill(person.company);
  await page.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: /off shore/i }).click();
  await page.getByRole('textbox', { name: 'Phone Number' }).fill(person.phone);
  await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByLabel('Confirm Password').fill('not-the-same');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Password does not match')).toBeVisible();
  await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();
  await page.getByLabel('Confirm Password').fill(person.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByText(/An administrator will send you an email when your account is approved/),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // 2. Not yet approved: the pending message (spec §4).
  await signIn(page, person.email, person.password);
  await expect(page.getByRole('alert')).toContainText('Your account has not yet been approved.');

  // 3. The administrator approves the registration into a new organization named after the company.
  await approveAsAdministrator(browser);

  // 4. The e-mail arrives.
  const approval = await nextMail(person.email, seen);
  expect(approval.subject.length).toBeGreaterThan(0);

  // 5. Signs in and lands in the app.
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // 6. Edits the profile (spec §2 user info dialog).
  await chooseFromUserMenu(page, 'User Profile');
  const profile = page.getByRole('dialog', { name: 'User Profile' });
  const firstName = profile.getByRole('textbox', { name: 'First Name' });
  await expect(firstName).toHaveValue(person.firstName);
  await firstName.fill('');
  await expect(profile.getByRole('button', { name: 'Save' })).toBeDisabled();
  await firstName.fill('Augusta Ada');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User saved successfully.')).toBeVisible();
  await expect(profile).toBeHidden();
  await chooseFromUserMenu(page, 'User Profile');
  await expect(
    page.getByRole('dialog', { name: 'User Profile' }).getByRole('textbox', { name: 'First Name' }),
  ).toHaveValue('Augusta Ada');
  await page.keyboard.press('Escape');

  // 7. Changes the password; a mismatch is caught first.
  await chooseFromUserMenu(page, 'Reset Password');
  const change = page.getByRole('dialog', { name: 'Reset Password' });
  await change.getByLabel('Current Password').fill(person.password);
  await change.getByLabel(/^New Password/).fill(person.changedPassword);
  await change.getByLabel('Confirm New Password').fill('something-else');
  await change.getByRole('button', { name: 'Change Password' }).click();
  await expect(change.getByText('Passwords do not match.')).toBeVisible();
  await change.getByLabel('Confirm New Password').fill(person.changedPassword);
  await change.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password successfully reset!')).toBeVisible();
  await expect(change).toBeHidden();

  // 8. Signs out: back to /login; the app is closed again.
  await chooseFromUserMenu(page, 'Logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  // 9. The old password no longer works; forgot password sends a link.
  await signIn(page, person.email, person.password);
  await expect(page.getByRole('alert')).toHaveText('The user name or password is incorrect.');
  await page.getByRole('button', { name: 'Forgot Your Password' }).click();
  const reset = page.getByRole('button', { name: 'Reset', exact: true });
  await page.getByRole('textbox', { name: 'Email' }).fill('ada@');
  await expect(reset).toBeDisabled();
  await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await expect(reset).toBeEnabled();
  await reset.click();
  await expect(page.getByText('Email sent!  Please check your email to reset your password.')).toBeVisible();
  const resetMail = await nextMail(person.email, seen);
  const link = /https?:\/\/\S+[?&]confirm[iI]d=[^\s"'<>]+/.exec(resetMail.text)?.[0];
  expect(link, `a reset link in:\n${resetMail.text}`).toBeTruthy();

  // 10. Follows the link, sets a new password, and is signed in with it.
  await page.goto(link!);
  await page.getByLabel(/^New Password/).fill(person.resetPassword);
  await page.getByLabel('Confirm New Password').fill('different');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords must match.')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill(person.resetPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password successfully reset!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // 11. And signs in again, by hand, with the new password.
  await chooseFromUserMenu(page, 'Logout');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, person.email, person.resetPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});
