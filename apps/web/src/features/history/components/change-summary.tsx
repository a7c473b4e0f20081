import type { ReactNode } from 'react';
import { Badge, Group, List, Stack, Text } from '@mantine/core';
import type { HistoryEntry } from '@sealplan/contracts';
import { describeEntry, type DescribeContext } from '../lib/describe-entry';

export interface ChangeSummaryProps {
  change: {
    action: string;
    revision?: string | null;
    changedBy: string | null;
    entries: readonly HistoryEntry[];
  };
  /** The change's date and time, formatted for the reader. */
  when: string;
  ctx: DescribeContext;
  /** Shown before the action (e.g. which transit or the project itself). */
  lead?: ReactNode;
}

/** ADR 032: one change of a history: what was done, the revision, who and when, then each field's before and after. */
export function ChangeSummary({ change, when, ctx, lead }: ChangeSummaryProps) {
  const { t } = ctx;
  return (
    <Stack gap={2}>
      <Group gap="xs">
        {lead}
        <Text fw={600} size="sm">
          {t(`action.${change.action}`)}
        </Text>
        {change.revision && (
          <Badge size="xs" variant="outline">
            {change.revision}
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {change.changedBy
            ? t('by', { date: when, name: change.changedBy })
            : t('byUnknown', { date: when })}
        </Text>
      </Group>
      {change.entries.length > 0 && (
        <List size="sm" spacing={0}>
          {change.entries.map((entry, index) => (
            <List.Item key={index}>{describeEntry(entry, ctx)}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
