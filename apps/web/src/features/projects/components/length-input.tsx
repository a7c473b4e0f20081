import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { NumberInput } from '@mantine/core';
import { roundTo } from '@sealplan/engine';
import { useUnits } from '@/lib/units';

export interface LengthInputProps {
  label: ReactNode;
  /** Stored value in mm (null when empty). */
  valueMm: number | null | undefined;
  onChangeMm: (mm: number | null) => void;
  /** Called with the value the field shows (mm) when it loses focus, instead of `onChangeMm`: the owner commits it. */
  onBlur?: (mm: number | null) => void;
  disabled?: boolean;
  readOnly?: boolean;
  error?: ReactNode;
  description?: ReactNode;
  min?: number;
  required?: boolean;
  'data-testid'?: string;
  id?: string;
}

/** Spec §9: imperial shows 3 decimals, metric 2. */
function decimalsOf(system: 'METRIC' | 'IMPERIAL') {
  return system === 'IMPERIAL' ? 3 : 2;
}

/** Equal lengths, or both empty; within 0.01 mm, what a round trip through imperial display can change. */
function sameMm(a: number | null, b: number | null | undefined): boolean {
  if (a === null || b === null || b === undefined) return a === null && (b === null || b === undefined);
  return Math.abs(a - b) < 0.01;
}

/**
 * A length typed in the user's unit system and stored in mm. What the user types is kept as typed (no
 * re-formatting while typing); only a change from outside (unit switch, reset to the minimum) rewrites it.
 * Its own text is its state: a keystroke re-renders this input synchronously, the rest follows as a transition.
 */
export function LengthInput({
  label,
  valueMm,
  onChangeMm,
  onBlur,
  disabled,
  readOnly,
  error,
  description,
  min = 0,
  required,
  id,
  ...rest
}: LengthInputProps) {
  const units = useUnits();
  const decimals = decimalsOf(units.system);
  const format = (mm: number | null | undefined): string | number =>
    mm === null || mm === undefined ? '' : roundTo(units.toDisplayLength(mm), decimals);
  const [text, setText] = useState<string | number>(() => format(valueMm));
  const [focused, setFocused] = useState(false);
  const parse = (v: string | number): number | null =>
    v === '' || Number.isNaN(Number(v)) ? null : units.fromDisplayLength(Number(v));

  useEffect(() => {
    // Never rewrite the field while the user is in it: the stored value lags behind the typing (it follows as a
    // transition), so comparing the two then would throw away what was just typed.
    if (focused) return;
    // Resync only when the stored value no longer matches what is typed (outside change or unit switch).
    setText((current) => {
      return sameMm(parse(current), valueMm) ? current : format(valueMm);
    });
    // On blur too: a value reset on blur (spec §5 minimum depth) may equal the last stored one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valueMm, units.system, focused]);

  return (
    <NumberInput
      id={id}
      data-testid={rest['data-testid']}
      label={label}
      description={description}
      rightSection={
        <span style={{ fontSize: 12, color: 'var(--mantine-color-dimmed)', paddingRight: 6 }}>
          {units.lengthUnit}
        </span>
      }
      rightSectionWidth={36}
      rightSectionPointerEvents="none"
      value={text}
      min={min}
      decimalScale={decimals}
      decimalSeparator={units.decimalSeparator}
      // ADR 010: what is typed stays (a minus sign is kept, nothing is clamped); the owner shows the message.
      clampBehavior="none"
      hideControls
      disabled={disabled}
      readOnly={readOnly}
      required={required}
      error={error}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        setFocused(false);
        // What the field shows is what counts: the last keystroke's change may still be on its way (transition).
        const mm = parse(event.currentTarget.value);
        if (onBlur) onBlur(mm);
        else if (!sameMm(mm, valueMm)) onChangeMm(mm);
      }}
      onChange={(v) => {
        // The typed text updates at once; the transit (fill, drawing, materials: a large re-render) follows as a
        // transition, which React renders in interruptible slices, so a keystroke never waits for it.
        setText(v);
        const mm = parse(v);
        startTransition(() => onChangeMm(mm));
      }}
    />
  );
}
