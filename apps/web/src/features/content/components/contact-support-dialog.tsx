import { useMemo, useState } from 'react';
import { Alert, Button, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SUPPORT_MESSAGE_MAX, SUPPORT_REQUEST_TYPES, type DynamicFormField } from '@sealplan/contracts';
import { ApiRequestError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { submitSupportRequest, useContentMutation } from '../api/content-api';
import { DynamicForm } from '../form/dynamic-form';
import type { FormValues } from '../form/form-values';

export interface ContactSupportDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * ADR 016 "Contact support": any signed-in user files a support request (spec §7 communitySubmit {content});
 * it appears in the support requests grid. The form is the form builder's, with the same validation rules.
 */
export function ContactSupportDialog({ opened, onClose }: ContactSupportDialogProps) {
  const { t } = useTranslation('content');
  const [error, setError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string> | null>(null);
  const send = useContentMutation(submitSupportRequest);
  const fields = useMemo<DynamicFormField[]>(
    () => [
      {
        name: 'type',
        type: 'select',
        label: t('support.type'),
        value: SUPPORT_REQUEST_TYPES[0],
        options: SUPPORT_REQUEST_TYPES.map((value) => ({ value, label: t(`support.types.${value}`) })),
        validations: [{ name: 'required', message: t('support.typeRequired') }],
      },
      {
        name: 'message',
        type: 'textarea',
        label: t('support.message'),
        validations: [
          { name: 'required', message: t('support.messageRequired') },
          {
            name: 'maxLength',
            validator: SUPPORT_MESSAGE_MAX,
            message: t('support.messageTooLong', { max: SUPPORT_MESSAGE_MAX }),
          },
        ],
      },
      {
        name: 'email',
        type: 'input',
        inputType: 'email',
        label: t('support.email'),
        validations: [{ name: 'email', message: t('support.emailInvalid') }],
      },
    ],
    [t],
  );
  const close = () => {
    setError(null);
    setServerErrors(null);
    onClose();
  };
  const submit = async (values: FormValues) => {
    setError(null);
    const email = String(values.email ?? '').trim();
    try {
      await send.mutateAsync({
        type: String(values.type),
        message: String(values.message).trim(),
        ...(email ? { email } : {}),
      });
    } catch (e) {
      if (e instanceof ApiRequestError) {
        if (e.fields) setServerErrors(e.fields);
        setError(e.messages.filter(Boolean).join('. ') || t('support.failed'));
      } else setError(t('support.failed'));
      return;
    }
    toast.success(t('support.sent'));
    close();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('support.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Text size="sm" c="dimmed" mb="sm">
        {t('support.intro')}
      </Text>
      {error && (
        <Alert color="red" role="alert" mb="sm">
          {error}
        </Alert>
      )}
      {opened && (
        <DynamicForm
          fields={fields}
          onSubmit={submit}
          serverErrors={serverErrors}
          submitLabel={t('support.send')}
          actions={
            <Button variant="default" onClick={close}>
              {t('form.cancel')}
            </Button>
          }
        />
      )}
    </Modal>
  );
}
