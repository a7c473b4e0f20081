import { memo } from 'react';
import { ActionIcon, Card, Group, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CatalogueCrusher, ItemTypeId } from '@sealplan/engine';
import { useUnits } from '@/lib/units';
import type { EditorItem } from '../hooks/use-transit-editor';
import type { DraftItem } from './items-dialog';
import { ItemQuickEntry } from './item-quick-entry';
import { ActionsHeader } from '@/components/actions-header';

export interface ItemsTableProps {
  items: EditorItem[];
  crushers: CatalogueCrusher[];
  /** Individual items counted by the engine (lines × quantity). */
  itemCount: number;
  onEdit: (item: EditorItem) => void;
  onRemove: (key: string) => void;
  /** Keyboard-first entry below the lines: the type a new row starts with, and where new lines go. */
  defaultType: ItemTypeId;
  onAddLines: (items: DraftItem[]) => void;
}

/** The transit's penetrating item lines with edit and remove (memoised: typing a dimension does not redraw it). */
export const ItemsTable = memo(function ItemsTable({
  items,
  crushers,
  itemCount,
  onEdit,
  onRemove,
  defaultType,
  onAddLines,
}: ItemsTableProps) {
  const { t } = useTranslation('transits');
  const units = useUnits();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="items-title">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5" id="items-title">
          {t('items.title')}
        </Title>
        <Text size="sm" c="dimmed" data-testid="item-count">
          {t('items.count', { count: itemCount })}
        </Text>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('items.empty')}
        </Text>
      ) : (
        <Table striped verticalSpacing={4} fz="sm" aria-label={t('items.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('items.type')}</Table.Th>
              <Table.Th ta="right">{t('items.quantity')}</Table.Th>
              <Table.Th>{t('items.outerDiameterShort')}</Table.Th>
              <ActionsHeader w={80} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((i) => {
              const crusher = i.crusherId ? crushers.find((c) => c.id === i.crusherId) : undefined;
              const type = t(`itemType.${i.itemTypeId}`);
              const diameter = units.formatLength(i.outerDiameterMm);
              return (
                <Table.Tr key={i.key}>
                  <Table.Td>
                    {type}
                    {/* ADR 020: the cable tag of an imported (or tagged) line. */}
                    {i.tag || i.specification ? (
                      <Text span size="sm" c="dimmed">
                        {[i.tag, i.specification]
                          .filter((text) => text)
                          .map((text) => ` · ${text}`)
                          .join('')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{i.quantity}</Table.Td>
                  <Table.Td>
                    {crusher ? `${crusher.name} · ` : ''}
                    {diameter}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <Tooltip label={t('items.edit')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('items.editLine', { type, diameter })}
                          onClick={() => onEdit(i)}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('items.remove')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('items.removeLine', { type, diameter })}
                          onClick={() => onRemove(i.key)}
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
      <ItemQuickEntry defaultType={defaultType} onAdd={onAddLines} />
    </Card>
  );
});
