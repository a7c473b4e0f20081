import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Pagination,
  Select,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconChevronDown,
  IconChevronUp,
  IconDownload,
  IconInfoCircle,
  IconPencil,
  IconPlus,
  IconSearch,
  IconSelector,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Sort } from '@sealplan/contracts';
import { confirm } from '@/components/confirm-dialog';
import { SEARCH_DEBOUNCE_MS } from '@/components/list-page';
import { ApiRequestError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUnits } from '@/lib/units';
import {
  CONTENT_PAGE_SIZE,
  CONTENT_PAGE_SIZES,
  deleteRecord,
  listAllRecords,
  recordKey,
  useContentList,
  useContentMutation,
  useFreeKeys,
  type ContentListParams,
  type ContentRecord,
  type ModelConfigurationRecord,
} from '../api/content-api';
import { recordTitle } from '../lib/record-title';
import { cellText, csvText, gridColumns } from '../lib/cells';
import { downloadText, toCsv } from '../lib/csv';
import { FilterBuilder, toQuery, type GridFilter } from './filter-builder';
import { RecordEditor } from './record-editor';

interface SortState {
  field: string;
  direction: 'asc' | 'desc';
}

const failureText = (e: unknown, fallback: string) =>
  e instanceof ApiRequestError ? e.messages.filter(Boolean).join('. ') || fallback : fallback;

export interface ContentGridProps {
  model: string;
  configuration: ModelConfigurationRecord;
}

/**
 * ADR 016 admin grid of one content model, rendered from its configuration (`listColumns`, `fields`): paged
 * (spec §9: 10, page 0), sortable, filtered with the JSON `q`, searched (debounced 500 ms); create, edit, delete
 * with confirmation, bulk delete, CSV export of everything the grid's query matches.
 */
