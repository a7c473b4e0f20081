import { memo, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Progress,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconChevronDown,
  IconChevronUp,
  IconCopy,
  IconPlus,
  IconSearch,
  IconSelector,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@sealplan/contracts';
import type { TransitSiteStatus } from '@sealplan/contracts';
import type { TransitStatus } from '@sealplan/engine';
import { markRenderStart, measureRender, RenderEndMark } from '@/lib/render-timing';
import { SEARCH_DEBOUNCE_MS } from '@/components/list-page';
import { useUnits } from '@/lib/units';
import { ActionsHeader } from '@/components/actions-header';
import { SITE_STATUS_COLOR } from '../lib/site-status-colors';
import { WHOLE_TEXT_BADGE } from '../lib/verdict-text';

export interface TransitRow {
  id: string;
  name: string;
  shapeLabel: string;
  dimensions: string;
  itemCount: number;
  fillPercent: number | null;
  /** The engine's state (`transitStatusOf`), for sorting and colour. */
  status: TransitStatus;
  /** The verdict in words with its figures (`verdictText`), as the documents print it; else the state's name. */
  statusText?: string;
  /** ADR 031: where the transit is ('' for nowhere) and how far it got on site; absent until the site is read. */
  location?: string;
  siteStatus?: TransitSiteStatus;
}

export type TransitSortField = 'name' | 'fill' | 'status';
export interface TransitSort {
  field: TransitSortField;
  direction: 'asc' | 'desc';
}

/** The User Timing name of one render of the list (bench:list reads it). */
export const TRANSIT_LIST_RENDER = 'transit-list';

/** Ascending status order: what needs attention first (not buildable, then incomplete, then fitting). */
const STATUS_RANK: Record<TransitStatus, number> = {
  ITEM_TOO_LARGE: 0,
  OVERFILLED: 1,
  ITEMS_DO_NOT_FIT: 2,
  INCOMPLETE: 3,
  FITS: 4,
};

/** The badge colour of each state. */
const STATUS_COLOR: Record<TransitStatus, string> = {
  ITEM_TOO_LARGE: 'red',
  OVERFILLED: 'red',
  ITEMS_DO_NOT_FIT: 'red',
  INCOMPLETE: 'gray',
  FITS: 'green',
};

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * The rows matching the search (name, case- and accent-insensitive), in the chosen order; without a sort, the
 * project's own order. Transits without a fill figure come last in either direction of the fill sort.
 */
export function filterAndSortRows(
  rows: TransitRow[],
  search: string,
  sort: TransitSort | null,
): TransitRow[] {
  const needle = search.trim();
  const matching = needle
    ? rows.filter((r) => {
        const name = r.name;
        for (let i = 0; i + needle.length <= name.length; i++) {
          if (collator.compare(name.slice(i, i + needle.length), needle) === 0) return true;
        }
        return false;
      })
    : rows;
  if (!sort) return matching;
  const sign = sort.direction === 'asc' ? 1 : -1;
  const byName = (a: TransitRow, b: TransitRow) => collator.compare(a.name, b.name);
  return [...matching].sort((a, b) => {
    if (sort.field === 'name') return sign * byName(a, b) || a.id.localeCompare(b.id);
    if (sort.field === 'fill') {
      if (a.fillPercent === null || b.fillPercent === null)
        return (a.fillPercent === null ? 1 : 0) - (b.fillPercent === null ? 1 : 0) || byName(a, b);
      return sign * (a.fillPercent - b.fillPercent) || byName(a, b);
    }
    return sign * (STATUS_RANK[a.status] - STATUS_RANK[b.status]) || byName(a, b);
  });
}

export interface TransitListProps {
  rows: TransitRow[];
  currentId: string | null;
  onSelect: (id: string) => void;
  onAdd: () => void;
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
  busy: boolean;
  /** Rows per page (spec §9 default page size). */
  pageSize?: number;
  /** ADR 031: rows ordered by location, each location's rows under its heading. */
  groupByLocation?: boolean;
  /** Shown instead of the list when `rows` is empty (a filter of the page left none); else "no transits yet". */
  emptyText?: string;
}

/** The rows in location order (without a location last), keeping the order within each location. */
export function groupRowsByLocation(rows: TransitRow[]): TransitRow[] {
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return rows
    .map((row, index) => ({ row, index }))
    .sort(
      (a, b) =>
        Number(!a.row.location) - Number(!b.row.location) ||
        collator.compare(a.row.location ?? '', b.row.location ?? '') ||
        a.index - b.index,
    )
    .map(({ row }) => row);
}

/**
 * The project's transits with their fill and status; search, sort by name, fill or status, pages of ten (ADR 013
 * item 8): a project of a hundred transits keeps the list short, so the editor below stays in view.
 */
export const TransitList = memo(function TransitList({
  rows,
  currentId,
  onSelect,
  onAdd,
  onDuplicate,
  onDelete,
  busy,
  pageSize = DEFAULT_PAGE_SIZE,
  groupByLocation = false,
  emptyText,
}: TransitListProps) {
  markRenderStart(TRANSIT_LIST_RENDER);
  const { t } = useTranslation('projects');
  const site = useTranslation('site').t;
  const units = useUnits();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<TransitSort | null>(null);
  const [page, setPage] = useState(0);

  const shown = useMemo(() => {
    const sorted = filterAndSortRows(rows, debounced, sort);
    return groupByLocation ? groupRowsByLocation(sorted) : sorted;
  }, [rows, debounced, sort, groupByLocation]);
  // The site columns once the project has a life on site (a location or a step taken): before that they would only
  // narrow the columns that say how the design stands.
  const withSite = rows.some(
    (r) => !!r.location || (r.siteStatus !== undefined && r.siteStatus !== 'DESIGNED'),
  );
  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  const pageIndex = Math.min(page, pages - 1);
  const pageRows = shown.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize);

  // A new search or order starts at the first page.
  useEffect(() => setPage(0), [debounced, sort]);
  // The transit being edited is on the page shown, whichever way it was chosen (sidebar, reopen, add, duplicate).
  useEffect(() => {
    const index = shown.findIndex((r) => r.id === currentId);
    if (index >= 0) setPage(Math.floor(index / pageSize));
    // Only when the current transit changes: paging away from it afterwards is the user's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentId]);
  useLayoutEffect(() => measureRender(TRANSIT_LIST_RENDER));

  const toggleSort = (field: TransitSortField) =>
    setSort((s) =>
      s?.field !== field
        ? { field, direction: 'asc' }
        : s.direction === 'asc'
          ? { field, direction: 'desc' }
          : null,
    );
  const header = (field: TransitSortField, label: string, width?: number) => (
    <Table.Th
      w={width}
      aria-sort={sort?.field === field ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <UnstyledButton onClick={() => toggleSort(field)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          {sort?.field !== field ? (
            <IconSelector size={14} />
          ) : sort.direction === 'asc' ? (
            <IconChevronUp size={14} />
          ) : (
            <IconChevronDown size={14} />
          )}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );

  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="transit-list-title">
      <Group justify="space-between" mb="xs" gap="xs">
        <Group gap="sm">
          <Title order={2} size="h4" id="transit-list-title">
            {t('transits.title')}
          </Title>
          {rows.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="transit-list-count">
              {debounced.trim()
                ? t('transits.matching', { count: shown.length, total: rows.length })
                : t('transits.count', { count: rows.length })}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          {rows.length > 0 && (
            <TextInput
              size="xs"
              w={200}
              leftSection={<IconSearch size={14} />}
              placeholder={t('transits.search')}
              aria-label={t('transits.search')}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
          )}
          <Button leftSection={<IconPlus size={16} />} onClick={onAdd} loading={busy} size="xs">
            {t('transits.add')}
          </Button>
        </Group>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText ?? t('transits.empty')}
        </Text>
      ) : shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('transits.noMatch')}
        </Text>
      ) : (
        <>
          <Table
            highlightOnHover
            verticalSpacing={2}
            fz="sm"
            aria-label={t('transits.title')}
            data-testid="transit-list"
          >
            <Table.Thead>
              <Table.Tr>
                {header('name', t('transits.name'))}
                <Table.Th>{t('transits.shape')}</Table.Th>
                <Table.Th>{t('transits.items')}</Table.Th>
                {header('fill', t('transits.fill'), 170)}
                {header('status', t('transits.status'))}
                {withSite && <Table.Th>{site('panel.location')}</Table.Th>}
                {withSite && <Table.Th>{site('panel.siteStatus')}</Table.Th>}
                <ActionsHeader w={64} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pageRows.map((r, index) => {
                const red = STATUS_COLOR[r.status] === 'red';
                const heading =
                  groupByLocation && (index === 0 || pageRows[index - 1]!.location !== r.location) ? (
                    <Table.Tr key={`group-${r.location ?? ''}-${r.id}`} data-testid="location-group">
                      <Table.Th
                        colSpan={withSite ? 8 : 6}
                        scope="colgroup"
                        bg="var(--mantine-color-default-hover)"
                      >
                        {r.location || site('panel.noLocation')}
                      </Table.Th>
                    </Table.Tr>
                  ) : null;
                return [
                  heading,
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
                            {units.formatPercent(r.fillPercent)}
                          </Text>
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={STATUS_COLOR[r.status]}
                        styles={WHOLE_TEXT_BADGE}
                        data-testid="transit-status"
                        title={r.statusText}
                      >
                        {/* The state in short; its figures are the Fill column's, the verdict in full its title. */}
                        {t(`transits.statusOf.${r.status}`)}
                      </Badge>
                    </Table.Td>
                    {withSite && <Table.Td>{r.location || '—'}</Table.Td>}
                    {withSite && (
                      <Table.Td>
                        {r.siteStatus && (
                          <Badge
                            variant="light"
                            color={SITE_STATUS_COLOR[r.siteStatus]}
                            data-testid="site-status"
                          >
                            {site(`status.${r.siteStatus}`)}
                          </Badge>
                        )}
                      </Table.Td>
                    )}
                    <Table.Td onClick={(e) => e.stopPropagation()}>
                      <Group gap={2} wrap="nowrap">
                        {/* A native title, not a tooltip component per row: the list stays light to render. */}
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          title={t('transits.duplicate')}
                          aria-label={t('transits.duplicateNamed', { name: r.name })}
                          onClick={() => onDuplicate(r.id)}
                        >
                          <IconCopy size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          color="red"
                          title={t('transits.delete')}
                          aria-label={t('transits.deleteNamed', { name: r.name })}
                          onClick={() => onDelete(r.id)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>,
                ];
              })}
            </Table.Tbody>
          </Table>
          {pages > 1 && (
            <Group justify="flex-end" mt="xs">
              <Pagination
                size="sm"
                total={pages}
                value={pageIndex + 1}
                onChange={(p) => setPage(p - 1)}
                getControlProps={(control) =>
                  control === 'previous'
                    ? { 'aria-label': t('transits.previousPage') }
                    : control === 'next'
                      ? { 'aria-label': t('transits.nextPage') }
                      : {}
                }
                getItemProps={(p) => ({ 'aria-label': t('transits.page', { page: p }) })}
              />
            </Group>
          )}
        </>
      )}
      <RenderEndMark name={TRANSIT_LIST_RENDER} />
    </Card>
  );
});
