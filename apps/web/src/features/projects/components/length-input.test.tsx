import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { LengthInput } from './length-input';

function renderInput(valueMm: number | null, props: { onBlur?: (mm: number | null) => void } = {}) {
  const onChangeMm = vi.fn();
  const ui = (mm: number | null) => (
    <MantineProvider>
      <LengthInput label="Depth" valueMm={mm} onChangeMm={onChangeMm} {...props} />
    </MantineProvider>
  );
  const view = render(ui(valueMm));
  return {
    onChangeMm,
    rerender: (mm: number | null) => view.rerender(ui(mm)),
    input: screen.getByRole('textbox', { name: 'Depth' }),
  };
}

/** Outside <UnitsProvider> the field speaks the spec's default, imperial: 1 in = 25.4 mm (spec §9: 0.0393701). */
const inchesToMm = (inches: number) => inches / 0.0393701;
const lastMm = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.at(-1)?.[0] as number;

describe('LengthInput (imperial, the default outside the provider)', () => {
  it('never rewrites what is being typed with a stored value that lags behind, and hands the shown value to onBlur', async () => {
    const onBlur = vi.fn();
    const { input, rerender, onChangeMm } = renderInput(120, { onBlur });
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '3');
    expect(lastMm(onChangeMm)).toBeCloseTo(inchesToMm(3), 2);
    // The stored value arrives late (it follows as a transition) and still says 120 while the user is in the field.
    rerender(120);
    rerender(110);
    expect((input as HTMLInputElement).value).toBe('3');
    await user.tab();
    expect(lastMm(onBlur)).toBeCloseTo(inchesToMm(3), 2);
    // Once the field is left, an outside change (the minimum-depth reset: 120 mm = 4.724 in) shows.
    rerender(120);
    expect((input as HTMLInputElement).value).toBe('4.724');
  });

  it('without onBlur, hands over a value that differs from the stored one when the field is left', async () => {
    const { input, onChangeMm } = renderInput(300);
    const user = userEvent.setup();
    await user.click(input);
    await user.tab();
    expect(onChangeMm).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, '10');
    onChangeMm.mockClear();
    await user.tab();
    expect(lastMm(onChangeMm)).toBeCloseTo(inchesToMm(10), 2);
  });
});
