import { Button, Checkbox, Group, PasswordInput, Radio, Select, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useController } from 'react-hook-form';
import { Link } from 'react-router';
import { isSafeLink, type DynamicFormField } from '@sealplan/contracts';
import { NumberField } from '@/components/number-field';
import { useUnits } from '@/lib/units';
import { fieldError, isRequired } from './field-errors';
import { useDynamicFormContext } from './form-context';
import { GrowingTextarea } from '@/components/growing-textarea';

export interface WidgetProps {
  field: DynamicFormField;
  /** react-hook-form name of the value (`children.0.label`). */
  path: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** Spec §2 single-line input; `inputType` picks text, e-mail, number, URL, phone or password. */
export function InputWidget({ field, path }: WidgetProps) {
  const { disabled } = useDynamicFormContext();
  const { field: input, fieldState } = useController({ name: path });
  const common = {
    label: field.label,
    withAsterisk: isRequired(field),
    disabled: disabled || field.isDisabled,
    error: fieldError(fieldState.error),
    name: input.name,
    onBlur: input.onBlur,
    ref: input.ref,
  };
  if (field.inputType === 'number') {
    return (
      <NumberField
        {...common}
        value={typeof input.value === 'number' ? input.value : null}
        onChange={(v) => input.onChange(v)}
        onBlur={() => input.onBlur()}
      />
    );
  }
  if (field.inputType === 'password') {
    return (
      <PasswordInput
        {...common}
        value={text(input.value)}
        onChange={(e) => input.onChange(e.currentTarget.value)}
      />
    );
  }
  return (
    <TextInput
      {...common}
      type={field.inputType ?? 'text'}
      value={text(input.value)}
      onChange={(e) => input.onChange(e.currentTarget.value)}
    />
  );
}

/** Spec §2 text area. */
export function TextareaWidget({ field, path }: WidgetProps) {
  const { disabled } = useDynamicFormContext();
  const { field: input, fieldState } = useController({ name: path });
  return (
    <GrowingTextarea
      label={field.label}
      withAsterisk={isRequired(field)}
      disabled={disabled || field.isDisabled}
      error={fieldError(fieldState.error)}
      minRows={3}
      maxRows={12}
      name={input.name}
      ref={input.ref}
      value={text(input.value)}
      onBlur={input.onBlur}
      onChange={(e) => input.onChange(e.currentTarget.value)}
    />
  );
}

/**
 * Spec §2 button. A configured `value` that is a path ("/projects") or a web address makes it a link; otherwise
 * pressing it tells the form's owner (`onAction`) which button it was. It holds no value of its own.
 */
export function ButtonWidget({ field }: WidgetProps) {
  const { disabled, onAction } = useDynamicFormContext();
  const target = typeof field.value === 'string' ? field.value : '';
  const isDisabled = disabled || field.isDisabled;
  let button;
  // The one link rule (ADR 023): a site path or an http(s) URL, also for a value stored before it.
  const safe = isSafeLink(target);
  if (safe && target.startsWith('/')) {
    button = (
      <Button variant="light" component={Link} to={target} disabled={isDisabled}>
        {field.label}
      </Button>
    );
  } else if (safe) {
    button = (
      <Button
        variant="light"
        component="a"
        href={target}
        target="_blank"
        rel="noopener noreferrer"
        disabled={isDisabled}
      >
        {field.label}
      </Button>
    );
  } else {
    button = (
      <Button variant="light" type="button" disabled={isDisabled} onClick={() => onAction?.(field.name)}>
        {field.label}
      </Button>
    );
  }
  return <Group>{button}</Group>;
}

/** Spec §2 select, from the field's options. */
export function SelectWidget({ field, path }: WidgetProps) {
  const { disabled } = useDynamicFormContext();
  const { field: input, fieldState } = useController({ name: path });
  const required = isRequired(field);
  return (
    <Select
      label={field.label}
      withAsterisk={required}
      disabled={disabled || field.isDisabled}
      error={fieldError(fieldState.error)}
      data={(field.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
      clearable={!required}
      searchable={(field.options?.length ?? 0) > 7}
      allowDeselect={!required}
      name={input.name}
      ref={input.ref}
      value={text(input.value) || null}
      onBlur={input.onBlur}
      onChange={(v) => input.onChange(v ?? '')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Spec §2 date picker; the value is an ISO date (YYYY-MM-DD). */
export function DateWidget({ field, path }: WidgetProps) {
  const { disabled } = useDynamicFormContext();
  const { field: input, fieldState } = useController({ name: path });
  const { locale } = useUnits();
  return (
    <DateInput
      label={field.label}
      withAsterisk={isRequired(field)}
      disabled={disabled || field.isDisabled}
      error={fieldError(fieldState.error)}
      clearable
      locale={locale}
      valueFormat="YYYY-MM-DD"
      name={input.name}
      ref={input.ref}
      value={typeof input.value === 'string' && input.value ? input.value : null}
      onBlur={input.onBlur}
      onChange={(v) => input.onChange(v ?? null)}
      popoverProps={{ withinPortal: true }}
    />
  );
}

/** Spec §2 radio group, from the field's options. */
export function RadioWidget({ field, path }: WidgetProps) {
  const { disabled } = useDynamicFormContext();
  const { field: input, fieldState } = useController({ name: path });
  return (
    <Radio.Group
      label={field.label}
      withAsterisk={isRequired(field)}
      error={fieldError(fieldState.error)}
      name={input.name}
      value={text(input.value)}
      onChange={(v) => {
        input.onChange(v);
        input.onBlur();
      }}
    >
      <Group mt={6} gap="md">
        {(field.options ?? []).map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} disabled={disabled || field.isDisabled} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** Spec §2 checkbox; the value is true or false. */
export function CheckboxWidget({ field, path }: WidgetProps) {
  const { disabled } = useDynamicFormContext();
  const { field: input, fieldState } = useController({ name: path });
  return (
    <Checkbox
      label={field.label}
      disabled={disabled || field.isDisabled}
      error={fieldError(fieldState.error)}
      name={input.name}
      ref={input.ref}
      checked={input.value === true}
      onBlur={input.onBlur}
      onChange={(e) => {
        input.onChange(e.currentTarget.checked);
        input.onBlur();
      }}
    />
  );
}
