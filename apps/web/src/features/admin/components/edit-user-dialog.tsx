import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notify } from '@/lib/toast';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { editUser, useAdminMutation, type AdminUser } from '../api/users-api';
import { joinFailures } from './confirm-action';

/** Spec §5: editing or creating a user requires e-mail, first and last name, else 'Invalid user entry'. */
const editSchema = z.object({
  firstName: z.string().trim().min(1, 'edit.invalid'),
  lastName: z.string().trim().min(1, 'edit.invalid'),
  company: z.string().trim(),
  phoneNumber: z.string().trim(),
});
type EditValues = z.infer<typeof editSchema>;

export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={user !== null} onClose={onClose} title={t('edit.title')} centered>
      {user && <EditForm key={user.id} user={user} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const save = useAdminMutation(editUser);
  const form = useForm<EditValues>({
    resolver: zodResolver(editSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      company: user.company,
      phoneNumber: user.phoneNumber ?? '',
    },
  });
  const fieldError = (key: keyof EditValues) => {
    const message = form.formState.errors[key]?.message;
    return message ? t(message) : undefined;
  };
  return (
    <form
      noValidate
      aria-label={t('edit.title')}
      onSubmit={(e) =>
        void form.handleSubmit((v) =>
          save.mutate(
            { id: user.id, ...v },
            {
              onSuccess: () => {
                notify({ color: 'green', message: t('edit.saved') });
                onClose();
              },
            },
          ),
        )(e)
      }
    >
      <Stack gap="sm">
        {save.isError && (
          <Alert color="red" role="alert">
            {joinFailures(save.error, t('errors.failed'))}
          </Alert>
        )}
        <TextInput label={t('columns.email')} value={user.email} readOnly disabled />
        <TextInput
          label={t('edit.firstName')}
          required
          error={fieldError('firstName')}
          {...form.register('firstName')}
        />
        <TextInput
          label={t('edit.lastName')}
          required
          error={fieldError('lastName')}
          {...form.register('lastName')}
        />
        <TextInput label={t('edit.company')} error={fieldError('company')} {...form.register('company')} />
        <TextInput
          label={t('edit.phoneNumber')}
          type="tel"
          error={fieldError('phoneNumber')}
          {...form.register('phoneNumber')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
