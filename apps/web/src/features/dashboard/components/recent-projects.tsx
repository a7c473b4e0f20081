import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { Project } from '@sealplan/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIndustryName } from '@/lib/localized-name';

function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/** The most recently updated projects with links (spec §7 getDashboardData recentProjects). */
export function RecentProjects({ projects, loading }: { projects: Project[] | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const industryName = useIndustryName();
  return (
    <Card padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          {t('dashboard.recentProjects')}
        </Title>
        <Button
          component={Link}
          to="/projects"
          variant="subtle"
          size="compact-sm"
          rightSection={<IconArrowRight size={14} />}
        >
          {t('dashboard.allProjects')}
        </Button>
      </Group>
      {loading && (
        <Stack gap="sm">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={28} />
          ))}
        </Stack>
      )}
      {!loading && projects && projects.length === 0 && (
        <Stack align="center" gap="xs" py="lg">
          <Text c="dimmed">{t('dashboard.noProjects')}</Text>
          <Button component={Link} to="/projects/create" variant="light">
            {t('dashboard.createFirst')}
          </Button>
        </Stack>
      )}
      {!loading && projects && projects.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.columns.name')}</Table.Th>
                <Table.Th>{t('dashboard.columns.customer')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.columns.transits')}</Table.Th>
                <Table.Th>{t('dashboard.columns.updated')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {projects.map((project) => (
                <Table.Tr key={project.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/projects/${project.id}`} fw={600}>
                      {project.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {industryName(project.industry)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{project.customer.display}</Table.Td>
                  <Table.Td ta="right">
                    <Badge variant="light" color="gray" radius="sm">
                      {project.transitCount}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDate(project.auditing.lastUpdatedOn, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
