import { Alert, Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NEW_USER_ROLE_NAMES, isPhoneNumber } from '@sealplan/contracts';
import { notify } from '@/lib/toast';
import {
  BUILT_IN_ASSIGNABLE_ROLES,
  createUser,
  roleLabel,
  useAdminMutation,
  useAssignableRoles,
  useOrganizations,
} from '../api/users-api';
import { joinFailures } from './confirm-action';

/** Spec §5: e-mail, first and last name are required ('Invalid user entry'); the phone follows the spec pattern. */
const createSchema = z.object({
  email: z.string().trim().min(1, 'edit.invalid').email('create.invalidEmail'),
  firstName: z.string().trim().min(1, 'edit.invalid'),
  lastName: z.string().trim().min(1, 'edit.invalid'),
  phoneNumber: z
    .string()
    .trim()
    .refine((v) => v === '' || isPhoneNumber(v), 'create.invalidPhone'),
  organizationId: z.string().nullable(),
  roles: z.array(z.string()),
});
type CreateValues = z.infer<typeof createSchema>;

/** Create an approved user from User Admin (ADR 014); they set their password from the e-mailed link. */
export function CreateUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={opened} onClose={onClose} title={t('create.title')} centered>
      {opened && <CreateForm onClose={onClose} />}
    </Modal>
  );
}

function CreateForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const organizations = useOrganizations(true);
  // The roles the server names assignable (administrator-created ones too); the built-in ones until it answers.
  const assignable = useAssignableRoles(true).data ?? BUILT_IN_ASSIGNABLE_ROLES;
  const create = useAdminMutation(createUser);
  const form = useForm<CreateValues>({
    resolver: zodResolver(createSchema),
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      phoneNumber: '',
      organizationId: null,
      roles: [...NEW_USER_ROLE_NAMES],
    },
  });
  const fieldError = (key: keyof CreateValues) => {
    const message = form.formState.errors[key]?.message;
    return message ? t(message) : undefined;
  };
  return (
    <form
      noValidate
      aria-label={t('create.title')}
      onSubmit={(e) =>
        void form.handleSubmit((v) =>
          create.mutate(v, {
            onSuccess: () => {
              notify({ color: 'green', message: t('create.done', { email: v.email.trim() }) });
              onClose();
            },
          }),
        )(e)
      }
    >
      <Stack gap="sm">
        {create.isError && (
          <Alert color="red" role="alert">
            {joinFailures(create.error, t('errors.failed'))}
          </Alert>
        )}
        <TextInput
          label={t('columns.email')}
          type="email"
          required
          error={fieldError('email')}
          {...form.register('email')}
        />
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
        <TextInput
          label={t('edit.phoneNumber')}
          type="tel"
          error={fieldError('phoneNumber')}
          {...form.register('phoneNumber')}
        />
        <Controller
          control={form.control}
          name="organizationId"
          render={({ field }) => (
            <Select
              label={t('columns.organization')}
              description={t('create.organizationHint')}
              placeholder={t('approve.chooseOrganization')}
              searchable
              clearable
              data={(organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              value={field.value}
              onChange={field.onChange}
              nothingFoundMessage={
                organizations.isError ? t('errors.organizations') : t('approve.noOrganizations')
              }
            />
          )}
        />
        <Controller
          control={form.control}
          name="roles"
          render={({ field }) => (
            <Checkbox.Group label={t('roles.label')} value={field.value} onChange={field.onChange}>
              <Group gap="sm" mt="xs">
                {assignable.map((role) => (
                  <Checkbox key={role.id} value={role.id} label={roleLabel(role, t)} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
