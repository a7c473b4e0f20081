import { ActionIcon, Button, Group, Table, Text, Title, type ComboboxItem } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useWatch, type ArrayPath, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CatalogueFormValues } from '../model/catalogue-form';
import { SampleMark } from './catalogue-cells';
import { ColumnCell, type FlatColumn } from './flat-table';

export interface NestedTableProps {
  /** Form path of the list, e.g. `catalogue.itemTypes.0.classes`. */
  path: ArrayPath<CatalogueFormValues>;
  caption: string;
  /** The field naming each entry (`classId`, `transitTypeId`); each id at most once per list. */
  idField: string;
  idHeader: string;
  idOptions: ComboboxItem[];
  /** The other columns. */
  columns: FlatColumn[];
  /** The whole list is a sample value (sample marks name the list, not its entries). */
  sample?: boolean;
  /** A new entry for an id not in the list yet. */
  newEntry: (id: string) => Record<string, unknown>;
}

/** A list inside a catalogue row (an item type's classes, a transit type's per-class sealant depth). */
export function NestedTable({
  path,
  caption,
  idField,
  idHeader,
  idOptions,
  columns,
  sample,
  newEntry,
}: NestedTableProps) {
  const { t } = useTranslation('catalogue');
  const { fields, append, remove } = useFieldArray<CatalogueFormValues, typeof path, '_key'>({
    name: path,
    keyName: '_key',
  });
  const current =
    (useWatch<CatalogueFormValues>({ name: path }) as Record<string, unknown>[] | undefined) ?? [];
  const used = current.map((entry) => String(entry[idField] ?? ''));
  const unused = idOptions.filter((o) => !used.includes(o.value));
  const label = (id: string) => idOptions.find((o) => o.value === id)?.label ?? id;
  return (
    <div>
      <Group gap={6} mb={4}>
        <Title order={4} size="h6">
          {caption}
        </Title>
        {sample && <SampleMark />}
      </Group>
      <Table.ScrollContainer minWidth={(columns.length + 1) * 160}>
        <Table withTableBorder verticalSpacing={4} aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={240}>{idHeader}</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.field} w={c.width}>
                  {c.header}
                </Table.Th>
              ))}
              <Table.Th w={48}>
                <Text span size="xs" fw={700}>
                  {t('table.actions')}
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((entry, index) => {
              const id = String(
                current[index]?.[idField] ?? (entry as Record<string, unknown>)[idField] ?? '',
              );
              const rowName = label(id);
              // Every id once: the ids other entries use are offered but disabled.
              const options = idOptions.map((o) => ({
                ...o,
                disabled: o.value !== id && used.includes(o.value),
              }));
              return (
                <Table.Tr key={entry._key}>
                  <Table.Td>
                    <ColumnCell
                      column={{ field: idField, header: idHeader, kind: 'select', data: options }}
                      name={`${path}.${index}.${idField}` as FieldPath<CatalogueFormValues>}
                      label={t('table.cellLabel', { column: `${caption}: ${idHeader}`, row: rowName })}
                    />
                  </Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.field}>
                      <ColumnCell
                        column={c}
                        name={`${path}.${index}.${c.field}` as FieldPath<CatalogueFormValues>}
                        label={t('table.cellLabel', { column: `${caption}: ${c.header}`, row: rowName })}
                      />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => remove(index)}
                      aria-label={t('table.removeRow', { row: `${caption}: ${rowName}` })}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group mt="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={unused.length === 0}
          onClick={() => append(newEntry(unused[0]!.value) as never)}
        >
          {t('table.addRow', { table: caption })}
        </Button>
      </Group>
    </div>
  );
}
