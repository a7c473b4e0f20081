import type { ReactNode } from 'react';
import {
  Group,
  MultiSelect,
  Select,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
  type ComboboxItem,
} from '@mantine/core';
import { useController, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DISPLAY_DECIMALS, roundTo, SAVE_DECIMALS } from '@sealplan/engine';
import { NumberField } from '@/components/number-field';
import { useUnits } from '@/lib/units';
import { firstMessage, type CatalogueFormValues } from '../model/catalogue-form';

type Name = FieldPath<CatalogueFormValues>;

interface CellProps {
  name: Name;
  /** Accessible name of the input (the table cell has no visible label): "Column, row". */
  label: string;
  /** The stored value is a sample value: marked next to the input. */
  sample?: boolean;
}

/** The mark of a sample value: an asterisk with a tooltip, and the words for a screen reader. */
export function SampleMark() {
  const { t } = useTranslation('catalogue');
  return (
    <Tooltip label={t('sample.tooltip')} withArrow>
      <Text span c="orange.7" fw={700} data-sample-mark aria-hidden={false}>
        *<VisuallyHidden>{t('sample.mark')}</VisuallyHidden>
      </Text>
    </Tooltip>
  );
}

function Marked({ sample, children }: { sample?: boolean; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
      {sample && <SampleMark />}
    </Group>
  );
}

/** A text value; `nullable` stores an emptied field as null (optional article numbers). */
export function TextCell({
  name,
  label,
  sample,
  nullable,
  readOnly,
}: CellProps & { nullable?: boolean; readOnly?: boolean }) {
  const { field, fieldState } = useController<CatalogueFormValues>({ name });
  const value = field.value as string | null | undefined;
  return (
    <Marked sample={sample}>
      <TextInput
        size="xs"
        aria-label={label}
        ref={field.ref}
        name={field.name}
        value={value ?? ''}
        readOnly={readOnly}
        variant={readOnly ? 'unstyled' : 'default'}
        onChange={(event) => {
          const text = event.currentTarget.value;
          field.onChange(nullable && text === '' ? null : text);
        }}
        onBlur={field.onBlur}
        error={fieldState.error?.message}
      />
    </Marked>
  );
}

/**
 * Decimals a catalogue length shows and accepts: metric one more than elsewhere (the catalogue's mm figures are
 * precise to 3 decimals, the saving precision), imperial the spec §9 display decimals (no 4th, ADR 014).
 */
const LENGTH_DECIMALS = { METRIC: SAVE_DECIMALS, IMPERIAL: DISPLAY_DECIMALS.IMPERIAL } as const;

function sameValue(a: number | null, b: unknown, tolerance: number): boolean {
  const empty = (v: unknown) => v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v));
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  return Math.abs((a as number) - (b as number)) <= tolerance;
}

/**
 * A number. Lengths are stored in mm and shown in the user's unit system (converted with the engine's unit
 * functions, like the transit editor); volumes are ml in both systems. What the user types is kept as typed: the
 * stored value changes only when the text does, so an untouched figure is saved exactly as it was loaded, and a
 * bad value stays in the field beside its message. An emptied field is NaN (required) or null (`nullable`).
 */
export function NumberCell({
  name,
  label,
  sample,
  kind,
  nullable,
}: CellProps & { kind: 'length' | 'volume'; nullable?: boolean }) {
  const units = useUnits();
  const { field, fieldState } = useController<CatalogueFormValues>({ name });
  const stored = field.value as number | null | undefined;
  const isLength = kind === 'length';
  const decimals = isLength ? LENGTH_DECIMALS[units.system] : units.volumeDecimals;
  // Volumes are stored in ml and shown in the user's system (ml or US fl oz, ADR 027).
  const toStored = (shown: number | null) =>
    shown === null
      ? nullable
        ? null
        : Number.NaN
      : isLength
        ? units.fromDisplayLength(shown)
        : units.fromDisplayVolume(shown);
  const shown =
    stored === null || stored === undefined || Number.isNaN(stored)
      ? null
      : isLength
        ? roundTo(units.toDisplayLength(stored), decimals)
        : units.toDisplayVolume(stored);

  return (
    <Marked sample={sample}>
      <NumberField
        size="xs"
        aria-label={label}
        ref={field.ref}
        name={field.name}
        value={shown}
        decimals={decimals}
        allowNegative={false}
        // Within what a round trip through the shown decimals can change (0.0001 in = 0.00254 mm).
        same={(typed) => sameValue(toStored(typed), stored, 0.003)}
        rightSection={
          <Text span size="xs" c="dimmed" pr={6}>
            {isLength ? units.lengthUnit : units.volumeUnit}
          </Text>
        }
        rightSectionWidth={30}
        rightSectionPointerEvents="none"
        onBlur={() => field.onBlur()}
        onChange={(value) => field.onChange(toStored(value))}
        // A text that is not a number is no figure: the form refuses it (required) until it is corrected.
        onRefused={() => field.onChange(Number.NaN)}
        error={fieldState.error?.message}
      />
    </Marked>
  );
}

/** One id out of a list (a transit type, a class, an item type). */
export function SelectCell({ name, label, sample, data }: CellProps & { data: ComboboxItem[] }) {
  const { field, fieldState } = useController<CatalogueFormValues>({ name });
  return (
    <Marked sample={sample}>
      <Select
        size="xs"
        aria-label={label}
        ref={field.ref}
        name={field.name}
        data={data}
        value={(field.value as string | null | undefined) ?? null}
        allowDeselect={false}
        onChange={(value) => field.onChange(value ?? '')}
        onBlur={field.onBlur}
        error={fieldState.error?.message}
        comboboxProps={{ withinPortal: true }}
      />
    </Marked>
  );
}

/** Several ids out of a list (class exceptions, allowed sealants); a message of any entry shows under the field. */
export function MultiSelectCell({ name, label, sample, data }: CellProps & { data: ComboboxItem[] }) {
  const { field, fieldState } = useController<CatalogueFormValues>({ name });
  const value = (field.value as string[] | undefined) ?? [];
  // An id the list does not know (a removed sealant) stays visible, so the message under the field makes sense.
  const known = new Set(data.map((d) => d.value));
  const options = [...data, ...value.filter((v) => !known.has(v)).map((v) => ({ value: v, label: v }))];
  return (
    <Marked sample={sample}>
      <MultiSelect
        size="xs"
        aria-label={label}
        ref={field.ref}
        name={field.name}
        data={options}
        value={value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        error={firstMessage(fieldState.error)}
        comboboxProps={{ withinPortal: true }}
      />
    </Marked>
  );
}
