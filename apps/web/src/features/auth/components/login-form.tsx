import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useSession, type LoginResult } from '@/lib/session';
import type { LoginValues } from '../model/auth-schemas';

/** The login schema with zod, fetched at the first submit: the login page renders without them (ADR 033). */
const loginResolver = lazyResolver<LoginValues>(async () => {
  const [{ zodResolver }, { loginSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('../model/auth-schemas'),
  ]);
  return zodResolver(loginSchema);
});

/** Spec §2 login: email-type user name, password, Forgot Your Password link, Register button. */
export function LoginForm({
  onForgot,
  onRegister,
  onResult,
  initialEmail = '',
}: {
  onForgot: (email: string) => void;
  onRegister: () => void;
  onResult?: (result: LoginResult) => void;
  initialEmail?: string;
}) {
  const { t } = useTranslation('auth');
  const { login, isLoading, errors } = useSession();
  const form = useForm<LoginValues>({
    resolver: loginResolver,
    defaultValues: { username: initialEmail, password: '' },
  });
  const fieldError = (key: keyof LoginValues) => {
    const message = form.formState.errors[key]?.message;
    return message ? t(message) : undefined;
  };
  const submit = form.handleSubmit(async (values) => {
    const result = await login(values.username, values.password);
    onResult?.(result);
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('login.title')}>
      <Stack gap="sm">
        {errors.length > 0 && (
          <Alert color="red" role="alert">
            {errors.join('. ')}
          </Alert>
        )}
        <TextInput
          type="email"
          label={t('login.email')}
          placeholder={t('login.emailPlaceholder')}
          autoComplete="username"
          required
          error={fieldError('username')}
          {...form.register('username')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          required
          error={fieldError('password')}
          {...form.register('password')}
        />
        <Group justify="flex-end">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onForgot(form.getValues('username'))}
          >
            {t('login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" loading={isLoading} fullWidth>
          {t('login.submit')}
        </Button>
        <Group justify="center" gap="xs">
          <Text size="sm" c="dimmed">
            {t('login.noAccount')}
          </Text>
          <Button variant="light" size="xs" onClick={onRegister}>
            {t('login.register')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
