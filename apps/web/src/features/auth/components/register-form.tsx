import {
  Anchor,
  Button,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notify } from '@/lib/toast';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localizedName } from '@sealplan/contracts';
import { ApiRequestError } from '@/lib/api-client';
import { FALLBACK_INDUSTRIES, registerUser, useActiveIndustries } from '../api/auth-api';
import type { ExternalRegistration } from '../api/external-api';
import { MIN_PASSWORD_LENGTH } from '../model/auth-schemas';
import { registerSchema, type RegisterValues } from '../model/contact-schemas';

const EMPTY: RegisterValues = {
  firstName: '',
  lastName: '',
  company: '',
  industry: '',
  phoneNumber: '',
  email: '',
  password: '',
  confirmPassword: '',
};

/**
 * Spec §5 register form; on success the caller navigates to /login (spec §4). With `external` (spec §4 social
 * sign-in, registration mode) the names and e-mail come filled in and the identity is linked to the account.
 */
/** The register form's fields in the order it shows them: a toast names the first wrong one. */
const REGISTER_FIELD_ORDER = [
  'firstName',
  'lastName',
  'company',
  'industry',
  'phoneNumber',
  'email',
  'password',
  'confirmPassword',
] as const satisfies readonly (keyof RegisterValues)[];

export function RegisterForm({
  onRegistered,
  external = null,
}: {
  onRegistered: () => void;
  external?: ExternalRegistration | null;
}) {
  const { t, i18n } = useTranslation('auth');
  const industries = useActiveIndustries();
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: external
      ? {
          ...EMPTY,
          firstName: external.verified.firstName,
          lastName: external.verified.lastName,
          email: external.verified.email ?? '',
        }
      : EMPTY,
    mode: 'onTouched',
  });
  const register = useMutation({
    mutationFn: registerUser,
    onSuccess: () => {
      notify({ color: 'green', message: t('register.success') });
      onRegistered();
    },
    onError: (error) => {
      // Spec §8: 'Failed to register. Please try again.' or the first server message. The form keeps its values.
      const first =
        error instanceof ApiRequestError && error.status > 0 ? error.messages.find(Boolean) : undefined;
      notify({ color: 'red', message: first ?? t('register.failed') });
    },
  });

  const industryOptions =
    industries.data && industries.data.length > 0
      ? industries.data.map((i) => ({
          value: i.id,
          label:
            i.name !== null
              ? localizedName({ name: i.name, names: i.names }, i18n.language)
              : t(`register.industries.${i.id}`, { defaultValue: i.id }),
        }))
      : FALLBACK_INDUSTRIES.map((id) => ({ value: id, label: t(`register.industries.${id}`) }));

  const fieldError = (key: keyof RegisterValues) => {
    const message = form.formState.errors[key]?.message;
    return message ? t(message, { min: MIN_PASSWORD_LENGTH }) : undefined;
  };
  const onInvalid = (errors: FieldErrors<RegisterValues>) => {
    // Spec §5: a mismatch toasts 'Passwords do not match'; empty required fields 'Please fill out all required
    // fields'. A filled field that is wrong (a phone number, an e-mail) is named with its message (ADR 029).
    const mismatch = errors.confirmPassword?.message === 'validation.passwordMatch';
    const wrong = REGISTER_FIELD_ORDER.find((key) => {
      const message = errors[key]?.message;
      return message !== undefined && message !== 'validation.required';
    });
    const message = mismatch
      ? t('register.toastMismatch')
      : wrong
        ? t('register.toastField', { field: t(`register.${wrong}`), message: fieldError(wrong) })
        : t('register.toastInvalid');
    notify({ color: 'red', message });
  };
  const onValid = (values: RegisterValues) => {
    // Values are trimmed by the schema (spec §5); the parsed values arrive here.
    register.mutate({
      firstName: values.firstName,
      lastName: values.lastName,
      company: values.company,
      industry: values.industry,
      phoneNumber: values.phoneNumber,
      email: values.email,
      password: values.password,
      ...(external ? { integration: external.integration } : {}),
    });
  };

  return (
    <form
      noValidate
      aria-label={t('register.title')}
      onSubmit={(e) => void form.handleSubmit(onValid, onInvalid)(e)}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('register.firstName')}
            required
            autoComplete="given-name"
            error={fieldError('firstName')}
            {...form.register('firstName')}
          />
          <TextInput
            label={t('register.lastName')}
            required
            autoComplete="family-name"
            error={fieldError('lastName')}
            {...form.register('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('register.company')}
          required
          autoComplete="organization"
          error={fieldError('company')}
          {...form.register('company')}
        />
        <Controller
          control={form.control}
          name="industry"
          render={({ field }) => (
            <Select
              label={t('register.industry')}
              placeholder={t('register.industryPlaceholder')}
              required
              data={industryOptions}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldError('industry')}
              allowDeselect={false}
            />
          )}
        />
        <TextInput
          label={t('register.phoneNumber')}
          type="tel"
          autoComplete="tel"
          error={fieldError('phoneNumber')}
          {...form.register('phoneNumber')}
        />
        <TextInput
          label={t('register.email')}
          type="email"
          required
          autoComplete="email"
          error={fieldError('email')}
          {...form.register('email')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PasswordInput
            label={t('register.password')}
            required
            autoComplete="new-password"
            error={fieldError('password')}
            {...form.register('password')}
          />
          <PasswordInput
            label={t('register.confirmPassword')}
            required
            autoComplete="new-password"
            error={fieldError('confirmPassword')}
            {...form.register('confirmPassword')}
          />
        </SimpleGrid>
        <Button type="submit" loading={register.isPending} fullWidth>
          {t('register.submit')}
        </Button>
        <Group justify="center" gap="xs">
          <Text size="sm" c="dimmed">
            {t('register.haveAccount')}
          </Text>
          <Anchor component={Link} to="/login" size="sm">
            {t('register.login')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
