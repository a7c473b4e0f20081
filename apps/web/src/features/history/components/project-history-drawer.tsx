import { Anchor, Badge, Button, Drawer, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Catalogue } from '@sealplan/engine';
import { useIndustryName } from '@/lib/localized-name';
import { useUnits } from '@/lib/units';
import { useProjectHistory } from '../api/history-api';
import { ChangeSummary } from './change-summary';

export interface ProjectHistoryDrawerProps {
  projectId: string;
  projectName: string;
  catalogue: Catalogue | null;
  opened: boolean;
  onClose: () => void;
  /** Opens a transit named in a change in the editor (its own history panel has the restore). */
  onOpenTransit: (transitId: string) => void;
}

/**
 * ADR 032: a project's history, newest first: the changes of its own fields (name, customer, industry,
 * description) and of its transits (fields, items, statuses, photos), each as a readable diff in the reader's
 * language and units, with who made it and when.
 */
export function ProjectHistoryDrawer({
  projectId,
  projectName,
  catalogue,
  opened,
  onClose,
  onOpenTransit,
}: ProjectHistoryDrawerProps) {
  const { t } = useTranslation('history');
  const units = useUnits();
  const industryName = useIndustryName();
  const history = useProjectHistory(projectId, opened);
  const dateTime = new Intl.DateTimeFormat(units.locale, { dateStyle: 'medium', timeStyle: 'short' });
  const ctx = {
    t,
    units,
    catalogue,
    industryName: (id: string) => industryName({ id, display: id }),
  };
  const changes = history.data?.pages.flatMap((page) => page.changes) ?? [];

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('project.title', { name: projectName })}
    >
      {history.isPending ? (
        <Loader size="sm" />
      ) : history.isError ? (
        <Text c="red" size="sm" role="alert">
          {t('project.loadFailed')}
        </Text>
      ) : changes.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('project.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Stack
            gap="sm"
            component="ol"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            aria-label={t('project.open')}
          >
            {changes.map((change) => {
              const when = dateTime.format(new Date(change.changedOn));
              return (
                <li key={change.id} data-testid="project-history-change">
                  <ChangeSummary
                    change={change}
                    when={when}
                    ctx={ctx}
                    lead={
                      change.transitId === null ? (
                        <Badge size="sm" variant="light" color="grape">
                          {t('project.ownChange')}
                        </Badge>
                      ) : (
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          fw={600}
                          aria-label={t('project.openTransit', { name: change.transitName ?? '' })}
                          onClick={() => {
                            onOpenTransit(change.transitId!);
                            onClose();
                          }}
                        >
                          {t('project.transitChange', { name: change.transitName ?? '' })}
                        </Anchor>
                      )
                    }
                  />
                </li>
              );
            })}
          </Stack>
          {history.hasNextPage && (
            <Button
              variant="subtle"
              size="xs"
              loading={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {t('project.more')}
            </Button>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
