import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, useToken } from '../support/session';

// ADR 016 and ADR 017: the content admin's fixed-key models (a configuration per content model, a template per
// Symbol), its unknown-model address, the live preview, and the words of its grids in the user's language.
// Global data: configurations, templates and translations are everyone's.

const stamp = Date.now().toString(36);
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

type Row = Record<string, unknown> & { id: string; version: number };

async function findRecord(request: APIRequestContext, token: string, model: string, q: object) {
  const res = await request.get(`/api/instance/${model}`, {
    headers: auth(token),
    params: { q: JSON.stringify(q), size: 10 },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { r: Row[] } }).data.r[0]!;
}

async function deleteRecord(request: APIRequestContext, token: string, model: string, row: Row) {
  const res = await request.delete(`/api/instance/${model}/${encodeURIComponent(row.id)}`, {
    headers: auth(token),
    params: { version: row.version },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function signIn(page: Page, culture?: string): Promise<string> {
  const token = await apiToken(page.request);
  await useToken(page, token);
  if (culture) await page.addInitScript((c) => localStorage.setItem('sealplan.culture', c), culture);
  return token;
}

const noteOf = (page: Page, text: RegExp) => page.getByText(text);

/** Opens a content grid; the screen loads on demand, which a busy machine makes slow. */
async function openGrid(page: Page, model: string) {
  await page.goto(`/content/${model}`);
  await expect(page.getByRole('table')).toBeVisible({ timeout: 30_000 });
}

test('an unknown content model is the not-found page, at its own address', async ({ page }) => {
  await signIn(page);
  await page.goto('/content/NoSuchModel');
  await expect(page.getByRole('heading', { name: "We couldn't find this page." })).toBeVisible();
  await expect(page).toHaveURL(/\/content\/NoSuchModel$/);
  await expect(page.getByRole('link', { name: 'Model configurations' })).toHaveCount(0);
});

test('a model configuration is made only for a model without one, with readable messages and a live preview', async ({
  page,
}) => {
  test.slow(); // a form filled field by field, each preview 500 ms after the last change
  const token = await signIn(page);
  await openGrid(page, 'ModelConfiguration');
  // Every content model has its configuration: no "New", and the grid says why.
  await expect(noteOf(page, /Every content model has its configuration/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^New / })).toHaveCount(0);

  const original = await findRecord(page.request, token, 'ModelConfiguration', { model: 'Translation' });
  await deleteRecord(page.request, token, 'ModelConfiguration', original);
  try {
    await openGrid(page, 'ModelConfiguration');
    await expect(noteOf(page, /Every content model has its configuration/)).toBeHidden();
    await page.getByRole('button', { name: 'New model configuration' }).click();
    const dialog = page.getByRole('dialog', { name: 'New model configuration' });
    const preview = dialog.getByRole('region', { name: 'Preview of the form' });
    await expect(preview.getByText('Add a field to see the form.')).toBeVisible();

    // The model is picked from those without a configuration.
    await dialog.getByLabel(/^Model/).click();
    await expect(page.getByRole('option')).toHaveText(['Translation']);
    await page.getByRole('option', { name: 'Translation' }).click();
    await dialog
      .getByRole('textbox', { name: /^Label/ })
      .first()
      .fill('Translations');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // No field: said in words, not as the schema's text.
    await expect(dialog.getByRole('alert').filter({ hasText: 'Add at least one field.' })).toBeVisible();
    await expect(dialog.getByText(/Too small|expected array/)).toHaveCount(0);

    // A field appears in the preview as soon as it has a name, before any save and before a widget is chosen.
    const fields = original.fields as { name: string; label: string }[];
    for (const [i, field] of fields.slice(0, 2).entries()) {
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      const entry = dialog.getByRole('group', { name: `Fields ${i + 1}` });
      if (i === 0) await expect(preview.getByText(/field 1 has no name yet/)).toBeVisible();
      await entry.getByRole('textbox', { name: /^Name/ }).fill(field.name);
      await entry.getByRole('textbox', { name: /^Label/ }).fill(field.label);
      await expect(preview.getByRole('textbox', { name: field.label })).toBeVisible();
      await entry.getByLabel(/^Widget/).click();
      await page
        .getByRole('option', { name: field.name === 'text' ? 'textarea' : 'input', exact: true })
        .click();
    }
    await expect(preview.getByText(/Not in the preview/)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Model configuration saved.')).toBeVisible();
    await expect(noteOf(page, /Every content model has its configuration/)).toBeVisible();
    await openGrid(page, 'Translation');
    await expect(page.getByRole('columnheader', { name: fields[1]!.label })).toBeVisible();
  } finally {
    // Whatever happened above, the seeded configuration is back as it was.
    const now = await findRecord(page.request, token, 'ModelConfiguration', { model: 'Translation' }).catch(
      () => null,
    );
    if (now) await deleteRecord(page.request, token, 'ModelConfiguration', now);
    const { model, label, fields, listColumns } = original;
    const res = await page.request.post('/api/instance/ModelConfiguration', {
      headers: auth(token),
      data: { model, label, fields, listColumns },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
});

test('a template is made only for a place without one; otherwise the grid says why', async ({ page }) => {
  const token = await signIn(page);
  await openGrid(page, 'Template');
  await expect(noteOf(page, /already has its template/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^New / })).toHaveCount(0);

  const original = await findRecord(page.request, token, 'Template', { Symbol: 'document.footer' });
  await deleteRecord(page.request, token, 'Template', original);
  await openGrid(page, 'Template');
  await page.getByRole('button', { name: 'New template' }).click();
  const dialog = page.getByRole('dialog', { name: 'New template' });
  await dialog.getByLabel(/^Symbol/).click();
  await expect(page.getByRole('option')).toHaveText(['document.footer']);
  await page.getByRole('option', { name: 'document.footer' }).click();
  await dialog.getByRole('textbox', { name: /^Text/ }).fill(String(original.View));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Template saved.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'document.footer' })).toBeVisible();
  await expect(noteOf(page, /already has its template/)).toBeVisible();
});

test('grids speak the user language: labels, singular buttons, dates, and a delete that names its key', async ({
  page,
}) => {
  test.slow(); // seven screens in one walk
  const token = await signIn(page, 'de-DE');
  // A support request to list (its date) and a translation to delete.
  const filed = await page.request.post('/api/content/communitySubmit', {
    headers: auth(token),
    data: { content: { message: `Words ${stamp}`, type: 'QUESTION' } },
  });
  expect(filed.ok(), await filed.text()).toBe(true);
  const key = `e2e.words.${stamp}`;
  const added = await page.request.post('/api/instance/Translation', {
    headers: auth(token),
    data: { culture: 'fr-FR', namespace: 'common', key, text: 'Mots' },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await openGrid(page, 'SupportRequest');
  await expect(page.getByRole('heading', { name: 'Supportanfragen' })).toBeVisible();
  const headers = page.getByRole('columnheader');
  await expect(headers).toContainText(['Erstellt', 'E-Mail', 'Typ', 'Nachricht']);
  for (const key of ['createdOn', 'email', 'type', 'message', 'Email', 'Message'])
    await expect(page.getByRole('columnheader', { name: key, exact: true })).toHaveCount(0);
  const today = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium' }).format(new Date());
  await page.getByRole('textbox', { name: 'Suchen' }).fill(`Words ${stamp}`);
  await expect(page.getByRole('row').filter({ hasText: `Words ${stamp}` })).toContainText(today);

  await openGrid(page, 'ContentPage');
  await expect(page.getByRole('columnheader', { name: 'Gesperrt' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'isLocked' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Titel' })).toBeVisible();

  await openGrid(page, 'Specification');
  await page.getByRole('button', { name: 'Neue Spezifikation' }).click();
  await expect(page.getByRole('dialog', { name: 'Neue Spezifikation' })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: /^Bezeichnung/ })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click();

  await openGrid(page, 'Product');
  await page
    .getByRole('button', { name: /^.+ bearbeiten$/ })
    .first()
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Produkt gespeichert.')).toBeVisible();

  await openGrid(page, 'Translation');
  await page.getByRole('textbox', { name: 'Suchen' }).fill(stamp);
  await page.getByRole('button', { name: `common:${key} (fr-FR) löschen` }).click();
  const question = page.getByRole('dialog').filter({ hasText: `common:${key} (fr-FR)` });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText('1 Datensatz gelöscht.')).toBeVisible();
});
