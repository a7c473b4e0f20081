import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { FormProvider, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  validateDynamicForm,
  type DynamicFormField,
  type DynamicFormIssue,
  type DynamicWidget,
} from '@sealplan/contracts';
import {
  FORM_CHANGE_DEBOUNCE_MS,
  LIST_WIDGETS,
  issuesToErrors,
  withDefaults,
  type FormValues,
} from './form-values';
import { ChipsWidget } from './chips-widget';
import {
  DynamicFormContext,
  fieldPath,
  type DynamicFormContextValue,
  type NestedFormProps,
} from './form-context';
import { DialoguesWidget, MenuChildrenWidget, RepeatWidget, TabsWidget } from './list-widgets';
import { ModalLinkWidget } from './modal-link-widget';
import {
  ButtonWidget,
  CheckboxWidget,
  DateWidget,
  InputWidget,
  RadioWidget,
  SelectWidget,
  TextareaWidget,
  type WidgetProps,
} from './simple-widgets';

/** Spec §2: the component of every widget of the form builder. */
const WIDGETS: Record<DynamicWidget, ComponentType<WidgetProps>> = {
  input: InputWidget,
  textarea: TextareaWidget,
  button: ButtonWidget,
  select: SelectWidget,
  date: DateWidget,
  radio: RadioWidget,
  checkbox: CheckboxWidget,
  chips: ChipsWidget,
  tabs: TabsWidget,
  repeat: RepeatWidget,
  dialogues: DialoguesWidget,
  menuChildren: MenuChildrenWidget,
  modalLink: ModalLinkWidget,
};

function FieldList({ fields, prefix }: { fields: readonly DynamicFormField[]; prefix: string }) {
  return (
    <Stack gap="sm">
      {fields
        .filter((f) => !f.isHidden)
        .map((field) => {
          const Widget = WIDGETS[field.type];
          return <Widget key={field.name} field={field} path={fieldPath(prefix, field.name)} />;
        })}
    </Stack>
  );
}

export interface DynamicFormProps {
  /** The model configuration's fields (spec §3 dynamic form field). */
  fields: readonly DynamicFormField[];
  /** The record being edited; missing values start as configured. */
  initialValues?: FormValues | undefined;
  /** Called only with values that pass every validation (spec §5). */
  onSubmit: (values: FormValues) => void | Promise<void>;
  /** Every change, debounced 500 ms (spec §5, §9). */
  onChange?: ((values: FormValues) => void) | undefined;
  /** A submit was refused: every failed validation. */
  onInvalid?: ((issues: DynamicFormIssue[]) => void) | undefined;
  /** Messages by field path from the server (a 400 VALIDATION_FAILED's `error.fields`). */
  serverErrors?: Record<string, string> | null | undefined;
  /** A `button` widget without a link was pressed. */
  onAction?: ((name: string, values: FormValues) => void) | undefined;
  /** The form element's id, so that a button elsewhere (a dialog footer) can submit it with `form={id}`. */
  id?: string | undefined;
  /** The submit button's text; null for no submit button (the owner submits with `form={id}`). */
  submitLabel?: string | null | undefined;
  disabled?: boolean | undefined;
  /** More buttons beside the submit button (Cancel). */
  actions?: ReactNode;
}

/**
 * The generic admin form builder (spec §2): renders a model configuration's fields with react-hook-form and judges
 * them with the one validator of the contracts (`validateDynamicForm`, the same the server runs). Submits only when
 * valid; otherwise every field is marked touched and shows the message of every failed validation (spec §5).
 */
export function DynamicForm({
  fields,
  initialValues,
  onSubmit,
  onChange,
  onInvalid,
  serverErrors,
  onAction,
  id,
  submitLabel,
  disabled = false,
  actions,
}: DynamicFormProps) {
  const { t } = useTranslation('content');
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  const resolver = useCallback<Resolver<FormValues>>(async (values) => {
    const issues = validateDynamicForm(fieldsRef.current, values);
    if (issues.length === 0) return { values, errors: {} };
    return { values: {}, errors: issuesToErrors(issues) as FieldErrors<FormValues> };
  }, []);
  const methods = useForm<FormValues>({
    defaultValues: withDefaults(fields, initialValues),
    resolver,
    // Spec §5: messages appear when a submit is refused, then follow each change. (Judging on blur made a
    // message appear under the field just left, moving the Save button away from a click in progress.)
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    criteriaMode: 'all',
  });
  const [refused, setRefused] = useState(0);

  // Spec §5 / §9: changes are reported 500 ms after the last one.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const emitChange = useDebouncedCallback(
    () => onChangeRef.current?.(methods.getValues()),
    FORM_CHANGE_DEBOUNCE_MS,
  );
  useEffect(() => {
    const subscription = methods.watch(() => emitChange());
    return () => subscription.unsubscribe();
  }, [methods, emitChange]);

  useEffect(() => {
    for (const [path, message] of Object.entries(serverErrors ?? {}))
      methods.setError(path, { type: 'server', message }, { shouldFocus: false });
  }, [serverErrors, methods]);

  const submit = methods.handleSubmit(
    async (values) => {
      setRefused(0);
      await onSubmit(values);
    },
    () => {
      // Spec §5: every field is marked touched, so each shows its messages.
      for (const field of fieldsRef.current) {
        if (field.type === 'button' || (LIST_WIDGETS as readonly string[]).includes(field.type)) continue;
        methods.setValue(field.name, methods.getValues(field.name), { shouldTouch: true });
      }
      const issues = validateDynamicForm(fieldsRef.current, methods.getValues());
      setRefused(issues.length);
      onInvalid?.(issues);
    },
  );

  const onActionRef = useRef(onAction);
  onActionRef.current = onAction;
  const context = useMemo<DynamicFormContextValue>(
    () => ({
      renderFields: (list, prefix) => <FieldList fields={list} prefix={prefix} />,
      NestedForm,
      onAction: (name) => onActionRef.current?.(name, methods.getValues()),
      disabled,
    }),
    [disabled, methods],
  );

  return (
    <FormProvider {...methods}>
      <DynamicFormContext.Provider value={context}>
        <form
          id={id}
          noValidate
          onSubmit={(event) => {
            // A nested form (the modal-link dialog) sits in a portal; its submit must not reach the outer form.
            event.stopPropagation();
            void submit(event);
          }}
        >
          <Stack gap="md">
            <FieldList fields={fields} prefix="" />
            {refused > 0 && (
              <Alert color="red" role="alert" p="xs">
                {t('form.invalid', { count: refused })}
              </Alert>
            )}
            {submitLabel !== null && (
              <Group justify="flex-end" gap="sm">
                {actions}
                <Button type="submit" loading={methods.formState.isSubmitting} disabled={disabled}>
                  {submitLabel ?? t('form.save')}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </DynamicFormContext.Provider>
    </FormProvider>
  );
}

/** The form inside the modal-link dialog: its own values, Apply only when valid, Cancel drops them. */
function NestedForm({ fields, initialValues, onSubmit, onCancel, submitLabel }: NestedFormProps) {
  const { t } = useTranslation('content');
  return (
    <DynamicForm
      fields={fields}
      initialValues={initialValues}
      onSubmit={onSubmit}
      submitLabel={submitLabel}
      actions={
        <Button variant="default" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
      }
    />
  );
}
