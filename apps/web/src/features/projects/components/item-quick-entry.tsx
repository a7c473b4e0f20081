import { useEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ItemTypeId } from '@sealplan/engine';
import { MAX_ITEM_QUANTITY } from '@sealplan/contracts';
import { NumberField } from '@/components/number-field';
import { isPlainEnter } from '@/lib/keyboard';
import { sentence } from '@/lib/text';
import { notify } from '@/lib/toast';
import { useUnits } from '@/lib/units';
import { DEFAULT_ITEM_QUANTITY, type DraftItem } from './items-dialog';

export const QUICK_ENTRY_TYPES: readonly ItemTypeId[] = ['CABLE', 'PIPE', 'PIPE_PLASTIC'];

/** A problem in one pasted row (1-based), with the key of its message and the offending cell when it has one. */
export interface PasteProblem {
  row: number;
  problem: 'badType' | 'badQuantity' | 'badDiameter' | 'badColumns';
  value?: string;
}

export type PasteResult = { ok: true; items: DraftItem[] } | { ok: false; problems: PasteProblem[] };

export interface PasteOptions {
  defaultType: ItemTypeId;
  /** The item type a cell names (id, or its name in any language offered), or null. */
  typeOf: (cell: string) => ItemTypeId | null;
  /** A diameter in the current unit system -> mm. */
  toMm: (value: number) => number;
}

/** Whether pasted text holds cells of a spreadsheet (several cells or rows) rather than one value for one field. */
export function isSpreadsheetPaste(text: string): boolean {
  return /[\t\n]/.test(text.replace(/[\r\n]+$/, ''));
}

/** A number as a spreadsheet copies it: "22", "22.5" or, without a dot, "22,5". Anything else is not a number. */
export function parseCellNumber(cell: string): number | null {
  const text = cell.trim();
  const normal = text.includes('.') ? text : text.replace(',', '.');
  if (!/^[+]?(\d+\.?\d*|\.\d+)$/.test(normal)) return null;
  const value = Number(normal);
  return Number.isFinite(value) ? value : null;
}

/**
 * Rows pasted from a spreadsheet (tab-separated cells, one row per line) -> item lines. A row is quantity and
 * outer diameter, or item type, quantity and outer diameter. A first row without any digit is a header and is
 * passed over. All or nothing: one bad row refuses the paste, naming every bad row (nothing is rewritten).
 */
export function parsePastedItems(text: string, options: PasteOptions): PasteResult {
  const lines = text.split(/\r?\n/);
  const items: DraftItem[] = [];
  const problems: PasteProblem[] = [];
  lines.forEach((line, index) => {
    const cells = line.split('\t').map((c) => c.trim());
    while (cells.length && cells[cells.length - 1] === '') cells.pop();
    if (cells.length === 0) return;
    if (index === 0 && !/\d/.test(line)) return;
    const row = index + 1;
    if (cells.length !== 2 && cells.length !== 3) {
      problems.push({ row, problem: 'badColumns' });
      return;
    }
    const [typeCell, quantityCell, diameterCell] = cells.length === 3 ? cells : [null, ...cells];
    const itemTypeId = typeCell === null ? options.defaultType : options.typeOf(typeCell);
    if (!itemTypeId) {
      problems.push({ row, problem: 'badType', value: typeCell ?? '' });
      return;
    }
    const quantity = parseCellNumber(quantityCell ?? '');
    if (quantity === null || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_ITEM_QUANTITY) {
      problems.push({ row, problem: 'badQuantity', value: quantityCell ?? '' });
      return;
    }
    const diameter = parseCellNumber(diameterCell ?? '');
    if (diameter === null || diameter <= 0) {
      problems.push({ row, problem: 'badDiameter', value: diameterCell ?? '' });
      return;
    }
    items.push({ itemTypeId, quantity, outerDiameterMm: options.toMm(diameter), crusherId: null });
  });
  return problems.length ? { ok: false, problems } : { ok: true, items };
}

export interface ItemQuickEntryProps {
  /** The item type a new row starts with (the transit's penetrating item). */
  defaultType: ItemTypeId;
  onAdd: (items: DraftItem[]) => void;
}

/**
 * Keyboard-first item entry (ADR 029): type, quantity and diameter in one row; Enter in the quantity goes to the
 * diameter (an empty quantity is 1), Enter in the diameter adds the line and starts the next row. Rows copied from a spreadsheet
 * and pasted into any cell are added at once.
 */
