import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Stack,
  TextInput,
} from '@mantine/core';
import { notify } from '@/lib/toast';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { changeOwnPassword, saveOwnProfile } from '../api/auth-api';
import { changePasswordSchema, MIN_PASSWORD_LENGTH, type ChangePasswordValues } from '../model/auth-schemas';
import { profileSchema, type ProfileValues } from '../model/contact-schemas';

export interface UserInfoDialogProps {
  opened: boolean;
  mode: 'profile' | 'password';
  onClose: () => void;
}

/** Spec §2 user info dialog, opened from the header user menu: profile edit or change password. */
export function UserInfoDialog({ opened, mode, onClose }: UserInfoDialogProps) {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(mode === 'profile' ? 'userInfo.profileTitle' : 'userInfo.passwordTitle')}
      centered
    >
      {/* Mounted only while open (and once the user is known), so each opening starts from the current values. */}
      {opened &&
        (mode === 'password' ? (
          <ChangePasswordForm onClose={onClose} />
        ) : user ? (
          <ProfileForm key={user.id} onClose={onClose} />
        ) : (
          <Loader size="sm" aria-label={t('common:loading')} />
        ))}
    </Modal>
  );
}

function ProfileForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const { user, refreshUser } = useSession();
  const form = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    mode: 'onChange',
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      phoneNumber: user?.phoneNumber ?? '',
    },
  });
  const save = useMutation({
    mutationFn: saveOwnProfile,
    onSuccess: async () => {
      notify({ color: 'green', message: t('userInfo.saved') });
      await refreshUser();
      onClose();
    },
    onError: () => notify({ color: 'red', message: t('userInfo.saveFailed') }),
  });
  const [firstName, lastName] = form.watch(['firstName', 'lastName']);
  const fieldError = (key: keyof ProfileValues) => {
    const message = form.formState.errors[key]?.message;
    return message ? t(message) : undefined;
  };
  return (
    <form
      noValidate
      aria-label={t('userInfo.profileTitle')}
      onSubmit={(e) => void form.handleSubmit((v) => save.mutate(v))(e)}
    >
      <Stack gap="sm">
        <TextInput label={t('userInfo.email')} value={user?.email ?? ''} readOnly disabled />
        <TextInput
          label={t('userInfo.firstName')}
          required
          error={fieldError('firstName')}
          {...form.register('firstName')}
        />
        <TextInput
          label={t('userInfo.lastName')}
          required
          error={fieldError('lastName')}
          {...form.register('lastName')}
        />
        <TextInput
          label={t('userInfo.phoneNumber')}
          type="tel"
          error={fieldError('phoneNumber')}
          {...form.register('phoneNumber')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('userInfo.cancel')}
          </Button>
          {/* Spec §5: save disabled without first and last name. */}
          <Button type="submit" loading={save.isPending} disabled={!firstName?.trim() || !lastName?.trim()}>
            {t('userInfo.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useMutation({
    mutationFn: (v: ChangePasswordValues) => changeOwnPassword(v.currentPassword, v.newPassword),
    onSuccess: () => {
      notify({ color: 'green', message: t('userInfo.changed') });
      onClose();
    },
    onError: (error) => {
      // Spec §8: change-password failure: messages joined with ', '.
      const text = error instanceof ApiRequestError ? error.messages.filter(Boolean).join(', ') : '';
      form.setError('root', { message: text || t('userInfo.changeFailed') });
    },
  });
  const fieldError = (key: keyof ChangePasswordValues) => {
    const message = form.formState.errors[key]?.message;
    return message ? t(message, { min: MIN_PASSWORD_LENGTH }) : undefined;
  };
  const shared = { visible, onVisibilityChange: setVisible, required: true } as const;
  return (
    <form
      noValidate
      aria-label={t('userInfo.passwordTitle')}
      onSubmit={(e) => void form.handleSubmit((v) => change.mutate(v))(e)}
    >
      <Stack gap="sm">
        {form.formState.errors.root?.message && (
          <Alert color="red" role="alert">
            {form.formState.errors.root.message}
          </Alert>
        )}
        <PasswordInput
          label={t('userInfo.currentPassword')}
          autoComplete="current-password"
          error={fieldError('currentPassword')}
          {...shared}
          {...form.register('currentPassword')}
        />
        <PasswordInput
          label={t('userInfo.newPassword')}
          autoComplete="new-password"
          error={fieldError('newPassword')}
          {...shared}
          {...form.register('newPassword')}
        />
        <PasswordInput
          label={t('userInfo.confirmPassword')}
          autoComplete="new-password"
          error={fieldError('confirmPassword')}
          {...shared}
          {...form.register('confirmPassword')}
        />
        <Checkbox
          label={t('userInfo.showPasswords')}
          checked={visible}
          onChange={(e) => setVisible(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('userInfo.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('userInfo.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
