import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@/lib/i18n';
import { mockApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ExportDialog } from './export-dialog';

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

  it('starts from the spec defaults: PDF, Letter, whole project, METRIC until the user loads', () => {
    mockApi({});
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Share / Export' });
    expect(within(dialog).getByRole('combobox', { name: 'Format' })).toHaveProperty('value', 'PDF');
    expect(within(dialog).getByRole('combobox', { name: 'Paper size' })).toHaveProperty('value', 'Letter');
    expect(within(dialog).getByRole('combobox', { name: 'Unit system' })).toHaveProperty('value', 'Metric');
    expect(within(dialog).getByRole('radio', { name: 'Whole project' })).toHaveProperty('checked', true);
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
