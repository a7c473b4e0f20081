import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  canAdministerUsers,
  WEBHOOK_EVENTS,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@sealplan/contracts';
import { confirm } from '@/components/confirm-dialog';
import { ApiRequestError } from '@/lib/api-client';
import { RequireAccess } from '@/lib/session';
import { notify } from '@/lib/toast';
import {
  useDeleteWebhook,
  usePingWebhook,
  useResendDelivery,
  useSaveWebhook,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks-api';

const STATUS_COLORS: Readonly<Record<WebhookDeliveryStatus, string>> = {
  PENDING: 'yellow',
  DELIVERED: 'green',
  FAILED: 'red',
};

/** ADR 037: an organization's webhook endpoints and their delivery log, for its user administrators. */
export function WebhooksPage() {
  return (
    <RequireAccess allow={canAdministerUsers}>
      <Webhooks />
    </RequireAccess>
  );
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function Webhooks() {
  const { t } = useTranslation('webhooks');
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      {secret && (
        <Alert color="green" title={t('secret.title')} withCloseButton onClose={() => setSecret(null)}>
          <Stack gap="xs">
            <Text size="sm">{t('secret.once', { url: secret.url })}</Text>
            <Group gap="xs">
              <Code data-testid="webhook-secret">{secret.secret}</Code>
              <CopyButton value={secret.secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? t('secret.copied') : t('secret.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}
      <NewEndpointForm onCreated={setSecret} />
      <EndpointList />
      <DeliveryLog />
    </Stack>
  );
}

function NewEndpointForm({ onCreated }: { onCreated: (created: { url: string; secret: string }) => void }) {
  const { t } = useTranslation('webhooks');
  const save = useSaveWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    save.mutate(
      { url, description, events },
      {
        onSuccess: (saved) => {
          if (saved.secret) onCreated({ url: saved.endpoint.url, secret: saved.secret });
          setUrl('');
          setDescription('');
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.fields) setFields(error.fields);
          else notify({ color: 'red', message: errorText(error) });
        },
      },
    );
  };

  return (
    <Card padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('form.title')}
          </Title>
          <TextInput
            label={t('form.url')}
            description={t('form.urlHelp')}
            placeholder="https://erp.example.com/hooks/sealplan"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={fields.url}
            required
          />
          <TextInput
            label={t('form.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={fields.description}
          />
          <Checkbox.Group
            label={t('form.events')}
            value={events}
            onChange={(value) => setEvents(value as WebhookEvent[])}
            error={fields.events}
          >
            <Group mt="xs">
              {WEBHOOK_EVENTS.map((e) => (
                <Checkbox key={e} value={e} label={t(`events.${e}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('form.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function EndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('webhooks');
  const save = useSaveWebhook();
  const remove = useDeleteWebhook();
  const ping = usePingWebhook();
  const failed = (error: unknown) => notify({ color: 'red', message: errorText(error) });
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {endpoint.url}
        </Text>
        {endpoint.description && (
          <Text size="xs" c="dimmed">
            {endpoint.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {endpoint.events.map((e) => (
            <Badge key={e} variant="light" size="sm">
              {t(`events.${e}`)}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Switch
          checked={endpoint.enabled}
          aria-label={t('list.enabledFor', { url: endpoint.url })}
          onChange={(e) =>
            save.mutate(
              {
                id: endpoint.id,
                url: endpoint.url,
                description: endpoint.description,
                events: endpoint.events,
                enabled: e.currentTarget.checked,
              },
              { onError: failed },
            )
          }
        />
      </Table.Td>
      <Table.Td>
        {endpoint.lastDelivery ? (
          <Group gap={6} wrap="nowrap">
            <Badge color={STATUS_COLORS[endpoint.lastDelivery.status]} variant="light">
              {t(`status.${endpoint.lastDelivery.status}`)}
            </Badge>
            {endpoint.lastDelivery.responseStatus !== null && (
              <Text size="sm">{endpoint.lastDelivery.responseStatus}</Text>
            )}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('list.never')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            loading={ping.isPending}
            onClick={() =>
              ping.mutate(endpoint.id, {
                onSuccess: () => notify({ color: 'green', message: t('list.pingQueued') }),
                onError: failed,
              })
            }
          >
            {t('list.ping')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={async () => {
              const sure = await confirm({
                message: t('list.confirmDelete', { url: endpoint.url }),
                confirmLabel: t('list.delete'),
                danger: true,
              });
              if (sure) remove.mutate(endpoint.id, { onError: failed });
            }}
          >
            {t('list.delete')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function EndpointList() {
  const { t } = useTranslation('webhooks');
  const endpoints = useWebhookEndpoints();
  return (
    <Card padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('list.title')}
        </Title>
        {endpoints.error && <Alert color="red">{errorText(endpoints.error)}</Alert>}
        {endpoints.data?.length === 0 && <Text c="dimmed">{t('list.empty')}</Text>}
        {endpoints.data && endpoints.data.length > 0 && (
          <Table.ScrollContainer minWidth={700}>
            <Table aria-label={t('list.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.url')}</Table.Th>
                  <Table.Th>{t('list.events')}</Table.Th>
                  <Table.Th>{t('list.enabled')}</Table.Th>
                  <Table.Th>{t('list.last')}</Table.Th>
                  <Table.Th>{t('list.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {endpoints.data.map((endpoint) => (
                  <EndpointRow key={endpoint.id} endpoint={endpoint} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

function DeliveryLog() {
  const { t, i18n } = useTranslation('webhooks');
  const deliveries = useWebhookDeliveries();
  const resend = useResendDelivery();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('log.title')}
          </Title>
          <Button size="xs" variant="default" onClick={() => void deliveries.refetch()}>
            {t('log.refresh')}
          </Button>
        </Group>
        {deliveries.error && <Alert color="red">{errorText(deliveries.error)}</Alert>}
        {deliveries.data?.length === 0 && <Text c="dimmed">{t('log.empty')}</Text>}
        {deliveries.data && deliveries.data.length > 0 && (
          <Table.ScrollContainer minWidth={800}>
            <Table aria-label={t('log.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('log.when')}</Table.Th>
                  <Table.Th>{t('log.event')}</Table.Th>
                  <Table.Th>{t('log.endpoint')}</Table.Th>
                  <Table.Th>{t('log.status')}</Table.Th>
                  <Table.Th>{t('log.response')}</Table.Th>
                  <Table.Th>{t('log.attempts')}</Table.Th>
                  <Table.Th>{t('log.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deliveries.data.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{when.format(new Date(d.createdOn))}</Table.Td>
                    <Table.Td>
                      {(WEBHOOK_EVENTS as readonly string[]).includes(d.event)
                        ? t(`events.${d.event}`)
                        : t('events.ping')}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ wordBreak: 'break-all' }}>
                        {d.endpointUrl}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[d.status]} variant="light">
                        {t(`status.${d.status}`)}
                      </Badge>
                      {d.lastError && (
                        <Text size="xs" c="dimmed">
                          {d.lastError}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{d.responseStatus ?? '–'}</Table.Td>
                    <Table.Td>{d.attempts}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        disabled={d.status === 'PENDING'}
                        onClick={() =>
                          resend.mutate(d.id, {
                            onError: (error) => notify({ color: 'red', message: errorText(error) }),
                          })
                        }
                      >
                        {t('log.sendAgain')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