export function ItemQuickEntry({ defaultType, onAdd }: ItemQuickEntryProps) {
  const { t, i18n } = useTranslation('transits');
  const units = useUnits();
  const [type, setType] = useState<ItemTypeId>(defaultType);
  const [quantity, setQuantity] = useState<number | null>(null);
  const [diameter, setDiameter] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const diameterRef = useRef<HTMLInputElement>(null);
  // A new row follows the transit's penetrating item when that changes.
  useEffect(() => setType(defaultType), [defaultType]);

  // Item type names in every language offered, so a sheet written in another language still pastes.
  const typeOf = useMemo(() => {
    const names = new Map<string, ItemTypeId>();
    const key = (s: string) => s.trim().toLocaleLowerCase();
    for (const id of QUICK_ENTRY_TYPES) {
      names.set(key(id), id);
      for (const lng of Object.keys(i18n.store?.data ?? {})) {
        for (const group of ['itemType', 'itemTypePlural']) {
          const name = i18n.getFixedT(lng, 'transits')(`${group}.${id}`);
          if (name && name !== `${group}.${id}`) names.set(key(name), id);
        }
      }
    }
    return (cell: string) => names.get(key(cell)) ?? null;
  }, [i18n]);

  const quantityValue = quantity ?? DEFAULT_ITEM_QUANTITY;
  const diameterValue = diameter;
  const quantityOk =
    Number.isInteger(quantityValue) && quantityValue >= 1 && quantityValue <= MAX_ITEM_QUANTITY;
  const diameterOk = diameterValue !== null && diameterValue > 0;

  const addRow = () => {
    if (!quantityOk) {
      setError(sentence(t('quickEntry.badQuantity', { max: MAX_ITEM_QUANTITY }), i18n.language));
      quantityRef.current?.focus();
      return;
    }
    if (!diameterOk) {
      setError(sentence(t('quickEntry.badDiameter'), i18n.language));
      diameterRef.current?.focus();
      return;
    }
    onAdd([
      {
        itemTypeId: type,
        quantity: quantityValue,
        outerDiameterMm: units.fromDisplayLength(diameterValue),
        crusherId: null,
      },
    ]);
    setQuantity(null);
    setDiameter(null);
    setError(null);
    quantityRef.current?.focus();
  };

  const onQuantityKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!isPlainEnter(e)) return;
    e.preventDefault();
    if (quantityOk) {
      setError(null);
      diameterRef.current?.focus();
    } else setError(sentence(t('quickEntry.badQuantity', { max: MAX_ITEM_QUANTITY }), i18n.language));
  };
  const onDiameterKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!isPlainEnter(e)) return;
    e.preventDefault();
    addRow();
  };

  const onPaste = (e: ClipboardEvent<HTMLElement>) => {
    const text = e.clipboardData.getData('text/plain');
    if (!isSpreadsheetPaste(text)) return;
    e.preventDefault();
    const result = parsePastedItems(text, { defaultType: type, typeOf, toMm: units.fromDisplayLength });
    if (!result.ok) {
      const problems = result.problems
        .map((p) =>
          t('quickEntry.row', {
            row: p.row,
            problem: t(`quickEntry.${p.problem}`, { value: p.value, max: MAX_ITEM_QUANTITY }),
          }),
        )
        .join('; ');
      setError(t('quickEntry.refused', { problems }));
      return;
    }
    if (result.items.length === 0) return;
    onAdd(result.items);
    setError(null);
    notify({ color: 'green', message: t('quickEntry.pasted', { count: result.items.length }) });
  };

  return (
    <Stack gap={4} mt="sm" onPaste={onPaste} data-testid="item-quick-entry">
      <Text size="sm" fw={600} id="quick-entry-title">
        {t('quickEntry.title')}
      </Text>
      <Group gap="xs" align="flex-start" wrap="nowrap" role="group" aria-labelledby="quick-entry-title">
        {/* A combobox whose options exist only while it is open (arrow keys and Enter choose). */}
        <Select
          size="xs"
          w={140}
          aria-label={t('quickEntry.type')}
          value={type}
          allowDeselect={false}
          onChange={(v) => v && setType(v as ItemTypeId)}
          data={QUICK_ENTRY_TYPES.map((id) => ({ value: id, label: t(`itemType.${id}`) }))}
        />
        <NumberField
          ref={quantityRef}
          size="xs"
          w={90}
          integer
          aria-label={t('quickEntry.quantity')}
          placeholder={String(DEFAULT_ITEM_QUANTITY)}
          value={quantity}
          onChange={setQuantity}
          onKeyDown={onQuantityKey}
        />
        <NumberField
          ref={diameterRef}
          size="xs"
          w={170}
          decimals={units.system === 'IMPERIAL' ? 3 : 2}
          aria-label={t('quickEntry.diameter', { unit: units.lengthUnit })}
          placeholder={t('quickEntry.diameter', { unit: units.lengthUnit })}
          value={diameter}
          onChange={setDiameter}
          onKeyDown={onDiameterKey}
        />
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={addRow}>
          {t('quickEntry.add')}
        </Button>
      </Group>
      {error ? (
        <Text size="xs" c="red" role="alert" data-testid="quick-entry-error">
          {error}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          {t('quickEntry.hint')}
        </Text>
      )}
    </Stack>
  );
}
