import type { ReactNode } from 'react';
import { Center, Loader, Text } from '@mantine/core';

interface ListStateProps {
  isPending: boolean;
  error: Error | null;
  isEmpty: boolean;
  loadingLabel: string;
  emptyText: string;
  /** The list itself, shown once data has arrived and is not empty. */
  children: ReactNode;
}

/** The states every list page shares: loading, failed, empty, or the list. */
export function ListState({ isPending, error, isEmpty, loadingLabel, emptyText, children }: ListStateProps) {
  if (isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={loadingLabel} />
      </Center>
    );
  }
  if (error) return <Text c="red">{error.message}</Text>;
  if (isEmpty) {
    return (
      <Text c="dimmed" p="md">
        {emptyText}
      </Text>
    );
  }
  return <>{children}</>;
}
