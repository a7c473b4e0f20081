import { startTransition, useEffect, useState, type FocusEvent, type ReactNode } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatFieldNumber, parseNumber, type ParseNumberOptions } from '@/lib/number-parse';
import { useUnits } from '@/lib/units';

export interface NumberFieldProps
  extends
    Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'type'>,
    ParseNumberOptions {
  /** The stored number (null when empty). */
  value: number | null | undefined;
  /** Called with each number the text reads as; not called while the text is not a number (its message shows). */
  onChange: (value: number | null) => void;
  /** Called when the text is not a number (the field shows why): the owner may mark its value as refused. */
  onRefused?: () => void;
  /** Called on blur with what the field reads as (undefined when it is not a number). */
  onBlur?: (value: number | null | undefined, event: FocusEvent<HTMLInputElement>) => void;
  /** Decimals a stored number is shown with (it is never rounded while typed). */
  decimals?: number;
  /** The owner's message for a value the field reads (out of range, required); the field's own comes first. */
  error?: ReactNode;
  /** The stored value follows as a React transition (a large re-render must never delay a keystroke). */
  deferOnChange?: boolean;
  /** Equal stored numbers for this field (a round trip through a unit conversion changes the last digits). */
  same?: (a: number | null, b: number | null | undefined) => boolean;
}

const sameExactly = (a: number | null, b: number | null | undefined) => a === (b ?? null);

/**
 * The one number input of the web app (ADR 029). What the user types stays as typed (no re-formatting, "100.00"
 * stays "100.00"); it is read with the user's decimal mark or the other one, and refused, with a message under
 * the field, when it is not a number ("1e2"). Only a change from outside (reset, reload, unit switch) rewrites the
 * text, and never while the user types in a field whose value follows as a transition.
 */
export function NumberField({
  value,
  onChange,
  onBlur,
  onRefused,
  decimals = 2,
  integer,
  allowNegative,
  error,
  deferOnChange,
  same = sameExactly,
  ...rest
}: NumberFieldProps) {
  const { t } = useTranslation('common');
  const { decimalSeparator } = useUnits();
  const show = (v: number | null | undefined) => formatFieldNumber(v, decimals, decimalSeparator);
  const [text, setText] = useState(() => show(value));
  const [focused, setFocused] = useState(false);
  const parsed = parseNumber(text, { integer, allowNegative });

  useEffect(() => {
    // A deferred stored value lags behind the typing: while the user is in the field it would throw away what was
    // just typed. A field whose owner stores at once is rewritten only when its owner changes the number (a reset).
    if (focused && deferOnChange) return;
    setText((current) => {
      const read = parseNumber(current, { integer, allowNegative });
      // A refused text stays beside its message until the user changes it or the stored value changes.
      if (!read.ok) return current;
      return same(read.value, value) ? current : show(value);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, focused, decimalSeparator]);

  const ownError = parsed.ok ? null : t(`number.${parsed.problem}`, { example: `12${decimalSeparator}5` });

  return (
    <TextInput
      {...rest}
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      error={ownError ?? error}
      onFocus={(event) => {
        setFocused(true);
        rest.onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        const read = parseNumber(event.currentTarget.value, { integer, allowNegative });
        onBlur?.(read.ok ? read.value : undefined, event);
      }}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const read = parseNumber(next, { integer, allowNegative });
        if (!read.ok) {
          onRefused?.();
          return;
        }
        if (deferOnChange) startTransition(() => onChange(read.value));
        else onChange(read.value);
      }}
    />
  );
}
