import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@/lib/i18n';
import { mockApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ExportDialog, defaultPaperSize } from './export-dialog';

const PROJECT_ID = '00000000-0000-4000-8000-000000000001';
const transits = [
  { id: '00000000-0000-4000-8000-000000000011', name: 'Deck A' },
  { id: '00000000-0000-4000-8000-000000000012', name: 'Bulkhead B' },
];

function renderDialog() {
  return renderWithProviders(
    <ExportDialog
      projectId={PROJECT_ID}
      currentTransitId={transits[0]!.id}
      transits={transits}
      opened
      onClose={() => undefined}
    />,
  );
}

describe('ExportDialog (spec §2, §4, §5 Share/Export)', () => {
  beforeEach(() => void i18n.changeLanguage('en-US'));
  afterEach(() => vi.unstubAllGlobals());

  it('starts from the defaults: PDF, A4, whole project, METRIC until the user loads', () => {
    mockApi({});
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Share / Export' });
    expect(within(dialog).getByRole('combobox', { name: 'Format' })).toHaveProperty('value', 'PDF');
    expect(within(dialog).getByRole('combobox', { name: 'Paper size' })).toHaveProperty('value', 'A4');
    expect(within(dialog).getByRole('combobox', { name: 'Unit system' })).toHaveProperty('value', 'Metric');
    expect(within(dialog).getByRole('radio', { name: 'Whole project' })).toHaveProperty('checked', true);
  });

  it('defaults the paper to Letter only for a US-English user in imperial (ADR 027)', () => {
    expect(defaultPaperSize('en-US', 'IMPERIAL')).toBe('LETTER');
    expect(defaultPaperSize('en-US', 'METRIC')).toBe('A4');
    expect(defaultPaperSize('de-DE', 'IMPERIAL')).toBe('A4');
    expect(defaultPaperSize('fr-FR', 'METRIC')).toBe('A4');
    expect(defaultPaperSize('zh-Hans', 'IMPERIAL')).toBe('A4');
  });

  it('names the file the RTF format makes in every language (not "Docx")', async () => {
    for (const language of ['en-US', 'de-DE', 'fr-FR', 'zh-Hans']) {
      await i18n.changeLanguage(language);
      const label = i18n.t('format.RTF', { ns: 'export' });
      expect(label).toContain('.rtf');
      expect(label).not.toMatch(/docx/i);
    }
  });

  // Two submissions with typing and a chosen option: slower than the other tests on a busy machine.
  it(
    'writes the document in the interface language unless another is chosen (ADR 027)',
    { timeout: 60_000 },
    async () => {
      await i18n.changeLanguage('de-DE');
      const t = i18n.getFixedT('de-DE', 'export');
      const { calls } = mockApi({
        'POST /api/project/sendProjectExport': () => ({
          data: { sent: true, emailAddress: 'a@example.com', fileName: 'x.pdf', outputFormat: 'PDF' },
        }),
      });
      const user = userEvent.setup();
      renderDialog();
      const dialog = screen.getByRole('dialog', { name: t('title') });
      const language = within(dialog).getByRole('combobox', { name: t('language.label') });
      expect(language).toHaveProperty('value', 'Deutsch');
      await user.click(within(dialog).getByText(t('action.share')));
      await user.type(within(dialog).getByRole('textbox', { name: t('email') }), 'a@example.com');
      const body = async () => JSON.parse(calls.at(-1)!.body!) as Record<string, unknown>;
      await user.click(within(dialog).getByRole('button', { name: t('submit.share') }));
      await waitFor(() => expect(calls.length).toBeGreaterThan(0));
      expect(await body()).toMatchObject({ language: 'de-DE', isShare: true });

      await user.click(language);
      await user.click(screen.getByRole('option', { name: 'Französisch', hidden: true }));
      expect(language).toHaveProperty('value', 'Französisch');
      await user.click(within(dialog).getByRole('button', { name: t('submit.share') }));
      await waitFor(() => expect(calls).toHaveLength(2));
      expect(await body()).toMatchObject({ language: 'fr-FR' });
    },
  );

  it('offers every bundled language by its name in the interface language', async () => {
    for (const culture of ['en-US', 'de-DE', 'fr-FR', 'zh-Hans']) {
      const t = i18n.getFixedT(culture, 'export');
      for (const language of ['en-US', 'de-DE', 'fr-FR', 'zh-Hans'])
        expect(t(`language.${language}`)).not.toBe(`language.${language}`);
    }
    expect(i18n.getFixedT('de-DE', 'export')('language.de-DE')).toBe('Deutsch');
  });

  it('covers the form with the loader overlay and its label while the file is made', async () => {
    // The server takes its time: the request stays pending for the whole test.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const user = userEvent.setup();
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Share / Export' });
    await user.click(within(dialog).getAllByRole('button', { name: 'Download' }).at(-1)!);
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toContain('Preparing the file…'),
    );
    expect(dialog.querySelector('.mantine-LoadingOverlay-root')).not.toBeNull();
  });

  it('lets the paper size be chosen for RTF (the RTF honours it) and disables it only for CSV', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Share / Export' });
    const size = () => within(dialog).getByRole('combobox', { name: 'Paper size' });
    const pick = async (format: RegExp) => {
      await user.click(within(dialog).getByRole('combobox', { name: 'Format' }));
      await user.click(await screen.findByRole('option', { name: format, hidden: true }));
    };
    await pick(/RTF|Docx/);
    expect(size()).toHaveProperty('disabled', false);
    await pick(/CSV/);
    expect(size()).toHaveProperty('disabled', true);
  });
});
