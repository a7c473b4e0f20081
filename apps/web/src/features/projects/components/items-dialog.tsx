import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CatalogueCrusher, ItemTypeId } from '@sealplan/engine';
import { ITEM_SPECIFICATION_MAX_LENGTH } from '@sealplan/contracts';
import { roundTo } from '@sealplan/engine';
import { confirm } from '@/components/confirm-dialog';
import { NumberField } from '@/components/number-field';
import { isPlainEnter, isSaveChord } from '@/lib/keyboard';
import { useUnits } from '@/lib/units';
import { ActionsHeader } from '@/components/actions-header';

/** One line of penetrating items as the editor holds it (lengths in mm). */
export interface DraftItem {
  quantity: number;
  outerDiameterMm: number;
  crusherId: string | null;
  itemTypeId: ItemTypeId;
  /** The cable type or pipe spec as written ("RFOU(i) 3x35"); undefined: not edited here (the stored one is kept). */
  specification?: string | null;
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
  /** Called once the dialog has closed (its transition ended): the owner returns focus to the opener. */
  onClosed?: () => void;
}

interface Row {
  quantity: number | null;
  diameter: number | null;
  crusherId: string | null;
  specification: string;
}

const EMPTY_ROW: Row = { quantity: null, diameter: null, crusherId: null, specification: '' };

/**
 * ADR 029: one key convention wherever items are typed. Quantity, Enter, outer diameter, Enter adds the line and
 * starts the next; an empty quantity is this many (most lines of a schedule are single cables); Ctrl+Enter
 * (Cmd+Enter) finishes or saves from any field.
 */
export const DEFAULT_ITEM_QUANTITY = 1;

/** Spec §5: a row can be added when quantity and outer diameter are set and not negative (and not zero). */
export function isRowComplete(row: Pick<Row, 'quantity' | 'diameter' | 'crusherId'>): boolean {
  return (
    typeof row.quantity === 'number' &&
    row.quantity >= 1 &&
    typeof row.diameter === 'number' &&
    row.diameter > 0
  );
}

/**
 * Penetrating items dialog (spec §2, §5): 'Add {type}s' queues several rows, 'Edit {type}' changes one.
 * Keyboard (ADR 029): quantity, Enter, diameter (or size), Enter adds the row and returns focus to quantity;
 * Ctrl+Enter finishes. Closing with rows queued or typed asks first.
 */
export function ItemsDialog({
  opened,
  onClose,
  itemTypeId,
  mode,
  crushers,
  existingItemCount,
  onSubmit,
  onClosed,
}: ItemsDialogProps) {
  const { t } = useTranslation('transits');
  const units = useUnits();
  const predefined = crushers.length > 0;
  const decimals = units.system === 'IMPERIAL' ? 3 : 2;
  const [row, setRow] = useState<Row>(EMPTY_ROW);
  const [queued, setQueued] = useState<DraftItem[]>([]);
  const quantityRef = useRef<HTMLInputElement>(null);
  const diameterRef = useRef<HTMLInputElement>(null);
  const sizeRef = useRef<HTMLInputElement>(null);
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
        specification: mode.item.specification ?? '',
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
      // One line: a pasted line break becomes a space (the legend prints it in one cell). Emptied while editing
      // clears the stored one; a new line without one has none to send.
      specification:
        r.specification.replace(/[\r\n]+/g, ' ').trim() || (mode.kind === 'edit' ? null : undefined),
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

  const typed = row.quantity !== null || row.diameter !== null || row.crusherId !== null;
  // Queued or typed rows are work: closing asks before throwing it away, like every other form (spec §2).
  const requestClose = async () => {
    const rows = queued.length + (mode.kind === 'add' && typed ? 1 : 0);
    if (mode.kind === 'add' && rows > 0) {
      const discard = await confirm({
        title: t('items.discardTitle'),
        message: t('items.discardMessage', { count: rows }),
        confirmLabel: t('items.discard'),
        cancelLabel: t('items.keepEditing'),
        danger: true,
      });
      if (!discard) return;
    }
    onClose();
  };

  const onQuantityKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!isPlainEnter(e)) return;
    e.preventDefault();
    if (row.quantity === null) setRow((r) => ({ ...r, quantity: DEFAULT_ITEM_QUANTITY }));
    else if (row.quantity < 1) return;
    (predefined ? sizeRef : diameterRef).current?.focus();
  };
  const onDiameterKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!isPlainEnter(e)) return;
    e.preventDefault();
    if (mode.kind === 'add') addRow();
    else if (complete) finish();
  };
  const onDialogKey = (e: KeyboardEvent) => {
    if (!isSaveChord(e)) return;
    e.preventDefault();
    // The editor behind listens for the same keys to save the transit: this one finishes the dialog only.
    e.stopPropagation();
    if (finishEnabled && !negative) finish();
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
    <Modal
      opened={opened}
      onClose={() => void requestClose()}
      title={title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
      // WCAG 2.4.3: the owner puts focus back on what opened the dialog (Mantine's own return needs the dialog
      // to be mounted closed first).
      returnFocus={false}
      onExitTransitionEnd={onClosed}
    >
      <Stack gap="md" onKeyDown={onDialogKey}>
        <Group align="flex-start" wrap="nowrap">
          <NumberField
            ref={quantityRef}
            data-autofocus
            label={t('items.quantity')}
            placeholder={String(DEFAULT_ITEM_QUANTITY)}
            // ADR 010: a negative quantity stays as typed with its message (never clamped to 0).
            integer
            value={row.quantity}
            onKeyDown={onQuantityKey}
            onChange={(v) => setRow((r) => ({ ...r, quantity: v }))}
            error={
              typeof row.quantity === 'number' && row.quantity < 1 ? t('items.quantityError') : undefined
            }
            w={120}
          />
          {predefined && (
            <Select
              ref={sizeRef}
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
          <NumberField
            ref={diameterRef}
            label={t('items.outerDiameter', { unit: units.lengthUnit })}
            decimals={decimals}
            value={row.diameter}
            onKeyDown={onDiameterKey}
            // A typed diameter is a free entry (research: metric tubes differ from NPS sizes): it drops the size.
            onChange={(v) => setRow((r) => ({ ...r, crusherId: null, diameter: v }))}
            error={
              typeof row.diameter === 'number' && row.diameter <= 0 ? t('items.diameterError') : undefined
            }
            flex={1}
          />
          <TextInput
            label={t('items.specification')}
            placeholder={t('items.specificationHint')}
            maxLength={ITEM_SPECIFICATION_MAX_LENGTH}
            value={row.specification}
            onChange={(e) => {
              const specification = e.currentTarget.value;
              setRow((r) => ({ ...r, specification }));
            }}
            w={180}
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
                    <ActionsHeader w={60} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {queued.map((q, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{q.quantity}</Table.Td>
                      <Table.Td>
                        {q.crusherId ? `${crushers.find((c) => c.id === q.crusherId)?.name ?? ''} · ` : ''}
                        {units.formatLength(q.outerDiameterMm)}
                        {q.specification ? ` · ${q.specification}` : ''}
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
          <Button variant="default" onClick={() => void requestClose()}>
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
