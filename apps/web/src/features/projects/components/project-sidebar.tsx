import { memo } from 'react';
import { Badge, Button, Card, Divider, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface ProjectSidebarProps {
  name: string;
  customerName: string;
  industryName: string;
  currentTransit: { id: string; name: string } | null;
  recentTransits: { id: string; name: string }[];
  createdOn: string | null;
  updatedOn: string | null;
  onSelectTransit: (id: string) => void;
  onShare: () => void;
  onMaterials: () => void;
}

/** Spec §2 project sidebar: name, customer, current transit, recent transits, dates, share and material list buttons. */
export const ProjectSidebar = memo(function ProjectSidebar(p: ProjectSidebarProps) {
  const { t, i18n } = useTranslation('projects');
  // <time dateTime>: the exact instant stays readable by machines (and tests) behind the rounded display.
  const date = (iso: string | null) =>
    iso ? (
      <time dateTime={iso}>
        {new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
      </time>
    ) : (
      '—'
    );
  return (
    <Card withBorder padding="md" component="aside" aria-label={t('sidebar.label')}>
      <Stack gap="xs">
        <Title order={1} size="h3" style={{ wordBreak: 'break-word' }}>
          {p.name}
        </Title>
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            {t('sidebar.customer')}
          </Text>
          <Text size="sm" fw={600}>
            {p.customerName}
          </Text>
        </Group>
        <Badge variant="light" w="fit-content">
          {p.industryName}
        </Badge>
        <Divider my={4} />
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">
          {t('sidebar.currentTransit')}
        </Text>
        <Text size="sm" fw={600} data-testid="current-transit-name">
          {p.currentTransit?.name ?? t('sidebar.noTransit')}
        </Text>
        {p.recentTransits.length > 0 && (
          <>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed" mt={4}>
              {t('sidebar.recentTransits')}
            </Text>
            <Stack gap={0}>
              {p.recentTransits.map((tr) => (
                <NavLink
                  key={tr.id}
                  // A button, not a bare <a> without href: the keyboard reaches it and Enter opens the transit.
                  component="button"
                  type="button"
                  label={tr.name}
                  active={tr.id === p.currentTransit?.id}
                  onClick={() => p.onSelectTransit(tr.id)}
                  py={4}
                />
              ))}
            </Stack>
          </>
        )}
        <Divider my={4} />
        <Text size="xs" c="dimmed">
          {t('sidebar.created')}: {date(p.createdOn)}
        </Text>
        <Text size="xs" c="dimmed" data-testid="project-updated">
          {t('sidebar.updated')}: {date(p.updatedOn)}
        </Text>
        <Button leftSection={<IconShare size={16} />} variant="light" onClick={p.onShare} mt="xs">
          {t('sidebar.share')}
        </Button>
        <Button leftSection={<IconFileSpreadsheet size={16} />} variant="default" onClick={p.onMaterials}>
          {t('sidebar.materialList')}
        </Button>
      </Stack>
    </Card>
  );
});
