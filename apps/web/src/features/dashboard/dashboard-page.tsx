import { Alert, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingFactory2,
  IconCircleCheck,
  IconCircleX,
  IconEye,
  IconTool,
  IconFolders,
  IconPlus,
  IconRuler2,
  IconSquareRoundedPlus,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@/lib/session';
import { useUnits } from '@/lib/units';
import { useDashboardData, useSiteStatusCounts } from './api/dashboard-api';
import { RecentProjects } from './components/recent-projects';
import { StatCard } from './components/stat-card';

/** A standard 200 mm round opening, shown in the chosen system so the user sees what their figures look like. */
const REFERENCE_OPENING_MM = 200;

/** Spec §2 /dashboard: the organization's counts and recent projects. */
export function DashboardPage() {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  const units = useUnits();
  const { data, isPending, isError, refetch } = useDashboardData();
  const counts = data?.counts;
  const site = useSiteStatusCounts();
  const ts = useTranslation('site').t;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('dashboard.title')}
          </Title>
          <Text c="dimmed">
            {user?.firstName ? t('dashboard.welcome', { name: user.firstName }) : t('dashboard.subtitle')}
          </Text>
        </div>
        <Button component={Link} to="/projects/create" leftSection={<IconPlus size={16} />}>
          {t('nav.newProject')}
        </Button>
      </Group>
      {isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('dashboard.loadFailed')}>
          <Button variant="white" color="red" size="xs" onClick={() => void refetch()}>
            {t('dashboard.retry')}
          </Button>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
        <StatCard
          label={t('dashboard.counts.projects')}
          value={counts?.projects}
          icon={<IconFolders size={24} />}
          loading={isPending}
        />
        <StatCard
          label={t('dashboard.counts.transits')}
          value={counts?.transits}
          icon={<IconSquareRoundedPlus size={24} />}
          loading={isPending}
        />
        <StatCard
          label={t('dashboard.counts.customers')}
          value={counts?.customers}
          icon={<IconBuildingFactory2 size={24} />}
          loading={isPending}
        />
        <StatCard
          label={t('dashboard.counts.overfilled')}
          value={counts?.overfilledTransits}
          icon={<IconAlertTriangle size={24} />}
          color={counts && counts.overfilledTransits > 0 ? 'red' : 'gray'}
          loading={isPending}
          hint={t('dashboard.overfilledHint')}
        />
      </SimpleGrid>
      {/* ADR 031: what is left on site, across the organization's projects. */}
      <section aria-labelledby="dashboard-site-title">
        <Title order={2} size="h4" mb="xs" id="dashboard-site-title">
          {ts('dashboard.title')}
        </Title>
        <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
          <StatCard
            label={ts('dashboard.DESIGNED')}
            value={site.data?.DESIGNED}
            icon={<IconTool size={24} />}
            loading={site.isPending}
          />
          <StatCard
            label={ts('dashboard.INSTALLED')}
            value={site.data?.INSTALLED}
            icon={<IconEye size={24} />}
            loading={site.isPending}
          />
          <StatCard
            label={ts('dashboard.INSPECTION_PASSED')}
            value={site.data?.INSPECTION_PASSED}
            icon={<IconCircleCheck size={24} />}
            color="green"
            loading={site.isPending}
          />
          <StatCard
            label={ts('dashboard.INSPECTION_FAILED')}
            value={site.data?.INSPECTION_FAILED}
            icon={<IconCircleX size={24} />}
            color={site.data && site.data.INSPECTION_FAILED > 0 ? 'red' : 'gray'}
            loading={site.isPending}
          />
        </SimpleGrid>
      </section>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <RecentProjects projects={data?.recentProjects} loading={isPending} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card padding="lg" h="100%">
            <Group gap="sm" mb="sm" wrap="nowrap">
              <IconRuler2 size={22} aria-hidden />
              <Title order={2} size="h4">
                {t('dashboard.units.title')}
              </Title>
            </Group>
            <Text size="sm" c="dimmed" mb="md">
              {t('dashboard.units.description', { system: t(`units.names.${units.system}`) })}
            </Text>
            <Stack gap={6}>
              <Group justify="space-between">
                <Text size="sm">{t('dashboard.units.lengths')}</Text>
                <Text size="sm" fw={600}>
                  {units.lengthUnit}
                </Text>
              </Group>
              <Group justify="space-between">
                <Text size="sm">{t('dashboard.units.areas')}</Text>
                <Text size="sm" fw={600}>
                  {units.areaUnit}
                </Text>
              </Group>
              <Group justify="space-between">
                <Text size="sm">{t('dashboard.units.example')}</Text>
                <Text size="sm" fw={600} data-testid="dashboard-reference-length">
                  {units.formatLength(REFERENCE_OPENING_MM)}
                </Text>
              </Group>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
