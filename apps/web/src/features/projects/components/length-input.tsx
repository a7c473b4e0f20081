import type { ReactNode } from 'react';
import { roundTo } from '@sealplan/engine';
import { NumberField } from '@/components/number-field';
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
  /** The smallest length the owner accepts (its message says so; nothing is clamped, ADR 010). */
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
  required,
  id,
  ...rest
}: LengthInputProps) {
  const units = useUnits();
  const decimals = decimalsOf(units.system);
  const display = valueMm === null || valueMm === undefined ? null : units.toDisplayLength(valueMm);
  const toMm = (v: number | null) => (v === null ? null : units.fromDisplayLength(v));

  return (
    <NumberField
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
      value={display === null ? null : roundTo(display, decimals)}
      decimals={decimals}
      // ADR 010: what is typed stays (a minus sign is kept, nothing is clamped); the owner shows the message.
      same={(typed) => sameMm(toMm(typed), valueMm)}
      disabled={disabled}
      readOnly={readOnly}
      required={required}
      error={error}
      onBlur={(value) => {
        // What the field shows is what counts: the last keystroke's change may still be on its way (transition).
        if (value === undefined) return;
        const mm = toMm(value);
        if (onBlur) onBlur(mm);
        else if (!sameMm(mm, valueMm)) onChangeMm(mm);
      }}
      // The typed text updates at once; the transit (fill, drawing, materials: a large re-render) follows as a
      // transition, which React renders in interruptible slices, so a keystroke never waits for it.
      deferOnChange
      onChange={(value) => onChangeMm(toMm(value))}
    />
  );
}
