import type { ReactNode } from 'react';
import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';

/** One dashboard figure: a label, a big number and an icon. */
export function StatCard({
  label,
  value,
  icon,
  color,
  loading,
  hint,
}: {
  label: string;
  value: number | string | undefined;
  icon: ReactNode;
  color?: string;
  loading: boolean;
  hint?: string;
}) {
  return (
    <Card padding="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.05em' }}>
            {label}
          </Text>
          {loading ? (
            <Skeleton h={34} w={64} mt={6} />
          ) : (
            <Text fz={32} fw={700} lh={1.2} mt={4}>
              {value}
            </Text>
          )}
          {hint && (
            <Text size="xs" c="dimmed" mt={4}>
              {hint}
            </Text>
          )}
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}
