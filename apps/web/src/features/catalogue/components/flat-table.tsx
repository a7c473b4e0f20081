import { ActionIcon, Button, Group, Table, Text, type ComboboxItem } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CatalogueTable, SampleFields } from '@sealplan/contracts';
import {
  isSampleValue,
  rowKey,
  type CatalogueFormValues,
  type CatalogueValues,
} from '../model/catalogue-form';
import { MultiSelectCell, NumberCell, SelectCell, TextCell } from './catalogue-cells';

type Row = NonNullable<CatalogueValues[CatalogueTable]>[number];

export interface FlatColumn {
  field: string;
  header: string;
  kind: 'text' | 'nullableText' | 'length' | 'nullableLength' | 'volume' | 'select' | 'multi';
  data?: ComboboxItem[];
  /** Editable only in rows added since the last save (ids other rows refer to stay put). */
  idColumn?: boolean;
  width?: number | string;
}

export interface FlatTableProps {
  table: CatalogueTable;
  caption: string;
  columns: FlatColumn[];
  marks: SampleFields | undefined;
  /** Row keys of the stored catalogue (rows not in it were added here). */
  savedKeys: ReadonlySet<string>;
  /** A new row; absent when the table's rows are fixed (spec §3 identifiers). */
  newRow?: () => Row;
  /** How a row is named in labels ("NF-CS-010", "row 3"). */
  rowName: (row: Row, index: number) => string;
}

/** One catalogue table as an editable grid: a row per entry, an input per value, sample values marked. */
export function FlatTable({ table, caption, columns, marks, savedKeys, newRow, rowName }: FlatTableProps) {
  const { t } = useTranslation('catalogue');
  // keyName: the rows have an `id` of their own, which the field array must not shadow.
  const { fields, append, remove } = useFieldArray<
    CatalogueFormValues,
    `catalogue.${CatalogueTable}`,
    '_key'
  >({
    name: `catalogue.${table}`,
    keyName: '_key',
  });
  return (
    <div>
      <Table.ScrollContainer minWidth={columns.length * 140}>
        <Table striped withTableBorder verticalSpacing={4} aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.field} w={c.width}>
                  {c.header}
                </Table.Th>
              ))}
              {newRow && (
                <Table.Th w={48}>
                  <Text span size="xs" fw={700}>
                    {t('table.actions')}
                  </Text>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((row, index) => {
              const key = rowKey(table, row as { id?: string }, index);
              const name = rowName(row as Row, index);
              const isNew = !savedKeys.has(key);
              return (
                <Table.Tr key={row._key}>
                  {columns.map((c) => {
                    const path = `catalogue.${table}.${index}.${c.field}` as FieldPath<CatalogueFormValues>;
                    const label = t('table.cellLabel', { column: c.header, row: name });
                    const sample = !isNew && isSampleValue(marks, table, key, c.field);
                    return (
                      <Table.Td key={c.field}>
                        <ColumnCell
                          column={c}
                          name={path}
                          label={label}
                          sample={sample}
                          readOnly={c.idColumn && !isNew}
                        />
                      </Table.Td>
                    );
                  })}
                  {newRow && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => remove(index)}
                        aria-label={t('table.removeRow', { row: name })}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {newRow && (
        <Group mt="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => append(newRow())}
          >
            {t('table.addRow', { table: caption })}
          </Button>
        </Group>
      )}
    </div>
  );
}

/** The input of one column's kind. */
export function ColumnCell({
  column,
  name,
  label,
  sample,
  readOnly,
}: {
  column: FlatColumn;
  name: FieldPath<CatalogueFormValues>;
  label: string;
  sample?: boolean;
  readOnly?: boolean;
}) {
  switch (column.kind) {
    case 'select':
      return <SelectCell name={name} label={label} sample={sample} data={column.data ?? []} />;
    case 'multi':
      return <MultiSelectCell name={name} label={label} sample={sample} data={column.data ?? []} />;
    case 'length':
    case 'nullableLength':
    case 'volume':
      return (
        <NumberCell
          name={name}
          label={label}
          sample={sample}
          kind={column.kind === 'volume' ? 'volume' : 'length'}
          nullable={column.kind === 'nullableLength'}
        />
      );
    default:
      return (
        <TextCell
          name={name}
          label={label}
          sample={sample}
          nullable={column.kind === 'nullableText'}
          readOnly={readOnly}
        />
      );
  }
}
