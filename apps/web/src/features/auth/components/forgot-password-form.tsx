import { useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sendPasswordResetEmail } from '../api/auth-api';
import { emailSchema } from '../model/auth-schemas';

/** Spec §4 forgot password: the e-mail is checked on each keyup, then Reset is enabled. */
export function ForgotPasswordForm({
  initialEmail = '',
  onBack,
}: {
  initialEmail?: string;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState(initialEmail);
  // Spec §4 checks on each keyup; deriving from the value also covers paste and autofill.
  const isValid = emailSchema.safeParse(email).success;
  const send = useMutation({ mutationFn: sendPasswordResetEmail });

  return (
    <form
      noValidate
      aria-label={t('forgot.title')}
      onSubmit={(e) => {
        e.preventDefault();
        if (isValid) send.mutate(email.trim());
      }}
    >
      <Stack gap="sm">
        {send.isSuccess && (
          <Alert color="green" role="status">
            {t('forgot.sent')}
          </Alert>
        )}
        {send.isError && (
          <Alert color="red" role="alert">
            {t('forgot.failed')}
          </Alert>
        )}
        <TextInput
          type="email"
          label={t('forgot.email')}
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" disabled={!isValid} loading={send.isPending} fullWidth>
          {t('forgot.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onBack}>
          {t('forgot.nevermind')}
        </Anchor>
      </Stack>
    </form>
  );
}
