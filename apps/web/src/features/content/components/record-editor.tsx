import { useState } from 'react';
import { Alert, Button, Grid, Group, Modal, Paper, ScrollArea, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { DynamicFormField } from '@sealplan/contracts';
import { confirm } from '@/components/confirm-dialog';
import { ApiRequestError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import {
  recordKey,
  type useFreeKeys,
  saveRecord,
  useContentMutation,
  type ContentRecord,
  type ModelConfigurationRecord,
} from '../api/content-api';
import { DynamicForm } from '../form/dynamic-form';
import type { FormValues } from '../form/form-values';
import { cleanFields, previewFields } from '../lib/configuration-fields';

const FORM_ID = 'content-record-form';
type FreeKeys = NonNullable<ReturnType<typeof useFreeKeys>>;
const PREVIEW_NOOP = () => undefined;

/** What is missing from a field of the configuration being edited, in the user's words. */
const PROBLEM_KEYS = {
  nameMissing: 'editor.fieldNameMissing',
  nameInvalid: 'editor.fieldNameInvalid',
  incomplete: 'editor.fieldIncomplete',
} as const;

/**
 * The live preview of a model configuration being edited: the form its complete fields make, as they are typed
 * (a field without a widget yet is shown as an input), and which fields wait to be completed.
 */
function ConfigurationPreview({ raw }: { raw: unknown }) {
  const { t } = useTranslation('content');
  const { fields, problems } = previewFields(raw);
  const pending = problems.map((p) => t(PROBLEM_KEYS[p.kind], { n: p.index + 1 })).join('; ');
  return (
    // Sticky, so that a field added at the foot of a long list is seen in the preview without scrolling back.
    <Paper withBorder p="sm" pos="sticky" top={0} aria-label={t('editor.preview')} component="section">
      <Title order={3} size="h5" mb="xs">
        {t('editor.preview')}
      </Title>
      {problems.length > 0 && (
        <Alert color="yellow" p="xs" mb="sm">
          {t('editor.previewPending', { fields: pending })}
        </Alert>
      )}
      {fields.length > 0 ? (
        <DynamicForm
          key={JSON.stringify(fields)}
          fields={fields}
          onSubmit={PREVIEW_NOOP}
          submitLabel={t('editor.previewSubmit')}
        />
      ) : (
        problems.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('editor.previewEmpty')}
          </Text>
        )
      )}
    </Paper>
  );
}

/** The fields of the form: for a new record of a model with fixed keys, the key is picked from the free ones. */
function formFields(
  fields: readonly DynamicFormField[],
  freeKeys: FreeKeys | null,
  creating: boolean,
): readonly DynamicFormField[] {
  if (!creating || !freeKeys?.keys) return fields;
  const keys = freeKeys.keys;
  return fields.map((f) =>
    f.name === freeKeys.field
      ? { ...f, type: 'select', isDisabled: false, options: keys.map((k) => ({ value: k, label: k })) }
      : f,
  );
}

export interface RecordEditorProps {
  model: string;
  configuration: ModelConfigurationRecord;
  /** The record edited; null to create one. */
  record: ContentRecord | null;
  opened: boolean;
  onClose: () => void;
  /** For a model with fixed keys, the keys still free (useFreeKeys); null otherwise. */
  freeKeys?: FreeKeys | null;
}

/**
 * Create or edit one record in a dialog, with the form its model configuration describes. A model configuration
 * itself is edited beside a live preview of the form it makes (ADR 016: the form changes accordingly).
 */
export function RecordEditor({
  model,
  configuration,
  record,
  opened,
  onClose,
  freeKeys = null,
}: RecordEditorProps) {
  const { t } = useTranslation('content');
  const narrow = useMediaQuery('(max-width: 48em)');
  const [serverErrors, setServerErrors] = useState<Record<string, string> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [draft, setDraft] = useState<FormValues | null>(null);
  const key = record ? recordKey(model, record) : null;
  const isConfiguration = model === 'ModelConfiguration';
  const save = useContentMutation((values: ContentRecord) => saveRecord(model, values, key));
  const fields = formFields(configuration.fields, freeKeys, !record);
  const title = record ? t(`models.${model}.edit`) : t(`models.${model}.new`);

  const reset = () => {
    setServerErrors(null);
    setError(null);
    setChanged(false);
    setDraft(null);
  };
  const close = async () => {
    // Spec §2: closing with unsaved changes asks first.
    if (
      changed &&
      !(await confirm({ message: t('common:unsaved.message'), confirmLabel: t('common:unsaved.leave') }))
    )
      return;
    reset();
    onClose();
  };
  const submit = async (values: FormValues) => {
    setError(null);
    setServerErrors(null);
    const body: ContentRecord = isConfiguration
      ? { ...values, fields: cleanFields(values.fields) }
      : { ...values };
    // A configuration makes a form only with at least one field: said here, in the user's words, before a save.
    if (isConfiguration && (!Array.isArray(body.fields) || body.fields.length === 0)) {
      setServerErrors({ fields: t('editor.fieldsRequired') });
      setError(t('editor.fieldsRequired'));
      return;
    }
    if (record && typeof record.version === 'number') body.version = record.version;
    try {
      await save.mutateAsync(body);
    } catch (e) {
      if (e instanceof ApiRequestError) {
        if (e.fields) setServerErrors(e.fields);
        setError(e.messages.filter(Boolean).join('. ') || t('editor.failed'));
      } else setError(t('editor.failed'));
      return;
    }
    toast.success(t(`models.${model}.saved`));
    reset();
    onClose();
  };

  const form = (
    <DynamicForm
      key={`${key ?? 'new'}-${opened}`}
      id={FORM_ID}
      fields={fields}
      initialValues={record ?? undefined}
      onSubmit={submit}
      onChange={(values) => {
        setChanged(true);
        if (isConfiguration) setDraft(values);
      }}
      serverErrors={serverErrors}
      submitLabel={null}
    />
  );
  return (
    <Modal
      opened={opened}
      onClose={() => void close()}
      title={<Text fw={700}>{title}</Text>}
      size={isConfiguration ? '90rem' : 'xl'}
      fullScreen={!!narrow}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {error && (
        <Alert color="red" role="alert" mb="sm" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {isConfiguration ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>{form}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ConfigurationPreview raw={(draft ?? record ?? {}).fields} />
          </Grid.Col>
        </Grid>
      ) : (
        form
      )}
      {/* The footer stays in view while a long form scrolls. */}
      <Group
        justify="flex-end"
        mt="md"
        gap="sm"
        py="sm"
        pos="sticky"
        bottom={0}
        bg="var(--mantine-color-body)"
        style={{ zIndex: 2, borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Button variant="default" onClick={() => void close()}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" form={FORM_ID} loading={save.isPending}>
          {t('form.save')}
        </Button>
      </Group>
    </Modal>
  );
}
