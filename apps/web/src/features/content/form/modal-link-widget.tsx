import { useState } from 'react';
import { Button, Group, Input, Modal, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MODAL_HEIGHT_PX, MODAL_WIDTH_PX, entryTitle, withDefaults, type FormValues } from './form-values';
import { fieldError, isRequired } from './field-errors';
import { useDynamicFormContext } from './form-context';
import type { WidgetProps } from './simple-widgets';

const isRecord = (v: unknown): v is FormValues => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Spec §2 modal-link widget: a link that opens a 1000 × 600 px dialog (spec §9) with a form of the nested fields.
 * Apply keeps the dialog's values (only when they pass validation); Cancel drops them.
 */
export function ModalLinkWidget({ field, path }: WidgetProps) {
  const { t } = useTranslation('content');
  const { disabled, NestedForm } = useDynamicFormContext();
  const { field: input, fieldState } = useController({ name: path });
  const [opened, setOpened] = useState(false);
  const value = isRecord(input.value) ? input.value : null;
  const nested = field.fields ?? [];
  const summary = value ? (entryTitle(nested, value) ?? t('modalLink.set')) : t('modalLink.none');
  const error = fieldError(fieldState.error);
  return (
    <Input.Wrapper label={field.label} withAsterisk={isRequired(field)} error={error}>
      <Group gap="sm" mt={4} wrap="nowrap">
        <Button
          variant="subtle"
          px={0}
          rightSection={<IconExternalLink size={14} aria-hidden />}
          onClick={() => setOpened(true)}
          disabled={disabled || field.isDisabled}
          aria-haspopup="dialog"
          ref={input.ref}
        >
          {t('modalLink.open', { label: field.label })}
        </Button>
        <Text size="sm" c="dimmed" truncate>
          {summary}
        </Text>
      </Group>
      <Modal
        opened={opened}
        onClose={() => {
          setOpened(false);
          input.onBlur();
        }}
        title={field.label}
        size={MODAL_WIDTH_PX}
        centered
        closeButtonProps={{ 'aria-label': t('common:close') }}
        styles={{
          content: { height: MODAL_HEIGHT_PX, maxHeight: '100dvh', display: 'flex', flexDirection: 'column' },
          body: { flex: 1, overflowY: 'auto' },
        }}
      >
        {opened && (
          <NestedForm
            fields={nested}
            initialValues={withDefaults(nested, value ?? {})}
            submitLabel={t('modalLink.apply')}
            onCancel={() => setOpened(false)}
            onSubmit={(values) => {
              input.onChange(values);
              input.onBlur();
              setOpened(false);
            }}
          />
        )}
      </Modal>
    </Input.Wrapper>
  );
}
