import { memo } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Progress, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@sealplan/engine';

export interface TransitRow {
  id: string;
  name: string;
  shapeLabel: string;
  dimensions: string;
  itemCount: number;
  fillPercent: number | null;
  overfilled: boolean;
  fits: boolean | null;
}

export interface TransitListProps {
  rows: TransitRow[];
  currentId: string | null;
  onSelect: (id: string) => void;
  onAdd: () => void;
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
  busy: boolean;
}

/** The project's transits with their fill and status; add, duplicate, delete. */
export const TransitList = memo(function TransitList({
  rows,
  currentId,
  onSelect,
  onAdd,
  onDuplicate,
  onDelete,
  busy,
}: TransitListProps) {
  const { t } = useTranslation('projects');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="transit-list-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="transit-list-title">
          {t('transits.title')}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={onAdd} loading={busy} size="sm">
          {t('transits.add')}
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('transits.empty')}
        </Text>
      ) : (
        <Table highlightOnHover verticalSpacing={6} fz="sm" aria-label={t('transits.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('transits.name')}</Table.Th>
              <Table.Th>{t('transits.shape')}</Table.Th>
              <Table.Th>{t('transits.items')}</Table.Th>
              <Table.Th w={170}>{t('transits.fill')}</Table.Th>
              <Table.Th>{t('transits.status')}</Table.Th>
              <Table.Th w={80} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => {
              const red = r.overfilled || (r.fillPercent ?? 0) > 100 || r.fits === false;
              return (
                <Table.Tr
                  key={r.id}
                  onClick={() => onSelect(r.id)}
                  style={{ cursor: 'pointer' }}
                  bg={r.id === currentId ? 'var(--mantine-primary-color-light)' : undefined}
                  aria-current={r.id === currentId ? 'true' : undefined}
                  data-testid={`transit-row-${r.id}`}
                >
                  <Table.Td fw={600}>
                    <Text
                      component="a"
                      href={`?transit=${r.id}`}
                      size="sm"
                      fw={600}
                      onClick={(e) => {
                        e.preventDefault();
                        onSelect(r.id);
                      }}
                    >
                      {r.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {r.shapeLabel} · {r.dimensions}
                  </Table.Td>
                  <Table.Td>{r.itemCount}</Table.Td>
                  <Table.Td>
                    {r.fillPercent === null ? (
                      '—'
                    ) : (
                      <Group gap={6} wrap="nowrap">
                        <Progress
                          value={Math.min(100, r.fillPercent)}
                          color={red ? 'red' : 'green'}
                          w={90}
                          aria-hidden
                        />
                        <Text size="xs" data-testid="transit-fill">
                          {formatPercent(r.fillPercent)}
                        </Text>
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {r.fits === null ? (
                      <Badge variant="light" color="gray">
                        {t('transits.statusIncomplete')}
                      </Badge>
                    ) : red ? (
                      <Badge variant="light" color="red">
                        {t('transits.statusOver')}
                      </Badge>
                    ) : (
                      <Badge variant="light" color="green">
                        {t('transits.statusOk')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <Group gap={2} wrap="nowrap">
                      <Tooltip label={t('transits.duplicate')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('transits.duplicateNamed', { name: r.name })}
                          onClick={() => onDuplicate(r.id)}
                        >
                          <IconCopy size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('transits.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('transits.deleteNamed', { name: r.name })}
                          onClick={() => onDelete(r.id)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
});
