// ADR 010: negative sizes, spare above 99 and a corner radius above half the shorter side are refused with the
// field's message and the typed value stays in the field (never made positive, clamped or limited).
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { formatLength } from '@sealplan/engine';
import { renderWithProviders } from '@/testing/render';
import { sizingErrors } from '../lib/sizing-errors';
import { TransitSizingPanel, type TransitSizingValues } from './transit-sizing-panel';

const start: TransitSizingValues = {
  name: 'T-1',
  copies: 1,
  shape: 'RECTANGLE',
  sparePercent: 0,
  diameterMm: null,
  widthMm: 200,
  heightMm: 100,
  cornerRadiusMm: 10,
};

/** The panel as the editor drives it: values in state, errors from the one rule. Imperial (no UnitsProvider). */
function Harness({ initial = start }: { initial?: TransitSizingValues }) {
  const { t } = useTranslation('transits');
  const [values, setValues] = useState(initial);
  const errors = sizingErrors(values, (mm) => formatLength(mm, 'IMPERIAL'), t);
  return (
    <>
      <TransitSizingPanel
        values={values}
        onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
        diameterReadOnly={false}
        errors={errors}
        onNext={() => undefined}
        nextLabel="Next"
      />
      <output data-testid="state">{JSON.stringify(values)}</output>
    </>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as TransitSizingValues;

describe('transit sizing panel: input is kept or refused, never rewritten', () => {
  it('a negative width keeps its minus sign and shows the length message', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    const width = screen.getByRole('textbox', { name: 'Width' });
    await user.clear(width);
    await user.type(width, '-5');
    await user.tab();
    expect((width as HTMLInputElement).value).toBe('-5');
    expect(state().widthMm).toBeLessThan(0);
    expect(await screen.findByText('Please enter a length between 0 and 393.701 in')).toBeTruthy();
  });

  it('spare 150 stays 150 with the spare message (not clamped to 99)', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    const spare = screen.getByRole('textbox', { name: 'Spare Percent' });
    await user.clear(spare);
    await user.type(spare, '150');
    await user.tab();
    // The typed text stays as typed (ADR 029); the unit stands beside it, not in it.
    await waitFor(() => expect((spare as HTMLInputElement).value).toBe('150'));
    expect(state().sparePercent).toBe(150);
    expect(screen.getByText('Spare percent must be between 0 and 99')).toBeTruthy();
  });

  it('a corner radius above half the shorter side names the largest radius in the user’s units', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    const radius = screen.getByRole('textbox', { name: 'Corner Radius' });
    await user.clear(radius);
    // 3.15 in = 80.01 mm on a 200 × 100 mm opening: the largest is 50 mm = 1.969 in.
    await user.type(radius, '3.15');
    await user.tab();
    expect((radius as HTMLInputElement).value).toBe('3.15');
    expect(
      screen.getByText('The corner radius can be at most 1.969 in (half the shorter side).'),
    ).toBeTruthy();
  });

  it('a radius of exactly half the shorter side has no message', () => {
    renderWithProviders(<Harness initial={{ ...start, cornerRadiusMm: 50 }} />);
    expect(screen.queryByText(/corner radius can be at most/)).toBeNull();
  });
});
