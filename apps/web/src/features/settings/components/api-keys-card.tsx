import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_SCOPES,
  canAdministerUsers,
  type ApiKey,
  type ApiKeyScope,
} from '@sealplan/contracts';
import { ApiRequestError, apiUrlOf } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys-api';

/**
 * The organization's API keys (ADR 036), for its user administrators: make one (name, scopes, optional expiry),
 * see its secret once, see each key's last use and use count, revoke one.
 */
export function ApiKeysCard() {
  const { user } = useSession();
  if (!canAdministerUsers(user)) return null;
  return <ApiKeysAdmin />;
}

function ApiKeysAdmin() {
  const { t, i18n } = useTranslation('apiKeys');
  const keys = useApiKeys(true);
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [expiresOn, setExpiresOn] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const shown = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : t('never'));

  const submit = async () => {
    setError(null);
    try {
      const made = await create.mutateAsync({
        name,
        scopes,
        // The key works through the whole of the chosen day, in the administrator's time zone.
        expiresAt: expiresOn ? new Date(`${expiresOn}T23:59:59`).toISOString() : null,
      });
      setSecret(made.secret);
      setName('');
      setExpiresOn('');
    } catch (cause) {
      setError(cause instanceof ApiRequestError ? cause.message : t('failed'));
    }
  };

  return (
    <Card padding="lg">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {t('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('intro')}{' '}
            <a href={apiUrlOf('publicApi.reference')} target="_blank" rel="noreferrer">
              {t('reference')}
            </a>
          </Text>
        </div>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('name')}
            value={name}
            maxLength={API_KEY_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.currentTarget.value)}
            w={240}
          />
          <Checkbox.Group
            label={t('scopes')}
            value={scopes}
            onChange={(value) => setScopes(value as ApiKeyScope[])}
          >
            <Group gap="sm" mt={6}>
              {API_KEY_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope} label={t(`scope.${scope}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <TextInput
            type="date"
            label={t('expires')}
            description={t('expiresHelp')}
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.currentTarget.value)}
            w={200}
          />
          <Button onClick={submit} loading={create.isPending} disabled={!name.trim() || !scopes.length}>
            {t('create')}
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('name')}</Table.Th>
              <Table.Th>{t('key')}</Table.Th>
              <Table.Th>{t('scopes')}</Table.Th>
              <Table.Th>{t('expires')}</Table.Th>
              <Table.Th>{t('lastUsed')}</Table.Th>
              <Table.Th>{t('uses')}</Table.Th>
              <Table.Th>{t('status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(keys.data ?? []).map((key) => (
              <Table.Tr key={key.id} data-testid={`api-key-${key.name}`}>
                <Table.Td>
                  <Text size="sm">{key.name}</Text>
                  <Text size="xs" c="dimmed">
                    {t('createdBy', { name: key.createdBy, date: shown(key.createdOn) })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Code>{key.prefix}…</Code>
                </Table.Td>
                <Table.Td>{key.scopes.map((scope) => t(`scope.${scope}`)).join(', ')}</Table.Td>
                <Table.Td>{key.expiresAt ? shown(key.expiresAt) : t('noExpiry')}</Table.Td>
                <Table.Td>{shown(key.lastUsedAt)}</Table.Td>
                <Table.Td>{new Intl.NumberFormat(i18n.language).format(key.useCount)}</Table.Td>
                <Table.Td>
                  {key.revokedAt ? (
                    <Badge color="gray">{t('revoked')}</Badge>
                  ) : (
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => setRevoking(key)}
                      aria-label={t('revokeNamed', { name: key.name })}
                    >
                      {t('revoke')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {keys.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('none')}
          </Text>
        )}
      </Stack>

      <Modal opened={secret !== null} onClose={() => setSecret(null)} title={t('secretTitle')} size="lg">
        <Stack>
          <Text size="sm">{t('secretOnce')}</Text>
          <Code block data-testid="api-key-secret">
            {secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={secret ?? ''}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? t('copied') : t('copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={() => setSecret(null)}>{t('done')}</Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title={t('revokeTitle')}>
        <Stack>
          <Text size="sm">{t('revokeConfirm', { name: revoking?.name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              {t('cancel')}
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={async () => {
                if (revoking) await revoke.mutateAsync(revoking.id);
                setRevoking(null);
              }}
            >
              {t('revoke')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
