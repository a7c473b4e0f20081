import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Catalogue } from '@sealplan/engine';
import type { TransitChange } from '@sealplan/contracts';
import { toast } from '@/lib/toast';
import { useUnits } from '@/lib/units';
import { useRestoreChange, useTransitHistory } from '../api/history-api';
import { ChangeSummary } from './change-summary';

export interface TransitHistoryPanelProps {
  transitId: string;
  /** The stored version: the history is read again whenever it moves (a save, a restore). */
  version: number;
  catalogue: Catalogue | null;
  /** Unsaved edits in the editor: a restore would overwrite them, so it waits for a save or a discard. */
  dirty: boolean;
  /** After a restore: the page reloads the transit. */
  onRestored: () => void;
}

/**
 * ADR 032: the transit's changes, newest first, each as a readable diff in the reader's language and units, and
 * its design revision; an earlier state is restored as a new change.
 */
export function TransitHistoryPanel({
  transitId,
  version,
  catalogue,
  dirty,
  onRestored,
}: TransitHistoryPanelProps) {
  const { t } = useTranslation('history');
  const units = useUnits();
  const history = useTransitHistory(transitId, version);
  const restore = useRestoreChange(transitId, onRestored);
  const dateTime = new Intl.DateTimeFormat(units.locale, { dateStyle: 'medium', timeStyle: 'short' });
  const day = new Intl.DateTimeFormat(units.locale, { dateStyle: 'medium' });
  const ctx = { t, units, catalogue };

  const onRestore = async (change: TransitChange) => {
    if (dirty) {
      toast.error(t('restoreUnsaved'));
      return;
    }
    try {
      await restore.mutateAsync(change.id);
      toast.success(t('restored'));
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  const data = history.data;
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="transit-history-title"
      data-testid="transit-history"
    >
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <IconHistory size={18} aria-hidden />
          <Title order={3} size="h5" id="transit-history-title">
            {t('title')}
          </Title>
        </Group>
        {data && (
          <Group gap="xs">
            <Badge variant="light" data-testid="transit-revision">
              {t('revision', {
                revision: data.revision.revision,
                date: day.format(new Date(data.revision.revisedOn)),
              })}
            </Badge>
            <Text size="xs" c="dimmed">
              {data.revision.issuedOn
                ? t('issued', { date: day.format(new Date(data.revision.issuedOn)) })
                : t('notIssued')}
            </Text>
          </Group>
        )}
      </Group>
      {history.isPending ? (
        <Loader size="sm" />
      ) : history.isError ? (
        <Text c="red" size="sm" role="alert">
          {t('loadFailed')}
        </Text>
      ) : data!.changes.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('empty')}
        </Text>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {data!.changes.map((change) => {
            const when = dateTime.format(new Date(change.changedOn));
            return (
              <li key={change.id} data-testid="history-change">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <ChangeSummary change={change} when={when} ctx={ctx} />
                  {change.restorable && (
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={t('restoreLabel', { date: when })}
                      loading={restore.isPending && restore.variables === change.id}
                      onClick={() => void onRestore(change)}
                    >
                      {t('restore')}
                    </Button>
                  )}
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
