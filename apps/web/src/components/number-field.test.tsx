import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { i18n } from '@/lib/i18n';
import { NumberField } from './number-field';

/** The field as a form holds it: the number it hands over comes back as its value. */
function Owner({
  initial,
  onChange,
  integer,
}: {
  initial: number | null;
  onChange: (v: number | null) => void;
  integer?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <NumberField
      label="Price"
      value={value}
      integer={integer}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

function renderField(value: number | null, props: { integer?: boolean } = {}) {
  const onChange = vi.fn();
  render(
    <MantineProvider>
      <Owner initial={value} onChange={onChange} {...props} />
    </MantineProvider>,
  );
  return { onChange, input: screen.getByRole('textbox', { name: 'Price' }) as HTMLInputElement };
}

/** The texts the input is described by (its error message). */
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const last = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.at(-1)?.[0] as number | null;

afterEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('NumberField: numbers as the language writes them (ADR 029)', () => {
  it.each(['de-DE', 'fr-FR'])('%s: "12,50" is 12.5 and "12.50" is 12.5 too', async (culture) => {
    await i18n.changeLanguage(culture);
    const { input, onChange } = renderField(null);
    const user = userEvent.setup();
    await user.type(input, '12,50');
    expect(last(onChange)).toBe(12.5);
    await user.clear(input);
    await user.type(input, '12.50');
    expect(last(onChange)).toBe(12.5);
    expect(input.value).toBe('12.50');
  });

  it('keeps "100.00" as typed, also when the stored value comes back', async () => {
    const { input, onChange } = renderField(null);
    const user = userEvent.setup();
    await user.type(input, '100.00');
    await user.tab();
    expect(last(onChange)).toBe(100);
    expect(input.value).toBe('100.00');
  });

  it('refuses "1e2" with a message and never hands over another number', async () => {
    const { input, onChange } = renderField(null);
    const user = userEvent.setup();
    await user.type(input, '1e2');
    expect(onChange.mock.calls.map((c) => c[0] as unknown)).toEqual([1]);
    expect(input.value).toBe('1e2');
    expect(describedBy(input)).toMatch(/Type a number, such as 12\.5/);
  });

  it('shows a stored value with the decimal mark of the language', async () => {
    await i18n.changeLanguage('de-DE');
    const { input } = renderField(1234.5);
    expect(input.value).toBe('1234,5');
  });

  it('asks for a whole number where one is needed', async () => {
    const { input, onChange } = renderField(null, { integer: true });
    const user = userEvent.setup();
    await user.type(input, '2,5');
    expect(last(onChange)).toBe(2);
    expect(describedBy(input)).toContain('Type a whole number');
  });
});
