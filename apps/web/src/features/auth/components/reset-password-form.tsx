import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { notify } from '@/lib/toast';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiRequestError } from '@/lib/api-client';
import { useSession, type LoginResult } from '@/lib/session';
import { resetPasswordWithToken } from '../api/auth-api';
import { MIN_PASSWORD_LENGTH, resetPasswordSchema, type ResetPasswordValues } from '../model/auth-schemas';

/**
 * Spec §4 password reset: new password and confirmation ('Passwords must match.'). On success
 * 'Password change successful!' with a Return to Login link; then, when the user name is known, signs in
 * with the new password.
 */
export function ResetPasswordForm({
  confirmId,
  username,
  onChanged,
}: {
  confirmId: string | null;
  username: string | null;
  /** Called after the change, with the sign-in result when the user name was known. */
  onChanged?: (login: LoginResult | null) => void;
}) {
  const { t } = useTranslation('auth');
  const { login } = useSession();
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const reset = useMutation({
    mutationFn: (values: ResetPasswordValues) =>
      resetPasswordWithToken({
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmPassword,
        confirmId: confirmId ?? '',
      }),
    onSuccess: async (answer, values) => {
      notify({ color: 'green', message: t('reset.successToast') });
      const known = username ?? answer.email;
      const result = known ? await login(known, values.newPassword) : null;
      onChanged?.(result);
    },
    onError: (error) => {
      // Spec §8: reset failure: server messages joined with '. ' as an error toast.
      const text = error instanceof ApiRequestError ? error.messages.filter(Boolean).join('. ') : '';
      notify({ color: 'red', message: text || t('reset.failed') });
    },
  });
  const fieldError = (key: keyof ResetPasswordValues) => {
    const message = form.formState.errors[key]?.message;
    return message ? t(message, { min: MIN_PASSWORD_LENGTH }) : undefined;
  };

  if (reset.isSuccess) {
    return (
      <Stack gap="sm">
        <Alert color="green" role="status">
          {t('reset.changed')}
        </Alert>
        <Anchor component={Link} to="/login" ta="center">
          {t('reset.returnToLogin')}
        </Anchor>
      </Stack>
    );
  }
  if (!confirmId) {
    return (
      <Stack gap="sm">
        <Alert color="red" role="alert">
          {t('reset.missingToken')}
        </Alert>
        <Anchor component={Link} to="/login" ta="center">
          {t('reset.returnToLogin')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <form
      noValidate
      aria-label={t('reset.title')}
      onSubmit={(e) => void form.handleSubmit((v) => reset.mutate(v))(e)}
    >
      <Stack gap="sm">
        <PasswordInput
          label={t('reset.newPassword')}
          autoComplete="new-password"
          required
          error={fieldError('newPassword')}
          {...form.register('newPassword')}
        />
        <PasswordInput
          label={t('reset.confirmPassword')}
          autoComplete="new-password"
          required
          error={fieldError('confirmPassword')}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" loading={reset.isPending} fullWidth>
          {t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