export function ContentGrid({ model, configuration }: ContentGridProps) {
  const { t, i18n } = useTranslation('content');
  const { formatNumber } = useUnits();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState<number>(CONTENT_PAGE_SIZE);
  const [sort, setSort] = useState<SortState | null>(null);
  const [filters, setFilters] = useState<GridFilter[]>([]);
  const [selected, setSelected] = useState<ContentRecord[]>([]);
  const [editing, setEditing] = useState<{ record: ContentRecord | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const columns = useMemo(
    () =>
      gridColumns(configuration.fields, configuration.listColumns, (name) =>
        i18n.exists(`content:grid.columns.${name}`) ? t(`grid.columns.${name}`) : undefined,
      ),
    [configuration.fields, configuration.listColumns, t, i18n],
  );
  const q = useMemo(() => toQuery(filters), [filters]);
  const sortJson: Sort | null = sort ? { [sort.field]: sort.direction === 'asc' ? 1 : -1 } : null;
  const params: ContentListParams = {
    pageIndex,
    pageSize,
    sort: sortJson,
    q,
    search: debouncedSearch.trim(),
  };
  const list = useContentList(model, params);
  const rows = list.data?.r ?? [];
  const total = list.data?.pager.totalRecords ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const remove = useContentMutation((records: ContentRecord[]) =>
    Promise.allSettled(records.map((r) => deleteRecord(model, r))),
  );

  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const format = {
    formatNumber,
    formatDate: (iso: string) => {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d);
    },
    yes: t('grid.yes'),
    no: t('grid.no'),
  };
  const keyOf = (r: ContentRecord) => recordKey(model, r);
  const titleOf = (r: ContentRecord) => recordTitle(model, configuration.fields, r) ?? keyOf(r);
  const freeKeys = useFreeKeys(model);
  // A model of fixed keys whose every key has its record offers no "New"; the grid says why (ADR 016).
  const noneToCreate = freeKeys?.keys?.length === 0;
  const isSelected = (r: ContentRecord) => selected.some((s) => keyOf(s) === keyOf(r));
  const allOnPage = rows.length > 0 && rows.every(isSelected);

  const toggleSort = (field: string) => {
    setSort((s) =>
      s?.field === field
        ? { field, direction: s.direction === 'asc' ? 'desc' : 'asc' }
        : { field, direction: 'asc' },
    );
    setPageIndex(0);
  };

  const onDelete = async (records: ContentRecord[]) => {
    if (records.length === 0) return;
    const message =
      records.length === 1
        ? t('grid.confirmDelete', { name: titleOf(records[0]!) })
        : t('grid.confirmBulkDelete', { count: records.length });
    if (!(await confirm({ message, danger: true, confirmLabel: t('grid.delete') }))) return;
    setError(null);
    const results = await remove.mutateAsync(records);
    const failed = results.flatMap((r, i) =>
      r.status === 'rejected' ? [{ record: records[i]!, reason: r.reason }] : [],
    );
    const done = records.length - failed.length;
    if (done > 0) toast.success(t('grid.deleted', { count: done }));
    if (failed.length)
      setError(
        failed
          .map((f) => `${titleOf(f.record)}: ${failureText(f.reason, t('grid.deleteFailed'))}`)
          .join(' · '),
      );
    setSelected((s) => s.filter((x) => failed.some((f) => keyOf(f.record) === keyOf(x))));
  };

  const onExport = async () => {
    setExporting(true);
    setError(null);
    try {
      const all = await listAllRecords(model, { sort: sortJson, q, search: debouncedSearch.trim() });
      const csv = toCsv(
        columns.map((c) => c.label),
        all.map((r) => columns.map((c) => csvText(c.field, r[c.name], format))),
      );
      downloadText(csv, `${model}.csv`);
    } catch (e) {
      setError(failureText(e, t('grid.exportFailed')));
    } finally {
      setExporting(false);
    }
  };

  const header = (name: string, label: string) => {
    const active = sort?.field === name;
    const Icon = active ? (sort.direction === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
    return (
      <Table.Th
        key={name}
        aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      >
        <UnstyledButton onClick={() => toggleSort(name)} aria-label={t('grid.sortBy', { column: label })}>
          <Group gap={4} wrap="nowrap">
            <Text fw={600} size="sm">
              {label}
            </Text>
            <Icon size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <TextInput
            aria-label={t('grid.search')}
            placeholder={t('grid.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPageIndex(0);
            }}
            w={240}
          />
          <FilterBuilder
            fields={configuration.fields}
            filters={filters}
            onChange={(f) => {
              setFilters(f);
              setPageIndex(0);
            }}
          />
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={selected.length === 0}
            loading={remove.isPending}
            onClick={() => void onDelete(selected)}
          >
            {t('grid.deleteSelected', { count: selected.length })}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={exporting}
            onClick={() => void onExport()}
          >
            {t('grid.exportCsv')}
          </Button>
          {!noneToCreate && (
            <Button
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={freeKeys !== null && freeKeys.keys === null}
              onClick={() => setEditing({ record: null })}
            >
              {t(`models.${model}.new`)}
            </Button>
          )}
        </Group>
      </Group>
      {noneToCreate && (
        <Alert color="blue" mb="sm" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t(`models.${model}.noneToCreate`)}
        </Alert>
      )}
      {(error || list.isError) && (
        <Alert color="red" role="alert" mb="sm" withCloseButton={!!error} onClose={() => setError(null)}>
          {error ?? failureText(list.error, t('grid.loadFailed'))}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={configuration.label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('grid.selectAll')}
                  checked={allOnPage}
                  indeterminate={!allOnPage && rows.some(isSelected)}
                  onChange={() =>
                    setSelected((s) =>
                      allOnPage
                        ? s.filter((x) => !rows.some((r) => keyOf(r) === keyOf(x)))
                        : [...s, ...rows.filter((r) => !isSelected(r))],
                    )
                  }
                />
              </Table.Th>
              {columns.map((c) => header(c.name, c.label))}
              <Table.Th w={1}>{t('grid.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 2}>
                  <Text c="dimmed" size="sm" ta="center" py="md">
                    {list.isPending ? t('grid.loading') : t('grid.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((r) => {
              const name = titleOf(r);
              return (
                <Table.Tr key={keyOf(r)}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('grid.select', { name })}
                      checked={isSelected(r)}
                      onChange={(e) => {
                        // Read now: React clears currentTarget before a state updater runs.
                        const checked = e.currentTarget.checked;
                        setSelected((s) => (checked ? [...s, r] : s.filter((x) => keyOf(x) !== keyOf(r))));
                      }}
                    />
                  </Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.name} maw={320}>
                      <Text size="sm" lineClamp={2}>
                        {cellText(c.field, r[c.name], format, c.name)}
                      </Text>
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        leftSection={<IconPencil size={14} aria-hidden />}
                        aria-label={t('grid.editNamed', { name })}
                        onClick={() => setEditing({ record: r })}
                      >
                        {t('grid.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        aria-label={t('grid.deleteNamed', { name })}
                        onClick={() => void onDelete([r])}
                      >
                        {t('grid.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm" gap="sm">
        <Text size="sm" c="dimmed">
          {t('grid.total', { count: total, formatted: formatNumber(total) })}
        </Text>
        <Group gap="sm">
          <Select
            aria-label={t('grid.pageSize')}
            data={CONTENT_PAGE_SIZES.map((n) => ({
              value: String(n),
              label: t('grid.perPage', { count: n }),
            }))}
            value={String(pageSize)}
            onChange={(v) => {
              setPageSize(Number(v ?? CONTENT_PAGE_SIZE));
              setPageIndex(0);
            }}
            allowDeselect={false}
            w={130}
          />
          <Pagination
            total={pages}
            value={pageIndex + 1}
            onChange={(p) => setPageIndex(p - 1)}
            size="sm"
            getControlProps={(control) => ({
              'aria-label': t(`grid.pager.${control}`),
            })}
          />
        </Group>
      </Group>
      <RecordEditor
        model={model}
        configuration={configuration}
        record={editing?.record ?? null}
        freeKeys={freeKeys}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
