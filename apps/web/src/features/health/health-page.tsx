import { Badge, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Health } from '@sealplan/contracts';
import { callApi } from '@/lib/api-client';

/** Public status page: calls GET /api/health. */
export function HealthPage() {
  const { t } = useTranslation();
  const health = useQuery({
    queryKey: ['health'],
    queryFn: (): Promise<Health> => callApi('health'),
    retry: false,
  });
  return (
    <Container size="xs" py="xl">
      <Card withBorder padding="lg">
        <Stack>
          <Title order={1} size="h3">
            {t('health.title')}
          </Title>
          {health.isPending && <Text>{t('loading')}</Text>}
          {health.error && <Text c="red">{health.error.message}</Text>}
          {health.data && (
            <>
              <Text fw={600} data-testid="health-status">
                {health.data.status === 'ok' ? t('health.ok') : t('health.degraded')}
              </Text>
              <Group>
                <Text>{t('health.database')}:</Text>
                <Badge color={health.data.database.reachable ? 'green' : 'red'}>
                  {health.data.database.kind} ·{' '}
                  {health.data.database.reachable ? t('health.reachable') : t('health.unreachable')}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {t('health.version')} {health.data.version} ·{' '}
                {t('health.uptime', { seconds: health.data.uptimeSeconds })}
              </Text>
            </>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
