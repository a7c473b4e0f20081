import { useState } from 'react';
import { ActionIcon, Badge, Box, Button, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import { IconFilter, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DynamicFormField, Filter, FilterOperator } from '@sealplan/contracts';

/** The operators the grid offers (of the `q` filter's FILTER_OPERATORS). */
export const GRID_FILTER_OPERATORS = ['contains', 'eq', 'ne', 'gt', 'gte', 'lt', 'lte'] as const;
type GridOperator = (typeof GRID_FILTER_OPERATORS)[number];

export interface GridFilter {
  field: string;
  op: GridOperator;
  value: string | number | boolean;
}

/** Filters as the JSON `q` of /api/instance: `{ field: { op: value } }`, several fields AND-ed. */
export function toQuery(filters: readonly GridFilter[]): Filter | null {
  if (filters.length === 0) return null;
  const q: Record<string, Partial<Record<FilterOperator, string | number | boolean>>> = {};
  for (const f of filters) q[f.field] = { ...q[f.field], [f.op]: f.value };
  return q as Filter;
}

/** A typed value as the field holds it: numbers for number inputs, true/false for checkboxes. */
function typed(field: DynamicFormField | undefined, raw: string): string | number | boolean | null {
  const text = raw.trim();
  if (field?.type === 'checkbox') return text === 'true';
  if (field?.inputType === 'number') {
    const n = Number(text.replace(',', '.'));
    return text !== '' && Number.isFinite(n) ? n : null;
  }
  return text;
}

export interface FilterBuilderProps {
  fields: readonly DynamicFormField[];
  filters: GridFilter[];
  onChange: (filters: GridFilter[]) => void;
}

/** Builds the grid's `q` filter: pick a field, an operator and a value; each filter shows as a removable badge. */
export function FilterBuilder({ fields, filters, onChange }: FilterBuilderProps) {
  const { t } = useTranslation('content');
  const [opened, setOpened] = useState(false);
  const filterable = fields.filter(
    (f) => !f.isHidden && ['input', 'textarea', 'select', 'radio', 'checkbox', 'date'].includes(f.type),
  );
  const [name, setName] = useState<string | null>(filterable[0]?.name ?? null);
  const [op, setOp] = useState<GridOperator>('contains');
  const [raw, setRaw] = useState('');
  const field = filterable.find((f) => f.name === name);
  const value = typed(field, raw);
  const labelOf = (n: string) => fields.find((f) => f.name === n)?.label ?? n;
  const add = () => {
    if (!name || value === null || value === '') return;
    onChange([...filters.filter((f) => !(f.field === name && f.op === op)), { field: name, op, value }]);
    setRaw('');
  };
  const valueInput =
    field?.type === 'checkbox' ? (
      <Select
        label={t('filter.value')}
        data={[
          { value: 'true', label: t('grid.yes') },
          { value: 'false', label: t('grid.no') },
        ]}
        value={raw || null}
        onChange={(v) => setRaw(v ?? '')}
      />
    ) : field?.options?.length && (field.type === 'select' || field.type === 'radio') ? (
      <Select
        label={t('filter.value')}
        data={field.options.map((o) => ({ value: o.value, label: o.label }))}
        value={raw || null}
        onChange={(v) => setRaw(v ?? '')}
      />
    ) : (
      <TextInput
        label={t('filter.value')}
        value={raw}
        onChange={(e) => setRaw(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          }
        }}
      />
    );
  return (
    <Stack gap={6}>
      <Group gap={6} wrap="wrap">
        <Button
          size="xs"
          variant={opened ? 'light' : 'default'}
          leftSection={<IconFilter size={14} aria-hidden />}
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          disabled={filterable.length === 0}
        >
          {t('filter.open')}
        </Button>
        {filters.map((f) => {
          const text = `${labelOf(f.field)} ${t(`filter.ops.${f.op}`)} ${String(f.value)}`;
          return (
            <Badge
              key={`${f.field}-${f.op}`}
              variant="light"
              size="lg"
              tt="none"
              rightSection={
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  aria-label={t('filter.remove', { filter: text })}
                  onClick={() => onChange(filters.filter((x) => x !== f))}
                >
                  <IconX size={12} />
                </ActionIcon>
              }
            >
              {text}
            </Badge>
          );
        })}
      </Group>
      {opened && (
        <Paper withBorder p="xs" role="group" aria-label={t('filter.open')}>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label={t('filter.field')}
              data={filterable.map((f) => ({ value: f.name, label: f.label || f.name }))}
              value={name}
              onChange={(v) => {
                setName(v);
                setRaw('');
              }}
              allowDeselect={false}
              w={180}
            />
            <Select
              label={t('filter.operator')}
              data={GRID_FILTER_OPERATORS.map((o) => ({ value: o, label: t(`filter.ops.${o}`) }))}
              value={op}
              onChange={(v) => setOp((v as GridOperator | null) ?? 'contains')}
              allowDeselect={false}
              w={130}
            />
            <Box w={180}>{valueInput}</Box>
            <Button size="sm" onClick={add} disabled={value === null || value === ''}>
              {t('filter.apply')}
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
