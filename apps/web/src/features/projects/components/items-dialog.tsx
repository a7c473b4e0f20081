import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Button, Group, Modal, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CatalogueCrusher, ItemTypeId } from '@sealplan/engine';
import { roundTo } from '@sealplan/engine';
import { useUnits } from '@/lib/units';

/** One line of penetrating items as the editor holds it (lengths in mm). */
export interface DraftItem {
  quantity: number;
  outerDiameterMm: number;
  crusherId: string | null;
  itemTypeId: ItemTypeId;
}

export type ItemsDialogMode = { kind: 'add' } | { kind: 'edit'; item: DraftItem };

export interface ItemsDialogProps {
  opened: boolean;
  onClose: () => void;
  itemTypeId: ItemTypeId;
  mode: ItemsDialogMode;
  /** Predefined pipe sizes of this item type; when any exist, a size dropdown is offered beside the diameter. */
  crushers: CatalogueCrusher[];
  /** Items the transit already has: spec §5 lets Finish close the dialog with an existing item. */
  existingItemCount: number;
  onSubmit: (items: DraftItem[]) => void;
}

interface Row {
  quantity: number | '';
  diameter: number | '';
  crusherId: string | null;
}

const EMPTY_ROW: Row = { quantity: '', diameter: '', crusherId: null };

/** Spec §5: a row can be added when quantity and outer diameter are set and not negative (and not zero). */
export function isRowComplete(row: Row): boolean {
  return (
    typeof row.quantity === 'number' &&
    row.quantity >= 1 &&
    typeof row.diameter === 'number' &&
    row.diameter > 0
  );
}

/**
 * Penetrating items dialog (spec §2, §5): 'Add {type}s' queues several rows, 'Edit {type}' changes one.
 * Keyboard: quantity, Tab, diameter (or size), Enter adds the row and returns focus to quantity.
 */
export function ItemsDialog({
  opened,
  onClose,
  itemTypeId,
  mode,
  crushers,
  existingItemCount,
  onSubmit,
}: ItemsDialogProps) {
  const { t } = useTranslation('transits');
  const units = useUnits();
  const predefined = crushers.length > 0;
  const decimals = units.system === 'IMPERIAL' ? 3 : 2;
  const [row, setRow] = useState<Row>(EMPTY_ROW);
  const [queued, setQueued] = useState<DraftItem[]>([]);
  const quantityRef = useRef<HTMLInputElement>(null);
  const typeName = t(`itemType.${itemTypeId}`);
  const typeNamePlural = t(`itemTypePlural.${itemTypeId}`);

  // Every opening starts from the item being edited, or from an empty row.
  useEffect(() => {
    if (!opened) return;
    setQueued([]);
    if (mode.kind === 'edit') {
      setRow({
        quantity: mode.item.quantity,
        diameter: roundTo(units.toDisplayLength(mode.item.outerDiameterMm), decimals),
        crusherId: mode.item.crusherId,
      });
    } else setRow(EMPTY_ROW);
    // units deliberately not a dependency: switching units while the dialog is open keeps what was typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, mode]);

  const toDraft = (r: Row): DraftItem => {
    const crusher = r.crusherId ? crushers.find((c) => c.id === r.crusherId) : undefined;
    return {
      quantity: Number(r.quantity),
      outerDiameterMm: crusher ? crusher.pipeDiameterMm : units.fromDisplayLength(Number(r.diameter)),
      crusherId: crusher?.id ?? null,
      itemTypeId,
    };
  };

  const complete = isRowComplete(row);
  const negative =
    (typeof row.quantity === 'number' && row.quantity < 0) ||
    (typeof row.diameter === 'number' && row.diameter < 0);

  const addRow = () => {
    if (!complete) return;
    setQueued((q) => [...q, toDraft(row)]);
    setRow(EMPTY_ROW);
    quantityRef.current?.focus();
  };

  const finish = () => {
    const items = complete ? [...queued, toDraft(row)] : queued;
    onSubmit(items);
    onClose();
  };

  const finishEnabled =
    mode.kind === 'edit' ? complete : complete || queued.length > 0 || existingItemCount > 0;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (mode.kind === 'add') addRow();
    else if (complete) finish();
  };

  const crusherOptions = crushers.map((c) => ({
    value: c.id,
    label: `${c.name} (${units.formatLength(c.pipeDiameterMm)})`,
  }));

  const title =
    mode.kind === 'add'
      ? t('items.addTitle', { type: typeNamePlural })
      : t('items.editTitle', { type: typeName });

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      <Stack gap="md">
        <Group align="flex-start" wrap="nowrap" onKeyDown={onKeyDown}>
          <NumberInput
            ref={quantityRef}
            data-autofocus
            label={t('items.quantity')}
            min={0}
            // ADR 010: a negative quantity stays as typed with its message (never clamped to 0).
            clampBehavior="none"
            allowDecimal={false}
            value={row.quantity}
            onChange={(v) => setRow((r) => ({ ...r, quantity: v === '' ? '' : Number(v) }))}
            error={
              typeof row.quantity === 'number' && row.quantity < 1 ? t('items.quantityError') : undefined
            }
            w={120}
          />
          {predefined && (
            <Select
              label={t('items.pipeSize')}
              placeholder={t('items.selectPipeSize')}
              data={crusherOptions}
              searchable
              clearable
              value={row.crusherId}
              onChange={(v) => {
                const crusher = crushers.find((c) => c.id === v);
                setRow((r) => ({
                  ...r,
                  crusherId: v,
                  diameter: crusher
                    ? roundTo(units.toDisplayLength(crusher.pipeDiameterMm), decimals)
                    : r.diameter,
                }));
              }}
              w={200}
            />
          )}
          <NumberInput
            label={t('items.outerDiameter', { unit: units.lengthUnit })}
            min={0}
            clampBehavior="none"
            decimalScale={decimals}
            hideControls
            value={row.diameter}
            // A typed diameter is a free entry (research: metric tubes differ from NPS sizes): it drops the size.
            onChange={(v) => setRow((r) => ({ ...r, crusherId: null, diameter: v === '' ? '' : Number(v) }))}
            error={
              typeof row.diameter === 'number' && row.diameter <= 0 ? t('items.diameterError') : undefined
            }
            flex={1}
          />
          {mode.kind === 'add' && (
            <Button
              mt={25}
              leftSection={<IconPlus size={16} />}
              variant="light"
              onClick={addRow}
              disabled={!complete || negative}
            >
              {t('items.add')}
            </Button>
          )}
        </Group>
        {mode.kind === 'add' && (
          <>
            <Text size="xs" c="dimmed">
              {t('items.keyboardHint')}
            </Text>
            {queued.length > 0 ? (
              <Table striped withTableBorder aria-label={t('items.queued')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('items.quantity')}</Table.Th>
                    <Table.Th>{t('items.outerDiameterShort')}</Table.Th>
                    <Table.Th w={60} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {queued.map((q, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{q.quantity}</Table.Td>
                      <Table.Td>
                        {q.crusherId ? `${crushers.find((c) => c.id === q.crusherId)?.name ?? ''} · ` : ''}
                        {units.formatLength(q.outerDiameterMm)}
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('items.removeRow', { n: i + 1 })}
                          onClick={() => setQueued((list) => list.filter((_, j) => j !== i))}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Text size="sm" c="dimmed">
                {t('items.noneQueued')}
              </Text>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('items.cancel')}
          </Button>
          <Button onClick={finish} disabled={!finishEnabled || negative}>
            {mode.kind === 'add' ? t('items.finish') : t('items.save', { type: typeName })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
