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
  saveRecord,
  useContentMutation,
  type ContentRecord,
  type ModelConfigurationRecord,
} from '../api/content-api';
import { DynamicForm } from '../form/dynamic-form';
import type { FormValues } from '../form/form-values';
import { cleanFields, previewFields } from '../lib/configuration-fields';

const FORM_ID = 'content-record-form';
const PREVIEW_NOOP = () => undefined;

/** The live preview of a model configuration being edited: the form its fields make. */
function ConfigurationPreview({ raw }: { raw: unknown }) {
  const { t } = useTranslation('content');
  const result = previewFields(raw);
  return (
    <Paper withBorder p="sm" h="100%">
      <Title order={3} size="h5" mb="xs">
        {t('editor.preview')}
      </Title>
      {result.ok ? (
        <DynamicForm
          key={JSON.stringify(result.fields)}
          fields={result.fields}
          onSubmit={PREVIEW_NOOP}
          submitLabel={t('editor.previewSubmit')}
        />
      ) : (
        <Alert color="yellow" p="xs">
          {t('editor.previewInvalid', { detail: result.message })}
        </Alert>
      )}
    </Paper>
  );
}

export interface RecordEditorProps {
  model: string;
  configuration: ModelConfigurationRecord;
  /** The record edited; null to create one. */
  record: ContentRecord | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * Create or edit one record in a dialog, with the form its model configuration describes. A model configuration
 * itself is edited beside a live preview of the form it makes (issue 19: the form changes accordingly).
 */
export function RecordEditor({ model, configuration, record, opened, onClose }: RecordEditorProps) {
  const { t } = useTranslation('content');
  const narrow = useMediaQuery('(max-width: 48em)');
  const [serverErrors, setServerErrors] = useState<Record<string, string> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [draft, setDraft] = useState<FormValues | null>(null);
  const key = record ? recordKey(model, record) : null;
  const isConfiguration = model === 'ModelConfiguration';
  const save = useContentMutation((values: ContentRecord) => saveRecord(model, values, key));
  const fields: readonly DynamicFormField[] = configuration.fields;
  const title = record
    ? t('editor.edit', { label: configuration.label })
    : t('editor.create', { label: configuration.label });

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
    toast.success(t('editor.saved', { label: configuration.label }));
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
