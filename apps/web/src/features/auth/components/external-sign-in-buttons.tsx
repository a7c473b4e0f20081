import { useState } from 'react';
import { Alert, Button, Divider, Stack } from '@mantine/core';
import { IconKey, IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExternalProvider } from '@sealplan/contracts';
import { ApiRequestError } from '@/lib/api-client';
import { startExternalSignIn, useExternalProviders } from '../api/external-api';

/** Spec §4 social sign-in: one button per provider the server has configured; none configured, nothing shows. */
export function ExternalSignInButtons() {
  const { t } = useTranslation('signin');
  const providers = useExternalProviders();
  const [starting, setStarting] = useState<ExternalProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = providers.data ?? [];
  if (list.length === 0) return null;

  const start = async (provider: ExternalProvider) => {
    setError(null);
    setStarting(provider);
    try {
      await startExternalSignIn(provider, 'signIn');
    } catch (e) {
      setStarting(null);
      setError(e instanceof ApiRequestError && e.messages[0] ? e.messages[0] : t('errors.startFailed'));
    }
  };

  return (
    <Stack gap="xs">
      <Divider label={t('buttons.or')} labelPosition="center" />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {list.map((p) => (
        <Button
          key={p.id}
          variant="default"
          fullWidth
          leftSection={p.id === 'oidc' ? <IconKey size={16} /> : <IconLogin2 size={16} />}
          loading={starting === p.id}
          disabled={starting !== null && starting !== p.id}
          onClick={() => void start(p.id)}
        >
          {t('buttons.continueWith', { provider: p.label })}
        </Button>
      ))}
    </Stack>
  );
}
